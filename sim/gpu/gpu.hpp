// The whole GPU and its cycle loop (DESIGN.md, "Time").
//
// One loop over the clock domains (sim/gpu/clock_domains.hpp), as GPGPU-Sim
// steps them. In a step with a core edge: each cluster first moves one
// reply from the interconnect into its response FIFO
// (`cluster_ejection_buffer` entries) and one from the FIFO to its SM
// (instruction fetches always; the rest when the LD/ST unit's response
// buffer has room); then the memory system ticks its domains; then every SM
// with work runs one cycle (the SMs of a cluster in a rotating order);
// then the cycle count goes up and the CTA dispatcher hands out blocks. An
// SM without a resident CTA and with nothing in flight is not ticked. When
// no SM can do anything before a known cycle and the memory system says the
// same, the loop jumps there (the clock edges and every per-cycle
// statistic come out as if each cycle had been stepped).
//
// The launch ends when every thread has exited (at issue) and the SMs and
// the memory system have drained: the cycle count then is gpu_sim_cycle.
// Hangs are detected as hang_detector.hpp says; a fault stops the loop at
// the end of the cycle in which it happened.
#pragma once

#include <cstdint>
#include <deque>
#include <memory>
#include <vector>

#include "sim/config/gpu_config.hpp"
#include "sim/core/kernel_context.hpp"
#include "sim/core/sm.hpp"
#include "sim/gpu/clock_domains.hpp"
#include "sim/gpu/cta_dispatcher.hpp"
#include "sim/gpu/hang_detector.hpp"
#include "sim/gpu/memory_side.hpp"
#include "sim/gpu/sim_options.hpp"
#include "sim/gpu/sim_result.hpp"

namespace lockstep::sim {

class Gpu {
 public:
  /// `kernel` must be complete (engine with slots for every SM's CTAs).
  Gpu(const GpuConfig& config, KernelContext& kernel, std::unique_ptr<MemorySide> memory, const SimOptions& options,
      std::uint64_t blocks);
  ~Gpu();
  Gpu(const Gpu&) = delete;
  Gpu& operator=(const Gpu&) = delete;

  /// Runs until the launch ends, hangs, faults or reaches the cycle cap.
  void run(SimResult& result);

 private:
  class Port;
  class Recorder;
  struct Cluster {
    std::deque<MemRequest> responses;
    std::uint32_t first_sm = 0;
    std::uint32_t order = 0;  ///< rotating start among its SMs
  };

  void replies_to_sms(Cycle now);
  void run_sms(Cycle now);
  [[nodiscard]] bool all_drained() const;
  [[nodiscard]] bool deadlocked() const;
  void jump_if_quiet();
  void sample(SimResult& result);
  void finish(SimResult& result);

  const GpuConfig* config_;
  KernelContext* kernel_;
  SimOptions options_;
  std::unique_ptr<MemorySide> memory_;
  std::vector<std::unique_ptr<Sm>> sms_;
  std::vector<Cluster> clusters_;
  std::vector<std::unique_ptr<Port>> ports_;
  ClockSchedule clocks_;
  CtaDispatcher dispatcher_;
  HangDetector hangs_;
  std::unique_ptr<Recorder> recorder_;
  Cycle now_ = 0;  ///< core cycles completed
  Cycle next_sample_ = 0;
  std::vector<ScheduleStep>* schedule_ = nullptr;
};

}  // namespace lockstep::sim
