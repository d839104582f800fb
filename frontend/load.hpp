// Reading PTX into IR: parse + lower, the frontend's front door.
#pragma once

#include <string>

#include "frontend/ir/module.hpp"
#include "frontend/source.hpp"

namespace lockstep {

/// Parses and lowers a PTX source. Throws InputError on the first error.
[[nodiscard]] ir::Module load_ptx(const Source& source);
/// Reads and loads a PTX file. Throws InputError (also for unreadable files).
[[nodiscard]] ir::Module load_ptx_file(const std::string& path);

/// For the commands that need a kernel: throws InputError
/// "FILE: error: no kernels: the file declares no .entry (...)" when the
/// module has none (a file of device functions only: they are checked when
/// loaded, and analysed or run only inlined into a kernel).
void require_kernels(const ir::Module& module);

}  // namespace lockstep
