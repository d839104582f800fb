#include "semantics/memory/lwh_unit.hpp"

#include <algorithm>

namespace lockstep::sem {

LwhUnit::LwhUnit(const LwhConfig& config)
    : config_(config),
      table_(std::size_t{config.sets} * config.ways),
      filter_(std::size_t{config.subarrays} * config.buckets, 0) {}

std::size_t LwhUnit::bucket(unsigned array, std::uint64_t addr) const noexcept {
  // One multiplicative hash per sub-array (odd constants), of the word index.
  static constexpr std::uint64_t kMul[] = {0x9e3779b97f4a7c15ULL, 0xc2b2ae3d27d4eb4fULL, 0x165667b19e3779f9ULL,
                                           0xd6e8feb86659fd93ULL, 0xff51afd7ed558ccdULL, 0xc4ceb9fe1a85ec53ULL,
                                           0x94d049bb133111ebULL, 0xbf58476d1ce4e5b9ULL};
  const std::uint64_t h = (addr >> 2) * kMul[array % 8] + array;
  return std::size_t{array} * config_.buckets + static_cast<std::size_t>((h >> 32) % config_.buckets);
}

std::uint64_t LwhUnit::query(std::uint64_t addr, std::uint64_t dead) const {
  const auto live = [&](std::uint64_t c) { return c >= dead ? c : 0; };
  if (config_.sets != 0 && config_.ways != 0) {
    const std::size_t set = static_cast<std::size_t>((addr >> 2) % config_.sets) * config_.ways;
    for (std::size_t i = set; i < set + config_.ways; ++i) {
      if (table_[i].cid != 0 && table_[i].cid >= dead && table_[i].addr == addr) return table_[i].cid;
    }
  }
  if (config_.subarrays == 0 || config_.buckets == 0) return 0;
  std::uint64_t c = ~std::uint64_t{0};
  for (unsigned a = 0; a < config_.subarrays; ++a) c = std::min(c, live(filter_[bucket(a, addr)]));
  return c;
}

void LwhUnit::insert(std::uint64_t addr, std::uint64_t cid, std::uint64_t dead) {
  // A bucket keeps the youngest CID put into it: evictions from different
  // sets do not come in CID order, and a bucket that went back to an older
  // CID could make a word read older than its last writer (a missed hazard).
  const auto to_filter = [&](std::uint64_t a, std::uint64_t c) {
    for (unsigned i = 0; i < config_.subarrays; ++i) {
      std::uint64_t& b = filter_[bucket(i, a)];
      b = std::max(b, c);
    }
  };
  if (config_.sets == 0 || config_.ways == 0) return to_filter(addr, cid);
  const std::size_t set = static_cast<std::size_t>((addr >> 2) % config_.sets) * config_.ways;
  Way* free = nullptr;
  Way* oldest = nullptr;
  for (std::size_t i = set; i < set + config_.ways; ++i) {
    Way& w = table_[i];
    const bool live = w.cid != 0 && w.cid >= dead;
    if (live && w.addr == addr) {
      w.cid = cid;  // the younger writer replaces the older
      return;
    }
    if (!live) {
      if (free == nullptr) free = &w;
    } else if (oldest == nullptr || w.cid < oldest->cid) {
      oldest = &w;
    }
  }
  if (free == nullptr) {
    to_filter(oldest->addr, oldest->cid);
    free = oldest;
  }
  *free = Way{addr, cid};
}

}  // namespace lockstep::sem
