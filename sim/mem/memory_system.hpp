// Everything below the SMs' L1 caches, as one component the cycle loop
// ticks: the interconnect (a crossbar per direction between the SM
// clusters and the memory sub-partitions), the memory partitions (one per
// DRAM channel), each with its sub-partitions (ROP/atomic delay, L2 slice,
// queues) and its DRAM channel (controller, scheduler, banks). The machine
// is research/001-microarch-tbc.md §1.5 with GPGPU-Sim's structures;
// docs/sim.md, "Memory system", says what is modelled and how.
//
// The SM side talks to it through its cluster's port (GPGPU-Sim's SIMT
// core cluster: `core.cores_per_cluster` SMs share one interconnect port):
//
//   core cycle, before the SMs' pipelines (GPGPU-Sim's icnt_cycle):
//     if (the cluster's response FIFO has room)
//       if (auto reply = mem.pop_reply(cluster, now)) deliver(*reply);   // to reply->sm
//   core cycle, in the SMs' pipelines (the LD/ST unit, an L1's miss queue):
//     if (mem.can_accept(cluster, request)) mem.push(cluster, request, now);
//
// The loop ticks the memory side at each step of the clock schedule
// (sim/gpu/clock_domains.hpp), between the two halves of the core cycle, as
// GPGPU-Sim orders them:
//
//   DomainMask m = clocks.step();
//   if (m.has(Core)) for each cluster: pop replies (above)
//   mem.tick(m, cycle);
//   if (m.has(Core)) { run the SMs (which push requests); ++cycle; }
//
// `cycle` is the number of core cycles completed before this step
// (GPGPU-Sim's gpu_sim_cycle): every delay and stamp is in core cycles,
// whatever clock the component runs on.
//
// Replies: every request except a writeback (L1_WRBK_ACC) gets exactly one
// reply with its id: the data of a read or an atomic, the acknowledgement
// of a write. A request the L2 splits into sectors (a sector L2 and an
// access of more than one sector) travels back as one packet per sector;
// pop_reply takes one packet per call and returns the request when its last
// packet has arrived.
//
// Jumping: when the SMs have nothing to do before a known cycle, the loop
// may jump to min(their next event, next_event_cycle()) by advancing the
// clock schedule there (ClockSchedule::advance_core_to) and handing the
// ticks it skipped to skip(); the statistics then read as if every cycle had
// been ticked.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>

#include "sim/config/gpu_config.hpp"
#include "sim/gpu/clock_domains.hpp"
#include "sim/mem/mem_request.hpp"
#include "sim/mem/stat_visitor.hpp"

namespace lockstep::sim {

/// Totals the loop may sample over time (timelines: DRAM bandwidth, L2
/// miss rate); all monotone.
struct MemoryCounters {
  std::uint64_t dram_reads = 0;         ///< column read commands (all channels)
  std::uint64_t dram_writes = 0;        ///< column write commands
  std::uint64_t dram_busy_cycles = 0;   ///< DRAM cycles the data buses were busy (GPGPU-Sim's bwutil)
  std::uint64_t dram_cycles = 0;        ///< DRAM cycles x channels (GPGPU-Sim's n_cmd)
  std::uint64_t l2_accesses = 0;
  std::uint64_t l2_misses = 0;
  std::uint64_t replies = 0;            ///< requests returned through pop_reply
};

class MemorySystem {
 public:
  /// Builds the memory side of `config` (checked by check_gpu_config).
  /// std::invalid_argument when it cannot be built: an interconnect buffer
  /// smaller than the largest packet, a texture-FIFO L2.
  explicit MemorySystem(const GpuConfig& config);
  ~MemorySystem();
  MemorySystem(MemorySystem&&) noexcept;
  MemorySystem& operator=(MemorySystem&&) noexcept;
  MemorySystem(const MemorySystem&) = delete;
  MemorySystem& operator=(const MemorySystem&) = delete;

  /// Interconnect ports on the SM side: `core.clusters`.
  [[nodiscard]] std::uint32_t clusters() const noexcept;
  /// The cluster of SM `sm` (sm / core.cores_per_cluster).
  [[nodiscard]] std::uint32_t cluster_of(std::uint32_t sm) const noexcept;
  /// The memory sub-partition (and so the L2 slice) an address belongs to.
  [[nodiscard]] std::uint32_t sub_partition_of(std::uint64_t addr) const noexcept;

  /// Whether the cluster's injection buffer has room for the request's
  /// packet (all its flits) now.
  [[nodiscard]] bool can_accept(std::uint32_t cluster, const MemRequest& request) const noexcept;
  /// Injects a request (precondition: can_accept; std::logic_error otherwise
  /// or for an access crossing a 128-byte boundary). `now` is the current
  /// core cycle; the request keeps its `issued` stamp.
  void push(std::uint32_t cluster, const MemRequest& request, Cycle now);

  /// Whether a reply packet has reached the cluster's port (pop_reply will
  /// take it).
  [[nodiscard]] bool reply_waiting(std::uint32_t cluster) const noexcept;
  /// Takes one reply packet from the cluster's port, if one has arrived,
  /// and returns the request it completes (stamped `returned = now`), or
  /// nothing (no packet, or a sector of a request still missing others).
  /// Call at most once per core cycle per cluster, and only when the reply
  /// can be taken: it leaves the memory system.
  std::optional<MemRequest> pop_reply(std::uint32_t cluster, Cycle now);

  /// The memory side's work of one step of the clock schedule.
  void tick(DomainMask domains, Cycle now);

  /// Nothing in flight anywhere (no request, reply or writeback in any
  /// queue, cache or DRAM bank).
  [[nodiscard]] bool idle() const noexcept;
  /// The earliest core cycle >= now at which ticking can change anything
  /// but statistics: `now` while work is moving, the end of the first pure
  /// delay (ROP, DRAM pipeline) while requests only wait in delays, kNever
  /// when idle.
  [[nodiscard]] Cycle next_event_cycle(Cycle now) const noexcept;
  /// Accounts for ticks the loop jumped over (precondition: they all came
  /// before next_event_cycle(); std::logic_error if a tick in them would
  /// have moved a request).
  void skip(const DomainTicks& skipped, Cycle now);

  /// Every statistic, in a fixed order (docs/sim.md lists the names).
  void report(StatVisitor& visitor) const;
  [[nodiscard]] MemoryCounters counters() const noexcept;

 private:
  class Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace lockstep::sim
