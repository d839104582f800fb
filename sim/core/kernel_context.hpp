// What every SM of a simulation shares about the running launch: the
// semantics (the launch engine that executes at issue), the per-PC timing
// records, the occupancy the CTA dispatcher works with, and the latency of
// each latency class from the configuration.
#pragma once

#include <array>
#include <cstdint>
#include <string>

#include "semantics/launch/launch_engine.hpp"
#include "semantics/launch/timing_decode.hpp"
#include "sim/config/core_config.hpp"

namespace lockstep::sim {

/// Told of every issued instruction, in issue order (the simulation's
/// schedule of the semantics; hang detection).
class IssueSink {
 public:
  IssueSink() = default;
  IssueSink(const IssueSink&) = delete;
  IssueSink& operator=(const IssueSink&) = delete;
  virtual ~IssueSink() = default;
  /// Unit `key` of engine warp `warp` issued the instruction at `pc` for `threads`.
  virtual void issued(std::uint32_t warp, unsigned key, std::uint32_t pc, sem::Mask threads) = 0;
  /// Model event `event` of engine warp `warp` fired (a timeout; KernelContext::event_timeout).
  virtual void fired(std::uint32_t warp, unsigned event) = 0;
  /// Block `block` was admitted into engine slot `slot`, or (block ==
  /// sem::kNoBlock) the slot's block retired.
  virtual void slot_changed(std::uint32_t slot, std::uint32_t block) = 0;
};

struct KernelContext {
  sem::LaunchEngine* engine = nullptr;
  const sem::TimingDecode* decode = nullptr;
  std::uint32_t warps_per_cta = 1;
  std::uint32_t ctas_per_sm = 1;     ///< occupancy: the engine has ctas_per_sm slots per SM
  std::uint32_t sm_count = 1;
  std::uint32_t code_size = 0;       ///< instructions in the kernel
  std::string occupancy_text;        ///< Occupancy::describe, for reports
  IssueSink* issues = nullptr;       ///< told of every issue, when set
  /// Core cycles after which a warp's enabled model events fire (AWARE's
  /// reconvergence timeout, divergence.aware_timeout; event_timer.hpp); 0: never.
  std::uint64_t event_timeout = 0;
  /// The model's tables are virtualised (AWARE with st/rt sizes): the engine
  /// records each warp's spills and fills and the SMs time them (sm_tables.cpp).
  bool table_traffic = false;
  /// Thread block compaction: warp slot k of a block runs its compacted warp
  /// k, unit key k (sm_block.cpp).
  bool compacted_slots = false;
  /// ... with the thread compactor on: warps it forms leave it one per cycle.
  bool compactor = false;
  /// Latency and initiation interval of each sem::LatencyClass.
  std::array<OpTiming, sem::kLatencyClassCount> timing{};

  /// The engine's block slot of CTA slot `cta` of SM `sm`.
  [[nodiscard]] std::uint32_t slot_of(std::uint32_t sm, std::uint32_t cta) const noexcept {
    return sm * ctas_per_sm + cta;
  }
};

/// The latencies of `core.ops` by sem::LatencyClass (Fixed1: 1 and 1).
[[nodiscard]] inline std::array<OpTiming, sem::kLatencyClassCount> latency_table(const CoreConfig& core) noexcept {
  std::array<OpTiming, sem::kLatencyClassCount> t{};
  for (std::size_t i = 0; i < kOpClassCount; ++i) t[i] = core.ops.by_class[i];
  t[static_cast<std::size_t>(sem::LatencyClass::Fixed1)] = OpTiming{1, 1};
  return t;
}
static_assert(static_cast<std::size_t>(sem::LatencyClass::Tensor) == static_cast<std::size_t>(OpClass::Tensor));
static_assert(static_cast<std::size_t>(sem::LatencyClass::Sfu) == static_cast<std::size_t>(OpClass::Sfu));
static_assert(static_cast<std::size_t>(sem::LatencyClass::DpDiv) == static_cast<std::size_t>(OpClass::DpDiv));
static_assert(static_cast<std::size_t>(sem::LatencyClass::IntShfl) == static_cast<std::size_t>(OpClass::IntShfl));

}  // namespace lockstep::sim
