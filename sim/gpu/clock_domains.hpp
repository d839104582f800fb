// The clock domains of the modelled GPU and the order in which they tick.
//
// A GPU has four clocks (ClockDomains, sim/config/gpu_config.hpp): the core
// (SMs), the interconnect, the L2 slices and the DRAM command clock. The
// cycle loop steps them as GPGPU-Sim 4.0 does (gpu-sim.cc,
// next_clock_domain), so that cycle counts compare:
//
//   - each domain keeps the time of its next edge, in seconds, a double that
//     starts at 0 and grows by the domain's period 1 / (MHz * 1e6) at each
//     of its ticks (the same double operations in the same order as
//     GPGPU-Sim, so the same edges coincide);
//   - one step fires every domain whose next edge is the earliest (several
//     when their times are equal), then advances those domains' times.
//
// Within one step GPGPU-Sim does the work in a fixed order (MemorySystem's
// tick follows it; see memory_system.hpp): core (replies into the SMs),
// interconnect (replies into the network), DRAM, L2 (requests out of the
// network, L2 slices), interconnect (the network moves), core (the SM
// pipelines, which push new requests), and only then counts the core cycle.
//
// Header-only and self-contained: the cycle loop (sim/gpu) and the memory
// system's tests both use it.
#pragma once

#include <cstdint>

#include "sim/config/gpu_config.hpp"

namespace lockstep::sim {

/// The clock domains, as the bits of GPGPU-Sim's clock mask.
enum class ClockDomain : std::uint8_t {
  Core = 0x01,
  L2 = 0x02,
  Dram = 0x04,
  Interconnect = 0x08,
};

/// The domains that tick in one step.
struct DomainMask {
  std::uint8_t bits = 0;

  [[nodiscard]] constexpr bool has(ClockDomain d) const noexcept {
    return (bits & static_cast<std::uint8_t>(d)) != 0;
  }
  friend constexpr bool operator==(DomainMask, DomainMask) = default;
};

/// Ticks counted per domain.
struct DomainTicks {
  std::uint64_t core = 0;
  std::uint64_t interconnect = 0;
  std::uint64_t l2 = 0;
  std::uint64_t dram = 0;

  friend constexpr bool operator==(const DomainTicks&, const DomainTicks&) = default;
};

class ClockSchedule {
 public:
  explicit ClockSchedule(const ClockDomains& clocks) noexcept
      : core_period_(period(clocks.core_mhz)),
        icnt_period_(period(clocks.interconnect_mhz)),
        l2_period_(period(clocks.l2_mhz)),
        dram_period_(period(clocks.dram_mhz)) {}

  /// The next step: the domains whose edge comes first tick.
  DomainMask step() noexcept {
    double smallest = core_time_;
    if (icnt_time_ < smallest) smallest = icnt_time_;
    if (dram_time_ < smallest) smallest = dram_time_;
    std::uint8_t mask = 0;
    if (l2_time_ <= smallest) {
      smallest = l2_time_;
      mask |= static_cast<std::uint8_t>(ClockDomain::L2);
      l2_time_ += l2_period_;
      ++ticks_.l2;
    }
    if (icnt_time_ <= smallest) {
      mask |= static_cast<std::uint8_t>(ClockDomain::Interconnect);
      icnt_time_ += icnt_period_;
      ++ticks_.interconnect;
    }
    if (dram_time_ <= smallest) {
      mask |= static_cast<std::uint8_t>(ClockDomain::Dram);
      dram_time_ += dram_period_;
      ++ticks_.dram;
    }
    if (core_time_ <= smallest) {
      mask |= static_cast<std::uint8_t>(ClockDomain::Core);
      core_time_ += core_period_;
      ++ticks_.core;
    }
    return DomainMask{mask};
  }

  /// Steps until `core_ticks` core ticks have happened in all (nothing if
  /// they already have), stopping right after the step with that core tick,
  /// and returns the ticks of each domain taken on the way: how a loop that
  /// jumps over cycles in which nothing can happen keeps the same edges as
  /// one that steps through them (MemorySystem::skip takes the result).
  DomainTicks advance_core_to(std::uint64_t core_ticks) noexcept {
    const DomainTicks before = ticks_;
    while (ticks_.core < core_ticks) step();
    return DomainTicks{ticks_.core - before.core, ticks_.interconnect - before.interconnect,
                       ticks_.l2 - before.l2, ticks_.dram - before.dram};
  }

  /// Ticks of each domain so far.
  [[nodiscard]] const DomainTicks& ticks() const noexcept { return ticks_; }

 private:
  static double period(double mhz) noexcept { return 1.0 / (mhz * 1000000.0); }

  double core_period_;
  double icnt_period_;
  double l2_period_;
  double dram_period_;
  double core_time_ = 0.0;
  double icnt_time_ = 0.0;
  double l2_time_ = 0.0;
  double dram_time_ = 0.0;
  DomainTicks ticks_;
};

}  // namespace lockstep::sim
