// What one warp instruction can touch in memory, and the concrete accesses.
//
// The launch state builds a MemoryPort for every executed memory
// instruction (pointers only): the launch's global memory, the block's
// .shared space, each lane's .local space (null for lanes without a
// thread), the .const and .param images (read-only), the address map and
// the layout.
//
// The memory semantics (exec/exec_memory*.hpp) evaluate an address per lane,
// resolve it to a Target (the space it is in and the address in that space:
// generic addresses are classified through the AddressMap) and read, write
// or update it here. Values cross this port as little-endian bytes packed
// into a std::uint64_t: memory is concrete in every domain.
//
// Inside a transaction (`tx`, set per lane), .global reads and writes go
// through the lane's transaction log instead (tx_log.hpp; atomics too, as a
// read then a write of the log): weak isolation, other spaces are direct.
//
// A port may carry an AccessLog (memory/access_log.hpp): the memory
// semantics note each lane's resolved access there (`note`), for the
// simulator's timing; without one, noting costs a test of a null pointer.
//
// Faults (MemoryFault): out of bounds (from the spaces), misaligned (every
// access must be aligned to its size; vector accesses to the whole vector's
// size), writes to .const or .param (ReadOnly), atomics outside .global and
// .shared and vector atomics outside .global (WrongSpace; on .const/.param
// ReadOnly). Faults through a generic address also record it.
#pragma once

#include <array>
#include <cstdint>

#include "frontend/ir/opcode.hpp"
#include "semantics/memory/access_log.hpp"
#include "semantics/memory/address_map.hpp"
#include "semantics/memory/global_memory.hpp"
#include "semantics/memory/layout.hpp"
#include "semantics/memory/space_memory.hpp"
#include "semantics/memory/tx_log.hpp"
#include "semantics/value/mask.hpp"

namespace lockstep::sem {

/// A resolved access: the space and the address in it.
struct Target {
  ir::Space space = ir::Space::Global;  ///< Global, Shared, Local, Const or Param
  std::uint64_t addr = 0;               ///< global address, or offset in the space
  bool via_generic = false;
  std::uint64_t generic = 0;            ///< the generic address when via_generic

  /// The target `bytes` further on (the next element of a vector).
  [[nodiscard]] Target plus(std::uint64_t bytes) const noexcept {
    return Target{space, addr + bytes, via_generic, generic + bytes};
  }
};

struct MemoryPort {
  GlobalMemory* global = nullptr;
  SpaceMemory* shared = nullptr;
  std::array<SpaceMemory*, kWarpSize> local{};
  const SpaceMemory* constant = nullptr;
  const SpaceMemory* param = nullptr;
  const AddressMap* map = nullptr;
  const MemoryLayout* layout = nullptr;
  AccessLog* log = nullptr;  ///< where accesses are noted; null: not noted
  /// Per lane, the log of the transaction the lane is in (null: none);
  /// .global reads and writes of such a lane go through it (tx_log.hpp).
  /// Null when no lane of the warp is in a transaction.
  const std::array<TxLog*, kWarpSize>* tx = nullptr;

  /// Notes that `lane` accesses `bytes` bytes at t (a no-op without a log).
  void note(unsigned lane, const Target& t, std::uint64_t bytes, AccessKind access) const noexcept {
    if (log != nullptr) log->add(lane, t.space, t.addr, static_cast<std::uint32_t>(bytes), access);
  }

  /// The target of address `addr` of an instruction in `space` (Generic:
  /// classified; SharedCluster: Shared; a .global address in the .param
  /// window: the kernel parameters, as the manual puts that window inside
  /// the .global one). `addr` is wrapped to the address size.
  [[nodiscard]] Target resolve(ir::Space space, std::uint64_t addr) const noexcept;
  /// Throws Misaligned unless t.addr (or the generic address) is a multiple of `size`.
  void check_aligned(const Target& t, std::uint64_t size, AccessKind access) const {
    if (size > 1 && ((size & (size - 1)) == 0 ? (t.addr & (size - 1)) : (t.addr % size)) != 0) {
      misaligned(t, size, access);
    }
  }

  /// Reads/writes `size` bytes (any size: a whole vector) at t; writes to
  /// .const/.param fault as read-only.
  void read(const Target& t, unsigned lane, std::uint64_t size, void* out, AccessKind access) const;
  void write(const Target& t, unsigned lane, std::uint64_t size, const void* in, AccessKind access);
  /// Reads `size` (1..8) bytes as a little-endian value.
  [[nodiscard]] std::uint64_t load(const Target& t, unsigned lane, unsigned size) const;
  /// Writes the low `size` (1..8) bytes of `value`.
  void store(const Target& t, unsigned lane, unsigned size, std::uint64_t value);
  /// One atomic update of a `type`-sized location (element type, see
  /// atomic_apply.hpp); returns the old value. `vector`: part of a vector atom.
  std::uint64_t atomic(const Target& t, unsigned lane, ir::AtomOp op, ir::Type type, std::uint64_t b,
                       std::uint64_t c, bool vector);

 private:
  [[noreturn]] void misaligned(const Target& t, std::uint64_t size, AccessKind access) const;
  [[nodiscard]] SpaceMemory& local_of(unsigned lane) const;
};

}  // namespace lockstep::sem
