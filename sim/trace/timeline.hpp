// `lockstep sim --timeline OUT.json`: a Chrome / Perfetto trace of the
// simulation (the JSON "Trace Event Format"; open it in ui.perfetto.dev or
// chrome://tracing). One microsecond of the trace is one core cycle.
//
//   process "GPU"         counters over time, one value per sample interval:
//                         ipc (gpu_sim_insn per cycle), simd_efficiency,
//                         active_warps, resident_ctas, dram_bandwidth (the
//                         DRAM data buses' busy fraction), l2_miss_rate
//   process "SM n"        thread "scheduler k": a slice per run of
//                         consecutive cycles in which the scheduler issued
//                         the same warp ("w5", args: block, instructions,
//                         first pc, lanes of the first);
//                         threads "CTAs i": a slice per CTA from dispatch to
//                         retirement ("block (x,y,z)"), on the first lane
//                         free when it starts;
//                         async slices "memory": every request that came
//                         back to the SM, from issue to return (name: its
//                         access type; args: address, bytes, and when it
//                         reached the L2 and DRAM and was replied)
//
// The recorder is the simulation's SmObserver; write() adds the counters
// from the result's samples. Events come out in a fixed order, so the same
// run gives the same file.
#pragma once

#include <array>
#include <cstdint>
#include <ostream>
#include <string>
#include <vector>

#include "sim/config/gpu_config.hpp"
#include "sim/core/sm_observer.hpp"
#include "sim/gpu/sim_result.hpp"

namespace lockstep::sim {

class TimelineRecorder final : public SmObserver {
 public:
  /// `grid`: the launch's grid, to name blocks.
  TimelineRecorder(const GpuConfig& gpu, std::array<std::uint32_t, 3> grid);

  void issued(std::uint32_t sm, std::uint32_t sched, std::uint32_t warp, std::uint32_t block, std::uint32_t pc,
              sem::Mask active, Cycle now) override;
  void cta_started(std::uint32_t sm, std::uint32_t block, Cycle now) override;
  void cta_finished(std::uint32_t sm, std::uint32_t block, Cycle now) override;
  void reply_arrived(std::uint32_t sm, const MemRequest& reply) override;
  void load_finished(std::uint32_t, std::uint32_t, std::uint32_t, Cycle, Cycle) override {}

  /// The whole trace, with the counters of `result.samples`.
  void write(std::ostream& out, const SimResult& result);

 private:
  struct Run {
    bool open = false;
    std::uint32_t warp = 0, block = 0, pc = 0, count = 0;
    sem::Mask lanes = 0;
    Cycle start = 0, last = 0;
  };
  struct Slice {
    std::uint32_t pid, tid;
    Cycle start, end;
    std::string name;
    std::string args;  ///< a JSON object's members, without braces
  };
  void close(std::uint32_t sm, std::uint32_t sched);

  std::uint32_t sm_count_, schedulers_;
  std::array<std::uint32_t, 3> grid_;
  std::vector<Run> runs_;                       ///< per SM and scheduler
  std::vector<Slice> slices_;
  std::vector<std::vector<Cycle>> cta_lanes_;   ///< per SM and CTA lane: 1 while a CTA occupies it
  struct Open {
    std::uint32_t sm, block, lane;
    Cycle start;
  };
  std::vector<Open> open_ctas_;
  std::vector<MemRequest> replies_;
  std::vector<std::uint32_t> reply_sms_;
};

}  // namespace lockstep::sim
