// Where inlined instructions came from.
//
// The frontend inlines every device function at each of its call sites
// (docs/frontend.md). Each inlined copy is one InlineFrame of the kernel:
// the function called, where the call was, and the frame the call itself
// was in. Every instruction records the innermost frame it was copied into
// (Instr::frame; kNoFrame for the kernel's own body), so the chain of calls
// that led to an instruction, and its inlined call depth, are a walk up the
// parents. Instructions the inlining adds at a call (argument and result
// moves, the branch around a guarded call) belong to the caller's frame.
#pragma once

#include <cstdint>
#include <string>

#include "frontend/ir/instr.hpp"

namespace lockstep::ir {

struct InlineFrame {
  std::string callee;             ///< the called function, as the PTX names it (mangled)
  SrcLoc call;                    ///< the `call` instruction in the PTX text
  CudaLoc call_cuda;              ///< its CUDA position (from the `.loc` before it; file 0 = none)
  std::uint32_t parent = kNoFrame;  ///< the frame the call is in; kNoFrame: the kernel's body
  std::uint32_t depth = 1;        ///< frames from here up to the kernel's body (1: called by the kernel)
  friend bool operator==(const InlineFrame&, const InlineFrame&) = default;
};

}  // namespace lockstep::ir
