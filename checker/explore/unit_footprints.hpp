// Footprints (footprint.hpp) of the next steps of the enabled units of a
// launch state, and the races among them. Concrete states only: for other
// value domains every footprint is "everything" (no reduction, no races).
#pragma once

#include <cstdint>
#include <set>
#include <type_traits>
#include <utility>
#include <vector>

#include "checker/explore/exploration.hpp"
#include "checker/explore/footprint.hpp"
#include "semantics/model/divergence_model.hpp"

namespace lockstep::checker {

/// fps[i] = footprint of the step of actions[i] (records holding warp and key).
template <class S>
void unit_footprints(const S& s, const std::vector<StepRecord>& actions, bool syncing_exit,
                     std::vector<Footprint>& fps) {
  fps.resize(actions.size());
  for (std::size_t i = 0; i < actions.size(); ++i) {
    const StepRecord& a = actions[i];
    if (a.key >= sem::kWarpSize) {  // a model event changes its warp's model state only
      fps[i].kind = FootprintKind::Private;
      fps[i].accesses.clear();
      continue;
    }
    using V = std::remove_cvref_t<decltype(s.warp(a.warp).regs[0])>;
    if constexpr (std::is_same_v<V, std::uint64_t> && S::kBlockScope) {
      // A compacted warp: each thread's accesses through its own static warp's registers.
      const auto& cw = s.block_unit(a.warp, a.key);
      const std::uint32_t base = a.warp / s.warps_per_block() * s.warps_per_block();
      fps[i].accesses.clear();
      Footprint part;
      bool first = true;
      for (std::uint32_t j = 0; j < s.warps_per_block(); ++j) {
        sem::Mask lanes = 0;
        sem::for_each_lane(cw.lanes, [&](unsigned l) { lanes |= cw.home[l] == j ? sem::lane_bit(l) : 0U; });
        if (lanes == 0) continue;
        const auto& regs = s.warp(base + j).regs;
        instruction_footprint(s.setup(), cw.pc, base + j, s.warp(base + j).block, lanes,
                              regs.empty() ? nullptr : regs.data(), syncing_exit, part);
        if (first) {
          fps[i].kind = part.kind;
          fps[i].pc = part.pc;
          fps[i].block = part.block;
          first = false;
        } else if (part.kind > fps[i].kind) {
          fps[i].kind = part.kind;
        }
        fps[i].accesses.insert(fps[i].accesses.end(), part.accesses.begin(), part.accesses.end());
      }
    } else if constexpr (std::is_same_v<V, std::uint64_t>) {
      const sem::UnitView u = s.unit(a.warp, a.key);
      const auto& regs = s.warp(a.warp).regs;
      instruction_footprint(s.setup(), u.pc, a.warp, s.warp(a.warp).block, u.threads,
                            regs.empty() ? nullptr : regs.data(), syncing_exit, fps[i]);
    } else {
      fps[i].kind = FootprintKind::Everything;
      fps[i].accesses.clear();
    }
  }
}

/// Adds the races between and within the footprints to `races`, one per
/// pair of PCs. Two accesses of instructions inside transactions
/// (`transactional`, per PC; empty: none) are no race: they go to the
/// threads' logs and the commit orders them (docs/tm.md). A transactional
/// access and a plain one still race (weak isolation).
void collect_races(const std::vector<Footprint>& fps, const std::vector<bool>& transactional,
                   std::vector<Race>& races, std::set<std::pair<std::uint32_t, std::uint32_t>>& seen);

}  // namespace lockstep::checker
