#include "sim/gpu/hang_detector.hpp"

#include <algorithm>
#include <set>

namespace lockstep::sim {

sem::StateHasher HangDetector::hashed(std::uint64_t position) const {
  sem::StateHasher h;
  engine_->hash(h);
  h.value(position);
  return h;
}

bool HangDetector::end_of_cycle(std::uint64_t position) {
  const std::uint64_t steps = engine_->stats().steps;
  if (confirming_) {
    if (steps == last_checked_) return false;
    last_checked_ = steps;
    // Back at the state, after every unit that may issue has issued: a weakly fair cycle.
    if (hashed(position).digest() == target_ && fair()) {
      cycle_steps_ = steps - confirm_start_;
      return true;
    }
    if (steps - confirm_start_ > confirm_limit_) {  // not a cycle after all: sample more sparsely
      confirming_ = false;
      log_.clear();
      sampler_.sparser(steps);
    }
    return false;
  }
  if (!sampler_.due(steps)) return false;
  const sem::StateHasher h = hashed(position);
  if (sampler_.sample(steps, h)) {
    confirming_ = true;
    target_ = h.digest();
    confirm_start_ = steps;
    last_checked_ = steps;
    confirm_limit_ = std::max<std::uint64_t>(4 * (steps - sampler_.saved_step()), 4096);
    log_.clear();
  }
  return false;
}

sem::Mask HangDetector::issued_units(sem::Mask enabled, sem::Mask keys) const noexcept {
  // Split and thread units are fairness units of their own; a warp unit stands for its warp.
  if (engine_->unit_kind() != sem::UnitKind::Warp) return keys;
  return keys != 0 ? enabled : 0;
}

bool HangDetector::fair() const {
  std::vector<sem::Mask> keys(engine_->warp_count(), 0);
  for (const Issue& i : log_) keys[i.warp] |= sem::lane_bit(i.key);
  for (std::uint32_t w = 0; w < engine_->warp_count(); ++w) {
    const sem::Mask en = engine_->enabled(w);
    if (en == 0) continue;
    if ((en & ~issued_units(en, keys[w])) != 0) return false;
  }
  // A timed model event that stays enabled fires: the state does not repeat forever.
  if (timed_events_) {
    for (std::uint32_t w = 0; w < engine_->warp_count(); ++w) {
      if (engine_->events(w) != 0) return false;
    }
  }
  return true;
}

void HangDetector::issued(std::uint32_t warp, unsigned key, std::uint32_t pc, sem::Mask threads) {
  log_.push_back(Issue{warp, key, pc, threads});
}

void HangDetector::report_livelock(sem::RunResult& r) const {
  r.status = sem::RunStatus::Livelock;
  r.cycle_steps = cycle_steps_;
  std::set<std::uint32_t> pcs;
  for (const Issue& i : log_) pcs.insert(i.pc);
  r.cycle_pcs.assign(pcs.begin(), pcs.end());
  std::vector<sem::Mask> spinning(engine_->warp_count(), 0);
  std::vector<sem::Mask> keys(engine_->warp_count(), 0);
  for (const Issue& i : log_) {
    spinning[i.warp] |= i.threads;
    keys[i.warp] |= sem::lane_bit(i.key);
  }
  // Fair: every unit that may issue at the end issued inside the cycle.
  r.fair = true;
  for (std::uint32_t w = 0; w < engine_->warp_count(); ++w) {
    const sem::Mask en = engine_->enabled(w);
    if (en == 0) continue;
    if ((en & ~issued_units(en, keys[w])) != 0) r.fair = false;
  }
  collect_stuck(*engine_, &spinning, r.stuck);
}

void collect_stuck(const sem::LaunchEngine& engine, const std::vector<sem::Mask>* spinning,
                   std::vector<sem::StuckThreads>& out) {
  std::vector<sem::WaitInfo> waits;
  for (std::uint32_t w = 0; w < engine.warp_count(); ++w) {
    const sem::WarpData& wd = engine.warp(w);
    if (wd.live == 0 || engine.warp_done(w)) continue;
    waits.clear();
    engine.explain(w, waits);
    const sem::Mask issued = spinning != nullptr ? (*spinning)[w] : 0;
    for (const sem::WaitInfo& wi : waits) {
      for (const sem::Mask part : {wi.lanes & issued, wi.lanes & ~issued}) {
        if (part == 0) continue;
        sem::StuckThreads st{wd.block * engine.warps_per_block() + wd.warp_in_block, wd.block, wd.warp_in_block, wi,
                             (part & issued) != 0};
        st.wait.lanes = part;
        bool merged = false;
        for (sem::StuckThreads& o : out) {
          if (o.block == st.block && o.warp_in_block == st.warp_in_block && o.progressing == st.progressing &&
              o.wait.pc == st.wait.pc && o.wait.kind == st.wait.kind && o.wait.until_pc == st.wait.until_pc) {
            o.wait.lanes |= st.wait.lanes;
            merged = true;
            break;
          }
        }
        if (!merged) out.push_back(st);
      }
    }
  }
  // Report order independent of which slot held a block: by block, then warp.
  std::stable_sort(out.begin(), out.end(), [](const sem::StuckThreads& a, const sem::StuckThreads& b) {
    return a.block != b.block ? a.block < b.block : a.warp_in_block < b.warp_in_block;
  });
}

}  // namespace lockstep::sim
