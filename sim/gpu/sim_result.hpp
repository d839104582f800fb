// What a simulation produces: how the launch ended (the same RunResult as
// `run`: status, stuck threads, fault, the livelock's cycle), the final
// memory and printf output, the cycle count, the occupancy it ran with,
// every component's statistics, and optionally the issue order and
// counter samples over time.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "semantics/launch/run_result.hpp"
#include "semantics/memory/global_memory.hpp"
#include "semantics/launch/model_spec.hpp"
#include "sim/core/occupancy.hpp"
#include "sim/core/sm_stats.hpp"
#include "sim/core/spin_census.hpp"
#include "sim/core/spin_detector.hpp"
#include "sim/mem/memory_system.hpp"

namespace lockstep::sim {

/// One step of the issue order: `count` consecutive instructions of unit
/// `key` of one warp (the first at `pc` for `lanes`), as a trace step. A
/// fired model event (AWARE's reconvergence timeout) is a step of its own
/// with key kEventKey + event and pc kEventPc, as traces write it
/// (docs/trace.md; checker/explore/fairness_units.hpp).
inline constexpr unsigned kEventKey = sem::kWarpSize;
inline constexpr std::uint32_t kEventPc = 0xffffffffU;
struct ScheduleStep {
  std::uint32_t block = 0;          ///< linear block index
  std::uint32_t warp_in_block = 0;
  unsigned key = 0;
  std::uint32_t pc = 0;
  sem::Mask lanes = 0;
  std::uint32_t count = 1;
  std::uint32_t slot = 0;  ///< the engine's block slot that held the block (sem::Residency)
};

/// The CTA dispatcher gave `block` to engine slot `slot`, or (block ==
/// sem::kNoBlock) the slot's block retired, before schedule step `before`
/// (the schedule's size then; under core scope the next issue starts a new
/// step, elsewhere it may extend step `before` - 1). With the schedule, what a replay with the
/// simulator's residency needs: dynamic warp formation pools the slots of
/// an SM (docs/models/dwf.md "Core scope"), so which blocks share an SM
/// decides what its steps mean.
struct SlotEvent {
  std::size_t before = 0;
  std::uint32_t slot = 0;
  std::uint32_t block = 0;
};

/// Totals at one moment (every sample_interval cycles), for timelines.
struct CounterSample {
  Cycle cycle = 0;
  std::uint64_t warp_instructions = 0;
  std::uint64_t thread_instructions = 0;    ///< threads of the issuing units
  std::uint64_t executed_instructions = 0;  ///< guard-true threads (gpu_sim_insn)
  std::uint32_t active_warps = 0;           ///< live warps on all SMs at the sample
  std::uint32_t resident_ctas = 0;
  MemoryCounters memory;
};

/// A statistic reported by a component through a StatVisitor.
struct NamedStat {
  std::string name;
  bool ratio = false;
  std::uint64_t count = 0;
  double value = 0.0;
};

struct SimResult {
  /// How it ended: Completed, Deadlock, Livelock, Error, or StepLimit for
  /// the cycle cap (`cycle-limit`); stuck threads and the livelock's cycle
  /// as `run` reports them (cycle_steps counts instructions).
  sem::RunResult run;
  /// The model the semantics ran: SimOptions::model, but AWARE with
  /// timeout=any when the simulation times reconvergence out in cycles (the
  /// timeouts are model events of the schedule, so that spec replays it).
  sem::ModelSpec model;
  /// Non-empty when the hang is resident blocks waiting for blocks that can
  /// never become resident: names the occupancy limit.
  std::string occupancy_deadlock;
  sem::GlobalMemory memory;
  std::string output;
  Cycle cycles = 0;  ///< core cycles until the launch ended and memory drained (gpu_sim_cycle)
  Occupancy occupancy;
  std::string occupancy_text;            ///< Occupancy::describe
  std::uint32_t registers = 0;           ///< registers per thread used for occupancy
  bool registers_estimated = false;      ///< lockstep's estimate (the spec gave none)
  std::uint64_t undispatched_blocks = 0; ///< blocks never dispatched (a hang, a fault or the cap)
  std::vector<SmStats> sm_stats;         ///< per SM
  std::vector<NamedStat> l1_stats;       ///< the SMs' L1I, L1D and L1C, summed over SMs (GPGPU-Sim's names)
  std::vector<NamedStat> memory_stats;   ///< MemorySide::report, in its order
  MemoryCounters memory_counters;
  std::vector<ScheduleStep> schedule;    ///< with SimOptions::record_schedule
  std::vector<SlotEvent> slot_events;    ///< with SimOptions::record_schedule
  std::uint32_t engine_slots = 0;        ///< the engine's block slots (every SM's CTA slots)
  std::uint32_t core_slots = 1;          ///< slots per model state (sem::Residency::core_slots)
  /// A livelock: the schedule's steps from here on are the cycle.
  std::optional<std::size_t> schedule_cycle_start;
  std::vector<CounterSample> samples;    ///< with SimOptions::sample_interval
  /// With DDOS: the spin-inducing branches each SM confirmed, SM by SM, in
  /// the order they were confirmed.
  std::vector<SpinDetection> detections;
  /// With DDOS: every taken backward branch, SM by SM, ascending PC within
  /// an SM (sim/core/spin_census.hpp): the truth DDOS is measured against.
  std::vector<BackwardBranchRecord> backward_branches;
};

}  // namespace lockstep::sim
