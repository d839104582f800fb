// One SM (SIMT core): the pipeline of research/001-microarch-tbc.md §1.3
// with GPGPU-Sim's structures, driving the semantics at issue.
//
// Each core cycle, in GPGPU-Sim's order (shader_core_ctx::cycle):
//   writeback      results due this cycle release their scoreboard entries
//                  and take register-bank write ports;
//   execute        the SIMD units take instructions from the OC_EX
//                  registers (simd_units.hpp); the LD/ST unit works
//                  (ldst_unit.hpp);
//   read operands  the operand collector (operand_collector.hpp);
//   issue          each warp scheduler (schedulers/) tries its warps in its
//                  order; the first warp whose next instruction is decoded,
//                  whose unit the semantics says may issue, that passes the
//                  scoreboard and finds room in its ID_OC register issues:
//                  the semantics executes the instruction now (its effects
//                  happen in issue order) and the step report says what it
//                  did. Up to `max_issue_per_warp` instructions of that warp
//                  in a row (two only to different unit classes with
//                  `dual_issue_diff_units`);
//   decode         the fetched instructions enter the warp's instruction
//                  buffer (two entries);
//   fetch          one warp with an empty instruction buffer (round robin)
//                  reads its next two instructions from the L1I; a miss
//                  waits for the fill.
// Branches are not predicted: the instruction buffer holds the next PCs in
// order; when the semantics' next PC for the warp (its unit's PC) differs
// from the buffered one, the buffer is flushed and fetch restarts there
// (GPGPU-Sim's control hazard).
//
// Busy-wait-aware scheduling (core.scheduler.ddos_*, bows_*): each issued
// instruction's step report feeds the SM's spin detector (DDOS,
// spin_detector.hpp), which records every confirmed spin-inducing branch;
// with BOWS the schedulers are wrapped (schedulers/bows.hpp) and a
// backed-off warp whose pending delay has not run out does not issue
// (back_off.hpp). Both only choose among the warps the semantics lets issue.
// With the cawa policy the SM keeps CAWA's criticality predictor
// (criticality.hpp), told of every launch and issue.
//
// Divergence hardware is the semantics' divergence model: the SM asks the
// launch engine which units of a warp may issue (a SIMT stack's top entry;
// every split of Multi-Path IPDOM; every thread group of independent
// thread scheduling at one PC) and at which PC; a warp whose units may not
// issue (barrier, warp sync, transaction of another warp) waits. When
// several units of a warp may issue, the SM takes them in loose round
// robin from the one after the last issued, skipping units that wait on the
// scoreboard (research 000 §2.3: LRR among ready splits), and the
// scoreboard tracks each pending register's threads (R-masks, §2.4;
// scoreboard.hpp), so a split never waits for another split's write. The
// instruction buffer holds one unit's instructions at a time: issuing
// another unit refetches at its PC. Model events timed in cycles (AWARE's
// reconvergence timeout) fire from event_timer.hpp. When the model's
// tables are virtualised (AWARE with physical sizes), the spills and fills
// the model records become LD/ST requests to the warp's reserved region and
// stall the warp by the research's buffer rules (sm_tables.cpp). Nothing
// model-specific is here.
//
// CTAs: launch_cta puts a block into a free CTA slot (its warps into
// consecutive hardware warps) and admits it to the engine; a CTA finishes
// when all its warps have exited and drained (no instruction in flight, no
// store unacknowledged); its state is then freed (retire).
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <optional>
#include <vector>

#include "semantics/launch/step_report.hpp"
#include "sim/config/core_config.hpp"
#include "sim/core/back_off.hpp"
#include "sim/core/cluster_port.hpp"
#include "sim/core/coalescer.hpp"
#include "sim/core/criticality.hpp"
#include "sim/core/event_timer.hpp"
#include "sim/core/kernel_context.hpp"
#include "sim/core/ldst_unit.hpp"
#include "sim/core/operand_collector.hpp"
#include "sim/core/schedulers/warp_scheduler.hpp"
#include "sim/core/scoreboard.hpp"
#include "sim/core/simd_units.hpp"
#include "sim/core/spin_census.hpp"
#include "sim/core/spin_detector.hpp"
#include "sim/core/sm_observer.hpp"
#include "sim/core/sm_stats.hpp"
#include "sim/core/warp_instr.hpp"
#include "sim/mem/cache.hpp"

namespace lockstep::sim {

class Sm {
 public:
  Sm(std::uint32_t id, const CoreConfig& core, const KernelContext& kernel, SmObserver* observer);
  Sm(const Sm&) = delete;
  Sm& operator=(const Sm&) = delete;

  [[nodiscard]] std::uint32_t id() const noexcept { return id_; }
  /// A CTA slot is free.
  [[nodiscard]] bool can_launch_cta() const noexcept;
  /// Starts block `block` (linear index) in a free CTA slot.
  void launch_cta(std::uint32_t block, Cycle now);

  /// Replies from the cluster: instruction fetches go to the L1I, the rest
  /// to the LD/ST unit's response buffer (which may be full).
  [[nodiscard]] bool can_take_reply(const MemRequest& reply) const noexcept;
  void take_reply(const MemRequest& reply, Cycle now);

  /// One core cycle (see above). `port` is the cluster's interconnect port.
  void cycle(Cycle now, ClusterPort& port);

  /// No CTA resident and nothing in flight.
  [[nodiscard]] bool idle() const noexcept;
  /// Nothing in flight (CTAs may be resident, their warps waiting).
  [[nodiscard]] bool drained() const noexcept;
  /// CTAs resident now.
  [[nodiscard]] std::uint32_t resident_ctas() const noexcept { return resident_; }
  /// Live warps now (resident warps that have not finished).
  [[nodiscard]] std::uint32_t live_warps() const noexcept { return live_warps_; }
  /// The semantics faulted in this SM's issue; the simulation stops.
  [[nodiscard]] bool faulted() const noexcept { return faulted_; }
  /// Issued something in the last cycle.
  [[nodiscard]] bool issued_last_cycle() const noexcept { return issued_last_; }
  /// When the SM can next do anything, given no reply arrives before
  /// (kNever: only a reply or a new CTA can wake it); `now` when it has work
  /// this cycle.
  [[nodiscard]] Cycle next_event(Cycle now) const noexcept;
  /// Accounts `n` cycles in which next_event() said nothing happens (the
  /// loop jumped over them): the per-cycle statistics as if they were ticked.
  void skip_cycles(std::uint64_t n) noexcept;

  [[nodiscard]] const SmStats& stats() const noexcept { return stats_; }
  /// Spin-inducing branches DDOS confirmed on this SM, in order.
  [[nodiscard]] const std::vector<SpinDetection>& detections() const noexcept { return detections_; }
  /// With DDOS: the backward branches this SM executed (spin_census.hpp); none without.
  [[nodiscard]] const std::vector<BackwardBranchRecord>* backward_branches() const noexcept {
    return census_ ? &census_->branches() : nullptr;
  }
  [[nodiscard]] const Cache& l1i() const noexcept { return l1i_; }
  [[nodiscard]] const LdstUnit& ldst() const noexcept { return ldst_; }

 private:
  struct IbufEntry {
    std::uint32_t pc = 0;
    bool valid = false;
  };
  struct HwWarp {
    bool live = false;          ///< holds a warp that has not finished (hardware-wise)
    bool done = false;          ///< every thread exited (semantically); drains
    std::uint32_t sem = 0;      ///< warp index in the launch engine
    std::uint32_t cta = 0;      ///< CTA slot
    std::uint32_t block = 0;    ///< linear block index
    std::uint32_t fetch_pc = 0;
    bool imiss = false;         ///< waiting for an L1I fill
    std::array<IbufEntry, 2> ibuf{};
    std::uint32_t in_flight = 0;       ///< issued, not written back
    std::uint32_t stores_pending = 0;  ///< writes not yet acknowledged
    bool fence = false;                ///< waits for its writes (membar / fence)
    unsigned next_key = 0;             ///< next unit to try (models with several units per warp)
    sem::InstrRole last_role = sem::InstrRole::Compute;  ///< of the last instruction issued
    // Virtualised divergence tables (sm_tables.cpp).
    std::uint32_t table_spills = 0;    ///< spills not yet out of the LD/ST unit (the spill request buffers)
    std::uint32_t st_fills = 0;        ///< split-table fills not yet returned
    std::uint32_t rt_fills = 0;        ///< reconvergence-table fills not yet returned
    bool await_st_fill = false;        ///< a filled split is at the FIFO head: it waits for its fill
    // Block-scope models (sm_block.cpp).
    Cycle ready_at = 0;                ///< a compacted warp leaves the compactor in this cycle
    sem::Mask unit_threads = 0;        ///< its unit's threads when last seen (0: no unit)
    std::array<std::uint8_t, sem::kWarpSize> unit_home{};  ///< and their static warps
  };
  struct Cta {
    bool used = false;
    std::uint32_t block = 0;
    std::uint32_t warps_left = 0;  ///< warps not finished
  };

  // sm_front.cpp
  void fetch(Cycle now, ClusterPort& port);
  void decode();
  void issue(Cycle now);
  /// Whether warp w's next instruction can issue now (WarpState::Issued
  /// standing for "ready"), with the unit key and class it would use.
  WarpState assess(std::uint32_t w, unsigned& key, UnitKind& unit, Cycle now);
  void issue_one(std::uint32_t sched, std::uint32_t w, unsigned key, UnitKind unit, Cycle now);
  [[nodiscard]] UnitKind unit_for(sem::PipeClass pipe) const noexcept;
  void build_memory_accesses(WarpInstr& wi, const sem::StepReport& r, std::uint32_t w);
  /// CAWA's criticality predictor learns of the instruction at `pc` warp w
  /// just issued (through unit `key`).
  void criticality_issue(std::uint32_t w, unsigned key, std::uint32_t pc, Cycle now);
  /// CACP: warp w is critical among the SM's live warps at `now`.
  [[nodiscard]] bool warp_critical(std::uint32_t w, Cycle now);
  /// DDOS and BOWS learn of the instruction warp w just issued.
  void spin_aware_issue(std::uint32_t w, const sem::TimingInstr& t, Cycle now);
  // sm.cpp
  void writeback(Cycle now);
  void finish(std::uint32_t instr, Cycle now);
  void warp_may_end(std::uint32_t w, Cycle now);
  void refresh_facts(std::uint32_t w);
  /// Fires the model events whose timers ran out (event_timer.hpp).
  void fire_timeouts(Cycle now);
  // sm_block.cpp: what block-scope models (thread block compaction) add.
  /// Unit `key` of warp w (at u) would read or write a register with a write
  /// pending for one of its threads. Under a block-scope model a compacted
  /// warp's threads keep their home lanes and registers: the entries checked
  /// are those of each lane's static warp.
  [[nodiscard]] bool sb_collides(std::uint32_t w, unsigned key, const sem::UnitView& u) const;
  /// The instruction `wi` of unit `key` reserves its destination registers.
  void sb_reserve(std::uint32_t w, unsigned key, WarpInstr& wi, bool long_latency);
  /// ... and releases them at writeback.
  void sb_release(const WarpInstr& wi);
  /// Whether warp w's enabled unit waits on the scoreboard (next_event).
  [[nodiscard]] bool sb_waits(std::uint32_t w) const;
  /// After a step of warp w under a block-scope model: the block's other
  /// warp slots may have finished, or been formed by the compactor (which
  /// emits one warp per cycle, the first in the next cycle).
  void block_stepped(std::uint32_t w, Cycle now);
  /// The SM's hardware warp holding static warp 0 of w's model state: the
  /// first of w's CTA, or under core scope the SM's first (sm_block.cpp).
  [[nodiscard]] std::uint32_t home_base(std::uint32_t w) const noexcept;
  /// Slot v's unit now: its threads, and their static warps in `home` (0xff elsewhere).
  sem::Mask slot_unit(std::uint32_t v, std::array<std::uint8_t, sem::kWarpSize>& home) const;
  // sm_tables.cpp
  /// Turns warp w's table spills and fills since the last call into LD/ST requests.
  void take_table_traffic(std::uint32_t w, Cycle now);
  /// A spill or fill finished (its data back, or its write out).
  void table_access_done(std::uint32_t instr, Cycle now);
  /// The research's buffer rules (§1.7): the warp may not issue while a
  /// fill it waits for is outstanding, nor a branch while a spill is.
  [[nodiscard]] bool table_stall(const HwWarp& hw) const noexcept;
  /// Threads a unit's scoreboard entries cover: the unit's own when units
  /// are splits or threads, the whole warp when a unit is the warp.
  [[nodiscard]] sem::Mask sb_mask(sem::Mask threads) const noexcept { return masked_ ? threads : sem::kFullMask; }

  std::uint32_t id_;
  const CoreConfig* core_;
  const KernelContext* kernel_;
  SmObserver* observer_;
  sem::LaunchEngine* engine_;
  Cache l1i_;
  LdstUnit ldst_;
  OperandCollector oc_;
  SimdUnits simd_;
  Scoreboard scoreboard_;
  bool masked_ = false;  ///< several units per warp: per-unit R-masks on the scoreboard
  bool block_scope_ = false;  ///< the model keeps one state per block (sm_block.cpp)
  std::uint32_t core_slots_ = 1;  ///< CTA slots per model state: 1, or all of them under core scope
  EventTimer timer_;
  Coalescer coalescer_;
  WarpInstrPool pool_;
  std::vector<HwWarp> warps_;
  std::vector<WarpFacts> facts_;
  std::vector<Cta> ctas_;
  std::optional<SpinDetector> ddos_;  ///< with core.scheduler.ddos_enabled
  std::optional<SpinCensus> census_;  ///< with it: what DDOS is measured against
  std::optional<BackOff> bows_;       ///< with core.scheduler.bows_enabled
  std::optional<CriticalityPredictor> cpl_;  ///< with the cawa policy
  bool cacp_ = false;                        ///< with the cawa policy and cawa_cacp
  std::vector<std::uint32_t> live_scratch_;  ///< scratch: live warps (warp_critical)
  std::vector<SpinDetection> detections_;
  std::vector<std::unique_ptr<SchedulerUnit>> schedulers_;
  std::vector<std::uint32_t> order_;  ///< scratch: a scheduler's order
  std::vector<std::uint32_t> due_;    ///< scratch: instructions to write back
  LdstEvents ldst_events_;
  sem::StepReport report_;
  sem::TableTraffic table_scratch_;
  SmStats stats_;
  // Fetch.
  struct FetchBuffer {
    bool valid = false;
    std::uint32_t warp = 0;
    std::uint32_t pc = 0;
  } fetch_buffer_;
  std::uint32_t last_fetched_ = 0;
  std::uint64_t next_fetch_id_ = 1;
  std::uint32_t issue_priority_ = 0;  ///< scheduler that goes first this cycle (rotates)
  std::uint64_t next_instr_id_ = 1;
  std::uint64_t next_age_ = 0;
  std::uint64_t next_cta_age_ = 0;
  std::uint32_t resident_ = 0;
  std::uint32_t live_warps_ = 0;
  bool faulted_ = false;
  bool issued_last_ = false;
};

}  // namespace lockstep::sim
