// Conversion instructions: cvt between every pair of types the frontend
// accepts (u8..u64, s8..s64, f16, bf16, tf32, f32, f64; f16x2/bf16x2 from
// two f32 operands) and cvt.pack.
//
// exec_cvt(L) returns false unless the instruction is cvt or cvt.pack.
// Source type is Instr::stype, destination type Instr::type.
//
//  - integer -> integer: the value wraps to the destination width, or is
//    clamped to the destination range with .sat;
//  - integer -> float: rounded in the .rn/.rz/.rm/.rp/.rna mode (the manual
//    requires one; a missing modifier is read as .rn);
//  - float -> integer: rounded in the .rni/.rzi/.rmi/.rpi mode (a plain
//    .rn/.rz/.rm/.rp is read as its integer counterpart, a missing one as
//    .rzi), clamped to the destination range; NaN gives 0, or
//    1 << (width - 1) for an f64 source or a 64-bit destination (manual);
//  - float -> float: exact when widening, rounded (default .rn) when
//    narrowing; with an integer rounding modifier and equal formats, the
//    value rounded to an integral value; NaN gives the canonical NaN of the
//    destination (f64 -> f64 keeps the quieted payload);
//  - `.ftz` flushes an f32 source and an f32 result; `.sat` clamps a float
//    result to [0, 1]; `.relu` and `.satfinite` apply to the result;
//  - results are sign-extended into a wider destination register for
//    signed integer types and zero-extended otherwise (manual, cvt Notes);
//    a wider source register contributes its low bits only;
//  - cvt.{f16x2,bf16x2}.f32 d, a, b puts cvt(a) in bits 31..16 and cvt(b)
//    in bits 15..0;
//  - cvt.pack.sat.{u8,s8,u16,s16}.s32.b32 d, a, b, c: a and b are clamped
//    to the convert type and packed (a above b) into the low bits of d; for
//    8-bit types the remaining bits of d are the low bits of c.
#pragma once

#include "semantics/exec/exec_float_common.hpp"

namespace lockstep::sem {

namespace fexec {

struct IntType {
  unsigned bits = 0;
  bool is_signed = false;
};

[[nodiscard]] constexpr std::optional<IntType> int_type_of(ir::Type t) noexcept {
  switch (t) {
    case ir::Type::U8: return IntType{8, false};
    case ir::Type::U16: return IntType{16, false};
    case ir::Type::U32: return IntType{32, false};
    case ir::Type::U64: return IntType{64, false};
    case ir::Type::S8: return IntType{8, true};
    case ir::Type::S16: return IntType{16, true};
    case ir::Type::S32: return IntType{32, true};
    case ir::Type::S64: return IntType{64, true};
    default: return std::nullopt;
  }
}

template <class D>
void exec_cvt_pack(Lanes<D>& L) {
  const std::optional<IntType> to = int_type_of(L.in.type);
  const std::optional<IntType> from = int_type_of(L.in.stype);
  if (!to || !from || to->bits > 16) unsupported("cvt.pack types");
  D& d = L.d;
  for_each_lane(L.active, [&](unsigned lane) {
    const auto a = d.cvt_i2i(L.src(1, lane), from->bits, from->is_signed, to->bits, to->is_signed, true);
    const auto b = d.cvt_i2i(L.src(2, lane), from->bits, from->is_signed, to->bits, to->is_signed, true);
    L.set(0, lane, d.cvt_pack(a, b, L.src(3, lane), to->bits));
  });
}

/// The float-result modifiers of cvt, applied to a result of format f.
template <class D>
typename D::V cvt_float_out(D& d, const ir::Instr& in, typename D::V r, FpFormat f) {
  using ir::InstrFlag;
  if (in.has(InstrFlag::Ftz) && f == FpFormat::F32) r = d.fftz(r, f);
  if (in.has(InstrFlag::Sat)) r = d.fsat(r, f);
  if (in.has(InstrFlag::Relu)) r = d.frelu(r, f);
  if (in.has(InstrFlag::Satfinite)) r = d.fsatfinite(r, f);
  return r;
}

/// Converts one source value of type st to type dt (both scalar).
template <class D>
typename D::V cvt_one(D& d, const ir::Instr& in, typename D::V a, ir::Type st, ir::Type dt) {
  const std::optional<IntType> si = int_type_of(st);
  const std::optional<IntType> di = int_type_of(dt);
  const std::optional<FpFormat> sf = format_of(st);
  const std::optional<FpFormat> df = format_of(dt);
  if (si && di) return d.cvt_i2i(a, si->bits, si->is_signed, di->bits, di->is_signed, in.has(ir::InstrFlag::Sat));
  if (si && df) return cvt_float_out(d, in, d.cvt_i2f(a, si->bits, si->is_signed, *df, rounding_of(in.rnd)), *df);
  if (!sf || (!di && !df)) unsupported("cvt types");
  if (in.has(ir::InstrFlag::Ftz) && *sf == FpFormat::F32) a = d.fftz(a, *sf);
  if (di) return d.cvt_f2i(a, *sf, di->bits, di->is_signed, rounding_of(in.rnd, FpRounding::Rz));
  if (is_int_rounding(in.rnd)) {
    if (*sf != *df) unsupported("cvt with integer rounding between different formats");
    return cvt_float_out(d, in, d.fround_int(a, *sf, rounding_of(in.rnd)), *df);
  }
  return cvt_float_out(d, in, d.cvt_f2f(a, *sf, *df, rounding_of(in.rnd)), *df);
}

}  // namespace fexec

template <class D>
bool exec_cvt(Lanes<D>& L) {
  using ir::Opcode;
  if (L.in.op == Opcode::CvtPack) {
    fexec::exec_cvt_pack(L);
    return true;
  }
  if (L.in.op != Opcode::Cvt) return false;
  const ir::Instr& in = L.in;
  D& d = L.d;
  if (fexec::is_pair(in.type)) {
    if (in.stype != ir::Type::F32) unsupported("cvt to a packed type from a type other than f32");
    const ir::Type elem = in.type == ir::Type::F16x2 ? ir::Type::F16 : ir::Type::BF16;
    for_each_lane(L.active, [&](unsigned lane) {
      const auto hi = fexec::cvt_one(d, in, L.src(1, lane), in.stype, elem);
      const auto lo = fexec::cvt_one(d, in, L.src(2, lane), in.stype, elem);
      L.set(0, lane, d.fpack2(lo, hi));
    });
    return true;
  }
  if (fexec::is_pair(in.stype)) unsupported("cvt from a packed type");
  for_each_lane(L.active, [&](unsigned lane) { L.set(0, lane, fexec::cvt_one(d, in, L.src(1, lane), in.stype, in.type)); });
  return true;
}

}  // namespace lockstep::sem
