#include "sim/core/spin_detector.hpp"

#include "sim/core/ddos_hash.hpp"

namespace lockstep::sim {

SpinDetector::SpinDetector(const DdosConfig& config, std::uint32_t warps)
    : config_(config), warps_(warps == 0 ? 1 : warps),
      histories_(config.shared_history ? 1 : warps_, DdosHistory(config.history)),
      table_(config.sib_entries, config.threshold) {}

DdosHistory* SpinDetector::history_of(std::uint32_t warp, Cycle now) noexcept {
  if (!config_.shared_history) return &histories_[warp];
  const auto owner = static_cast<std::uint32_t>((now / (config_.epoch == 0 ? 1 : config_.epoch)) % warps_);
  if (owner != owner_) {
    owner_ = owner;
    histories_[0].reset();
  }
  return warp == owner_ ? &histories_[0] : nullptr;
}

SpinVerdict SpinDetector::observe(std::uint32_t warp, const sem::TimingInstr& t, const sem::StepReport& r,
                                  Cycle now) {
  SpinVerdict v;
  if (t.setp) {
    DdosHistory* h = history_of(warp, now);
    if (h == nullptr) return v;
    v.profiled = true;
    h->insert(DdosEntry{ddos_hash(r.pc, config_.path_bits, config_.hash),
                        ddos_hash(r.compared[0], config_.value_bits, config_.hash),
                        ddos_hash(r.compared[1], config_.value_bits, config_.hash)});
    return v;
  }
  if (!t.backward || r.executed == 0) return v;
  if (const DdosHistory* h = history_of(warp, now); h != nullptr) {
    if (h->spinning()) {
      v.spinning_branch = true;
      v.confirmed = table_.spinning_branch(r.pc);
    } else {
      table_.plain_branch(r.pc);
    }
  }
  v.sib = table_.confirmed(r.pc);
  return v;
}

void SpinDetector::reset(std::uint32_t warp) noexcept {
  if (!config_.shared_history) {
    histories_[warp].reset();
  } else if (warp == owner_) {
    histories_[0].reset();
  }
}

bool SpinDetector::spinning(std::uint32_t warp) const noexcept {
  if (!config_.shared_history) return histories_[warp].spinning();
  return warp == owner_ && histories_[0].spinning();
}

}  // namespace lockstep::sim
