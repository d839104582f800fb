// The memory partition: GPGPU-Sim's memory_partition_unit::dram_cycle and
// its arbitration_metadata.
#include "sim/mem/memory_partition.hpp"

namespace lockstep::sim {

MemoryPartition::MemoryPartition(const MemoryConfig& memory, std::uint32_t channel, const AddressDecoder& decoder)
    : per_channel_(memory.sub_partitions_per_channel),
      latency_(memory.dram.latency),
      decoder_(decoder),
      dram_(memory.dram, memory.sub_partitions_per_channel),
      private_credits_(memory.sub_partitions_per_channel, 0),
      shared_limit_(memory.dram.scheduler_queue == 0 || memory.dram.return_queue == 0
                        ? 0
                        : memory.dram.scheduler_queue + memory.dram.return_queue -
                              (memory.sub_partitions_per_channel - 1)),
      last_borrower_(memory.sub_partitions_per_channel - 1) {
  subs_.reserve(per_channel_);
  for (std::uint32_t p = 0; p < per_channel_; ++p) subs_.emplace_back(memory, channel * per_channel_ + p, decoder);
}

bool MemoryPartition::has_credit(std::uint32_t local) const noexcept {
  return private_credits_[local] < 1 || shared_limit_ == 0 || shared_credits_ < shared_limit_;
}

void MemoryPartition::borrow(std::uint32_t local) noexcept {
  if (private_credits_[local] < 1) {
    ++private_credits_[local];
  } else {
    ++shared_credits_;
  }
  last_borrower_ = local;
}

void MemoryPartition::give_back(std::uint32_t local) noexcept {
  if (private_credits_[local] > 0) {
    --private_credits_[local];
  } else if (shared_credits_ > 0) {
    --shared_credits_;
  }
}

void MemoryPartition::dram_cycle(Cycle now) {
  // The channel's oldest reply back to its sub-partition.
  if (dram_.has_reply()) {
    const MemRequest& r = dram_.reply();
    const std::uint32_t local = r.sub_partition % per_channel_;
    if (!subs_[local].dram_reply_full()) {
      subs_[local].push_dram_reply(r);
      give_back(local);
      dram_.pop_reply();
    }
  }
  dram_.cycle();
  for (std::uint32_t p = 0; p < per_channel_; ++p) {
    for (std::uint32_t n = dram_.take_finished_writebacks(p); n > 0; --n) give_back(p);
  }
  // One request from the sub-partitions into the DRAM pipeline delay.
  for (std::uint32_t i = 0; i < per_channel_; ++i) {
    const std::uint32_t p = (i + last_borrower_ + 1) % per_channel_;
    SubPartition& s = subs_[p];
    if (!s.has_dram_request() || s.dram_reply_full() || !has_credit(p)) continue;
    if (dram_.full()) break;
    delay_.push(Delayed{s.dram_request(), now + latency_});
    s.pop_dram_request();
    borrow(p);
    break;
  }
  // The first request of the delay, once due, into the controller.
  if (!delay_.empty() && now >= delay_.front().ready && !dram_.full()) {
    const MemRequest& r = delay_.front().request;
    dram_.push(r, decoder_.decode(r.addr), now);
    delay_.pop();
  }
}

}  // namespace lockstep::sim
