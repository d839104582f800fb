// A memory partition (GPGPU-Sim's memory_partition_unit): one DRAM channel
// and the sub-partitions that share it, ticked once per DRAM cycle.
//
// Each DRAM cycle, in GPGPU-Sim's order: the oldest reply of the channel's
// return queue goes to its sub-partition's DRAM-to-L2 queue (if there is
// room); the channel does its cycle; one request from the sub-partitions'
// L2-to-DRAM queues (round robin from the last one served) enters the DRAM
// pipeline delay (`dram.latency` core cycles) if its sub-partition has a
// credit and room for the reply and the controller is not full; and the
// first request of that delay, once due, enters the controller.
//
// Credits bound what a sub-partition has inside the controller: each has
// one of its own and shares `scheduler_queue + return_queue -
// (sub-partitions - 1)` with the others (no limit when either queue is
// unlimited); a credit returns with the reply, or when a writeback is done.
#pragma once

#include <cstdint>
#include <vector>

#include "sim/config/memory_config.hpp"
#include "sim/mem/address_decoder.hpp"
#include "sim/mem/dram_channel.hpp"
#include "sim/mem/ring_queue.hpp"
#include "sim/mem/sub_partition.hpp"

namespace lockstep::sim {

class MemoryPartition {
 public:
  MemoryPartition(const MemoryConfig& memory, std::uint32_t channel, const AddressDecoder& decoder);

  /// One DRAM cycle; `now` is the current core cycle.
  void dram_cycle(Cycle now);

  [[nodiscard]] SubPartition& sub(std::uint32_t local) noexcept { return subs_[local]; }
  [[nodiscard]] const SubPartition& sub(std::uint32_t local) const noexcept { return subs_[local]; }
  [[nodiscard]] std::uint32_t subs() const noexcept { return static_cast<std::uint32_t>(subs_.size()); }
  [[nodiscard]] const DramChannel& dram() const noexcept { return dram_; }

  /// Nothing in the DRAM side (delay, controller, banks, return queue).
  [[nodiscard]] bool dram_quiet() const noexcept { return delay_.empty() && dram_.idle(); }
  /// When the first request of the DRAM pipeline delay is due (kNever if none).
  [[nodiscard]] Cycle delay_due() const noexcept { return delay_.empty() ? kNever : delay_.front().ready; }
  /// `n` DRAM cycles with nothing in the DRAM side.
  void skip_dram(std::uint64_t n) noexcept { dram_.skip(n); }

 private:
  struct Delayed {
    MemRequest request;
    Cycle ready = 0;
  };
  [[nodiscard]] bool has_credit(std::uint32_t local) const noexcept;
  void borrow(std::uint32_t local) noexcept;
  void give_back(std::uint32_t local) noexcept;

  std::uint32_t per_channel_;
  std::uint32_t latency_;
  const AddressDecoder& decoder_;
  std::vector<SubPartition> subs_;
  DramChannel dram_;
  RingQueue<Delayed> delay_;
  std::vector<std::uint32_t> private_credits_;  ///< in use, per sub-partition (limit 1)
  std::uint32_t shared_credits_ = 0;            ///< in use
  std::uint32_t shared_limit_;                  ///< 0 = unlimited
  std::uint32_t last_borrower_;
};

}  // namespace lockstep::sim
