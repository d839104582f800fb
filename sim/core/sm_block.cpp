// Sm: what block-scope divergence models (thread block compaction,
// docs/models/tbc.md "In sim") add to the pipeline.
//
// - The scoreboard: a compacted warp's lane l runs a thread of static warp
//   home[l], whose registers stay in that warp's rows (no register
//   migration, research 001 §3.5). Its hazards are therefore checked and
//   reserved on the entries of each lane's static warp, with the lane's bit;
//   hardware warp c × warps-per-CTA + j of CTA slot c holds static warp j's
//   entries. A pending load of a thread is seen after the compactor moved
//   the thread into another warp.
// - Slots (thread block compaction): the hardware warps of a CTA are the
//   block's warp-buffer slots; slot k runs compacted warp k. (Dynamic warp
//   formation's pool entries are units of the slot their index names.) A slot without one waits (counted as a
//   Barrier wait: the block synchronises at its branches). All slots end
//   together, when the block's last thread exits.
// - The compactor: when a step forms the block's warps anew (a potentially
//   divergent branch resolved, or the warps reconverged), the priority
//   encoders emit one warp per cycle, the first in the next cycle (research
//   001 §6 claim 4; the latency to the first warp is open, App. B). A warp
//   slot may issue from the cycle its warp leaves the compactor. Without the
//   compactor (tbc:compactor=off) the warps are the static ones, at once.
// - Core scope (dynamic warp formation): one warp pool for every CTA slot of
//   the SM. Home warps are then numbered within the SM (slot * warps per
//   CTA + warp), a step may change any slot's entries, and when a CTA
//   retires the entries its hardware warps held (threads of other CTAs)
//   move to the remaining CTAs' warps (ModelDwf::leave).
#include <algorithm>

#include "sim/core/sm.hpp"

namespace lockstep::sim {

bool Sm::sb_collides(std::uint32_t w, unsigned key, const sem::UnitView& u) const {
  const auto reads = kernel_->decode->sources(u.pc);
  const auto writes = kernel_->decode->destinations(u.pc);
  if (!block_scope_) return scoreboard_.collides(w, reads, writes, sb_mask(u.threads));
  std::array<std::uint8_t, sem::kWarpSize> home{};
  engine_->lane_homes(warps_[w].sem, key, home);
  const std::uint32_t base = home_base(w);
  for (sem::Mask left = u.threads; left != 0;) {
    const std::uint8_t j = home[sem::lowest_lane(left)];
    sem::Mask mine = 0;
    sem::for_each_lane(left, [&](unsigned l) { mine |= home[l] == j ? sem::lane_bit(l) : 0U; });
    if (scoreboard_.collides(base + j, reads, writes, mine)) return true;
    left &= ~mine;
  }
  return false;
}

void Sm::sb_reserve(std::uint32_t w, unsigned key, WarpInstr& wi, bool long_latency) {
  const auto writes = kernel_->decode->destinations(wi.pc);
  if (!block_scope_) {
    scoreboard_.reserve(w, writes, long_latency, sb_mask(wi.active));
    return;
  }
  engine_->lane_homes(warps_[w].sem, key, wi.home);
  const std::uint32_t base = home_base(w);
  sem::for_each_lane(wi.active, [&](unsigned l) {
    scoreboard_.reserve(base + wi.home[l], writes, long_latency, sem::lane_bit(l));
  });
}

void Sm::sb_release(const WarpInstr& wi) {
  const auto writes = kernel_->decode->destinations(wi.pc);
  if (!block_scope_) {
    scoreboard_.release(wi.warp, writes, sb_mask(wi.active));
    return;
  }
  const std::uint32_t base = home_base(wi.warp);
  sem::for_each_lane(wi.active, [&](unsigned l) { scoreboard_.release(base + wi.home[l], writes, sem::lane_bit(l)); });
}

bool Sm::sb_waits(std::uint32_t w) const {
  if (!block_scope_) return scoreboard_.any_pending(w);
  const HwWarp& hw = warps_[w];
  const sem::Mask en = engine_->enabled(hw.sem);
  if (en == 0) return true;
  const unsigned key = sem::lowest_lane(en);
  const sem::UnitView u = engine_->unit(hw.sem, key);
  return u.pc < kernel_->code_size && sb_collides(w, key, u);
}

sem::Mask Sm::slot_unit(std::uint32_t v, std::array<std::uint8_t, sem::kWarpSize>& home) const {
  const HwWarp& hw = warps_[v];
  const unsigned key = hw.sem % engine_->warps_per_block();
  home.fill(0xff);
  const sem::Mask threads = engine_->unit(hw.sem, key).threads;
  if (threads != 0) engine_->lane_homes(hw.sem, key, home);
  return threads;
}

std::uint32_t Sm::home_base(std::uint32_t w) const noexcept {
  return warps_[w].cta / core_slots_ * core_slots_ * kernel_->warps_per_cta;
}

void Sm::block_stepped(std::uint32_t w, Cycle now) {
  // The warps the step may have changed: its CTA's, or under core scope
  // (DWF) every CTA slot's of the SM, whose threads share one warp pool.
  const std::uint32_t wpc = kernel_->warps_per_cta * core_slots_;
  const std::uint32_t first = home_base(w);
  // Which slots hold a warp now, and whether the step formed them anew: a
  // slot other than w that gained a warp or changed threads, or w itself
  // with threads other than its own minus those that exited. A barrier the
  // step released resumes warps that exist (not the compactor's output).
  // Each slot's unit now, read once (slots: at most 32 warps per block).
  std::array<sem::Mask, 32> threads{};
  std::array<std::array<std::uint8_t, sem::kWarpSize>, 32> homes{};
  bool formed = false;
  const bool slots = kernel_->compacted_slots;
  for (std::uint32_t i = 0; i < wpc && slots; ++i) {
    const HwWarp& hw = warps_[first + i];
    if (!hw.live || hw.done) continue;
    threads[i] = slot_unit(first + i, homes[i]);
    if (threads[i] == 0 || report_.released) continue;
    const sem::Mask kept = first + i == w ? hw.unit_threads & ~report_.exited : hw.unit_threads;
    bool same = threads[i] == kept;
    sem::for_each_lane(threads[i], [&](unsigned l) { same = same && homes[i][l] == hw.unit_home[l]; });
    formed = formed || !same;
  }
  std::uint32_t rank = 0;
  std::uint32_t warps = 0;
  for (std::uint32_t i = 0; i < wpc; ++i) {
    const std::uint32_t v = first + i;
    HwWarp& hw = warps_[v];
    if (!hw.live) continue;
    if (!hw.done && engine_->warp_done(hw.sem)) {  // the block's last thread exited: every slot ends
      hw.done = true;
      hw.ibuf[0].valid = hw.ibuf[1].valid = false;
      hw.unit_threads = 0;
      refresh_facts(v);
      warp_may_end(v, now);
      continue;
    }
    if (hw.done) continue;
    if (slots) {
      hw.unit_threads = threads[i];
      hw.unit_home = homes[i];
    }
    if (formed && hw.unit_threads != 0) {
      ++warps;
      if (kernel_->compactor) hw.ready_at = now + 1 + rank++;
    }
    refresh_facts(v);
  }
  if (formed) {
    ++stats_.compactions;
    stats_.compacted_warps += warps;
  }
  if (!slots) return;
  const std::uint64_t depth = engine_->stack_depth(warps_[w].sem);
  stats_.block_stack_depth_sum += depth;
  stats_.block_stack_depth_max = std::max(stats_.block_stack_depth_max, depth);
}

}  // namespace lockstep::sim
