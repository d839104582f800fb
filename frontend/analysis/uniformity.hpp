// Uniformity (divergence) analysis: which registers can hold different
// values in different threads of a warp, and which branches can send the
// threads of a warp different ways.
//
// "Uniform" is meant among the threads that execute an instruction
// together: a value is uniform if every thread of the warp executing the
// defining instruction at the same time gets the same value. "Together"
// means in the same dynamic instance (same iteration of every enclosing
// loop, as the SIMT stack keeps them): models that regroup threads from
// different dynamic instances (dynamic warp formation, thread block
// compaction) must not take a uniform value as equal across their groups.
//
// Results: per conditional branch, whether it can diverge; per register,
// whether it can be divergent somewhere, with the first reason found.
// Registers are not in SSA form, so a register can be uniform at some uses
// and divergent at others; propagation keeps that apart: a register made
// divergent by a join or a loop exit (below) is divergent only at the uses
// its value at that join or loop exit reaches (found by walking its live
// range forward from there to the writes that end it), while a register
// with a divergent definition (source, data) is divergent at every use.
//
// Sources of divergence:
//   %tid, %laneid, %lanemask_*                          (ThreadId)
//   %clock, %clock64, %globaltimer*, %pm*                (Clock: each read is
//       a nondeterministic per-thread observation; under divergence-model
//       splits the threads of a warp read them at different times)
//   results of atom                                      (Atomic)
//   results of shfl (both the value and the predicate)   (Shuffle)
//   results of an opaque call: its return registers and   (Call)
//       the param (and local) memory it may write; what
//       the callee computes may differ between threads
//   loads from memory other threads may write (Memory):
//       ld.shared when the kernel writes shared memory (st/atom/red to
//       .shared, .shared::cluster or generic), ld.global when it writes
//       global memory (to .global or generic), generic loads when it writes
//       either; an opaque call counts as writing both. ld.global.nc and ldu read data that is read-only during the
//       kernel and are not sources; neither are ld.const and loads from
//       .tex/.surf.
// Uniform by nature: %ntid, %ctaid, %nctaid, %warpid, %nwarpid, %smid,
// %nsmid, %gridid, the shared-memory size registers, %envreg, immediates,
// symbol addresses, and ld.param/ld.const/ld.local from a uniform address
// (param and local memory are per thread: they hold what the thread stored,
// tracked through the memory pseudo registers of analysis/def_use.hpp, so a
// divergent st.local or st.param makes the matching loads divergent).
// Warp-wide results are uniform: vote (all/any/uni/ballot: every active
// thread receives the same answer), activemask, redux, match.all, bar.red;
// they become divergent only through their member mask. match.any follows
// its value operand.
//
// Propagation, to a fixpoint with branch divergence:
//   data      a definition with a divergent source, address, carry, memory
//             pseudo register or guard (a guarded write merges old and new
//             values) is divergent;
//   branches  a conditional branch (analysis/reconvergence.hpp) is divergent
//             when its guard (bra) or index (brx.idx) is; `bra.uni` is
//             recorded as a compiler assertion but never makes a divergent
//             predicate uniform;
//   joins     for a divergent branch in block B with immediate
//             post-dominator R, the region is the set of blocks reachable
//             from B's successors by paths that stop at R and at B (passing
//             B again is a new divergence there). The joins are the blocks
//             of the region, or R, reached by two paths from different
//             successors of B that are disjoint except there: where SSA
//             construction puts a phi for a variable set differently on each
//             outgoing edge of B (analysis/branch_joins.hpp; exact with loops
//             and irreducible regions inside the region). A register written in the region (B excluded:
//             its writes precede the branch) and live at the entry of a
//             join is divergent from that join on (threads arrive with
//             different reaching definitions). Inside the region, before
//             any join, the active threads took the same path and agree on
//             values computed from uniform inputs;
//   loops     threads leave a loop at different iterations when the region
//             of a divergent branch in the loop, or its R, has a block
//             outside the loop (a divergent exit condition, or an exit under
//             divergent control). A register defined in such a loop and live
//             at the entry of one of its exit blocks is divergent from that
//             exit on (temporal divergence). Inside the loop such values
//             stay uniform: the threads still iterating agree on them.
//
// Cost: each register and branch is processed once; a divergent branch
// costs the size of its region, a loop with a divergent exit its size;
// defs and uses are decoded once (analysis/def_use_table.hpp); liveness is
// built only when a join or loop exit needs it, and asked per register
// (analysis/liveness.hpp). As with LLVM's
// sync-dependence analysis, the worst case is many divergent branches whose
// regions all reach far: k divergent early exits to the end of an n-block
// kernel cost O(k n) (5,000 of them in 10,000 blocks take about 0.6 s).
#pragma once

#include <cstdint>
#include <span>
#include <utility>
#include <vector>

#include "frontend/analysis/digraph.hpp"
#include "frontend/analysis/dominators.hpp"
#include "frontend/analysis/loops.hpp"
#include "frontend/analysis/private_slots.hpp"
#include "frontend/ir/kernel.hpp"

namespace lockstep::analysis {

enum class DivergenceCause : std::uint8_t {
  None,      ///< uniform
  ThreadId,  ///< reads %tid, %laneid or %lanemask_*
  Clock,     ///< reads a clock, timer or performance counter
  Atomic,    ///< result of atom
  Shuffle,   ///< result of shfl
  Call,      ///< result of an opaque call (an external function, an indirect call)
  Memory,    ///< load from memory that other threads may write
  Data,      ///< computed from a divergent register (`from`)
  Join,      ///< defined on paths from a divergent branch that join at block `from`
  LoopExit,  ///< defined in loop `from`, which threads leave at different iterations
};

/// Why a register is divergent: the first reason found.
struct RegDivergence {
  DivergenceCause cause = DivergenceCause::None;
  /// The defining instruction (source and Data causes) or the divergent
  /// branch (Join and LoopExit causes).
  std::uint32_t pc = kNone;
  std::uint32_t from = kNone;  ///< see DivergenceCause
  friend bool operator==(const RegDivergence&, const RegDivergence&) = default;
};

struct BranchUniformity {
  std::uint32_t pc = 0;
  std::uint32_t block = 0;
  bool uniform = true;
  bool uni_asserted = false;    ///< written `bra.uni`
  std::uint32_t cond = kNone;   ///< guard (bra) or index (brx.idx) register
  friend bool operator==(const BranchUniformity&, const BranchUniformity&) = default;
};

class Uniformity {
 public:
  Uniformity() = default;
  Uniformity(std::vector<RegDivergence> regs, std::vector<BranchUniformity> branches)
      : regs_(std::move(regs)), branches_(std::move(branches)) {}

  /// Register ids include the pseudo registers (analysis/def_use.hpp).
  [[nodiscard]] bool divergent(std::uint32_t reg) const noexcept {
    return regs_[reg].cause != DivergenceCause::None;
  }
  [[nodiscard]] const RegDivergence& cause(std::uint32_t reg) const noexcept { return regs_[reg]; }
  [[nodiscard]] std::uint32_t reg_count() const noexcept { return static_cast<std::uint32_t>(regs_.size()); }
  /// Conditional branches by ascending PC.
  [[nodiscard]] std::span<const BranchUniformity> branches() const noexcept { return branches_; }
  /// The branch at pc, or nullptr when pc is not a conditional branch.
  [[nodiscard]] const BranchUniformity* branch(std::uint32_t pc) const noexcept;
  /// False only for a divergent conditional branch at pc.
  [[nodiscard]] bool branch_uniform(std::uint32_t pc) const noexcept {
    const BranchUniformity* b = branch(pc);
    return b == nullptr || b->uniform;
  }

 private:
  std::vector<RegDivergence> regs_;
  std::vector<BranchUniformity> branches_;
};

/// Runs the analysis; `g` is the kernel's block graph, the trees and loops
/// those of the same kernel. With `slots` (analysis/private_slots.hpp) each
/// slot of local memory is a pseudo register of its own, and a load of slots
/// only is not a Memory source (the thread reads what it stored); register
/// ids then include the slots' pseudo registers.
[[nodiscard]] Uniformity analyze_uniformity(const ir::Kernel& kernel, const Digraph& g,
                                            const PostDominatorTree& pdom, const LoopInfo& loops,
                                            const PrivateSlots& slots = {});

/// Whether reading this special register is a source of divergence, and why.
[[nodiscard]] DivergenceCause special_reg_divergence(ir::SpecialReg r) noexcept;

}  // namespace lockstep::analysis
