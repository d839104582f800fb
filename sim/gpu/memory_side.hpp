// Everything below the SMs' L1 caches, as the cycle loop sees it: the
// SM-side operations of MemorySystem (sim/mem/memory_system.hpp, whose
// documentation is the reference). The product uses MemorySystem through
// memory_system_side(); tests may give the loop their own.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>

#include "sim/config/gpu_config.hpp"
#include "sim/gpu/clock_domains.hpp"
#include "sim/mem/mem_request.hpp"
#include "sim/mem/memory_system.hpp"
#include "sim/mem/stat_visitor.hpp"

namespace lockstep::sim {

class MemorySide {
 public:
  MemorySide() = default;
  MemorySide(const MemorySide&) = delete;
  MemorySide& operator=(const MemorySide&) = delete;
  virtual ~MemorySide() = default;

  [[nodiscard]] virtual bool can_accept(std::uint32_t cluster, const MemRequest& request) const = 0;
  virtual void push(std::uint32_t cluster, const MemRequest& request, Cycle now) = 0;
  virtual std::optional<MemRequest> pop_reply(std::uint32_t cluster, Cycle now) = 0;
  virtual void tick(DomainMask domains, Cycle now) = 0;
  [[nodiscard]] virtual bool idle() const = 0;
  [[nodiscard]] virtual Cycle next_event_cycle(Cycle now) const = 0;
  virtual void skip(const DomainTicks& skipped, Cycle now) = 0;
  virtual void report(StatVisitor& visitor) const = 0;
  [[nodiscard]] virtual MemoryCounters counters() const = 0;
};

/// The memory system of `config`.
[[nodiscard]] std::unique_ptr<MemorySide> memory_system_side(const GpuConfig& config);

}  // namespace lockstep::sim
