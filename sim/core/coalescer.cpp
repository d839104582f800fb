#include "sim/core/coalescer.hpp"

#include <algorithm>
#include <array>

#include "sim/core/timing_addresses.hpp"

namespace lockstep::sim {
namespace {

struct Piece {
  std::uint64_t addr;
  std::uint32_t bytes;
};

/// A lane's access as pieces: the whole access, or 4-byte local words.
unsigned pieces_of(const sem::AccessLog& log, unsigned lane, const LocalLayout* local, std::array<Piece, 64>& out) {
  const std::uint32_t bytes = log.bytes;
  if (local == nullptr) {
    out[0] = Piece{log.addr[lane], bytes};
    return 1;
  }
  const std::uint64_t thread = local->first_thread + lane;
  if (bytes < 4) {
    out[0] = Piece{local_timing_address(log.addr[lane], thread, local->threads_on_gpu), bytes};
    return 1;
  }
  unsigned n = 0;
  for (std::uint32_t off = 0; off < bytes && n < out.size(); off += 4) {
    out[n++] = Piece{local_timing_address(log.addr[lane] + off, thread, local->threads_on_gpu), 4};
  }
  return n;
}

std::uint32_t segment_for(std::uint32_t bytes, bool sectors) noexcept {
  if (bytes == 1 || sectors) return 32;
  return bytes == 2 ? 64 : 128;
}

struct Transaction {
  std::uint64_t block = 0;  ///< segment address
  std::uint8_t chunks = 0;  ///< 32-byte chunks of the 128-byte block used
  ByteMask bytes;
  sem::Mask lanes = 0;
};

/// Adds `bytes` at `addr` (inside one segment) to t.
void touch(Transaction& t, std::uint64_t addr, std::uint32_t bytes, unsigned lane) {
  const auto off = static_cast<std::uint32_t>(addr % 128);
  const std::uint32_t n = std::min<std::uint32_t>(bytes, 128 - off);
  t.chunks |= sector_mask_of(off, n);
  const ByteMask m = ByteMask::range(off, n);
  t.bytes.words[0] |= m.words[0];
  t.bytes.words[1] |= m.words[1];
  t.lanes |= sem::lane_bit(lane);
}

bool overlaps(const Transaction& t, std::uint64_t addr, std::uint32_t bytes) {
  const auto off = static_cast<std::uint32_t>(addr % 128);
  const ByteMask m = ByteMask::range(off, std::min<std::uint32_t>(bytes, 128 - off));
  return (t.bytes.words[0] & m.words[0]) != 0 || (t.bytes.words[1] & m.words[1]) != 0;
}

/// GPGPU-Sim's memory_coalescing_arch_reduce_and_send: the request of one segment.
MemAccess reduce(const Transaction& t, std::uint32_t segment) {
  std::uint64_t addr = t.block;
  std::uint32_t size = segment;
  const std::uint8_t q = t.chunks;
  std::uint8_t h = 0;
  if (segment == 128) {
    const bool lower = (q & 0x3U) != 0;
    const bool upper = (q & 0xcU) != 0;
    if (lower && !upper) {
      size = 64;
      h = q & 0x3U;
    } else if (!lower && upper) {
      addr += 64;
      size = 64;
      h = static_cast<std::uint8_t>((q >> 2) & 0x3U);
    }
  } else if (segment == 64) {
    h = addr % 128 == 0 ? (q & 0x3U) : static_cast<std::uint8_t>((q >> 2) & 0x3U);
  }
  if (size == 64) {
    if (h == 0x1U) {
      size = 32;
    } else if (h == 0x2U) {
      addr += 32;
      size = 32;
    }
  }
  MemAccess a;
  a.addr = addr;
  a.bytes = size;
  a.lanes = t.lanes;
  const auto off = static_cast<std::uint32_t>(addr % 128);
  a.sector_mask = sector_mask_of(off, size);
  const ByteMask window = ByteMask::range(off, size);
  a.byte_mask.words[0] = t.bytes.words[0] & window.words[0];
  a.byte_mask.words[1] = t.bytes.words[1] & window.words[1];
  return a;
}

}  // namespace

struct CoalescerScratch {
  std::vector<Transaction> txs;
};

Coalescer::Coalescer(CoalescingRules rules) : rules_(rules), scratch_(std::make_unique<CoalescerScratch>()) {
  scratch_->txs.reserve(64);
}
Coalescer::~Coalescer() = default;
Coalescer::Coalescer(Coalescer&&) noexcept = default;
Coalescer& Coalescer::operator=(Coalescer&&) noexcept = default;

void Coalescer::coalesce(const sem::AccessLog& log, sem::Mask lanes, const LocalLayout* local, bool atomic,
                         std::vector<MemAccess>& out) {
  const CoalescingRules& rules = rules_;
  lanes &= log.lanes;
  if (lanes == 0) return;
  const std::uint32_t piece_bytes = local != nullptr ? std::min<std::uint32_t>(log.bytes, 4) : log.bytes;
  const std::uint32_t segment = segment_for(piece_bytes, rules.sectors);
  const std::uint32_t parts = std::max<std::uint32_t>(1, std::min<std::uint32_t>(rules.warp_parts, sem::kWarpSize));
  const std::uint32_t part_lanes = sem::kWarpSize / parts;
  std::vector<Transaction>& txs = scratch_->txs;
  std::array<Piece, 64> pieces{};
  for (std::uint32_t p = 0; p < parts; ++p) {
    txs.clear();
    for (unsigned lane = p * part_lanes; lane < (p + 1) * part_lanes; ++lane) {
      if (!sem::has_lane(lanes, lane)) continue;
      const unsigned n = pieces_of(log, lane, local, pieces);
      for (unsigned i = 0; i < n; ++i) {
        const Piece pc = pieces[i];
        // The piece and, when it crosses a segment boundary, the part in the next segment.
        for (std::uint64_t a = pc.addr; a < pc.addr + pc.bytes;) {
          const std::uint64_t block = a / segment * segment;
          const std::uint64_t end = std::min<std::uint64_t>(pc.addr + pc.bytes, block + segment);
          const auto len = static_cast<std::uint32_t>(end - a);
          Transaction* t = nullptr;
          for (Transaction& x : txs) {
            if (x.block == block && (!atomic || !overlaps(x, a, len))) {
              t = &x;
              break;
            }
          }
          if (t == nullptr) {
            txs.push_back(Transaction{block, 0, {}, 0});
            t = &txs.back();
          }
          touch(*t, a, len, lane);
          a = end;
        }
      }
    }
    std::stable_sort(txs.begin(), txs.end(), [](const Transaction& x, const Transaction& y) { return x.block < y.block; });
    for (const Transaction& t : txs) {
      out.push_back(reduce(t, segment));
      out.back().local = local != nullptr;
    }
  }
}

void split_accesses(std::vector<MemAccess>& out, std::size_t first, std::uint32_t granule) {
  if (granule == 0 || granule >= 128) return;
  const std::size_t end = out.size();
  for (std::size_t i = first; i < end; ++i) {
    if (out[i].bytes <= granule) continue;
    const MemAccess whole = out[i];
    bool placed = false;
    for (std::uint64_t a = whole.addr; a < whole.addr + whole.bytes; a += granule) {
      MemAccess piece = whole;
      piece.addr = a;
      piece.bytes = granule;
      const auto off = static_cast<std::uint32_t>(a % 128);
      piece.sector_mask = sector_mask_of(off, granule);
      const ByteMask window = ByteMask::range(off, granule);
      piece.byte_mask.words[0] = whole.byte_mask.words[0] & window.words[0];
      piece.byte_mask.words[1] = whole.byte_mask.words[1] & window.words[1];
      if (piece.byte_mask.words[0] == 0 && piece.byte_mask.words[1] == 0) continue;  // nothing touched there
      if (!placed) {
        out[i] = piece;
        placed = true;
      } else {
        out.push_back(piece);
      }
    }
  }
  // Pieces of one access stay together, in address order.
  std::stable_sort(out.begin() + static_cast<std::ptrdiff_t>(first), out.end(),
                   [](const MemAccess& x, const MemAccess& y) { return x.addr < y.addr; });
}

void constant_lines(const sem::AccessLog& log, sem::Mask lanes, std::uint64_t base, std::uint32_t line_bytes,
                    std::vector<MemAccess>& out) {
  const std::size_t first = out.size();
  lanes &= log.lanes;
  const std::uint32_t line = std::max<std::uint32_t>(1, line_bytes);
  sem::for_each_lane(lanes, [&](unsigned lane) {
    const std::uint64_t addr = base + log.addr[lane] / line * line;
    for (std::size_t i = first; i < out.size(); ++i) {
      MemAccess& a = out[i];
      if (a.addr == addr) {
        a.lanes |= sem::lane_bit(lane);
        return;
      }
    }
    MemAccess a;
    a.addr = addr;
    a.bytes = line;
    a.lanes = sem::lane_bit(lane);
    const auto off = static_cast<std::uint32_t>(addr % 128);
    a.sector_mask = sector_mask_of(off, std::min<std::uint32_t>(line, 128 - off));
    a.byte_mask = ByteMask::range(off, std::min<std::uint32_t>(line, 128 - off));
    out.push_back(a);
  });
  std::sort(out.begin() + static_cast<std::ptrdiff_t>(first), out.end(),
            [](const MemAccess& x, const MemAccess& y) { return x.addr < y.addr; });
}

}  // namespace lockstep::sim
