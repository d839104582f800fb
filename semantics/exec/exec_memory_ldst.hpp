// ld, ldu, st and prefetch.
//
//   ld{.ss}{.vec}.type  d, [a]    operands: d (register or vector), [a]
//   st{.ss}{.vec}.type  [a], b    operands: [a], b (register, immediate or vector)
//
// Per lane, in ascending lane order: the address is evaluated and resolved
// (exec_memory_address.hpp), must be aligned to the access size (the whole
// vector's size for .v2/.v4/.v8) and the whole access must lie in one
// region/space, else MemoryFault. A load into a register wider than the type
// sign-extends signed types (ld.s8 into a .b32 register) and zero-extends
// the others; a store of a register wider than the type stores its low
// bytes. Sink elements (`_`) of a vector load are not written. When several
// lanes of one st write the same bytes, the highest lane's value remains
// (lanes apply in ascending order; PTX leaves it unspecified).
//
// ldu is ld (the uniformity it promises is not checked). ld.global.nc and
// volatile/relaxed/acquire/release/mmio qualifiers have no effect (memory
// is sequentially consistent at instruction granularity). prefetch and
// prefetchu compute the address of every lane but never access memory or
// fault on a bad address.
//
// Values cross into memory through the domain's hooks: D::store_value gives
// the bits to store, D::load_value turns loaded (extended) bits into a value
// (the identity for the concrete domain; the symbolic domain keeps a shadow
// of bytes that hold symbolic data).
#pragma once

#include <array>
#include <cstdint>

#include "semantics/exec/lane_faults.hpp"
#include "semantics/exec/exec_memory_address.hpp"
#include "semantics/memory/le_bytes.hpp"

namespace lockstep::sem {

template <class D>
void exec_ld(Lanes<D>& L, MemoryPort& m) {
  const ir::Type type = L.in.type;
  const unsigned esize = memory_detail::element_bytes(type);
  const unsigned n = L.elems(0);
  const auto plan = memory_detail::plan_address(L, m, 1);
  if (n == 1 && L.op(0).kind != ir::OperandKind::Vector) {  // scalar fast path
    if (plan.reg == nullptr && plan.space != ir::Space::Local && plan.space != ir::Space::Generic) {
      // A lane-independent address outside per-thread memory: every lane
      // reads the same bytes, so read once (the first lane reports a fault).
      const unsigned first = lowest_lane(L.active);
      typename D::V value{};
      for_each_lane_noting_faults(lane_bit(first), [&](unsigned lane) {
        const Target t = memory_detail::at(plan, L, m, lane);
        m.check_aligned(t, esize, AccessKind::Read);
        value = L.d.load_value(t, lane, esize, memory_detail::extend_loaded(m.load(t, lane, esize), type),
                               ir::is_signed(type));
        if (m.log != nullptr) for_each_lane(L.active, [&](unsigned l) { m.note(l, t, esize, AccessKind::Read); });
      });
      for_each_lane(L.active, [&](unsigned lane) { L.set(0, lane, value); });
      return;
    }
    for_each_lane_noting_faults(L.active, [&](unsigned lane) {
      const Target t = memory_detail::at(plan, L, m, lane);
      m.check_aligned(t, esize, AccessKind::Read);
      m.note(lane, t, esize, AccessKind::Read);
      L.set(0, lane, L.d.load_value(t, lane, esize, memory_detail::extend_loaded(m.load(t, lane, esize), type),
                                    ir::is_signed(type)));
    });
    return;
  }
  for_each_lane_noting_faults(L.active, [&](unsigned lane) {
    const Target t = memory_detail::at(plan, L, m, lane);
    m.check_aligned(t, std::uint64_t{esize} * n, AccessKind::Read);
    m.note(lane, t, std::uint64_t{esize} * n, AccessKind::Read);
    std::array<std::uint8_t, 64> buf;
    m.read(t, lane, std::uint64_t{esize} * n, buf.data(), AccessKind::Read);
    for (unsigned j = 0; j < n; ++j) {
      const std::uint64_t bits = le_load(buf.data() + std::size_t{j} * esize, esize);
      L.set_any(0, j, lane, L.d.load_value(t.plus(std::uint64_t{j} * esize), lane, esize,
                                           memory_detail::extend_loaded(bits, type), ir::is_signed(type)));
    }
  });
}

template <class D>
void exec_st(Lanes<D>& L, MemoryPort& m) {
  const ir::Type type = L.in.type;
  const unsigned esize = memory_detail::element_bytes(type);
  const unsigned n = L.elems(1);
  const auto plan = memory_detail::plan_address(L, m, 0);
  if (n == 1 && L.op(1).kind != ir::OperandKind::Vector) {  // scalar fast path
    for_each_lane_noting_faults(L.active, [&](unsigned lane) {
      const Target t = memory_detail::at(plan, L, m, lane);
      m.check_aligned(t, esize, AccessKind::Write);
      m.note(lane, t, esize, AccessKind::Write);
      m.store(t, lane, esize, L.d.store_value(t, lane, esize, L.src(1, lane)));
    });
    return;
  }
  for_each_lane_noting_faults(L.active, [&](unsigned lane) {
    const Target t = memory_detail::at(plan, L, m, lane);
    m.check_aligned(t, std::uint64_t{esize} * n, AccessKind::Write);
    m.note(lane, t, std::uint64_t{esize} * n, AccessKind::Write);
    std::array<std::uint8_t, 64> buf;
    for (unsigned j = 0; j < n; ++j) {
      const Target tj = t.plus(std::uint64_t{j} * esize);
      le_store(buf.data() + std::size_t{j} * esize, esize, L.d.store_value(tj, lane, esize, L.src_any(1, j, lane)));
    }
    m.write(t, lane, std::uint64_t{esize} * n, buf.data(), AccessKind::Write);
  });
}

template <class D>
void exec_prefetch(Lanes<D>& L, MemoryPort& m) {
  for_each_lane_noting_faults(L.active, [&](unsigned lane) { static_cast<void>(memory_detail::address(L, m, 0, lane)); });
}

}  // namespace lockstep::sem
