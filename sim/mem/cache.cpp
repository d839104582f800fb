// The cache: GPGPU-Sim's read_only_cache and data_cache access paths over
// TagArray and MshrTable (the function names in comments are GPGPU-Sim's).
#include "sim/mem/cache.hpp"

#include <bit>
#include <stdexcept>
#include <string>

#include "sim/mem/address_decoder.hpp"
#include "sim/mem/fill_parts.hpp"
#include "sim/mem/index_hash.hpp"
#include "sim/mem/mshr_table.hpp"
#include "sim/mem/ring_queue.hpp"
#include "sim/mem/tag_array.hpp"

namespace lockstep::sim {
namespace {

/// GPGPU-Sim's MAX_WARP_PER_SM: the merge limit of a streaming cache.
constexpr std::uint32_t kStreamingMerge = 64;

std::uint32_t mshr_entries_of(const CacheConfig& c) {
  if (c.allocation != AllocPolicy::Streaming) return c.mshr_entries;
  std::uint32_t n = c.sets * c.ways * 4;
  if (c.kind == CacheKind::Sector) n *= 4;
  return n;
}

std::uint32_t mshr_merge_of(const CacheConfig& c) {
  return c.allocation == AllocPolicy::Streaming ? kStreamingMerge : c.mshr_max_merge;
}

/// The requests of at most kRequestBytes that fetch a line (fill_parts.hpp).
std::uint32_t parts_of(const CacheConfig& c) {
  return c.kind == CacheKind::Sector ? 1U : fill_parts(c.line_bytes);
}

const CacheConfig& checked(const CacheConfig& c) {
  if (!c.enabled) throw std::invalid_argument("Cache: the cache is disabled");
  if (c.mshr == MshrKind::TexFifo || c.mshr == MshrKind::SectorTexFifo) {
    throw std::invalid_argument("Cache: texture FIFO caches are not modelled");
  }
  if (const std::string why = long_line_unsupported(c); !why.empty()) throw std::invalid_argument("Cache: " + why);
  return c;
}

}  // namespace

class Cache::Impl {
 public:
  Impl(const CacheConfig& config, CacheLevel level, std::uint64_t made_ids, const AddressDecoder* decoder,
       const CawaConfig* cacp)
      : config_(checked(config)),
        level_(level),
        next_id_(made_ids),
        sector_(config.kind == CacheKind::Sector),
        on_miss_(config.allocation == AllocPolicy::OnMiss),
        streaming_(config.allocation == AllocPolicy::Streaming),
        atom_(sector_ ? 32U : config.line_bytes),
        parts_(parts_of(config)),
        port_(config.port_bytes()),
        tags_(config, decoder, cacp),
        mshrs_(mshr_entries_of(config), mshr_merge_of(config)),
        outgoing_(config.miss_queue) {}

  CacheAccess access(const MemRequest& r, Cycle now);

  [[nodiscard]] bool has_outgoing() const noexcept { return !outgoing_.empty(); }
  [[nodiscard]] const MemRequest& outgoing() const {
    if (outgoing_.empty()) throw std::logic_error("Cache::outgoing with nothing to send");
    return outgoing_.front();
  }
  void pop_outgoing() {
    if (outgoing_.empty()) throw std::logic_error("Cache::pop_outgoing with nothing to send");
    outgoing_.pop();
  }
  [[nodiscard]] bool waiting_for_fill(const MemRequest& reply) const noexcept {
    return mshrs_.waiting_for(mshr_addr(reply.addr), reply.id);
  }
  void fill(const MemRequest& reply, Cycle now);
  [[nodiscard]] bool access_ready() const noexcept { return mshrs_.access_ready(); }
  MemRequest next_access() { return mshrs_.next(); }
  [[nodiscard]] bool data_port_free() const noexcept { return data_busy_ == 0; }
  [[nodiscard]] bool fill_port_free() const noexcept { return fill_busy_ == 0; }
  void cycle() noexcept {
    stats_.sample_ports(data_busy_ > 0, fill_busy_ > 0);
    if (data_busy_ > 0) --data_busy_;
    if (fill_busy_ > 0) --fill_busy_;
  }
  void skip_cycles(std::uint64_t n) noexcept {
    const std::uint64_t d = data_busy_ < n ? data_busy_ : n;
    const std::uint64_t f = fill_busy_ < n ? fill_busy_ : n;
    stats_.sample_ports(n, d, f);
    data_busy_ -= d;
    fill_busy_ -= f;
  }
  [[nodiscard]] bool idle() const noexcept { return mshrs_.empty() && outgoing_.empty(); }
  [[nodiscard]] std::uint32_t outgoing_size() const noexcept { return static_cast<std::uint32_t>(outgoing_.size()); }
  [[nodiscard]] const CacheStats& stats() const noexcept { return stats_; }
  [[nodiscard]] const CacheConfig& config() const noexcept { return config_; }

 private:
  [[nodiscard]] std::uint64_t block_of(std::uint64_t addr) const noexcept {
    return addr & ~std::uint64_t{config_.line_bytes - 1};
  }
  [[nodiscard]] std::uint64_t mshr_addr(std::uint64_t addr) const noexcept { return addr & ~std::uint64_t{atom_ - 1}; }
  [[nodiscard]] std::uint32_t sector_of(std::uint64_t addr) const noexcept {
    return sector_ ? static_cast<std::uint32_t>((addr % 128) / 32) : 0U;
  }
  /// miss_queue_full(n): no room for n + 1 more.
  [[nodiscard]] bool queue_full(std::uint32_t n) const noexcept {
    return outgoing_.size() + n >= config_.miss_queue;
  }
  [[nodiscard]] bool full_write(const MemRequest& r) const noexcept {
    return r.byte_mask.count(0, 128) == atom_;
  }

  void check(const MemRequest& r) const;
  MemRequest made(AccessType type, const MemRequest& cause, Cycle now);
  /// The request the miss queue sends for a missing line: the access
  /// widened to its atom (line or sector).
  [[nodiscard]] MemRequest widened(const MemRequest& r) const noexcept;
  /// Queues the parts_ requests that fetch a line longer than a request:
  /// the line's consecutive 128-byte blocks, ids fill_id, fill_id + 1, ...
  void send_parts(const MemRequest& r, std::uint64_t fill_id);
  void send_read(const MemRequest& r, std::uint32_t sector, Cycle now, bool write_alloc, bool read_only,
                 CacheAccess& a, bool& sent, std::uint32_t& line, Eviction& ev);
  /// The read a write-allocating write miss sends for its line or sector;
  /// false (a reservation failure) when it could not be sent.
  bool write_allocate_read(const MemRequest& r, AccessType type, std::uint32_t sector, Cycle now, CacheAccess& a,
                           std::uint32_t& line, Eviction& ev) {
    MemRequest read = made(type, r, now);
    read.addr = r.addr;
    read.bytes = atom_;
    read.sector_mask = r.sector_mask;
    read.byte_mask = r.byte_mask;
    bool sent = false;
    send_read(read, sector, now, true, false, a, sent, line, ev);
    a.write_allocate_sent = true;
    if (!sent) a.status = CacheStatus::ReservationFail;
    return sent;
  }
  void send(const MemRequest& r) { outgoing_.push(r); }
  void writeback(const Eviction& ev, const MemRequest& cause, Cycle now, CacheAccess& a);
  void fail(CacheAccess& a, const MemRequest& r, FailReason why) {
    a.status = CacheStatus::ReservationFail;
    a.fail = why;
    stats_.count_fail(r.type, why);
  }

  CacheAccess read_only_access(const MemRequest& r, Cycle now);
  CacheAccess data_access(const MemRequest& r, Cycle now);
  void read_hit(const MemRequest& r, std::uint32_t sector, Cycle now, CacheAccess& a);
  void read_miss(const MemRequest& r, std::uint32_t sector, Cycle now, CacheAccess& a);
  void write_hit(const MemRequest& r, std::uint32_t sector, std::uint32_t index, Cycle now, CacheAccess& a);
  void write_miss(const MemRequest& r, std::uint32_t sector, Cycle now, CacheAccess& a);
  void write_evict(const MemRequest& r, std::uint32_t sector, std::uint32_t index, CacheAccess& a);
  void mshr_fail(const MemRequest& r, CacheAccess& a, bool hit, bool avail, std::uint32_t queue_need);

  CacheConfig config_;
  CacheLevel level_;
  std::uint64_t next_id_;
  bool sector_;
  bool on_miss_;
  bool streaming_;
  std::uint32_t atom_;
  std::uint32_t parts_;  ///< requests that fetch a line (more than one for lines over 128 bytes)
  std::uint32_t port_;
  TagArray tags_;
  MshrTable mshrs_;
  RingQueue<MemRequest> outgoing_;
  FlatMap pending_lines_;  ///< streaming sector caches: block -> instruction of its miss (low 32 bits)
  std::uint64_t data_busy_ = 0;
  std::uint64_t fill_busy_ = 0;
  CacheStats stats_;
};

void Cache::Impl::check(const MemRequest& r) const {
  const std::uint64_t offset = r.addr & (config_.line_bytes - 1);
  if (r.bytes == 0 || r.bytes > atom_ || offset + r.bytes > config_.line_bytes) {
    throw std::logic_error("Cache::access: the access does not fit one line (or sector)");
  }
  if (sector_ && std::popcount(static_cast<unsigned>(r.sector_mask)) != 1) {
    throw std::logic_error("Cache::access: a sector cache takes accesses to one sector");
  }
  if (config_.write == WritePolicy::ReadOnly && r.writes()) {
    throw std::logic_error("Cache::access: a write to a read-only cache");
  }
}

MemRequest Cache::Impl::made(AccessType type, const MemRequest& cause, Cycle now) {
  MemRequest m;
  m.id = next_id_++;
  m.type = type;
  m.sm = cause.sm;
  m.warp = cause.warp;
  m.instruction = cause.instruction;
  m.sub_partition = cause.sub_partition;
  m.issued = now;
  return m;
}

MemRequest Cache::Impl::widened(const MemRequest& r) const noexcept {
  MemRequest w = r;
  w.addr = mshr_addr(r.addr);
  w.bytes = atom_;
  const auto offset = static_cast<std::uint32_t>(w.addr % 128);
  w.sector_mask = sector_mask_of(offset, atom_);
  w.byte_mask = ByteMask::range(offset, atom_);
  return w;
}

void Cache::Impl::send_parts(const MemRequest& r, std::uint64_t fill_id) {
  const MemRequest w = widened(r);
  for (std::uint32_t k = 0; k < parts_; ++k) {
    MemRequest p = w;
    p.id = fill_id + k;
    p.addr = w.addr + std::uint64_t{k} * kRequestBytes;
    p.bytes = kRequestBytes;
    p.sector_mask = sector_mask_of(0, kRequestBytes);
    p.byte_mask = ByteMask::range(0, kRequestBytes);
    send(p);
  }
}

void Cache::Impl::writeback(const Eviction& ev, const MemRequest& cause, Cycle now, CacheAccess& a) {
  MemRequest wb = made(level_ == CacheLevel::L1 ? AccessType::L1Writeback : AccessType::L2Writeback, cause, now);
  wb.addr = ev.block;
  wb.bytes = ev.modified_bytes;
  wb.sector_mask = sector_ ? ev.modified_sectors : sector_mask_of(0, ev.modified_bytes);
  for (std::uint32_t s = 0; s < 4; ++s) {
    if (((static_cast<unsigned>(wb.sector_mask) >> s) & 1U) != 0) {
      const ByteMask part = ByteMask::range(s * 32, 32);
      wb.byte_mask.words[0] |= part.words[0];
      wb.byte_mask.words[1] |= part.words[1];
    }
  }
  send(wb);
  a.writeback_sent = true;
  // The victim's data is read out of the data array.
  data_busy_ += ev.modified_bytes / port_;
}

// send_read_request: merge into the line's MSHR entry, or make an entry and
// queue the read.
void Cache::Impl::send_read(const MemRequest& r, std::uint32_t sector, Cycle now, bool write_alloc, bool read_only,
                            CacheAccess& a, bool& sent, std::uint32_t& line, Eviction& ev) {
  const std::uint64_t maddr = mshr_addr(r.addr);
  const bool hit = mshrs_.probe(maddr);
  const bool avail = !mshrs_.full(maddr);
  const std::uint64_t block = block_of(r.addr);
  if (hit && avail) {
    line = tags_.access(block, sector, now, read_only ? nullptr : &ev).index;
    mshrs_.add(maddr, r, 0, 0);
    a.merged = true;
    sent = true;
  } else if (!hit && avail && outgoing_.size() + parts_ <= config_.miss_queue) {
    line = tags_.access(block, sector, now, read_only ? nullptr : &ev).index;
    // A line of one request is fetched under the miss's id; the parts of a
    // longer line take ids of this cache's own.
    const std::uint64_t fill_id = parts_ == 1 ? r.id : next_id_;
    mshrs_.add(maddr, r, fill_id, line, parts_);
    if (streaming_ && sector_ && !r.writes() && !pending_lines_.contains(block)) {
      pending_lines_.insert(block, static_cast<std::uint32_t>(r.instruction));
    }
    if (parts_ == 1) {
      send(widened(r));
    } else {
      next_id_ += parts_;
      send_parts(r, fill_id);
    }
    if (!write_alloc) a.read_sent = true;
    sent = true;
  } else if (hit) {
    fail(a, r, FailReason::MshrMergeEntryFail);
  } else {
    fail(a, r, FailReason::MshrEntryFail);
  }
}

void Cache::Impl::mshr_fail(const MemRequest& r, CacheAccess& a, bool hit, bool avail, std::uint32_t queue_need) {
  if (queue_full(queue_need)) {
    fail(a, r, FailReason::MissQueueFull);
  } else if (hit && !avail) {
    fail(a, r, FailReason::MshrMergeEntryFail);
  } else {
    fail(a, r, FailReason::MshrEntryFail);
  }
}

CacheAccess Cache::Impl::access(const MemRequest& r, Cycle now) {
  check(r);
  tags_.set_requester(r.pc, r.critical);
  return config_.write == WritePolicy::ReadOnly ? read_only_access(r, now) : data_access(r, now);
}

// read_only_cache::access
CacheAccess Cache::Impl::read_only_access(const MemRequest& r, Cycle now) {
  CacheAccess a;
  const std::uint32_t sector = sector_of(r.addr);
  const std::uint64_t block = block_of(r.addr);
  const TagArray::Probe p = tags_.probe(block, sector);
  if (p.status == CacheStatus::Hit) {
    tags_.access(block, sector, now, nullptr);
    a.status = CacheStatus::Hit;
  } else if (p.status != CacheStatus::ReservationFail) {
    // Room for the requests of a fill (one, or a long line's parts).
    if (!queue_full(parts_ - 1)) {
      bool sent = false;
      std::uint32_t line = 0;
      Eviction ev;
      send_read(r, sector, now, false, true, a, sent, line, ev);
      if (sent) a.status = CacheStatus::Miss;
    } else {
      fail(a, r, FailReason::MissQueueFull);
    }
  } else {
    fail(a, r, FailReason::LineAllocFail);
  }
  a.counted = (p.status == CacheStatus::HitReserved && a.status != CacheStatus::ReservationFail) ? p.status
              : (p.status == CacheStatus::SectorMiss && a.status == CacheStatus::Miss)           ? p.status
                                                                                                 : a.status;
  stats_.count(r.type, a.counted);
  return a;
}

// data_cache::access and process_tag_probe
CacheAccess Cache::Impl::data_access(const MemRequest& r, Cycle now) {
  CacheAccess a;
  const std::uint32_t sector = sector_of(r.addr);
  const std::uint64_t block = block_of(r.addr);
  TagArray::Probe p = tags_.probe(block, sector);
  // A streaming sector cache counts a read of a line another instruction is
  // fetching as a sector miss.
  if (p.status == CacheStatus::Miss && streaming_ && !r.writes()) {
    if (const auto owner = pending_lines_.find(block); owner && *owner != static_cast<std::uint32_t>(r.instruction)) {
      p.status = CacheStatus::SectorMiss;
    }
  }
  a.status = p.status;
  if (r.writes()) {
    if (p.status == CacheStatus::Hit) {
      write_hit(r, sector, p.index, now, a);
    } else if (p.status != CacheStatus::ReservationFail ||
               config_.write_allocation == WriteAllocPolicy::NoWriteAllocate) {
      write_miss(r, sector, now, a);
    } else {
      fail(a, r, FailReason::LineAllocFail);
    }
  } else {
    if (p.status == CacheStatus::Hit) {
      read_hit(r, sector, now, a);
    } else if (p.status != CacheStatus::ReservationFail) {
      read_miss(r, sector, now, a);
    } else {
      fail(a, r, FailReason::LineAllocFail);
    }
  }
  // use_data_port: a hit moves its data through the data port (a dirty
  // victim was charged when it was queued).
  if (a.status == CacheStatus::Hit) data_busy_ += (r.bytes + port_ - 1) / port_;
  a.counted = (p.status == CacheStatus::HitReserved && a.status != CacheStatus::ReservationFail) ? p.status
              : (p.status == CacheStatus::SectorMiss && a.status == CacheStatus::Miss)           ? p.status
                                                                                                 : a.status;
  stats_.count(r.type, a.counted);
  return a;
}

// rd_hit_base
void Cache::Impl::read_hit(const MemRequest& r, std::uint32_t sector, Cycle now, CacheAccess& a) {
  const TagArray::Probe p = tags_.access(block_of(r.addr), sector, now, nullptr);
  if (r.atomic != AtomicOp::None) tags_.line(p.index).state[sector] = LineState::Modified;
  a.status = CacheStatus::Hit;
}

// rd_miss_base
void Cache::Impl::read_miss(const MemRequest& r, std::uint32_t sector, Cycle now, CacheAccess& a) {
  if (queue_full(1)) {
    fail(a, r, FailReason::MissQueueFull);
    return;
  }
  bool sent = false;
  std::uint32_t line = 0;
  Eviction ev;
  send_read(r, sector, now, false, false, a, sent, line, ev);
  if (!sent) return;
  if (ev.modified_bytes != 0 && config_.write != WritePolicy::WriteThrough) writeback(ev, r, now, a);
  a.status = CacheStatus::Miss;
}

void Cache::Impl::write_evict(const MemRequest& r, std::uint32_t sector, std::uint32_t index, CacheAccess& a) {
  if (queue_full(0)) {
    fail(a, r, FailReason::MissQueueFull);
    return;
  }
  send(r);
  a.write_sent = true;
  tags_.line(index).state[sector] = LineState::Invalid;
  a.status = CacheStatus::Hit;
}

// wr_hit_wb, wr_hit_wt, wr_hit_we, wr_hit_global_we_local_wb
void Cache::Impl::write_hit(const MemRequest& r, std::uint32_t sector, std::uint32_t index, Cycle now,
                            CacheAccess& a) {
  WritePolicy policy = config_.write;
  if (policy == WritePolicy::LocalWbGlobalWt) {
    policy = r.type == AccessType::GlobalWrite ? WritePolicy::WriteEvict : WritePolicy::WriteBack;
  }
  switch (policy) {
    case WritePolicy::WriteEvict: write_evict(r, sector, index, a); return;
    case WritePolicy::WriteThrough:
      if (queue_full(0)) {
        fail(a, r, FailReason::MissQueueFull);
        return;
      }
      tags_.access(block_of(r.addr), sector, now, nullptr);
      tags_.line(index).state[sector] = LineState::Modified;
      send(r);
      a.write_sent = true;
      a.status = CacheStatus::Hit;
      return;
    default:
      tags_.access(block_of(r.addr), sector, now, nullptr);
      tags_.line(index).state[sector] = LineState::Modified;
      a.status = CacheStatus::Hit;
      return;
  }
}

// wr_miss_no_wa, wr_miss_wa_naive, wr_miss_wa_fetch_on_write,
// wr_miss_wa_lazy_fetch_on_read
void Cache::Impl::write_miss(const MemRequest& r, std::uint32_t sector, Cycle now, CacheAccess& a) {
  const std::uint64_t block = block_of(r.addr);
  const std::uint64_t maddr = mshr_addr(r.addr);
  const AccessType alloc_type =
      level_ == CacheLevel::L1 ? AccessType::L1WriteAllocRead : AccessType::L2WriteAllocRead;
  const bool may_write_back = config_.write != WritePolicy::WriteThrough;
  switch (config_.write_allocation) {
    case WriteAllocPolicy::NoWriteAllocate:
      if (queue_full(0)) {
        fail(a, r, FailReason::MissQueueFull);
        return;
      }
      send(r);
      a.write_sent = true;
      a.status = CacheStatus::Miss;
      return;

    case WriteAllocPolicy::WriteAllocate: {
      const bool hit = mshrs_.probe(maddr);
      const bool avail = !mshrs_.full(maddr);
      if (queue_full(2) || !((hit && avail) || (!hit && avail && outgoing_.size() < config_.miss_queue))) {
        mshr_fail(r, a, hit, avail, 2);
        return;
      }
      send(r);
      a.write_sent = true;
      std::uint32_t line = 0;
      Eviction ev;
      if (!write_allocate_read(r, alloc_type, sector, now, a, line, ev)) return;
      if (ev.modified_bytes != 0 && may_write_back) writeback(ev, r, now, a);
      a.status = CacheStatus::Miss;
      return;
    }

    case WriteAllocPolicy::FetchOnWrite: {
      if (full_write(r)) {
        if (queue_full(0)) {
          fail(a, r, FailReason::MissQueueFull);
          return;
        }
        Eviction ev;
        const TagArray::Probe p = tags_.access(block, sector, now, &ev);
        tags_.line(p.index).state[sector] = LineState::Modified;
        if (ev.modified_bytes != 0 && may_write_back) writeback(ev, r, now, a);
        a.status = CacheStatus::Miss;
        return;
      }
      const bool hit = mshrs_.probe(maddr);
      const bool avail = !mshrs_.full(maddr);
      if (queue_full(1) || !((hit && avail) || (!hit && avail && outgoing_.size() < config_.miss_queue))) {
        mshr_fail(r, a, hit, avail, 1);
        return;
      }
      if (hit && mshrs_.read_after_write_pending(maddr)) {
        fail(a, r, FailReason::MshrRwPending);
        return;
      }
      std::uint32_t line = 0;
      Eviction ev;
      if (!write_allocate_read(r, alloc_type, sector, now, a, line, ev)) return;
      tags_.line(line).modified_on_fill[sector] = true;
      // The write waits with its line and is answered when it is filled.
      mshrs_.add_rider(maddr, r);
      if (ev.modified_bytes != 0 && may_write_back) writeback(ev, r, now, a);
      a.status = CacheStatus::Miss;
      return;
    }

    case WriteAllocPolicy::LazyFetchOnRead: {
      if (queue_full(0)) {
        fail(a, r, FailReason::MissQueueFull);
        return;
      }
      Eviction ev;
      const TagArray::Probe p = tags_.access(block, sector, now, &ev);
      CacheLine& l = tags_.line(p.index);
      l.state[sector] = LineState::Modified;
      if (p.status == CacheStatus::HitReserved) l.modified_on_fill[sector] = true;
      l.readable[sector] = full_write(r);
      if (ev.modified_bytes != 0 && may_write_back) writeback(ev, r, now, a);
      a.status = CacheStatus::Miss;
      return;
    }
  }
}

// baseline_cache::fill
void Cache::Impl::fill(const MemRequest& reply, Cycle now) {
  const std::uint64_t maddr = mshr_addr(reply.addr);
  if (!mshrs_.waiting_for(maddr, reply.id)) throw std::logic_error("Cache::fill of a line nobody waits for");
  // A line of several parts is filled (and moves through the fill port)
  // when its last part comes.
  if (!mshrs_.fill_part(maddr, reply)) return;
  const std::uint32_t sector = sector_of(maddr);
  const std::uint32_t line = mshrs_.line_of(maddr);
  tags_.set_requester(reply.pc, reply.critical);
  if (on_miss_) {
    tags_.fill_line(line, sector);
  } else {
    tags_.fill_block(block_of(maddr), sector, now);
    if (streaming_) pending_lines_.erase(block_of(maddr));
  }
  if (mshrs_.mark_ready(maddr, reply) && on_miss_) tags_.line(line).state[sector] = LineState::Modified;
  fill_busy_ += atom_ / port_;
}

Cache::Cache(const CacheConfig& config, CacheLevel level, std::uint64_t made_ids, const AddressDecoder* partition_index,
             const CawaConfig* cacp)
    : impl_(std::make_unique<Impl>(config, level, made_ids, partition_index, cacp)) {}
Cache::~Cache() = default;
Cache::Cache(Cache&&) noexcept = default;
Cache& Cache::operator=(Cache&&) noexcept = default;

CacheAccess Cache::access(const MemRequest& request, Cycle now) { return impl_->access(request, now); }
bool Cache::has_outgoing() const noexcept { return impl_->has_outgoing(); }
const MemRequest& Cache::outgoing() const { return impl_->outgoing(); }
void Cache::pop_outgoing() { impl_->pop_outgoing(); }
bool Cache::waiting_for_fill(const MemRequest& reply) const noexcept { return impl_->waiting_for_fill(reply); }
void Cache::fill(const MemRequest& reply, Cycle now) { impl_->fill(reply, now); }
bool Cache::access_ready() const noexcept { return impl_->access_ready(); }
MemRequest Cache::next_access() { return impl_->next_access(); }
bool Cache::data_port_free() const noexcept { return impl_->data_port_free(); }
bool Cache::fill_port_free() const noexcept { return impl_->fill_port_free(); }
void Cache::cycle() noexcept { impl_->cycle(); }
void Cache::skip_cycles(std::uint64_t n) noexcept { impl_->skip_cycles(n); }
bool Cache::idle() const noexcept { return impl_->idle(); }
std::uint32_t Cache::outgoing_size() const noexcept { return impl_->outgoing_size(); }
const CacheStats& Cache::stats() const noexcept { return impl_->stats(); }
const CacheConfig& Cache::config() const noexcept { return impl_->config(); }

}  // namespace lockstep::sim
