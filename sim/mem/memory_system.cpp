// The memory system: the two crossbars and the memory partitions, stepped
// in GPGPU-Sim's order (gpgpu_sim::cycle), and the reassembly of requests
// the L2 split into sectors.
#include "sim/mem/memory_system.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <limits>
#include <stdexcept>
#include <vector>

#include "sim/mem/address_decoder.hpp"
#include "sim/mem/crossbar.hpp"
#include "sim/mem/flat_map.hpp"
#include "sim/mem/memory_partition.hpp"

namespace lockstep::sim {
namespace {

/// The largest packet: a 128-byte reply or write.
constexpr std::uint32_t kLargestPacket = kControlBytes + 128;

double rate(std::uint64_t num, std::uint64_t den) {
  return den == 0 ? std::numeric_limits<double>::quiet_NaN() : static_cast<double>(num) / static_cast<double>(den);
}

const GpuConfig& checked(const GpuConfig& c) {
  const std::uint32_t flits = (kLargestPacket + c.interconnect.flit_bytes - 1) / std::max(1U, c.interconnect.flit_bytes);
  if (c.interconnect.input_buffer_flits < flits || c.interconnect.output_buffer_flits < flits) {
    throw std::invalid_argument(fmt::format(
        "MemorySystem: interconnect buffers of {} and {} flits cannot hold a {}-byte packet ({} flits of {} bytes)",
        c.interconnect.input_buffer_flits, c.interconnect.output_buffer_flits, kLargestPacket, flits,
        c.interconnect.flit_bytes));
  }
  return c;
}

/// The earlier of two stamps that may be kNever.
Cycle earliest(Cycle a, Cycle b) { return std::min(a, b); }
/// The later of two stamps, ignoring kNever.
Cycle latest(Cycle a, Cycle b) {
  if (a == kNever) return b;
  if (b == kNever) return a;
  return std::max(a, b);
}

}  // namespace

class MemorySystem::Impl {
 public:
  explicit Impl(const GpuConfig& c)
      : clusters_(checked(c).core.clusters),
        per_cluster_(c.core.cores_per_cluster),
        per_channel_(c.memory.sub_partitions_per_channel),
        decoder_(c.memory),
        splitter_(c.memory.l2),
        requests_(c.interconnect, c.core.clusters, c.memory.sub_partitions()),
        replies_(c.interconnect, c.memory.sub_partitions(), c.core.clusters),
        waiting_(c.core.clusters) {
    partitions_.reserve(c.memory.channels);
    for (std::uint32_t ch = 0; ch < c.memory.channels; ++ch) partitions_.emplace_back(c.memory, ch, decoder_);
  }

  [[nodiscard]] std::uint32_t clusters() const noexcept { return clusters_; }
  [[nodiscard]] std::uint32_t cluster_of(std::uint32_t sm) const noexcept { return sm / per_cluster_; }
  [[nodiscard]] std::uint32_t sub_partition_of(std::uint64_t addr) const noexcept {
    return decoder_.decode(addr).sub_partition;
  }
  [[nodiscard]] bool can_accept(std::uint32_t cluster, const MemRequest& r) const noexcept {
    return requests_.has_room(cluster, requests_.flits_of(packet_bytes(r)));
  }
  void push(std::uint32_t cluster, const MemRequest& request, Cycle now);
  [[nodiscard]] bool reply_waiting(std::uint32_t cluster) const noexcept { return replies_.ready(cluster); }
  std::optional<MemRequest> pop_reply(std::uint32_t cluster, Cycle now);
  void tick(DomainMask domains, Cycle now);
  [[nodiscard]] bool idle() const noexcept;
  [[nodiscard]] Cycle next_event_cycle(Cycle now) const noexcept;
  void skip(const DomainTicks& skipped, Cycle now);
  void report(StatVisitor& v) const;
  [[nodiscard]] MemoryCounters counters() const noexcept;

 private:
  /// A request waiting for its sector replies.
  struct Waiting {
    MemRequest request;
    std::uint32_t missing = 0;
  };
  struct Reassembly {
    FlatMap index;  ///< id -> slot
    std::vector<Waiting> slots;
    std::vector<std::uint32_t> free;
  };

  [[nodiscard]] SubPartition& sub(std::uint32_t sp) noexcept {
    return partitions_[sp / per_channel_].sub(sp % per_channel_);
  }
  [[nodiscard]] const SubPartition& sub(std::uint32_t sp) const noexcept {
    return partitions_[sp / per_channel_].sub(sp % per_channel_);
  }
  [[nodiscard]] std::uint32_t subs() const noexcept {
    return static_cast<std::uint32_t>(partitions_.size()) * per_channel_;
  }
  [[nodiscard]] DramStats dram_total() const noexcept {
    DramStats t;
    for (const MemoryPartition& p : partitions_) t += p.dram().stats();
    return t;
  }
  [[nodiscard]] CacheStats l2_total() const noexcept {
    CacheStats t;
    for (std::uint32_t i = 0; i < subs(); ++i) t += sub(i).l2().stats();
    return t;
  }

  std::uint32_t clusters_;
  std::uint32_t per_cluster_;
  std::uint32_t per_channel_;
  AddressDecoder decoder_;
  L2Splitter splitter_;
  std::vector<MemoryPartition> partitions_;
  Crossbar requests_;  ///< clusters -> sub-partitions
  Crossbar replies_;   ///< sub-partitions -> clusters
  std::vector<Reassembly> waiting_;
  std::uint64_t stall_icnt2sh_ = 0;
  std::uint64_t stall_dramfull_ = 0;
  std::uint64_t replies_out_ = 0;
};

void MemorySystem::Impl::push(std::uint32_t cluster, const MemRequest& request, Cycle now) {
  (void)now;
  if (request.bytes == 0 || request.addr % 128 + request.bytes > 128) {
    throw std::logic_error("MemorySystem::push: an access must lie in one 128-byte block");
  }
  if (cluster >= clusters_) throw std::logic_error("MemorySystem::push: no such cluster");
  MemRequest r = request;
  r.reply = false;
  r.sub_partition = decoder_.decode(r.addr).sub_partition;
  const std::uint32_t flits = requests_.flits_of(packet_bytes(r));
  if (!requests_.has_room(cluster, flits)) throw std::logic_error("MemorySystem::push without room (can_accept)");
  const std::uint32_t parts = splitter_.parts(r);
  if (parts > 1 && !is_writeback(r.type)) {
    Reassembly& w = waiting_[cluster];
    std::uint32_t slot = 0;
    if (!w.free.empty()) {
      slot = w.free.back();
      w.free.pop_back();
      w.slots[slot] = Waiting{r, parts};
    } else {
      slot = static_cast<std::uint32_t>(w.slots.size());
      w.slots.push_back(Waiting{r, parts});
    }
    w.index.insert(r.id, slot);
  }
  requests_.push(cluster, r.sub_partition, r, flits);
}

std::optional<MemRequest> MemorySystem::Impl::pop_reply(std::uint32_t cluster, Cycle now) {
  if (!replies_.ready(cluster)) return std::nullopt;
  MemRequest r = replies_.front(cluster);
  replies_.pop(cluster);
  Reassembly& w = waiting_[cluster];
  if (!w.index.empty()) {
    if (const auto slot = w.index.find(r.id)) {
      Waiting& part = w.slots[*slot];
      part.request.at_l2 = earliest(part.request.at_l2, r.at_l2);
      part.request.at_dram = latest(part.request.at_dram, r.at_dram);
      part.request.replied = latest(part.request.replied, r.replied);
      if (--part.missing > 0) return std::nullopt;
      r = part.request;
      r.reply = true;
      w.index.erase(r.id);
      w.free.push_back(*slot);
    }
  }
  r.returned = now;
  ++replies_out_;
  return r;
}

void MemorySystem::Impl::tick(DomainMask domains, Cycle now) {
  const bool icnt = domains.has(ClockDomain::Interconnect);
  if (icnt) {
    // Replies into the reply network, one per sub-partition.
    for (std::uint32_t i = 0; i < subs(); ++i) {
      SubPartition& s = sub(i);
      if (!s.has_reply()) continue;
      MemRequest r = s.reply();
      const std::uint32_t flits = replies_.flits_of(packet_bytes(r));
      if (!replies_.has_room(i, flits)) {
        ++stall_icnt2sh_;
        continue;
      }
      r.replied = now;
      replies_.push(i, cluster_of(r.sm), r, flits);
      s.pop_reply();
    }
  }
  if (domains.has(ClockDomain::Dram)) {
    for (MemoryPartition& p : partitions_) p.dram_cycle(now);
  }
  if (domains.has(ClockDomain::L2)) {
    // Requests out of the request network, one per sub-partition, then the
    // sub-partitions' cycle.
    for (std::uint32_t i = 0; i < subs(); ++i) {
      SubPartition& s = sub(i);
      if (!s.can_take()) {
        ++stall_dramfull_;
      } else if (requests_.ready(i)) {
        const MemRequest r = requests_.front(i);
        requests_.pop(i);
        s.take(r, now);
      }
      s.cycle(now);
    }
  }
  if (icnt) {
    requests_.tick();
    replies_.tick();
  }
}

bool MemorySystem::Impl::idle() const noexcept {
  if (!requests_.empty() || !replies_.empty()) return false;
  for (std::uint32_t i = 0; i < subs(); ++i) {
    if (!sub(i).quiet() || sub(i).rop_due() != kNever) return false;
  }
  for (const MemoryPartition& p : partitions_) {
    if (!p.dram_quiet()) return false;
  }
  return true;
}

Cycle MemorySystem::Impl::next_event_cycle(Cycle now) const noexcept {
  if (!requests_.empty() || !replies_.empty()) return now;
  Cycle due = kNever;
  for (std::uint32_t i = 0; i < subs(); ++i) {
    if (!sub(i).quiet()) return now;
    due = std::min(due, sub(i).rop_due());
  }
  for (const MemoryPartition& p : partitions_) {
    if (!p.dram().idle()) return now;
    due = std::min(due, p.delay_due());
  }
  return due == kNever ? kNever : std::max(due, now);
}

void MemorySystem::Impl::skip(const DomainTicks& skipped, Cycle now) {
  const Cycle next = next_event_cycle(now);
  if (next != kNever && next < now + skipped.core) {
    throw std::logic_error("MemorySystem::skip over cycles in which requests move");
  }
  for (std::uint32_t i = 0; i < subs(); ++i) sub(i).skip(skipped.l2);
  for (MemoryPartition& p : partitions_) p.skip_dram(skipped.dram);
  requests_.skip(skipped.interconnect);
  replies_.skip(skipped.interconnect);
}

void MemorySystem::Impl::report(StatVisitor& v) const {
  requests_.report(v, "Req");
  replies_.report(v, "Reply");
  v.counter("icnt_total_pkts_simt_to_mem", requests_.stats().packets);
  v.counter("icnt_total_pkts_mem_to_simt", replies_.stats().packets);
  v.counter("gpu_stall_icnt2sh", stall_icnt2sh_);
  v.counter("gpu_stall_dramfull", stall_dramfull_);
  for (std::uint32_t i = 0; i < subs(); ++i) {
    const CacheStats& s = sub(i).l2().stats();
    const std::string bank = fmt::format("L2_cache_bank[{}]", i);
    v.counter(bank + ".Access", s.accesses());
    v.counter(bank + ".Miss", s.misses());
    v.ratio(bank + ".Miss_rate", rate(s.misses(), s.accesses()));
    v.counter(bank + ".Pending_hits", s.pending_hits());
    v.counter(bank + ".Reservation_fails", s.reservation_fails());
  }
  l2_total().report(v, "L2");
  for (std::size_t i = 0; i < partitions_.size(); ++i) {
    partitions_[i].dram().stats().report(v, fmt::format("DRAM[{}]", i));
  }
  const DramStats t = dram_total();
  t.report(v, "DRAM");
  v.counter("gpgpu_n_dram_reads", t.n_rd);
  v.counter("gpgpu_n_dram_writes", t.n_write);
  v.counter("gpgpu_n_dram_activate", t.n_act);
  v.counter("gpgpu_n_dram_commands", t.n_cmd);
  v.counter("gpgpu_n_dram_noops", t.n_nop);
  v.counter("gpgpu_n_dram_precharges", t.n_pre);
  v.counter("gpgpu_n_dram_requests", t.n_req);
}

MemoryCounters MemorySystem::Impl::counters() const noexcept {
  const DramStats t = dram_total();
  MemoryCounters c;
  c.dram_reads = t.n_rd + t.n_rd_L2_A;
  c.dram_writes = t.n_write + t.n_wr_bk;
  c.dram_busy_cycles = t.bwutil;
  c.dram_cycles = t.n_cmd;
  for (std::uint32_t i = 0; i < subs(); ++i) {
    c.l2_accesses += sub(i).l2().stats().accesses();
    c.l2_misses += sub(i).l2().stats().misses();
  }
  c.replies = replies_out_;
  return c;
}

MemorySystem::MemorySystem(const GpuConfig& config) : impl_(std::make_unique<Impl>(config)) {}
MemorySystem::~MemorySystem() = default;
MemorySystem::MemorySystem(MemorySystem&&) noexcept = default;
MemorySystem& MemorySystem::operator=(MemorySystem&&) noexcept = default;

std::uint32_t MemorySystem::clusters() const noexcept { return impl_->clusters(); }
std::uint32_t MemorySystem::cluster_of(std::uint32_t sm) const noexcept { return impl_->cluster_of(sm); }
std::uint32_t MemorySystem::sub_partition_of(std::uint64_t addr) const noexcept {
  return impl_->sub_partition_of(addr);
}
bool MemorySystem::can_accept(std::uint32_t cluster, const MemRequest& request) const noexcept {
  return impl_->can_accept(cluster, request);
}
void MemorySystem::push(std::uint32_t cluster, const MemRequest& request, Cycle now) {
  impl_->push(cluster, request, now);
}
bool MemorySystem::reply_waiting(std::uint32_t cluster) const noexcept { return impl_->reply_waiting(cluster); }
std::optional<MemRequest> MemorySystem::pop_reply(std::uint32_t cluster, Cycle now) {
  return impl_->pop_reply(cluster, now);
}
void MemorySystem::tick(DomainMask domains, Cycle now) { impl_->tick(domains, now); }
bool MemorySystem::idle() const noexcept { return impl_->idle(); }
Cycle MemorySystem::next_event_cycle(Cycle now) const noexcept { return impl_->next_event_cycle(now); }
void MemorySystem::skip(const DomainTicks& skipped, Cycle now) { impl_->skip(skipped, now); }
void MemorySystem::report(StatVisitor& visitor) const { impl_->report(visitor); }
MemoryCounters MemorySystem::counters() const noexcept { return impl_->counters(); }

}  // namespace lockstep::sim
