// Persistent sets (docs/explorer.md, "Reductions"): at each state, the
// explorer may take only the enabled actions of one warp w when
//
//   (a) the divergence model keeps its state per warp (ModelScope::Warp):
//       no other warp's step changes what w may do,
//   (b) w has no model event enabled and no thread waiting at a barrier
//       (nothing another warp does can enable a new action of w),
//   (c) every enabled action of w is a memory access or a private step
//       (no barrier, collective, trap, TM marker, or exit that counts as an
//       arrival) that starts at a PC on no cycle of the control-flow graph
//       (the cycle proviso: such a step never lies on a cycle of the state
//       graph, so no state on a cycle is reduced),
//   (d) those accesses conflict with no access that any thread of any other
//       warp may still execute (PorKernel::future: exact bytes when the
//       address register is not written again, else the alias analysis over
//       the launch's buffers).
//
// Then the set is persistent: any sequence of other warps' steps from the
// state is independent of each of w's actions, which stay enabled and
// unchanged along it. The argument for deadlocks, errors, completed states
// and weakly fair cycles is in docs/explorer.md.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <type_traits>
#include <vector>

#include <fmt/format.h>

#include "checker/explore/exploration.hpp"
#include "checker/explore/fairness_units.hpp"
#include "checker/explore/footprint.hpp"
#include "checker/explore/future_index.hpp"
#include "checker/explore/por_kernel.hpp"
#include "semantics/model/divergence_model.hpp"
#include "semantics/model/wait_info.hpp"

namespace lockstep::checker {

template <class S>
class PersistentSets {
 public:
  PersistentSets(const S& s, bool syncing_exit) : kernel_(s.setup()), syncing_exit_(syncing_exit) {}

  /// Empty when the reduction applies to this launch, else why not.
  [[nodiscard]] std::string why_not(const S& s) const {
    using M = std::remove_cvref_t<decltype(s.model())>;
    using V = std::remove_cvref_t<decltype(s.warp(0).regs[0])>;
    if constexpr (M::kScope != sem::ModelScope::Warp) {
      return "the divergence model keeps state across warps";
    } else if constexpr (!std::is_same_v<V, std::uint64_t>) {
      return "symbolic values have no footprints";
    } else {
      return kernel_.why_not();
    }
  }

  /// An access of an enabled step that leaves the buffers the alias answers
  /// assumed it stays in (empty: none so far). Once set, the reduction is
  /// unsound for this launch: the caller searches again without it.
  [[nodiscard]] const std::string& violation() const noexcept { return violation_; }

  /// The actions enabled[begin, end) form a persistent set of s; `begin ==
  /// end`: no persistent set smaller than all enabled actions was found.
  struct Choice {
    std::size_t begin = 0, end = 0;
    [[nodiscard]] bool reduced() const noexcept { return begin != end; }
  };

  /// `enabled` lists the enabled actions in warp order, `fps` their footprints.
  Choice choose(const S& s, const std::vector<StepRecord>& enabled, const std::vector<Footprint>& fps) {
    using V = std::remove_cvref_t<decltype(s.warp(0).regs[0])>;
    if constexpr (!std::is_same_v<V, std::uint64_t>) {
      return {};
    } else {
      return choose_concrete(s, enabled, fps);
    }
  }

 private:
  Choice choose_concrete(const S& s, const std::vector<StepRecord>& enabled, const std::vector<Footprint>& fps) {
    indexed_ = false;
    if (!check_buffers(fps)) return {};
    if (enabled.size() < 2) return {};  // nothing to leave out
    if constexpr (kThreadUnits<S>) {
      // Thread units (mimd): lanes of a warp are threads of their own; one
      // action at a time, the other lanes' futures checked like any other thread's.
      for (std::size_t i = 0; i < enabled.size(); ++i) {
        const std::span<const StepRecord> one = std::span(enabled).subspan(i, 1);
        if (candidate(s, enabled[i].warp, sem::Mask{1} << enabled[i].key, one, std::span(fps).subspan(i, 1))) {
          return {i, i + 1};
        }
      }
    } else {
      if (enabled.front().warp == enabled.back().warp) return {};
      for (std::size_t i = 0; i < enabled.size();) {
        std::size_t j = i;
        while (j < enabled.size() && enabled[j].warp == enabled[i].warp) ++j;
        if (candidate(s, enabled[i].warp, ~sem::Mask{0}, std::span(enabled).subspan(i, j - i),
                      std::span(fps).subspan(i, j - i))) {
          return {i, j};
        }
        i = j;
      }
    }
    return {};
  }

  bool check_buffers(const std::vector<Footprint>& fps) {
    for (const Footprint& fp : fps) {
      if (fp.kind != FootprintKind::Memory) continue;
      for (const Access& a : fp.accesses) {
        const bool global = a.space == AccessSpace::Global;
        if (!kernel_.inside_buffers(fp.pc, global, a.lo, a.hi)) {
          violation_ = fmt::format("the access at pc {} by thread {} leaves the buffers its parameters point to",
                                   fp.pc, a.thread);
          return false;
        }
      }
    }
    return true;
  }

  /// Whether the actions `acts` of warp w (taking the lanes `mine` of it;
  /// all of them for warp units) form a persistent set.
  bool candidate(const S& s, std::uint32_t w, sem::Mask mine, std::span<const StepRecord> acts,
                 std::span<const Footprint> fps) {
    for (std::size_t i = 0; i < acts.size(); ++i) {
      if (acts[i].key >= sem::kWarpSize) return false;  // a model event
      if (fps[i].kind != FootprintKind::Memory && fps[i].kind != FootprintKind::Private) return false;
      if (kernel_.cyclic(fps[i].pc)) return false;
    }
    if (mine == ~sem::Mask{0}) {
      waits_.clear();
      s.explain(w, waits_);
      for (const sem::WaitInfo& wi : waits_) {
        if (wi.kind == sem::WaitKind::Barrier || wi.kind == sem::WaitKind::GridBarrier) return false;
      }
    }
    if (!indexed_) index_futures(s);
    const Owner owner{w, mine};
    if (futures_.exact_conflict(owner, fps)) return false;
    for (const FutureIndex::Abstract& a : futures_.abstracts()) {
      if (FutureIndex::by_other(a, owner) && abstract_conflict(a.q, a.block, fps)) return false;
    }
    return true;
  }

  /// Indexes the accesses every unfinished warp's threads may still execute
  /// (PorKernel::future from each group of lanes' PC): once per state, for
  /// all candidates (each leaves its own out).
  void index_futures(const S& s) {
    indexed_ = true;
    futures_.clear();
    for (std::uint32_t v = 0; v < s.warp_count(); ++v) {
      if (s.warp_done(v)) continue;
      waits_.clear();
      s.explain(v, waits_);
      const std::uint32_t block = s.warp(v).block;
      const auto& regs = s.warp(v).regs;
      for (const sem::WaitInfo& wi : waits_) {
        if (wi.lanes == 0) continue;
        for (const FutureAccess& q : kernel_.future(wi.pc)) {
          if (q.fixed) {
            instruction_footprint(s.setup(), q.pc, v, block, wi.lanes, regs.empty() ? nullptr : regs.data(),
                                  syncing_exit_, scratch_);
            futures_.add_exact(scratch_, v);
          } else {
            futures_.add_abstract(q, v, block, wi.lanes);
          }
        }
      }
    }
    futures_.seal();
  }

  /// A future access whose address is not known yet, by a thread of block `block`.
  bool abstract_conflict(const FutureAccess& q, std::uint32_t block, std::span<const Footprint> fps) const {
    const ir::Instr& in = s_kernel().code[q.pc];
    const bool shared = in.space == ir::Space::Shared || in.space == ir::Space::SharedCluster;
    for (const Footprint& fp : fps) {
      if (fp.kind != FootprintKind::Memory) continue;
      for (const Access& y : fp.accesses) {
        if (!q.write && !y.write) continue;
        if (y.space == AccessSpace::Anything) return true;
        if (shared) {
          if (y.space == AccessSpace::Shared && y.block == block) return true;
          continue;
        }
        if (q.global && y.space == AccessSpace::Shared) continue;
        if (kernel_.may_conflict(fp.pc, y.write, q.pc, q.write)) return true;
      }
    }
    return false;
  }

  [[nodiscard]] const ir::Kernel& s_kernel() const noexcept { return kernel_.kernel(); }

  PorKernel kernel_;
  bool syncing_exit_ = false;
  std::string violation_;
  std::vector<sem::WaitInfo> waits_;
  Footprint scratch_;
  FutureIndex futures_;   ///< the other units' future accesses at the state being chosen for
  bool indexed_ = false;  ///< futures_ is that state's
};

}  // namespace lockstep::checker
