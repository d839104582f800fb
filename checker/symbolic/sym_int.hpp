// Integer, bit, comparison, selection and integer-conversion operations on
// symbolic values: the Z3 bit-vector terms that compute exactly what the
// concrete domain's operation of the same name computes
// (semantics/value/concrete_int*.hpp, and the integer-only operations of
// concrete_float.hpp: cvt_i2i, cvt_pack, pred_combine, fsel, fhalf, fpack2).
//
// The domain calls sym_int only when some operand is symbolic. Notable
// encodings: division and remainder by zero are all ones (`ite(b == 0, ~0,
// ...)`: SMT-LIB's bvurem x 0 = x and sign-dependent bvsdiv differ), x / -1
// is -x and x rem -1 is 0; shift amounts are unsigned 32-bit and clamped
// with `ite(n >= w, ...)`; popc/clz/bfind are sums and ite chains over
// single bits. bfe/bfi/szext/prmt need their position, length or selector
// operands concrete, fns and bmsk all operands; otherwise the operation is
// unsupported (SymbolicStop).
#pragma once

#include <cstdint>

#include "checker/symbolic/sym_context.hpp"
#include "checker/symbolic/sym_val.hpp"

namespace lockstep::checker {

enum class IntOp : std::uint8_t {
  Zext, Sext, Extract, Concat,
  Add, Sub, Neg, MulLo, MulHiU, MulHiS, MulWideU, MulWideS,
  AddSatS, SubSatS, AddCarry, SubBorrow, DivU, DivS, RemU, RemS,
  Eq, LtU, LeU, LtS, LeS, Select,
  And, Or, Xor, Not, Lop3,
  Shl, ShrU, ShrS, ShfL, ShfR,
  Popc, Clz, BfindU, BfindS, Brev, Fns,
  BfeU, BfeS, Bfi, Bmsk, Szext, Prmt,
  CvtI2I, CvtPack, PredCombine, Fhalf, Fpack2,
};

/// The name of an operation in messages ("div_s").
[[nodiscard]] const char* int_op_name(IntOp op) noexcept;

/// Operands of one operation: up to four values and up to five plain
/// parameters (widths, positions, flags, as the concrete operation takes them).
struct IntCall {
  IntOp op;
  SymVal a[4] = {};
  std::uint64_t p[5] = {};
};

/// The value of the operation (a concrete value when the term simplifies to a constant).
[[nodiscard]] SymVal sym_int(SymContext& ctx, const IntCall& call);

}  // namespace lockstep::checker
