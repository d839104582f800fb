// Static per-PC inputs of the PC-selection heuristics (research
// 002-heuristics.md §2; docs/models/heuristics.md), computed once per kernel:
//
//   block_start[pc]  first PC of the basic block holding pc (Long's FHB
//                    records block starts; OREC looks them up)
//   depth[pc]        the inlined call depth (ir::Kernel::call_depth):
//                    MaxFun-MinPC's function level
//   stack[pc]        the stack-size proxy of MinSP-MinPC: the sum, over the
//                    inlined calls that lead to pc, of each callee's
//                    register footprint in bytes (the registers its body
//                    writes, at their widths) -- what an ABI call would
//                    push. Device functions are inlined (DESIGN decision 1),
//                    so there is no architectural SP; this is a static
//                    function of the PC, 0 in the kernel's own body.
//   priority[pc]     thread frontiers' block priority: the number of blocks
//                    on the longest path from pc's block to the kernel's end
//                    in the CFG without its retreating edges (depth-first
//                    from the entry), so a block outranks its successors.
#pragma once

#include <cstdint>
#include <vector>

#include "frontend/ir/kernel.hpp"

namespace lockstep::sem {

struct PcTables {
  std::vector<std::uint32_t> block_start;
  std::vector<std::uint32_t> depth;
  std::vector<std::uint32_t> stack;
  std::vector<std::uint32_t> priority;
};

/// The tables of a kernel whose blocks are built.
[[nodiscard]] PcTables make_pc_tables(const ir::Kernel& kernel);

}  // namespace lockstep::sem
