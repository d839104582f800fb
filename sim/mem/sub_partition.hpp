// A memory sub-partition (GPGPU-Sim's memory_sub_partition): the ROP/atomic
// delay, the L2 slice and the queues around it. The memory partition ticks
// it once per L2 cycle (cache_cycle) and moves requests between it and the
// DRAM channel; the memory system moves packets between it and the
// interconnect.
//
//   interconnect -> split into L2 atoms -> ROP delay (rop_latency core cycles)
//     -> icnt_to_l2 -> L2 slice -> l2_to_icnt -> interconnect
//                        |  ^
//              l2_to_dram   dram_to_l2  (the memory partition, DRAM)
//
// A request that spans several L2 atoms (32-byte sectors of a sector L2,
// lines of a smaller-lined one) is split into one request per atom, each
// with the original id; each part is answered separately. Atomics take the
// same path as reads: the ROP delay is the atomic unit's latency, and the L2
// access performs the read-modify-write in the line (hit: the line becomes
// dirty; miss: the line is fetched and becomes dirty when filled); the
// value was computed at issue.
#pragma once

#include <cstdint>

#include "sim/config/memory_config.hpp"
#include "sim/mem/address_decoder.hpp"
#include "sim/mem/cache.hpp"
#include "sim/mem/mem_request.hpp"
#include "sim/mem/ring_queue.hpp"

namespace lockstep::sim {

/// How many L2 atoms a request spans, and the part for atom k of them.
class L2Splitter {
 public:
  explicit L2Splitter(const CacheConfig& l2)
      : atom_(l2.kind == CacheKind::Sector ? 32U : l2.line_bytes) {}
  [[nodiscard]] std::uint32_t parts(const MemRequest& r) const noexcept {
    const std::uint64_t first = r.addr / atom_;
    const std::uint64_t last = (r.addr + r.bytes - 1) / atom_;
    return static_cast<std::uint32_t>(last - first + 1);
  }
  [[nodiscard]] MemRequest part(const MemRequest& r, std::uint32_t k) const noexcept;

 private:
  std::uint32_t atom_;
};

class SubPartition {
 public:
  SubPartition(const MemoryConfig& memory, std::uint32_t id, const AddressDecoder& decoder);

  /// Room in the icnt-to-L2 queue for a request split into the most parts
  /// (GPGPU-Sim asks for four free entries whatever comes).
  [[nodiscard]] bool can_take() const noexcept { return icnt_l2_.size() + 4 <= icnt_l2_.limit(); }
  /// A request from the interconnect (precondition: can_take).
  void take(const MemRequest& request, Cycle now);

  /// One L2 cycle (GPGPU-Sim's cache_cycle).
  void cycle(Cycle now);
  /// `n` cycles of an idle sub-partition.
  void skip(std::uint64_t n) noexcept { l2_.skip_cycles(n); }

  /// Replies for the interconnect.
  [[nodiscard]] bool has_reply() const noexcept { return !l2_icnt_.empty(); }
  [[nodiscard]] const MemRequest& reply() const noexcept { return l2_icnt_.front(); }
  void pop_reply() noexcept { l2_icnt_.pop(); }

  /// Towards DRAM (the memory partition takes them).
  [[nodiscard]] bool has_dram_request() const noexcept { return !l2_dram_.empty(); }
  [[nodiscard]] const MemRequest& dram_request() const noexcept { return l2_dram_.front(); }
  void pop_dram_request() noexcept { l2_dram_.pop(); }
  /// From DRAM.
  [[nodiscard]] bool dram_reply_full() const noexcept { return dram_l2_.full(); }
  void push_dram_reply(const MemRequest& reply) { dram_l2_.push(reply); }

  /// Nothing inside but requests waiting out the ROP delay.
  [[nodiscard]] bool quiet() const noexcept;
  /// The core cycle at which the first request in the ROP delay is due,
  /// kNever if none.
  [[nodiscard]] Cycle rop_due() const noexcept { return rop_.empty() ? kNever : rop_.front().ready; }

  [[nodiscard]] std::uint32_t id() const noexcept { return id_; }
  [[nodiscard]] const Cache& l2() const noexcept { return l2_; }

 private:
  struct Delayed {
    MemRequest request;
    Cycle ready = 0;
  };
  void reply_now(MemRequest r);

  std::uint32_t id_;
  std::uint32_t rop_latency_;
  WriteAllocPolicy write_allocation_;
  L2Splitter splitter_;
  Cache l2_;
  RingQueue<Delayed> rop_;
  RingQueue<MemRequest> icnt_l2_;
  RingQueue<MemRequest> l2_dram_;
  RingQueue<MemRequest> dram_l2_;
  RingQueue<MemRequest> l2_icnt_;
};

}  // namespace lockstep::sim
