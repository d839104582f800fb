// Integer, bit and comparison operations of the concrete domain.
//
// ConcreteIntOps gathers the operations instruction semantics call for
// integer, bit-manipulation, logic, comparison/selection, move and
// warp-collective instructions (exec/exec_int*.hpp, exec/exec_warp.hpp):
//
//   width       zext sext extract concat
//   arithmetic  add sub neg mul_lo mul_hi_u mul_hi_s mul_wide_u mul_wide_s
//               add_sat_s sub_sat_s add_carry sub_borrow
//               div_u div_s rem_u rem_s
//   compare     eq lt_u le_u lt_s le_s select
//   bitwise     and_ or_ xor_ not_ lop3
//   shifts      shl shr_u shr_s shf_l shf_r
//   counting    popc clz bfind_u bfind_s brev fns
//   bit fields  bfe_u bfe_s bfi bmsk szext prmt
//
// Every operation takes raw bits (std::uint64_t, zero-extended) plus the
// width it works at, and returns a zero-extended result; see
// concrete_int_arith.hpp for the conventions and the division-by-zero
// definition. A symbolic domain implements the same names on bit-vectors.
#pragma once

#include <cstdint>

#include "semantics/value/concrete_int_arith.hpp"
#include "semantics/value/concrete_int_bits.hpp"

namespace lockstep::sem {

struct ConcreteIntOps : ConcreteIntArith, ConcreteIntBits {};

}  // namespace lockstep::sem
