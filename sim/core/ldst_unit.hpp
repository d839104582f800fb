// The LD/ST unit of an SM (GPGPU-Sim's ldst_unit, research/001-microarch-tbc.md
// §1.4): shared memory, the constant cache (L1C), the data cache (L1D)
// and the uncached path to the interconnect.
//
// One memory instruction at a time sits in its dispatch register. Each
// cycle, in this order:
//   1. writeback: one finished access is handed back (round robin among
//      the shared-memory pipeline, uncached replies, L1C and L1D fills);
//   2. the response buffer (`ldst_response_buffer` replies) gives one reply
//      to whoever waits for it: an L1C or L1D fill (when the cache's fill
//      port is free), a write acknowledgement, or an uncached read or
//      atomic reply;
//   3. the L1D access pipeline (`l1d_latency` stages): the access at its
//      head looks the L1D up: a hit finishes, a miss waits in the MSHRs for
//      its fill, a reservation failure stays at the head and retries;
//   4. the caches' cycle (ports);
//   5. the dispatch register:
//      - shared memory: the instruction stays for its bank-conflict cycles
//        (shared_banks.hpp), then enters the shared-memory pipeline and
//        finishes `shared.latency` cycles later;
//      - constant and parameter reads: one L1C access per cycle, one per
//        distinct line (coalescer.hpp); hits finish at once, misses when
//        their line is filled;
//      - global and local memory: one coalesced request per cycle into the
//        L1D pipeline, or, for global accesses with `gmem_skip_l1d`, without
//        an L1D, and for every atomic, straight to the interconnect;
//      when every access has left, the register is free. A cycle in which
//      the register could not make progress is a memory-stage stall
//      (gpgpu_n_stall_shd_mem) with GPGPU-Sim's breakdown: BK_CONF for a
//      bank conflict, a reservation failure or a busy L1D pipeline stage,
//      COAL_STALL when accesses remain, ICNT_RC_FAIL when the interconnect
//      port is full, DATA_PORT_STALL when the L1C data port is busy.
// The caches' misses and write-throughs go to the cluster port, one per
// cache per cycle (send_outgoing).
//
// Loads and atomics finish when all their accesses have; stores when all
// have left (their acknowledgements are counted per warp, for fences and
// for the warp's end). Functional effects happened at issue; atomics are
// timed as uncached reads that the L2's ROP path serves.
#pragma once

#include <cstdint>
#include <deque>
#include <optional>
#include <vector>

#include "sim/config/core_config.hpp"
#include "sim/core/cluster_port.hpp"
#include "sim/core/operand_collector.hpp"
#include "sim/core/sm_stats.hpp"
#include "sim/core/warp_instr.hpp"
#include "sim/mem/cache.hpp"

namespace lockstep::sim {

/// What the LD/ST unit tells the SM after a cycle.
struct LdstEvents {
  std::vector<std::uint32_t> finished;     ///< instructions (pool indices) done: release them
  std::vector<std::uint32_t> store_sent;   ///< a warp sent a write that will be acknowledged (one entry each)
  std::vector<std::uint32_t> store_acked;  ///< a warp's write was acknowledged (one entry each)
  void clear() noexcept {
    finished.clear();
    store_sent.clear();
    store_acked.clear();
  }
};

class LdstUnit {
 public:
  /// `first_cache_id`: the SM's L1D and L1C make their own requests with ids
  /// from there on (bit 63 set).
  LdstUnit(const CoreConfig& core, std::uint32_t sm, std::uint64_t first_cache_id);

  /// The dispatch register is free.
  [[nodiscard]] bool can_dispatch() const noexcept { return !current_; }
  void dispatch(std::uint32_t instr, Cycle now, WarpInstrPool& pool);

  /// Room in the response buffer for a reply.
  [[nodiscard]] bool response_full() const noexcept { return responses_.size() >= response_capacity_; }
  void accept_response(const MemRequest& reply) { responses_.push_back(reply); }

  /// One cycle (steps 1 to 5 above).
  void cycle(Cycle now, WarpInstrPool& pool, ClusterPort& port, SmStats& stats, LdstEvents& events);
  /// Sends the head of each cache's miss queue to the port when it has room.
  void send_outgoing(Cycle now, ClusterPort& port, SmStats& stats);

  /// Nothing held: no instruction, access, reply or cache request.
  [[nodiscard]] bool idle() const noexcept;
  /// Cycle at which the shared-memory pipeline next finishes something (kNever: none).
  [[nodiscard]] Cycle next_shared_completion() const noexcept;
  /// Nothing to do before a reply arrives, but shared-memory completions
  /// (misses may be outstanding).
  [[nodiscard]] bool quiet() const noexcept;
  /// `n` cycles without accesses or fills (the loop jumped over them).
  void skip_cycles(std::uint64_t n) noexcept;

  [[nodiscard]] const Cache* l1d() const noexcept { return l1d_ ? &*l1d_ : nullptr; }
  [[nodiscard]] const Cache& l1c() const noexcept { return l1c_; }

 private:
  enum class Client : std::uint8_t { Shared, Uncached, L1c, L1d };

  void finish_access(std::uint32_t instr, WarpInstrPool& pool, LdstEvents& events);
  void finish_if_done(std::uint32_t instr, WarpInstrPool& pool, LdstEvents& events);
  void writeback(Cycle now, WarpInstrPool& pool, LdstEvents& events);
  void take_response(Cycle now, LdstEvents& events);
  void latency_queue(Cycle now, WarpInstrPool& pool, LdstEvents& events);
  /// Works on the dispatch register; returns the stall of this cycle, if any.
  std::optional<std::pair<MemStage, MemStall>> process(Cycle now, WarpInstrPool& pool, ClusterPort& port,
                                                       SmStats& stats, LdstEvents& events);
  [[nodiscard]] MemRequest request_for(const WarpInstr& wi, std::uint32_t instr, const MemAccess& a, AccessType type,
                                       Cycle now);

  const CoreConfig* core_;
  std::uint32_t sm_;
  std::optional<Cache> l1d_;
  Cache l1c_;
  std::optional<std::uint32_t> current_;           ///< the dispatch register
  std::uint32_t shared_left_ = 0;                  ///< bank-conflict cycles left for it
  struct Timed {
    Cycle at;
    std::uint32_t instr;
  };
  std::deque<Timed> shared_pipe_;                  ///< shared-memory instructions and their finish cycle
  std::vector<std::optional<MemRequest>> l1_stages_;  ///< the L1D access pipeline; [0] is the head
  std::deque<MemRequest> responses_;
  std::uint32_t response_capacity_ = 1;
  std::deque<MemRequest> uncached_done_;            ///< uncached replies waiting for writeback
  std::uint32_t next_client_ = 0;                   ///< writeback round robin
  std::uint64_t next_id_ = 1;                       ///< ids of the requests the unit makes
};

/// The access type of a global or local access.
[[nodiscard]] AccessType access_type_of(bool local, bool write) noexcept;

}  // namespace lockstep::sim
