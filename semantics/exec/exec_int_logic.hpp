// Logic and shift instructions: and, or, xor, not (also .pred), cnot, lop3,
// shf (.l/.r, .wrap/.clamp), shl, shr (arithmetic for signed types).
//
// PTX ISA §9.7.8: shift amounts are unsigned 32-bit values; shl/shr clamp
// amounts greater than the width N to N (shl/shr.u give 0, shr.s the sign);
// shf shifts the 64-bit {b, a} by min(c, 32) (.clamp) or c & 31 (.wrap).
// lop3's truth table is the immediate immLut (operand 4), read from the IR:
// it is always a constant, so it stays concrete in every domain.
#pragma once

#include <cstdint>

#include "frontend/ir/instr.hpp"
#include "semantics/exec/exec_int_common.hpp"
#include "semantics/exec/lanes.hpp"

namespace lockstep::sem::int_exec {

template <class D>
bool exec_int_logic(Lanes<D>& L) {
  using ir::Opcode;
  D& d = L.d;
  const ir::Instr& in = L.in;
  if (ir::is_float(in.type)) return false;
  const unsigned w = width(in.type);
  switch (in.op) {
    case Opcode::And:
    case Opcode::Or:
    case Opcode::Xor:
      for_each_lane(L.active, [&](unsigned l) {
        const auto a = L.src(1, l);
        const auto b = L.src(2, l);
        L.set(0, l, in.op == Opcode::And ? d.and_(a, b, w) : in.op == Opcode::Or ? d.or_(a, b, w) : d.xor_(a, b, w));
      });
      return true;
    case Opcode::Not: for_each_lane(L.active, [&](unsigned l) { L.set(0, l, d.not_(L.src(1, l), w)); }); return true;
    case Opcode::Cnot: {
      const auto zero = d.constant(0);
      const auto one = d.constant(1);
      for_each_lane(L.active, [&](unsigned l) { L.set(0, l, d.select(d.eq(L.src(1, l), zero, w), one, zero)); });
      return true;
    }
    case Opcode::Lop3: {
      const ir::Operand& imm = L.op(4);
      if (imm.kind != ir::OperandKind::ImmInt) unsupported("lop3 with a non-immediate truth table");
      const auto lut = static_cast<std::uint8_t>(static_cast<std::uint64_t>(imm.value) & 0xffU);
      for_each_lane(L.active, [&](unsigned l) { L.set(0, l, d.lop3(L.src(1, l), L.src(2, l), L.src(3, l), lut)); });
      return true;
    }
    case Opcode::Shf: {
      const bool right = in.shf == ir::ShfMode::RWrap || in.shf == ir::ShfMode::RClamp;
      const bool clamp = in.shf == ir::ShfMode::LClamp || in.shf == ir::ShfMode::RClamp;
      for_each_lane(L.active, [&](unsigned l) {
        const auto a = L.src(1, l);
        const auto b = L.src(2, l);
        const auto c = L.src(3, l);
        L.set(0, l, right ? d.shf_r(a, b, c, clamp) : d.shf_l(a, b, c, clamp));
      });
      return true;
    }
    case Opcode::Shl:
    case Opcode::Shr: {
      const bool left = in.op == Opcode::Shl;
      const bool sgn = ir::is_signed(in.type);
      for_each_lane(L.active, [&](unsigned l) {
        const auto a = L.src(1, l);
        const auto n = L.src(2, l);
        L.set(0, l, left ? d.shl(a, n, w) : sgn ? d.shr_s(a, n, w) : d.shr_u(a, n, w));
      });
      return true;
    }
    default: return false;
  }
}

}  // namespace lockstep::sem::int_exec
