// atom and red: atomic read-modify-write of .global and .shared locations.
//
//   atom{.space}.op.type      d, [a], b        operands: d, [a], b
//   atom{.space}.cas.type     d, [a], b, c     operands: d, [a], b, c
//   atom.global.vN.type       {d..}, [a], {b..}
//   red{.space}.op.type       [a], b           operands: [a], b (no destination)
//   red.global.vN.type        [a], {b..}
//
// Per lane in ascending lane order, and per vector element in order: the old
// value is read, op(old, b) (cas: cas(old, b, c)) is written back, and atom
// writes the old value to d. Atomics of several lanes to one address are
// therefore serialised in lane order (PTX leaves the order unspecified).
// A vector (or packed) atomic is atomic per element, as the manual says.
// The address must be aligned to the access size (the whole vector's size)
// and, after generic classification, in .global or .shared (vector forms:
// .global only), else MemoryFault. The arithmetic (inc/dec wrap rules,
// float rounding, the f32 flush on .global) is in memory/atomic_apply.hpp.
// .sem/.scope qualifiers have no effect (sequential consistency); .b128
// cas/exch is not supported (the register model holds 64 bits).
#pragma once

#include <cstdint>

#include <fmt/format.h>

#include "semantics/exec/lane_faults.hpp"
#include "semantics/exec/exec_memory_address.hpp"
#include "semantics/memory/atomic_apply.hpp"

namespace lockstep::sem {

template <class D>
void exec_atomic(Lanes<D>& L, MemoryPort& m) {
  const bool is_red = L.in.op == ir::Opcode::Red;
  const ir::AtomOp op = L.in.aop;
  const ir::Type type = L.in.type;
  const unsigned esize = memory_detail::element_bytes(type);
  if (!atomic_supported(op, type)) {
    unsupported(fmt::format("{} on type .{}", is_red ? "red" : "atom", ir::type_name(type)));
  }
  const unsigned a_op = is_red ? 0U : 1U;
  const unsigned b_op = a_op + 1;
  const unsigned n = L.elems(b_op);
  const bool vector = n > 1 || L.in.vec > 1;
  const bool cas = op == ir::AtomOp::Cas;
  const auto plan = memory_detail::plan_address(L, m, a_op);
  for_each_lane_noting_faults(L.active, [&](unsigned lane) {
    const Target t = memory_detail::at(plan, L, m, lane);
    m.check_aligned(t, std::uint64_t{esize} * n, AccessKind::Atomic);
    m.note(lane, t, std::uint64_t{esize} * n, AccessKind::Atomic);
    for (unsigned j = 0; j < n; ++j) {
      L.d.before_atomic(m, t.plus(std::uint64_t{j} * esize), lane, esize);
      const std::uint64_t b = L.d.bits(L.src_any(b_op, j, lane));
      const std::uint64_t c = cas ? L.d.bits(L.src(b_op + 1, lane)) : 0;
      const std::uint64_t old = m.atomic(t.plus(std::uint64_t{j} * esize), lane, op, type, b, c, vector);
      if (!is_red) L.set_any(0, j, lane, L.d.constant(memory_detail::extend_loaded(old, type)));
    }
  });
}

}  // namespace lockstep::sem
