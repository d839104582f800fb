// How components hand their statistics to whoever prints them.
//
// A component that counts owns its counters; its `report(StatVisitor&)`
// calls the visitor once per statistic, in a fixed order (the same for
// every run of the same configuration), with GPGPU-Sim's name where the
// meaning is the same (docs/sim.md, "Memory system", lists them). The
// statistics writer implements the visitor (text, JSON, CSV).
#pragma once

#include <cstdint>
#include <string_view>

namespace lockstep::sim {

class StatVisitor {
 public:
  StatVisitor() = default;
  StatVisitor(const StatVisitor&) = default;
  StatVisitor& operator=(const StatVisitor&) = default;
  virtual ~StatVisitor() = default;

  /// An event count or a sum.
  virtual void counter(std::string_view name, std::uint64_t value) = 0;
  /// A derived value (a rate, a utilisation); NaN when its denominator is 0.
  virtual void ratio(std::string_view name, double value) = 0;
};

}  // namespace lockstep::sim
