// How an instruction's CUDA source position (ir::CudaLoc, from `.loc`) is
// spelled in every report: "kernel.cu:12".
//
// A position with file 0 or line 0 is "no source line": nvcc writes
// `.loc 1 0 9` for instructions that belong to no line of the source (a -G
// build's materialised constants, code after inlining), and lowering keeps
// such an instruction without a position (CudaLoc{}). Nothing is ever
// spelled "kernel.cu:0".
#pragma once

#include <string>

#include "frontend/ir/instr.hpp"
#include "frontend/ir/module.hpp"

namespace lockstep::ir {

/// True when `loc` names a line of a source file.
[[nodiscard]] inline bool has_source_line(const CudaLoc& loc) noexcept { return loc.file != 0 && loc.line != 0; }

/// "file:line" through Module::files, "" when there is no source line. A
/// file number without a `.file` directive spells as "?".
[[nodiscard]] std::string cuda_location(const Module& module, const CudaLoc& loc);

}  // namespace lockstep::ir
