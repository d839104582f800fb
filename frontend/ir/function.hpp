// A function that kernels name but that is not inlined into them: the
// callee of an opaque call (an `.extern .func` without a body) or a
// function whose address a kernel takes (`mov.u64 %rd1, f;`).
//
// Only the declaration is kept: name, linkage and `.param` parameters, so
// that the printer can declare it again. The static analyses treat a call to
// it as an opaque instruction (see Opcode::Call) and its address as an
// unknown value; executing either is refused (semantics/launch).
#pragma once

#include <string>
#include <vector>

#include "frontend/ir/instr.hpp"
#include "frontend/ir/variable.hpp"

namespace lockstep::ir {

struct Function {
  std::string name;
  Linkage linkage = Linkage::None;  ///< as declared (`.extern` for a body-less declaration)
  /// The file defines it (it has a body): its address is taken, and the body
  /// is not kept (the printer gives it an empty one).
  bool defined = false;
  std::vector<Variable> rets;    ///< return parameters (`.param`), in order
  std::vector<Variable> params;  ///< parameters (`.param`), in order
  SrcLoc loc;                    ///< its name in the declaration lowering kept
};

/// Equality of the declared meaning, ignoring source locations.
[[nodiscard]] bool same_meaning(const Function& a, const Function& b) noexcept;

}  // namespace lockstep::ir
