// Floating-point arithmetic instructions: add, sub, mul, fma, mad, div,
// rcp, sqrt, rsqrt, sin, cos, lg2, ex2, tanh, abs, neg, min, max, copysign,
// for f32, f64, f16, f16x2, bf16 and bf16x2 (per element for the packed
// types).
//
// Instruction forms and lockstep's reading of them:
//  - add/sub/mul/fma/mad round in the given mode (default .rn); mad is fma
//    (the manual: "mad.f32 and fma.f32 are the same" on sm_20+, and a
//    mad.f32 without rounding modifier defaults to mad.rn.f32); `.sat`
//    applies to these, `.relu` to fma;
//  - div: `.approx` is lockstep's div.approx (concrete_float_approx.hpp),
//    `.full` the nearest-even quotient, `.rn/.rz/.rm/.rp` exact rounding;
//  - rcp: `.approx.f32` is the nearest-even reciprocal, `.approx.f64` the
//    manual's rcp.approx.ftz.f64 (high word, 1.11.20 result);
//  - sqrt: `.approx` is the nearest-even square root;
//  - rsqrt.approx: f32/f64 as defined in concrete_float_approx.hpp,
//    rsqrt.approx.ftz.f64 works on the high word like rcp;
//  - sin, cos, lg2, ex2, tanh: the domain's fapprox;
//  - min/max: `.NaN` propagates NaN, `.xorsign.abs` takes the magnitudes and
//    gives the result the xor of the operands' signs (not for a NaN result).
#pragma once

#include "semantics/exec/exec_float_common.hpp"

namespace lockstep::sem::fexec {

template <class D>
bool exec_float_arith(Lanes<D>& L) {
  using ir::InstrFlag;
  using ir::Opcode;
  using V = typename D::V;
  const ir::Instr& in = L.in;
  const std::optional<FpFormat> f = format_of(in.type);
  if (!f) return false;
  D& d = L.d;
  const Mods m{*f, in.has(InstrFlag::Ftz), false, false};
  const Mods ms{*f, m.ftz, in.has(InstrFlag::Sat), in.has(InstrFlag::Relu)};
  const FpRounding rnd = rounding_of(in.rnd);
  const bool approx = in.has(InstrFlag::Approx);
  const V one = d.constant(fp_one_bits(*f));

  auto unary = [&](auto fn, const Mods& mods) {
    each_element(L, in.type, *f, [&](FpFormat fmt, auto src) { return mods.out(d, fn(fmt, mods.in(d, src(1)))); });
  };
  auto binary = [&](auto fn, const Mods& mods) {
    each_element(L, in.type, *f, [&](FpFormat fmt, auto src) {
      return mods.out(d, fn(fmt, mods.in(d, src(1)), mods.in(d, src(2))));
    });
  };
  auto approx_fn = [&](FpApprox fn) { unary([&](FpFormat fmt, V a) { return d.fapprox(fn, a, fmt); }, m); };

  switch (in.op) {
    case Opcode::Add: binary([&](FpFormat fmt, V a, V b) { return d.fadd(a, b, fmt, rnd); }, ms); return true;
    case Opcode::Sub: binary([&](FpFormat fmt, V a, V b) { return d.fsub(a, b, fmt, rnd); }, ms); return true;
    case Opcode::Mul: binary([&](FpFormat fmt, V a, V b) { return d.fmul(a, b, fmt, rnd); }, ms); return true;
    case Opcode::Fma:
    case Opcode::Mad:
      each_element(L, in.type, *f, [&](FpFormat fmt, auto src) {
        return ms.out(d, d.ffma(ms.in(d, src(1)), ms.in(d, src(2)), ms.in(d, src(3)), fmt, rnd));
      });
      return true;
    case Opcode::Div:
      binary([&](FpFormat fmt, V a, V b) {
        if (approx) return d.fdiv_approx(a, b, fmt);
        return d.fdiv(a, b, fmt, in.has(InstrFlag::Full) ? FpRounding::Rn : rnd);
      }, m);
      return true;
    case Opcode::Rcp:
      if (approx && *f == FpFormat::F64) {
        approx_fn(FpApprox::RcpF64Hi);
      } else {
        unary([&](FpFormat fmt, V a) { return d.fdiv(one, a, fmt, approx ? FpRounding::Rn : rnd); }, m);
      }
      return true;
    case Opcode::Sqrt:
      unary([&](FpFormat fmt, V a) { return d.fsqrt(a, fmt, approx ? FpRounding::Rn : rnd); }, m);
      return true;
    case Opcode::Rsqrt:
      approx_fn(*f == FpFormat::F64 && m.ftz ? FpApprox::RsqrtF64Hi : FpApprox::Rsqrt);
      return true;
    case Opcode::Sin: approx_fn(FpApprox::Sin); return true;
    case Opcode::Cos: approx_fn(FpApprox::Cos); return true;
    case Opcode::Lg2: approx_fn(FpApprox::Lg2); return true;
    case Opcode::Ex2: approx_fn(FpApprox::Ex2); return true;
    case Opcode::Tanh: approx_fn(FpApprox::Tanh); return true;
    case Opcode::Abs: unary([&](FpFormat fmt, V a) { return d.fabs(a, fmt); }, m); return true;
    case Opcode::Neg: unary([&](FpFormat fmt, V a) { return d.fneg(a, fmt); }, m); return true;
    case Opcode::Copysign:
      binary([&](FpFormat fmt, V a, V b) { return d.fcopysign(a, b, fmt); }, Mods{*f});
      return true;
    case Opcode::Min:
    case Opcode::Max: {
      const bool is_max = in.op == Opcode::Max;
      const bool nan = in.has(InstrFlag::NaN);
      const bool xorsign = in.has(InstrFlag::Xorsign);
      binary([&](FpFormat fmt, V a, V b) {
        const V x = xorsign ? d.fabs(a, fmt) : a;
        const V y = xorsign ? d.fabs(b, fmt) : b;
        V r = is_max ? d.fmax(x, y, fmt, nan) : d.fmin(x, y, fmt, nan);
        if (xorsign) r = d.fxorsign(r, a, b, fmt);
        return r;
      }, m);
      return true;
    }
    default: return false;
  }
}

}  // namespace lockstep::sem::fexec
