#include "sim/gpu/cta_dispatcher.hpp"

#include <algorithm>

namespace lockstep::sim {

CtaDispatcher::CtaDispatcher(const GpuConfig& config, std::uint64_t blocks)
    : cores_per_cluster_(std::max<std::uint32_t>(1, config.core.cores_per_cluster)),
      clusters_(std::max<std::uint32_t>(1, config.core.clusters)), blocks_(blocks),
      start_(config.launch.kernel + blocks * config.launch.cta), last_cluster_(clusters_ - 1),
      last_core_(clusters_, cores_per_cluster_ - 1) {}

void CtaDispatcher::cycle(Cycle now, std::vector<std::unique_ptr<Sm>>& sms) {
  if (next_ >= blocks_ || now < start_) return;
  const std::uint32_t first = last_cluster_ + 1;  // the clusters' order is fixed for the cycle
  for (std::uint32_t i = 0; i < clusters_ && next_ < blocks_; ++i) {
    const std::uint32_t c = (first + i) % clusters_;
    for (std::uint32_t j = 0; j < cores_per_cluster_; ++j) {
      const std::uint32_t core = (last_core_[c] + 1 + j) % cores_per_cluster_;
      Sm& sm = *sms[std::size_t{c} * cores_per_cluster_ + core];
      if (!sm.can_launch_cta()) continue;
      sm.launch_cta(static_cast<std::uint32_t>(next_++), now);
      last_core_[c] = core;
      last_cluster_ = c;
      break;
    }
  }
}

Cycle CtaDispatcher::next_event(Cycle now, const std::vector<std::unique_ptr<Sm>>& sms) const noexcept {
  if (next_ >= blocks_) return kNever;
  const bool slot = std::any_of(sms.begin(), sms.end(), [](const std::unique_ptr<Sm>& s) { return s->can_launch_cta(); });
  if (!slot) return kNever;
  return std::max(now, start_);
}

}  // namespace lockstep::sim
