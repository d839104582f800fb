// Floating-point comparison and selection: setp and set with a float
// compared type, slct with an f32 selector, testp.
//
//  - setp.CmpOp{.BoolOp}{.ftz}.type p[|q], a, b{, c}: t = a CmpOp b;
//    p = BoolOp(t, c), q = BoolOp(!t, c) (without BoolOp: p = t, q = !t).
//    For f16x2/bf16x2: p from element 0 (bits 15..0), q from element 1.
//  - set.CmpOp{.BoolOp}{.ftz}.dtype.stype d, a, b{, c}: the combined result
//    is written as 0xffffffff (u32/s32), 0xffff (u16/s16) or 1.0 in the
//    destination's float format (f32, f16, bf16), and 0 otherwise; for an
//    f16x2/bf16x2 source each element's result fills one 16-bit half
//    (0xffff, or 1.0 of the f16x2/bf16x2 destination's format).
//  - slct{.ftz}.dtype.f32 d, a, b, c: d = c >= 0 ? a : b, where -0 counts
//    as 0 and a NaN c selects b (the manual: the comparison is ordered);
//    .ftz flushes a subnormal c first (so -subnormal selects a).
//  - testp.class.type p, a.
// `.ftz` flushes subnormal comparison operands.
#pragma once

#include "semantics/exec/exec_float_common.hpp"

namespace lockstep::sem::fexec {

/// The 16-bit or 32-bit "true" pattern set writes for destination type t
/// (per element when the source is packed).
[[nodiscard]] inline std::uint64_t set_true_bits(ir::Type dst, bool packed_source) {
  switch (dst) {
    case ir::Type::U32:
    case ir::Type::S32:
    case ir::Type::B32: return packed_source ? 0xffffU : 0xffffffffU;
    case ir::Type::U16:
    case ir::Type::S16:
    case ir::Type::B16: return 0xffffU;
    case ir::Type::F32: return fp_one_bits(FpFormat::F32);
    case ir::Type::F16:
    case ir::Type::F16x2: return fp_one_bits(FpFormat::F16);
    case ir::Type::BF16:
    case ir::Type::BF16x2: return fp_one_bits(FpFormat::BF16);
    default: break;
  }
  unsupported("set destination type");
}

template <class D>
bool exec_float_compare(Lanes<D>& L) {
  using ir::InstrFlag;
  using ir::Opcode;
  using V = typename D::V;
  const ir::Instr& in = L.in;
  D& d = L.d;
  const bool ftz = in.has(InstrFlag::Ftz);

  switch (in.op) {
    case Opcode::Testp: {
      const std::optional<FpFormat> f = format_of(in.type);
      if (!f) return false;
      FpClass cls = FpClass::Finite;
      switch (in.testp) {
        case ir::TestClass::Finite: cls = FpClass::Finite; break;
        case ir::TestClass::Infinite: cls = FpClass::Infinite; break;
        case ir::TestClass::Number: cls = FpClass::Number; break;
        case ir::TestClass::NotANumber: cls = FpClass::NotANumber; break;
        case ir::TestClass::Normal: cls = FpClass::Normal; break;
        case ir::TestClass::Subnormal: cls = FpClass::Subnormal; break;
        case ir::TestClass::None: unsupported("testp without a class");
      }
      for_each_lane(L.active, [&](unsigned lane) { L.set(0, lane, d.ftest(L.src(1, lane), *f, cls)); });
      return true;
    }
    case Opcode::Setp:
    case Opcode::Set: {
      const bool is_set = in.op == Opcode::Set;
      const ir::Type ct = is_set ? in.stype : in.type;  // the compared type
      const std::optional<FpFormat> f = format_of(ct);
      if (!f) return false;
      const Mods m{*f, ftz};
      const FpCmp cmp = cmp_of(in.cmp);
      const std::optional<PredOp> bop = pred_op_of(in.bop);
      const bool pair = is_pair(ct);
      auto compare = [&](unsigned lane, unsigned elem) {
        V a = L.src(1, lane);
        V b = L.src(2, lane);
        if (pair) {
          a = d.fhalf(a, elem);
          b = d.fhalf(b, elem);
        }
        return d.fcmp(m.in(d, a), m.in(d, b), *f, cmp);
      };
      auto combine = [&](V t, unsigned lane) { return bop ? d.pred_combine(t, L.src(3, lane), *bop) : t; };
      if (!is_set) {
        for_each_lane(L.active, [&](unsigned lane) {
          const V t0 = compare(lane, 0);
          const V t1 = pair ? compare(lane, 1) : d.pred_not(t0);
          L.set(0, lane, combine(t0, lane));
          L.set_second(0, lane, combine(t1, lane));
        });
        return true;
      }
      const V yes = d.constant(set_true_bits(in.type, pair));
      const V no = d.constant(0);
      for_each_lane(L.active, [&](unsigned lane) {
        if (!pair) {
          L.set(0, lane, d.fsel(combine(compare(lane, 0), lane), yes, no));
          return;
        }
        const V lo = d.fsel(combine(compare(lane, 0), lane), yes, no);
        const V hi = d.fsel(combine(compare(lane, 1), lane), yes, no);
        L.set(0, lane, d.fpack2(lo, hi));
      });
      return true;
    }
    case Opcode::Slct: {
      if (in.stype != ir::Type::F32) return false;
      const V zero = d.constant(0);
      for_each_lane(L.active, [&](unsigned lane) {
        V c = L.src(3, lane);
        if (ftz) c = d.fftz(c, FpFormat::F32);
        L.set(0, lane, d.fsel(d.fcmp(c, zero, FpFormat::F32, FpCmp::Ge), L.src(1, lane), L.src(2, lane)));
      });
      return true;
    }
    default: return false;
  }
}

}  // namespace lockstep::sem::fexec
