// Small caches and requests for the cache tests: 4 sets of 2 ways of
// 128-byte lines, so that 0x000, 0x200, 0x400 share set 0 and 0x080 is in
// set 1 (linear index).
#pragma once

#include <cstdint>

#include "sim/config/cache_config.hpp"
#include "sim/mem/cache.hpp"
#include "sim/mem/mem_request.hpp"

namespace lockstep::sim::test {

inline CacheConfig small_cache(WritePolicy write = WritePolicy::WriteBack,
                               AllocPolicy alloc = AllocPolicy::OnMiss,
                               WriteAllocPolicy wa = WriteAllocPolicy::NoWriteAllocate,
                               CacheKind kind = CacheKind::Normal) {
  CacheConfig c;
  c.kind = kind;
  c.sets = 4;
  c.line_bytes = 128;
  c.ways = 2;
  c.replacement = Replacement::Lru;
  c.write = write;
  c.allocation = alloc;
  c.write_allocation = wa;
  c.index = SetIndex::Linear;
  c.mshr = MshrKind::Assoc;
  c.mshr_entries = 4;
  c.mshr_max_merge = 2;
  c.miss_queue = 4;
  return c;
}

inline MemRequest read(std::uint64_t id, std::uint64_t addr, std::uint32_t bytes = 4,
                       AccessType type = AccessType::GlobalRead) {
  return make_request(id, type, addr, bytes);
}

inline MemRequest write(std::uint64_t id, std::uint64_t addr, std::uint32_t bytes = 4,
                        AccessType type = AccessType::GlobalWrite) {
  return make_request(id, type, addr, bytes);
}

/// The reply the next level sends for the cache's oldest outgoing request.
inline MemRequest reply_to(const MemRequest& sent) {
  MemRequest r = sent;
  r.reply = true;
  return r;
}

/// Sends every outgoing request, returning the first one.
inline MemRequest drain(Cache& c) {
  MemRequest first;
  bool any = false;
  while (c.has_outgoing()) {
    if (!any) first = c.outgoing();
    any = true;
    c.pop_outgoing();
  }
  return first;
}

/// Misses on `addr` and fills the line right away.
inline void load_line(Cache& c, std::uint64_t id, std::uint64_t addr, Cycle now) {
  c.access(read(id, addr), now);
  const MemRequest sent = drain(c);
  c.fill(reply_to(sent), now);
  while (c.access_ready()) c.next_access();
}

}  // namespace lockstep::sim::test
