// mov: scalar moves of every type (also .pred and the float types: a move
// is a bit copy), moves of special registers and of variable addresses
// (Lanes resolves both into values), and the vector pack/unpack forms
// (PTX ISA §9.7.9.4):
//   mov.b64 d, {a, b}      d = a | b << 32   (element 0 is least significant)
//   mov.b64 {a, b}, d      a = d[31:0], b = d[63:32]   (`_` elements dropped)
// The element width is the instruction width divided by the element count.
// .b128 values do not fit the 64-bit lane values of the domains: rejected.
#pragma once

#include "frontend/ir/instr.hpp"
#include "semantics/exec/exec_int_common.hpp"
#include "semantics/exec/lanes.hpp"

namespace lockstep::sem::int_exec {

template <class D>
bool exec_mov(Lanes<D>& L) {
  D& d = L.d;
  const ir::Instr& in = L.in;
  const unsigned w = width(in.type);
  if (w > 64) unsupported("mov.b128");
  const bool unpack = L.op(0).kind == ir::OperandKind::Vector;
  const bool pack = L.op(1).kind == ir::OperandKind::Vector;
  if (unpack && pack) unsupported("mov between two vectors");
  if (unpack) {
    const unsigned n = L.elems(0);
    const unsigned ew = w / n;
    for_each_lane(L.active, [&](unsigned l) {
      const auto a = L.src(1, l);
      for (unsigned j = 0; j < n; ++j) L.set_elem(0, j, l, d.extract(a, j * ew, ew));
    });
    return true;
  }
  if (pack) {
    const unsigned n = L.elems(1);
    const unsigned ew = w / n;
    for_each_lane(L.active, [&](unsigned l) {
      auto acc = d.zext(L.elem(1, n - 1, l), ew);
      for (unsigned j = n - 1; j-- > 0;) acc = d.concat(acc, L.elem(1, j, l), ew);
      L.set(0, l, acc);
    });
    return true;
  }
  for_each_lane(L.active, [&](unsigned l) { L.set(0, l, d.zext(L.src(1, l), w)); });
  return true;
}

}  // namespace lockstep::sem::int_exec
