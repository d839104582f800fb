// A memory request: the plain value that moves through the memory system's
// queues (GPGPU-Sim's mem_fetch, without pointers into components).
//
// Who makes one: the SM's LD/ST unit (one per coalesced access), its L1
// caches (a miss, a write-through, a dirty line written back), the L2 slices
// (misses and writebacks towards DRAM). It travels SM -> L1 -> interconnect
// -> sub-partition (ROP, L2) -> DRAM and back as a reply, always by value;
// components copy what they keep. The memory system never looks at data:
// functional effects happened at issue (DESIGN, "Functional effects at
// issue"); a request only carries what timing needs.
//
// Sizes follow GPGPU-Sim: a request names up to 128 bytes inside one
// naturally aligned 128-byte block (what coalescing produces); a read
// request packet carries 8 bytes of control, a write 8 bytes plus its data,
// a read reply 8 bytes plus the data, a write acknowledgement 8 bytes
// (packet_bytes below).
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <string_view>

namespace lockstep::sim {

/// A time in core-clock cycles (GPGPU-Sim's gpu_sim_cycle: every component
/// stamps and schedules in core cycles, whatever clock it runs on).
using Cycle = std::uint64_t;

/// "Not yet" / "never" for a time stamp or an event.
inline constexpr Cycle kNever = std::numeric_limits<Cycle>::max();

/// What an access is: GPGPU-Sim's mem_access_type, in its order. The
/// statistics of every cache are kept per type under these names.
enum class AccessType : std::uint8_t {
  GlobalRead,        ///< GLOBAL_ACC_R: global load (and global atomic, see MemRequest::atomic)
  LocalRead,         ///< LOCAL_ACC_R: local-memory load
  ConstRead,         ///< CONST_ACC_R: constant-cache miss
  TextureRead,       ///< TEXTURE_ACC_R: texture-cache miss
  GlobalWrite,       ///< GLOBAL_ACC_W: global store
  LocalWrite,        ///< LOCAL_ACC_W: local-memory store
  L1Writeback,       ///< L1_WRBK_ACC: a dirty L1 line written back (no reply)
  L2Writeback,       ///< L2_WRBK_ACC: a dirty L2 line written to DRAM (no reply)
  InstRead,          ///< INST_ACC_R: instruction-cache miss
  L1WriteAllocRead,  ///< L1_WR_ALLOC_R: the line read by an L1 write miss that allocates
  L2WriteAllocRead,  ///< L2_WR_ALLOC_R: the same for the L2
};
inline constexpr std::size_t kAccessTypes = 11;

/// GPGPU-Sim's name of an access type ("GLOBAL_ACC_R", ...).
[[nodiscard]] constexpr std::string_view access_type_name(AccessType t) noexcept {
  constexpr std::array<std::string_view, kAccessTypes> names{
      "GLOBAL_ACC_R", "LOCAL_ACC_R", "CONST_ACC_R",  "TEXTURE_ACC_R", "GLOBAL_ACC_W",  "LOCAL_ACC_W",
      "L1_WRBK_ACC",  "L2_WRBK_ACC", "INST_ACC_R",   "L1_WR_ALLOC_R", "L2_WR_ALLOC_R"};
  return names[static_cast<std::size_t>(t)];
}

/// Whether an access type writes (a write request carries its data).
[[nodiscard]] constexpr bool is_write(AccessType t) noexcept {
  return t == AccessType::GlobalWrite || t == AccessType::LocalWrite || t == AccessType::L1Writeback ||
         t == AccessType::L2Writeback;
}

/// Whether an access type is a writeback (no reply comes back).
[[nodiscard]] constexpr bool is_writeback(AccessType t) noexcept {
  return t == AccessType::L1Writeback || t == AccessType::L2Writeback;
}

/// The operation of an atomic request. Only its timing is modelled (the
/// value was computed at issue); the operation is kept for traces.
enum class AtomicOp : std::uint8_t { None, Add, Min, Max, Inc, Dec, And, Or, Xor, Exch, Cas };

/// Which bytes of the request's 128-byte block are accessed: bit i of
/// word i / 64 for byte i.
struct ByteMask {
  std::array<std::uint64_t, 2> words{};

  /// Bytes [offset, offset + bytes) of the block (offset + bytes <= 128).
  [[nodiscard]] static constexpr ByteMask range(std::uint32_t offset, std::uint32_t bytes) noexcept {
    ByteMask m;
    for (std::uint32_t b = offset; b < offset + bytes && b < 128; ++b) m.words[b / 64] |= std::uint64_t{1} << (b % 64);
    return m;
  }
  /// Number of bytes set within [offset, offset + bytes).
  [[nodiscard]] constexpr std::uint32_t count(std::uint32_t offset, std::uint32_t bytes) const noexcept {
    std::uint32_t n = 0;
    for (std::uint32_t b = offset; b < offset + bytes && b < 128; ++b) n += static_cast<std::uint32_t>((words[b / 64] >> (b % 64)) & 1U);
    return n;
  }
  friend constexpr bool operator==(const ByteMask&, const ByteMask&) = default;
};

/// The 32-byte sectors of a 128-byte block that bytes [offset, offset + bytes) touch.
[[nodiscard]] constexpr std::uint8_t sector_mask_of(std::uint32_t offset, std::uint32_t bytes) noexcept {
  if (bytes == 0) return 0;
  std::uint8_t m = 0;
  for (std::uint32_t s = offset / 32; s <= (offset + bytes - 1) / 32 && s < 4; ++s) m |= std::uint8_t(1U << s);
  return m;
}

/// Bytes of control in every packet (GPGPU-Sim's READ_PACKET_SIZE and
/// WRITE_PACKET_SIZE: address and bookkeeping).
inline constexpr std::uint32_t kControlBytes = 8;

struct MemRequest {
  /// Identifies the request while it is in flight; its reply has the same
  /// id. The SM chooses ids for what it makes (unique among its requests
  /// in flight, bit 63 clear); caches and the memory system make their own
  /// requests (writebacks, write-allocate reads) with bit 63 set.
  std::uint64_t id = 0;
  /// Address of the first byte accessed. The whole access lies inside the
  /// 128-byte block addr / 128 * 128.
  std::uint64_t addr = 0;
  std::uint32_t bytes = 0;  ///< data bytes accessed (1..128)
  AccessType type = AccessType::GlobalRead;
  /// Not None: an atomic read-modify-write, type GlobalRead (as in
  /// GPGPU-Sim), performed at the L2 slice (the ROP/atomic unit) where it
  /// dirties the line.
  AtomicOp atomic = AtomicOp::None;
  /// The 32-byte sectors of the block the access touches (sector_mask_of).
  std::uint8_t sector_mask = 0;
  /// The bytes accessed (a write's partial-sector writes matter to
  /// fetch-on-write and lazy-fetch-on-read caches).
  ByteMask byte_mask;
  /// false on the way to memory, true on the way back.
  bool reply = false;

  /// Origin, for routing the reply and for the SM to match it: the SM
  /// (global index), the warp within the SM, and the SM's identifier of the
  /// dynamic instruction.
  std::uint32_t sm = 0;
  std::uint32_t warp = 0;
  std::uint64_t instruction = 0;
  /// The PC of the instruction that made it, and whether its warp was
  /// critical when it issued (CAWA's cache prioritisation, cacp.hpp; false
  /// without it). Copied into the requests the L1 makes for it.
  std::uint32_t pc = 0;
  bool critical = false;

  /// The memory sub-partition (L2 slice) the address belongs to: set by
  /// the memory system when the request enters it (and copied by caches
  /// into the requests they make).
  std::uint32_t sub_partition = 0;

  /// Time stamps in core cycles, kNever until reached. `issued` is set by
  /// whoever makes the request (the SM when it issues the instruction); the
  /// memory system sets `at_l2` when a sub-partition takes the request from
  /// the interconnect, `at_dram` when the DRAM controller takes it (kNever
  /// for L2 hits), `replied` when the reply enters the reply network and
  /// `returned` when the SM's cluster takes the reply (pop_reply). For a
  /// request the L2 split into sectors: the first part's `at_l2`, the last
  /// part's `at_dram` and `replied`.
  Cycle issued = kNever;
  Cycle at_l2 = kNever;
  Cycle at_dram = kNever;
  Cycle replied = kNever;
  Cycle returned = kNever;

  [[nodiscard]] constexpr bool writes() const noexcept { return is_write(type); }
  /// Offset of addr in its 128-byte block.
  [[nodiscard]] constexpr std::uint32_t block_offset() const noexcept { return static_cast<std::uint32_t>(addr % 128); }

  friend constexpr bool operator==(const MemRequest&, const MemRequest&) = default;
};

/// The first id of the requests the L2 slice of a sub-partition makes (bit
/// 63 set, bit 62 clear, the sub-partition in bits 40..55).
[[nodiscard]] constexpr std::uint64_t l2_made_ids(std::uint32_t sub_partition) noexcept {
  return (std::uint64_t{1} << 63) | (std::uint64_t{sub_partition} << 40);
}

/// A suggested first id for the requests one of an SM's caches makes (bits
/// 63 and 62 set, the SM in bits 42..57, the cache in bits 40..41), so that
/// no two caches' ids meet.
[[nodiscard]] constexpr std::uint64_t sm_made_ids(std::uint32_t sm, std::uint32_t cache) noexcept {
  return (std::uint64_t{3} << 62) | (std::uint64_t{sm} << 42) | (std::uint64_t{cache & 3U} << 40);
}

/// A request for `bytes` bytes at `addr` with its sector and byte masks
/// filled in (the access must not cross a 128-byte boundary).
[[nodiscard]] constexpr MemRequest make_request(std::uint64_t id, AccessType type, std::uint64_t addr,
                                                std::uint32_t bytes) noexcept {
  MemRequest r;
  r.id = id;
  r.type = type;
  r.addr = addr;
  r.bytes = bytes;
  const auto offset = static_cast<std::uint32_t>(addr % 128);
  r.sector_mask = sector_mask_of(offset, bytes);
  r.byte_mask = ByteMask::range(offset, bytes);
  return r;
}

/// Bytes a request's packet carries through the interconnect: control, plus
/// the data of a write request or of a read reply (GPGPU-Sim's sizes;
/// an atomic travels as a read).
[[nodiscard]] constexpr std::uint32_t packet_bytes(const MemRequest& r) noexcept {
  const bool carries_data = r.reply ? !r.writes() : r.writes();
  return kControlBytes + (carries_data ? r.bytes : 0);
}

}  // namespace lockstep::sim
