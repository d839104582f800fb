// If-conversion of branch regions for symbolic exploration.
//
// With per-lane symbolic data (a buffer with `init = "symbolic"`), a branch
// on each thread's element decides lane by lane: the symbolic explorer forks
// once per feasible lane mask, up to 2^32 successors for one warp step. Most
// such branches only choose values: both arms compute in registers and meet
// again. For those the mask does not matter, and the region can be executed
// for every lane with the choice made per lane by `selp` on the branch
// predicate — a symbolic if-then-else instead of a fork.
//
// A region qualifies when, for a conditional `bra` at pc b with
// reconvergence PC R in the table the launch uses:
//   - each arm (from the branch target, and from b + 1) is a chain of blocks
//     that ends at R, each block entered only from the chain (reachable
//     predecessors), with no conditional branch inside (inner regions are
//     converted first, innermost out);
//   - every instruction of the arms except the chain's unconditional jumps
//     is a pure register operation: integer, bit, comparison, selection,
//     move (not of a clock register), conversion and floating-point
//     arithmetic; no memory access, no carry flag, no warp-level or
//     synchronising instruction, no call, trap or exit; one register
//     destination.
// Such an arm is private (docs/explorer.md): under every divergence model
// its instructions touch only the thread's registers, so no other unit can
// observe when, in which order, or with which mask they run, and a merged
// step runs through the whole region. The conversion replaces the branch by
// a jump to code appended at the end of the kernel: each arm's instructions
// with every register they write renamed to a fresh shadow register (reads
// of registers written earlier in the arm read the shadow; a guarded
// instruction writes a temporary that `selp` on its guard moves into the
// shadow), then for every written register `r = selp(arm-T value,
// arm-F value, predicate)`, then `bra.uni R`. Every lane ends at R with the
// registers its own arm computes, exactly as after the SIMT stack's (or a
// MIMD thread's) execution of its arm; the old arms stay as dead code, and
// every PC before the appended code keeps its meaning (the reconvergence
// table, the spec, traces). Findings are re-derived on the original kernel
// (rederive_schedule in explore_launch.hpp), so traces replay on it.
#pragma once

#include <cstdint>

#include "frontend/analysis/reconvergence_table.hpp"
#include "frontend/ir/kernel.hpp"

namespace lockstep::checker {

struct IfConversion {
  ir::Kernel kernel;          ///< the converted kernel (a copy), blocks built
  std::uint32_t regions = 0;  ///< regions converted
};

/// Converts every qualifying region of `kernel` (see above); `table` is the
/// reconvergence table the launch's divergence model uses.
[[nodiscard]] IfConversion if_convert(const ir::Kernel& kernel, const analysis::ReconvergenceTable& table);

}  // namespace lockstep::checker
