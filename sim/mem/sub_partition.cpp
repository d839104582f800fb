// The sub-partition: GPGPU-Sim's memory_sub_partition::push and cache_cycle.
#include "sim/mem/sub_partition.hpp"

#include <algorithm>

namespace lockstep::sim {

MemRequest L2Splitter::part(const MemRequest& r, std::uint32_t k) const noexcept {
  const std::uint64_t start = (r.addr / atom_ + k) * atom_;
  const std::uint64_t from = std::max(start, r.addr);
  const std::uint64_t to = std::min(start + atom_, r.addr + r.bytes);
  MemRequest p = r;
  p.addr = from;
  p.bytes = static_cast<std::uint32_t>(to - from);
  const auto offset = static_cast<std::uint32_t>(from % 128);
  p.sector_mask = sector_mask_of(offset, p.bytes);
  const ByteMask keep = ByteMask::range(offset, p.bytes);
  p.byte_mask.words[0] = r.byte_mask.words[0] & keep.words[0];
  p.byte_mask.words[1] = r.byte_mask.words[1] & keep.words[1];
  return p;
}

SubPartition::SubPartition(const MemoryConfig& memory, std::uint32_t id, const AddressDecoder& decoder)
    : id_(id),
      rop_latency_(memory.rop_latency),
      write_allocation_(memory.l2.write_allocation),
      splitter_(memory.l2),
      l2_(memory.l2, CacheLevel::L2, l2_made_ids(id), &decoder),
      icnt_l2_(memory.queues.icnt_to_l2),
      l2_dram_(memory.queues.l2_to_dram),
      dram_l2_(memory.queues.dram_to_l2),
      l2_icnt_(memory.queues.l2_to_icnt) {}

void SubPartition::take(const MemRequest& request, Cycle now) {
  const std::uint32_t n = request.bytes == 0 ? 1 : splitter_.parts(request);
  for (std::uint32_t k = 0; k < n; ++k) {
    MemRequest p = n == 1 ? request : splitter_.part(request, k);
    p.sub_partition = id_;
    p.at_l2 = now;
    rop_.push(Delayed{p, now + rop_latency_});
  }
}

void SubPartition::reply_now(MemRequest r) {
  r.reply = true;
  l2_icnt_.push(r);
}

void SubPartition::cycle(Cycle now) {
  // Requests whose line was filled; write-allocate reads end here.
  if (l2_.access_ready() && !l2_icnt_.full()) {
    const MemRequest r = l2_.next_access();
    if (r.type != AccessType::L2WriteAllocRead && !is_writeback(r.type)) reply_now(r);
  }
  // From DRAM: a fill of the L2, or a reply that goes straight on.
  if (!dram_l2_.empty()) {
    const MemRequest& r = dram_l2_.front();
    if (l2_.waiting_for_fill(r)) {
      if (l2_.fill_port_free()) {
        l2_.fill(r, now);
        dram_l2_.pop();
      }
    } else if (!l2_icnt_.full()) {
      l2_icnt_.push(r);
      dram_l2_.pop();
    }
  }
  // The L2's misses and writebacks towards DRAM, then its ports.
  if (l2_.has_outgoing() && !l2_dram_.full()) {
    l2_dram_.push(l2_.outgoing());
    l2_.pop_outgoing();
  }
  l2_.cycle();
  // A new access.
  if (!l2_dram_.full() && !icnt_l2_.empty() && !l2_icnt_.full() && l2_.data_port_free()) {
    const MemRequest& r = icnt_l2_.front();
    const CacheAccess a = l2_.access(r, now);
    if (a.status == CacheStatus::Hit) {
      // A hit is answered, except a write the L2 passes on (write-through),
      // answered by DRAM, and a writeback, which ends here.
      if (!a.write_sent && !is_writeback(r.type)) reply_now(r);
      icnt_l2_.pop();
    } else if (a.status != CacheStatus::ReservationFail) {
      // A write that allocates without waiting is acknowledged now.
      const bool allocating = write_allocation_ == WriteAllocPolicy::FetchOnWrite ||
                              write_allocation_ == WriteAllocPolicy::LazyFetchOnRead;
      if (r.writes() && allocating && !a.write_allocate_sent && !is_writeback(r.type)) reply_now(r);
      icnt_l2_.pop();
    }
  }
  // Through the ROP delay into the L2's queue.
  if (!rop_.empty() && now >= rop_.front().ready && !icnt_l2_.full()) {
    icnt_l2_.push(rop_.front().request);
    rop_.pop();
  }
}

bool SubPartition::quiet() const noexcept {
  return icnt_l2_.empty() && l2_dram_.empty() && dram_l2_.empty() && l2_icnt_.empty() && l2_.idle();
}

}  // namespace lockstep::sim
