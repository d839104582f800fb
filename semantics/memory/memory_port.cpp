#include "semantics/memory/memory_port.hpp"

#include <bit>

#include <fmt/format.h>

#include <stdexcept>

#include "semantics/memory/atomic_apply.hpp"
#include "semantics/memory/le_bytes.hpp"

namespace lockstep::sem {
namespace {

[[noreturn]] void fault(const Target& t, std::uint64_t size, AccessKind access, FaultKind kind, std::string detail) {
  MemoryFault f(kind, t.space, t.addr, size, access, std::move(detail));
  if (t.via_generic) f.set_generic(t.generic);
  throw f;
}

}  // namespace

Target MemoryPort::resolve(ir::Space space, std::uint64_t addr) const noexcept {
  const std::uint64_t a = map->wrap(addr);
  if (space == ir::Space::Generic) {
    const SpaceAddress s = map->classify(a);
    return Target{s.space, s.offset, true, a};
  }
  if (space == ir::Space::SharedCluster) space = ir::Space::Shared;
  if (space == ir::Space::Global) {
    // The .param window lies inside the .global window (PTX manual, isspacep).
    const SpaceAddress s = map->classify(a);
    if (s.space == ir::Space::Param) return Target{s.space, s.offset, true, a};
  }
  return Target{space, a, false, 0};
}

void MemoryPort::misaligned(const Target& t, std::uint64_t size, AccessKind access) const {
  fault(t, size, access, FaultKind::Misaligned,
        fmt::format("the address is not a multiple of the access size ({} bytes)", size));
}

SpaceMemory& MemoryPort::local_of(unsigned lane) const {
  SpaceMemory* m = lane < kWarpSize ? local[lane] : nullptr;
  if (m == nullptr) throw std::logic_error(fmt::format("lane {} has no .local memory", lane));
  return *m;
}

void MemoryPort::read(const Target& t, unsigned lane, std::uint64_t size, void* out, AccessKind access) const {
  try {
    switch (t.space) {
      case ir::Space::Global:
        if (tx != nullptr && lane < kWarpSize && (*tx)[lane] != nullptr) return (*tx)[lane]->read(*global, t.addr, size, out, access);
        global->read(t.addr, size, out, access);
        return;
      case ir::Space::Shared: shared->read(t.addr, size, out, access); return;
      case ir::Space::Local: local_of(lane).read(t.addr, size, out, access); return;
      case ir::Space::Const: constant->read(t.addr, size, out, access); return;
      case ir::Space::Param: param->read(t.addr, size, out, access); return;
      default: break;
    }
  } catch (MemoryFault& f) {
    if (t.via_generic) f.set_generic(t.generic);
    throw;
  }
  fault(t, size, access, FaultKind::WrongSpace,
        fmt::format("the .{} space cannot be accessed by ld/st", ir::space_name(t.space)));
}

void MemoryPort::write(const Target& t, unsigned lane, std::uint64_t size, const void* in, AccessKind access) {
  if (t.space == ir::Space::Const || t.space == ir::Space::Param) {
    fault(t, size, access, FaultKind::ReadOnly,
          fmt::format("the .{} space is read-only", ir::space_name(t.space)));
  }
  try {
    switch (t.space) {
      case ir::Space::Global:
        if (tx != nullptr && lane < kWarpSize && (*tx)[lane] != nullptr) return (*tx)[lane]->write(*global, t.addr, size, in, access);
        global->write(t.addr, size, in, access);
        return;
      case ir::Space::Shared: shared->write(t.addr, size, in, access); return;
      case ir::Space::Local: local_of(lane).write(t.addr, size, in, access); return;
      default: break;
    }
  } catch (MemoryFault& f) {
    if (t.via_generic) f.set_generic(t.generic);
    throw;
  }
  fault(t, size, access, FaultKind::WrongSpace,
        fmt::format("the .{} space cannot be accessed by ld/st", ir::space_name(t.space)));
}

std::uint64_t MemoryPort::load(const Target& t, unsigned lane, unsigned size) const {
  if (size > 8) throw std::logic_error("MemoryPort::load of more than 8 bytes");
  static_assert(std::endian::native == std::endian::little, "memory images are little-endian");
  std::uint64_t v = 0;
  read(t, lane, size, &v, AccessKind::Read);
  return v;
}

void MemoryPort::store(const Target& t, unsigned lane, unsigned size, std::uint64_t value) {
  if (size > 8) throw std::logic_error("MemoryPort::store of more than 8 bytes");
  write(t, lane, size, &value, AccessKind::Write);
}

std::uint64_t MemoryPort::atomic(const Target& t, unsigned lane, ir::AtomOp op, ir::Type type, std::uint64_t b,
                                 std::uint64_t c, bool vector) {
  const unsigned size = ir::byte_width(type);
  if (size == 0 || size > 8) throw std::logic_error("MemoryPort::atomic on a type wider than 8 bytes");
  if (t.space == ir::Space::Const || t.space == ir::Space::Param) {
    fault(t, size, AccessKind::Atomic, FaultKind::ReadOnly,
          fmt::format("the .{} space is read-only", ir::space_name(t.space)));
  }
  if (t.space != ir::Space::Global && (vector || t.space != ir::Space::Shared)) {
    fault(t, size, AccessKind::Atomic, FaultKind::WrongSpace,
          vector ? std::string("vector atomics need a .global address")
                 : fmt::format("atomics need a .global or .shared address, not .{}", ir::space_name(t.space)));
  }
  std::uint8_t bytes[8] = {};
  read(t, lane, size, bytes, AccessKind::Atomic);
  const std::uint64_t old = le_load(bytes, size);
  const std::uint64_t now = atomic_result(op, type, old, b, c, t.space == ir::Space::Global);
  le_store(bytes, size, now);
  write(t, lane, size, bytes, AccessKind::Atomic);
  return old;
}

}  // namespace lockstep::sem
