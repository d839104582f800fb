// What an SM reports as it happens, for timelines (sim/trace/): issues,
// CTA lifetimes and memory requests. The SM calls an observer only when
// one is given; statistics do not go through here (sm_stats.hpp).
#pragma once

#include <cstdint>

#include "semantics/value/mask.hpp"
#include "sim/mem/mem_request.hpp"

namespace lockstep::sim {

class SmObserver {
 public:
  SmObserver() = default;
  SmObserver(const SmObserver&) = delete;
  SmObserver& operator=(const SmObserver&) = delete;
  virtual ~SmObserver() = default;

  /// Scheduler `sched` of SM `sm` issued the instruction at `pc` of hardware warp `warp`.
  virtual void issued(std::uint32_t sm, std::uint32_t sched, std::uint32_t warp, std::uint32_t block,
                      std::uint32_t pc, sem::Mask active, Cycle now) = 0;
  /// CTA `block` (linear index) started or finished on SM `sm`.
  virtual void cta_started(std::uint32_t sm, std::uint32_t block, Cycle now) = 0;
  virtual void cta_finished(std::uint32_t sm, std::uint32_t block, Cycle now) = 0;
  /// A reply reached SM `sm` (its time stamps say where it went when).
  virtual void reply_arrived(std::uint32_t sm, const MemRequest& reply) = 0;
  /// A load or atomic of SM `sm` finished; `issued` is when it issued.
  virtual void load_finished(std::uint32_t sm, std::uint32_t warp, std::uint32_t pc, Cycle issued, Cycle now) = 0;
};

}  // namespace lockstep::sim
