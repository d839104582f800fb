// One DRAM channel: the memory controller and the GDDR chips behind it, one
// call of cycle() per DRAM command-clock cycle (GPGPU-Sim's dram_t).
//
//   push -> request queue (2 entries) -> scheduler (FR-FCFS: `scheduler_queue`
//   requests, per-bank queues; FIFO: the request queue's head) -> one request
//   per bank -> commands -> data pipeline (CL or WL + burst) -> return queue
//
// Each cycle: the data pipeline advances (unless the return queue is
// full) and a request whose data is complete enters the return queue
// (writebacks end there); the scheduler gives at most one free bank a
// request; then, scanning the banks from a rotating priority, at most one
// column command (READ/WRITE) and at most one row command (ACTIVATE,
// PRECHARGE) are issued, a row command only before any column command of
// the same cycle. Timing rules (DRAM cycles, DramTiming):
//   ACTIVATE  bank idle; tRP after its PRECHARGE; tRC after its ACTIVATE;
//             tRRD after any ACTIVATE of the channel
//   READ      row open for tRCD; tCCD after any column command; tCCDL after
//             one in the same bank group; tWTR = WL + BL/ratio + tCDLR after
//             a WRITE
//   WRITE     row open for tRCD - WL - 1; tCCD, tCCDL; tRTW = CL + BL/ratio
//             + 2 - WL after a READ
//   PRECHARGE another row wanted; tRAS after ACTIVATE; BL/ratio after a READ
//             of the bank; tRTPL after a READ in its bank group; tWTP = WL +
//             BL/ratio + tWR after a WRITE of the bank
// A column command moves `access_bytes()` (burst x bus width x chips); a
// request of more bytes takes several. Its data is complete CL (read) or
// WL (write) cycles after the command plus BL/ratio cycles for the burst
// (GPGPU-Sim completes it at the first beat, without the burst).
// Statistics are GPGPU-Sim's (n_cmd, n_nop, n_activity, n_act, n_pre,
// n_req, n_rd, n_rd_L2_A, n_write, n_wr_bk, bwutil) and the row-buffer
// locality its FR-FCFS scheduler counts (also counted under FIFO).
#pragma once

#include <cstdint>
#include <vector>

#include "sim/config/memory_config.hpp"
#include "sim/mem/address_decoder.hpp"
#include "sim/mem/data_pipeline.hpp"
#include "sim/mem/dram_scheduler.hpp"
#include "sim/mem/mem_request.hpp"
#include "sim/mem/ring_queue.hpp"
#include "sim/mem/stat_visitor.hpp"

namespace lockstep::sim {

struct DramStats {
  std::uint64_t n_cmd = 0;       ///< DRAM cycles
  std::uint64_t n_nop = 0;       ///< cycles without a command
  std::uint64_t n_activity = 0;  ///< cycles with a request in a bank or a timing constraint running
  std::uint64_t n_act = 0;       ///< ACTIVATE commands
  std::uint64_t n_pre = 0;       ///< PRECHARGE commands
  std::uint64_t n_req = 0;       ///< requests taken
  std::uint64_t n_rd = 0;        ///< READ commands (but write-allocate reads)
  std::uint64_t n_rd_L2_A = 0;   ///< READ commands of L2 write-allocate reads
  std::uint64_t n_write = 0;     ///< WRITE commands (but L2 writebacks); GPGPU-Sim's n_wr
  std::uint64_t n_wr_bk = 0;     ///< WRITE commands of L2 writebacks; GPGPU-Sim's n_wr_WB
  std::uint64_t bwutil = 0;      ///< cycles the data bus is busy: BL / ratio per column command
  std::uint64_t access_num = 0;  ///< requests scheduled to a bank
  std::uint64_t hits_num = 0;    ///< of which row-buffer hits
  std::uint64_t read_num = 0;
  std::uint64_t hits_read_num = 0;
  std::uint64_t write_num = 0;
  std::uint64_t hits_write_num = 0;

  DramStats& operator+=(const DramStats& o) noexcept;
  /// n_cmd ... n_wr_bk, bwutil, bw_util (bwutil / n_cmd), dram_eff (bwutil /
  /// n_activity), Row_Buffer_Locality (hits / accesses), _read, _write, each
  /// as PREFIX.NAME (PREFIX "DRAM[3]").
  void report(StatVisitor& v, std::string_view prefix) const;
};

class DramChannel {
 public:
  /// `sub_partitions_per_channel`: how a request's sub-partition maps to the
  /// channel's local one (writebacks that complete return a credit to it).
  DramChannel(const DramConfig& dram, std::uint32_t sub_partitions_per_channel);

  /// The controller cannot take a request (FR-FCFS: `scheduler_queue`
  /// requests wait; FIFO: its 2-entry queue is full).
  [[nodiscard]] bool full() const noexcept;
  /// Takes a request (precondition: !full()); `now` stamps at_dram.
  void push(const MemRequest& request, const DecodedAddress& where, Cycle now);

  /// One DRAM cycle.
  void cycle();

  /// The return queue: completed reads and writes, as replies.
  [[nodiscard]] bool has_reply() const noexcept { return !returns_.empty(); }
  [[nodiscard]] const MemRequest& reply() const noexcept { return returns_.front(); }
  void pop_reply() noexcept { returns_.pop(); }

  /// Local sub-partitions whose writebacks completed since the last call
  /// (one entry per writeback), cleared by the call.
  [[nodiscard]] std::uint32_t take_finished_writebacks(std::uint32_t local_sub_partition) noexcept;

  /// No request anywhere in the channel.
  [[nodiscard]] bool idle() const noexcept;
  /// `n` cycles of an idle channel at once.
  void skip(std::uint64_t n) noexcept;

  [[nodiscard]] const DramStats& stats() const noexcept { return stats_; }
  /// Requests waiting for a bank.
  [[nodiscard]] std::uint32_t queued() const noexcept;

 private:
  struct Request {
    MemRequest request;
    std::uint32_t bank = 0;
    std::uint32_t row = 0;
    std::uint32_t bytes = 0;
    std::uint32_t sent = 0;       ///< bytes whose column command was issued
    std::uint32_t delivered = 0;  ///< bytes through the data pipeline
    bool write = false;
  };
  struct Bank {
    bool active = false;
    std::uint32_t row = 0;
    std::int32_t request = -1;  ///< the request being served
    std::uint32_t want_row = 0; ///< its row
    bool want_write = false;    ///< whether it writes
    std::uint64_t rcd = 0, rcdwr = 0, ras = 0, rp = 0, rc = 0, wtp = 0, rtp = 0;  ///< cycle from which each is met
    std::uint64_t quiet = 0;  ///< when rcd, rcdwr, ras, rp and rc are all met
    std::uint32_t group = 0;
  };
  struct Group {
    std::uint64_t ccdl = 0;
    std::uint64_t rtpl = 0;
  };

  [[nodiscard]] std::uint32_t bank_of(const DecodedAddress& d) const noexcept;
  void schedule();
  bool column_command(std::uint32_t j);
  bool row_command(std::uint32_t j);
  void complete(std::uint32_t slot);
  void count_schedule(const Request& r, bool row_hit) noexcept;
  void assign(Bank& b, std::uint32_t slot) noexcept;
  void release(Bank& b) noexcept;
  void note(Bank& b, std::uint64_t until) noexcept;

  // Timing in DRAM cycles.
  std::uint32_t banks_;
  std::uint32_t tCCD_, tCCDL_, tRRD_, tRCD_, tRCDWR_, tRAS_, tRP_, tRC_, tRTW_, tWTR_, tWTP_, tRTPL_;
  std::uint32_t burst_cycles_;  ///< BL / data_command_freq_ratio
  std::uint32_t read_latency_;  ///< CL + burst
  std::uint32_t write_latency_;
  std::uint32_t atom_;
  std::uint32_t per_channel_;
  DramScheduler policy_;
  std::uint32_t queue_limit_;
  BankIndex bank_index_;

  std::uint64_t now_ = 0;  ///< DRAM cycles so far
  std::uint64_t rrd_ = 0, ccd_ = 0, rtw_ = 0, wtr_ = 0;
  std::uint64_t quiet_ = 0;       ///< when rrd, ccd, rtw and wtr are all met
  std::uint64_t banks_quiet_ = 0; ///< the latest of the banks' `quiet`
  std::uint32_t serving_ = 0;     ///< banks with a request
  bool writing_ = false;  ///< the last column command was a write
  std::uint32_t prio_ = 0;
  std::vector<Bank> bank_;
  std::vector<Group> group_;
  std::vector<Request> slots_;
  std::vector<std::uint32_t> free_slots_;
  RingQueue<std::uint32_t> incoming_;  ///< GPGPU-Sim's mrqq
  FrFcfsQueue frfcfs_;
  DataPipeline pipeline_;
  RingQueue<MemRequest> returns_;
  std::vector<std::uint32_t> finished_writebacks_;  ///< per local sub-partition
  std::uint32_t in_flight_ = 0;                     ///< requests taken and not yet complete
  DramStats stats_;
};

}  // namespace lockstep::sim
