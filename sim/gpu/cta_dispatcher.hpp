// The CTA dispatcher (GPGPU-Sim's issue_block2core): hands the blocks of a
// launch to the SMs in linear block order as CTA slots free up.
//
// A launch's first CTA may be dispatched `launch.kernel + blocks x
// launch.cta` core cycles after the launch (GPGPU-Sim's kernel and TB
// launch latencies). Then, at the end of every core cycle, each cluster,
// starting with the one after the cluster that last received a CTA, gives
// at most one CTA to one of its SMs, trying them round robin from the one
// after its last.
#pragma once

#include <cstdint>
#include <memory>
#include <vector>

#include "sim/config/gpu_config.hpp"
#include "sim/core/sm.hpp"

namespace lockstep::sim {

class CtaDispatcher {
 public:
  CtaDispatcher(const GpuConfig& config, std::uint64_t blocks);

  /// Dispatches what it can at the end of core cycle `now` (the count of cycles done).
  void cycle(Cycle now, std::vector<std::unique_ptr<Sm>>& sms);
  /// Blocks not yet dispatched.
  [[nodiscard]] std::uint64_t remaining() const noexcept { return blocks_ - next_; }
  /// Can dispatch now or later without an SM freeing a slot: the first cycle
  /// at which cycle() may dispatch (kNever when no block is left or no slot is free).
  [[nodiscard]] Cycle next_event(Cycle now, const std::vector<std::unique_ptr<Sm>>& sms) const noexcept;

 private:
  std::uint32_t cores_per_cluster_;
  std::uint32_t clusters_;
  std::uint64_t blocks_;
  std::uint64_t next_ = 0;
  Cycle start_;
  std::uint32_t last_cluster_;
  std::vector<std::uint32_t> last_core_;
};

}  // namespace lockstep::sim
