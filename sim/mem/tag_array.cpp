#include "sim/mem/tag_array.hpp"

#include <limits>

#include "sim/mem/address_decoder.hpp"
#include "sim/mem/index_hash.hpp"

namespace lockstep::sim {

TagArray::TagArray(const CacheConfig& config, const AddressDecoder* partition_index, const CawaConfig* cacp)
    : lines_(std::size_t{config.sets} * config.ways),
      sets_(config.sets),
      ways_(config.ways),
      line_bytes_(config.line_bytes),
      line_log2_(log2_exact(config.line_bytes)),
      sector_(config.kind == CacheKind::Sector),
      fifo_(config.replacement == Replacement::Fifo),
      on_miss_(config.allocation == AllocPolicy::OnMiss),
      index_fn_(config.index),
      partition_index_(partition_index) {
  if (cacp != nullptr) cacp_.emplace(*cacp, ways_, static_cast<std::uint32_t>(lines_.size()));
}

std::uint32_t TagArray::set_of(std::uint64_t block) const noexcept {
  const std::uint64_t a = partition_index_ != nullptr ? partition_index_->partition_address(block) : block;
  return cache_set_index(a, sets_, line_log2_, index_fn_);
}

TagArray::Probe TagArray::probe(std::uint64_t block, std::uint32_t sector) const noexcept {
  const std::uint32_t base = set_of(block) * ways_;
  constexpr auto kNone = std::numeric_limits<std::uint32_t>::max();
  std::uint32_t invalid_line = kNone;
  std::uint32_t valid_line = kNone;
  Cycle oldest = kNever;
  bool all_reserved = true;
  // CACP: victims only in the requester's partition, by largest RRPV.
  const std::uint32_t first = cacp_ ? cacp_->first_way(requester_.signature) : 0;
  const std::uint32_t last = cacp_ ? cacp_->last_way(requester_.signature) : ways_;
  int most_distant = -1;
  for (std::uint32_t way = 0; way < ways_; ++way) {
    const std::uint32_t index = base + way;
    const CacheLine& l = lines_[index];
    if (l.block == block) {
      switch (l.state[sector]) {
        case LineState::Reserved: return {CacheStatus::HitReserved, index};
        case LineState::Valid: return {CacheStatus::Hit, index};
        case LineState::Modified:
          return {l.readable[sector] ? CacheStatus::Hit : CacheStatus::SectorMiss, index};
        case LineState::Invalid:
          if (!l.invalid()) return {CacheStatus::SectorMiss, index};
          break;
      }
    }
    if (way < first || way >= last) continue;
    if (!l.any(LineState::Reserved)) {
      all_reserved = false;
      if (l.invalid()) {
        if (!cacp_ || invalid_line == kNone) invalid_line = index;
      } else if (cacp_) {
        if (static_cast<int>(cacp_->rrpv(index)) > most_distant) {
          most_distant = cacp_->rrpv(index);
          valid_line = index;
        }
      } else {
        const Cycle t = fifo_ ? l.alloc_time : l.last_access;
        if (t < oldest) {
          oldest = t;
          valid_line = index;
        }
      }
    }
  }
  if (all_reserved) return {CacheStatus::ReservationFail, base};
  return {CacheStatus::Miss, invalid_line != kNone ? invalid_line : valid_line};
}

Eviction TagArray::dirty(const CacheLine& l) const noexcept {
  Eviction e;
  e.block = l.block;
  if (!sector_) {
    e.modified_bytes = line_bytes_;
    e.modified_sectors = 0xF;
    return e;
  }
  for (std::uint32_t s = 0; s < 4; ++s) {
    if (l.state[s] == LineState::Modified) {
      e.modified_bytes += 32;
      e.modified_sectors = static_cast<std::uint8_t>(e.modified_sectors | (1U << s));
    }
  }
  return e;
}

void TagArray::allocate(CacheLine& l, std::uint64_t block, std::uint32_t sector, Cycle now) const noexcept {
  l.block = block;
  l.state = {};
  l.readable = {true, true, true, true};
  l.modified_on_fill = {};
  l.state[sector] = LineState::Reserved;
  l.alloc_time = now;
  l.last_access = now;
}

void TagArray::allocate_sector(CacheLine& l, std::uint32_t sector, Cycle now) const noexcept {
  // A sector written before it was read (fetch on write) stays modified.
  l.modified_on_fill[sector] = l.state[sector] == LineState::Modified;
  l.state[sector] = LineState::Reserved;
  l.readable[sector] = true;
  l.last_access = now;
}

void TagArray::cacp_replace(std::uint32_t index) noexcept {
  const std::uint32_t way = index % ways_;
  if (!lines_[index].invalid()) {
    cacp_->evicted(index, way);
    // SRRIP: the partition ages until the victim would be at RRPV 3.
    const auto by = static_cast<std::uint8_t>(3 - cacp_->rrpv(index));
    const std::uint32_t base = index - way;
    for (std::uint32_t w = cacp_->first_way(requester_.signature); w < cacp_->last_way(requester_.signature); ++w) {
      if (w != way) cacp_->age(base + w, by);
    }
  }
  cacp_->inserted(index, requester_.signature);
}

TagArray::Probe TagArray::access(std::uint64_t block, std::uint32_t sector, Cycle now, Eviction* evicted) {
  const Probe p = probe(block, sector);
  CacheLine& l = lines_[p.index];
  switch (p.status) {
    case CacheStatus::Hit:
    case CacheStatus::HitReserved:
      l.last_access = now;
      if (cacp_) cacp_->hit(p.index, requester_.critical);
      break;
    case CacheStatus::Miss:
      if (on_miss_) {
        if (l.any(LineState::Modified) && evicted != nullptr) *evicted = dirty(l);
        if (cacp_) cacp_replace(p.index);
        allocate(l, block, sector, now);
      }
      break;
    case CacheStatus::SectorMiss:
      if (on_miss_) allocate_sector(l, sector, now);
      break;
    case CacheStatus::ReservationFail: break;
  }
  return p;
}

void TagArray::fill_line(std::uint32_t index, std::uint32_t sector) noexcept {
  CacheLine& l = lines_[index];
  l.state[sector] = l.modified_on_fill[sector] ? LineState::Modified : LineState::Valid;
}

void TagArray::fill_block(std::uint64_t block, std::uint32_t sector, Cycle now) noexcept {
  const Probe p = probe(block, sector);
  CacheLine& l = lines_[p.index];
  if (p.status == CacheStatus::Miss) {
    if (cacp_) cacp_replace(p.index);
    allocate(l, block, sector, now);
  } else if (p.status == CacheStatus::SectorMiss) {
    allocate_sector(l, sector, now);
  }
  l.state[sector] = l.modified_on_fill[sector] ? LineState::Modified : LineState::Valid;
}

}  // namespace lockstep::sim
