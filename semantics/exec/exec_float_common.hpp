// Shared pieces of the floating-point instruction semantics: mapping IR
// types and modifiers to the domain's FpFormat/FpRounding/FpCmp, applying
// an operation to each element of f16x2/bf16x2 operands, and the `.ftz`,
// `.sat`, `.relu` modifier pipeline.
//
// Decisions where the manual is silent or leaves a choice:
//  - no rounding modifier means round-to-nearest-even (the manual's default
//    for add/sub/mul; for instructions where a modifier is required, the
//    missing one is read as .rn as well; ptxas would reject those forms);
//  - `.rs` (stochastic rounding, needs random bits) is unsupported;
//  - `.ftz` flushes the subnormal inputs and the subnormal result (after
//    rounding) of the instruction's own format to a zero of the same sign;
//  - `.sat` maps NaN and -0 to +0 and clamps to [0, 1]; `.relu` maps
//    negative values and -0 to +0 and NaN to the canonical NaN.
#pragma once

#include <optional>

#include "frontend/ir/instr.hpp"
#include "semantics/exec/exec_error.hpp"
#include "semantics/exec/lanes.hpp"
#include "semantics/value/fp_mode.hpp"

namespace lockstep::sem::fexec {

/// The scalar format of a floating-point type (f16x2 -> f16), if any.
[[nodiscard]] constexpr std::optional<FpFormat> format_of(ir::Type t) noexcept {
  switch (t) {
    case ir::Type::F16:
    case ir::Type::F16x2: return FpFormat::F16;
    case ir::Type::BF16:
    case ir::Type::BF16x2: return FpFormat::BF16;
    case ir::Type::TF32: return FpFormat::TF32;
    case ir::Type::F32: return FpFormat::F32;
    case ir::Type::F64: return FpFormat::F64;
    default: return std::nullopt;
  }
}

/// True for the packed two-element types.
[[nodiscard]] constexpr bool is_pair(ir::Type t) noexcept {
  return t == ir::Type::F16x2 || t == ir::Type::BF16x2;
}

/// A floating-point rounding modifier (`.rn` ... `.rna`); None gives `def`.
/// Integer rounding modifiers (`.rni` ...) map to the same directions.
[[nodiscard]] inline FpRounding rounding_of(ir::Rounding r, FpRounding def = FpRounding::Rn) {
  switch (r) {
    case ir::Rounding::None: return def;
    case ir::Rounding::Rn:
    case ir::Rounding::Rni: return FpRounding::Rn;
    case ir::Rounding::Rz:
    case ir::Rounding::Rzi: return FpRounding::Rz;
    case ir::Rounding::Rm:
    case ir::Rounding::Rmi: return FpRounding::Rm;
    case ir::Rounding::Rp:
    case ir::Rounding::Rpi: return FpRounding::Rp;
    case ir::Rounding::Rna: return FpRounding::Rna;
    case ir::Rounding::Rs: break;
  }
  unsupported("stochastic rounding '.rs'");
}

/// True for the integer rounding modifiers.
[[nodiscard]] constexpr bool is_int_rounding(ir::Rounding r) noexcept {
  return r == ir::Rounding::Rni || r == ir::Rounding::Rzi || r == ir::Rounding::Rmi || r == ir::Rounding::Rpi;
}

[[nodiscard]] inline FpCmp cmp_of(ir::CmpOp c) {
  using C = ir::CmpOp;
  switch (c) {
    case C::Eq: return FpCmp::Eq;
    case C::Ne: return FpCmp::Ne;
    case C::Lt: return FpCmp::Lt;
    case C::Le: return FpCmp::Le;
    case C::Gt: return FpCmp::Gt;
    case C::Ge: return FpCmp::Ge;
    case C::Equ: return FpCmp::Equ;
    case C::Neu: return FpCmp::Neu;
    case C::Ltu: return FpCmp::Ltu;
    case C::Leu: return FpCmp::Leu;
    case C::Gtu: return FpCmp::Gtu;
    case C::Geu: return FpCmp::Geu;
    case C::Num: return FpCmp::Num;
    case C::Nan: return FpCmp::Nan;
    default: break;
  }
  unsupported("integer comparison on floating-point operands");
}

[[nodiscard]] inline std::optional<PredOp> pred_op_of(ir::BoolOp b) noexcept {
  switch (b) {
    case ir::BoolOp::And: return PredOp::And;
    case ir::BoolOp::Or: return PredOp::Or;
    case ir::BoolOp::Xor: return PredOp::Xor;
    case ir::BoolOp::None: break;
  }
  return std::nullopt;
}

/// The result modifiers of one instruction, applied in the order ftz, sat, relu.
struct Mods {
  FpFormat fmt = FpFormat::F32;
  bool ftz = false;
  bool sat = false;
  bool relu = false;

  template <class D>
  [[nodiscard]] typename D::V in(D& d, typename D::V x) const {
    return ftz ? d.fftz(x, fmt) : x;
  }
  template <class D>
  [[nodiscard]] typename D::V out(D& d, typename D::V r) const {
    if (ftz) r = d.fftz(r, fmt);
    if (sat) r = d.fsat(r, fmt);
    if (relu) r = d.frelu(r, fmt);
    return r;
  }
};

/// For every active lane, computes destination 0 as f(fmt, src) where
/// src(i) is source operand i's element; f16x2/bf16x2 types apply f to
/// element 0 and element 1 separately and pack the results.
template <class D, class F>
void each_element(Lanes<D>& L, ir::Type t, FpFormat fmt, F&& f) {
  using V = typename D::V;
  const bool pair = is_pair(t);
  for_each_lane(L.active, [&](unsigned lane) {
    if (!pair) {
      L.set(0, lane, f(fmt, [&](unsigned i) { return L.src(i, lane); }));
      return;
    }
    const V lo = f(fmt, [&](unsigned i) { return L.d.fhalf(L.src(i, lane), 0); });
    const V hi = f(fmt, [&](unsigned i) { return L.d.fhalf(L.src(i, lane), 1); });
    L.set(0, lane, L.d.fpack2(lo, hi));
  });
}

}  // namespace lockstep::sem::fexec
