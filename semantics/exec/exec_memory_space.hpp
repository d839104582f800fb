// cvta and isspacep: conversions between generic addresses and the
// addresses of a state space, and the generic-window test.
//
//   cvta.space.size     p, a   space address -> generic   (AddressMap::to_generic)
//   cvta.to.space.size  p, a   generic -> space address   (AddressMap::from_generic)
//   isspacep.space      p, a   1 when generic address a lies in the space's window
//
// `a` is a register, an immediate, or a variable (+offset): for a variable,
// cvta converts from the variable's storage space (a call-sequence .param
// variable lives in .local). The .size (.u32/.u64) is the width of both
// addresses; the result is truncated to it (cvta.u32 in a 64-bit module
// keeps the low 32 bits of the generic address, which no longer classify to
// the space). Converting an address that lies outside the space is undefined
// in PTX; the result here is the documented arithmetic of AddressMap, which
// makes a later access through it fault. isspacep.global is also true for
// the .param window (the manual: the .param window is inside the .global
// window) and for every generic address outside the windows.
#pragma once

#include <cstdint>

#include "semantics/exec/lane_faults.hpp"
#include "semantics/exec/exec_memory_address.hpp"

namespace lockstep::sem {

template <class D>
void exec_cvta(Lanes<D>& L, MemoryPort& m) {
  const unsigned width = ir::bit_width(L.in.type);
  const std::uint64_t mask = width >= 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << width) - 1;
  const bool to_space = L.in.has(ir::InstrFlag::ToSpace);
  ir::Space space = L.in.space;
  const ir::Operand& src = L.op(1);
  if (!to_space && src.kind == ir::OperandKind::Symbol) space = L.env.symbol_space(src.scope, src.a);
  // to_generic / from_generic, with the window base looked up once.
  const std::uint64_t base = AddressMap::has_window(space) ? m.map->window_base(space) : 0;
  for_each_lane_noting_faults(L.active, [&](unsigned lane) {
    const std::uint64_t a = L.d.bits(L.src(1, lane)) & mask;
    const std::uint64_t r = m.map->wrap(to_space ? a - base : a + base);
    L.set(0, lane, L.d.constant(r & mask));
  });
}

template <class D>
void exec_isspacep(Lanes<D>& L, MemoryPort& m) {
  for_each_lane_noting_faults(L.active, [&](unsigned lane) {
    const std::uint64_t a = L.d.bits(L.src(1, lane));
    L.set(0, lane, L.d.constant(m.map->in_space(L.in.space, a) ? 1U : 0U));
  });
}

}  // namespace lockstep::sem
