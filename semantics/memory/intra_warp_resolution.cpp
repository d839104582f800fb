#include "semantics/memory/intra_warp_resolution.hpp"

#include <algorithm>
#include <stdexcept>

#include <fmt/format.h>

namespace lockstep::sem {
namespace {

const TxLog& log_of(WarpTxLogs logs, unsigned lane) {
  if (logs[lane] == nullptr) throw std::invalid_argument(fmt::format("committing lane {} has no transaction log", lane));
  return *logs[lane];
}

/// Every committing lane has a log (checked once, before any work).
void check_logs(Mask committing, WarpTxLogs logs) {
  for_each_lane(committing, [&](unsigned lane) { static_cast<void>(log_of(logs, lane)); });
}

bool writes_word(const TxLog& log, std::uint64_t addr) {
  const auto it = std::lower_bound(log.writes.begin(), log.writes.end(), addr,
                                   [](const TxWrite& w, std::uint64_t a) { return w.addr < a; });
  return it != log.writes.end() && it->addr == addr;
}

std::uint32_t longest(Mask committing, WarpTxLogs logs, bool reads) {
  std::size_t n = 0;
  for_each_lane(committing, [&](unsigned lane) {
    const TxLog& log = *logs[lane];
    n = std::max(n, reads ? log.reads.size() : log.writes.size());
  });
  return static_cast<std::uint32_t>(n);
}

std::uint64_t splitmix64(std::uint64_t z) {
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}

/// SCR's filter: `hashes` sub-arrays of `size` bits; a word hits when its bit
/// is set in every sub-array.
class Bloom {
 public:
  explicit Bloom(BloomShape s) : hashes_(s.hashes), size_(s.bits / s.hashes), bits_(s.bits, false) {}

  [[nodiscard]] bool contains(std::uint64_t addr) const {
    for (std::uint32_t j = 0; j < hashes_; ++j) {
      if (!bits_[position(addr, j)]) return false;
    }
    return true;
  }
  void insert(std::uint64_t addr) {
    for (std::uint32_t j = 0; j < hashes_; ++j) bits_[position(addr, j)] = true;
  }

 private:
  [[nodiscard]] std::size_t position(std::uint64_t addr, std::uint32_t j) const {
    const std::uint64_t word = addr / 4;
    const std::uint64_t h = j == 0 ? word : splitmix64(word + j * 0x9e3779b97f4a7c15ULL);
    return std::size_t{j} * size_ + static_cast<std::size_t>(h % size_);
  }

  std::uint32_t hashes_;
  std::uint32_t size_;
  std::vector<bool> bits_;
};

}  // namespace

std::uint32_t ownership_entry(std::uint64_t addr, std::uint32_t entries) {
  return static_cast<std::uint32_t>((addr / 4) % entries);
}

TwoPhaseResolution resolve_2pcr(Mask committing, WarpTxLogs logs, std::uint32_t entries) {
  if (entries == 0) throw std::invalid_argument("an ownership table needs at least one entry");
  check_logs(committing, logs);
  TwoPhaseResolution r;
  r.owners.assign(entries, kNoOwner);
  r.init_writes = (entries + kTableBurstBytes - 1) / kTableBurstBytes;
  r.phase1_steps = longest(committing, logs, false);
  r.phase2_steps = longest(committing, logs, true) + r.phase1_steps;

  // Phase 1: the order of the lockstep walk does not change a minimum.
  for_each_lane(committing, [&](unsigned lane) {
    for (const TxWrite& w : logs[lane]->writes) {
      std::uint8_t& owner = r.owners[ownership_entry(w.addr, entries)];
      owner = std::min(owner, static_cast<std::uint8_t>(lane));
    }
  });
  // Phase 2.
  for_each_lane(committing, [&](unsigned lane) {
    const TxLog& log = *logs[lane];
    const auto owner = [&](std::uint64_t addr) { return r.owners[ownership_entry(addr, entries)]; };
    const bool read_conflict = std::any_of(log.reads.begin(), log.reads.end(), [&](const TxRead& rd) {
      const std::uint8_t o = owner(rd.addr);
      return o != kNoOwner && o < lane;
    });
    const bool write_conflict = std::any_of(log.writes.begin(), log.writes.end(),
                                            [&](const TxWrite& w) { return owner(w.addr) != lane; });
    if (read_conflict || write_conflict) r.aborted |= lane_bit(lane);
  });
  r.survivors = committing & ~r.aborted;
  return r;
}

ScrResolution resolve_scr(Mask committing, WarpTxLogs logs, BloomShape shape) {
  if (shape.hashes == 0 || shape.bits == 0 || shape.bits % shape.hashes != 0) {
    throw std::invalid_argument(
        fmt::format("a bloom filter of {} bits and {} hashes: the bits must be a non-zero multiple of the hashes",
                    shape.bits, shape.hashes));
  }
  check_logs(committing, logs);
  ScrResolution r;
  Bloom filter(shape);
  bool first = true;
  for_each_lane(committing, [&](unsigned lane) {
    const TxLog& log = *logs[lane];
    bool hit = false;
    if (!first) {
      for (const TxRead& rd : log.reads) hit = filter.contains(rd.addr) || hit;
      for (const TxWrite& w : log.writes) hit = filter.contains(w.addr) || hit;
      r.steps += static_cast<std::uint32_t>(log.reads.size() + log.writes.size());
    }
    first = false;
    if (hit) {
      r.aborted |= lane_bit(lane);
      return;
    }
    for (const TxWrite& w : log.writes) filter.insert(w.addr);
    r.steps += static_cast<std::uint32_t>(log.writes.size());
  });
  r.survivors = committing & ~r.aborted;
  return r;
}

Mask conflicting_lanes_exact(Mask committing, WarpTxLogs logs) {
  check_logs(committing, logs);
  Mask conflicting = 0;
  for_each_lane(committing, [&](unsigned lane) {
    const TxLog& log = *logs[lane];
    for_each_lane(committing & (lane_bit(lane) - 1), [&](unsigned lower) {
      const TxLog& other = *logs[lower];
      const bool hit =
          std::any_of(log.reads.begin(), log.reads.end(), [&](const TxRead& rd) { return writes_word(other, rd.addr); }) ||
          std::any_of(log.writes.begin(), log.writes.end(), [&](const TxWrite& w) { return writes_word(other, w.addr); });
      if (hit) conflicting |= lane_bit(lane);
    });
  });
  return conflicting;
}

}  // namespace lockstep::sem
