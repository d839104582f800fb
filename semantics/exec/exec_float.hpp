// Entry point of the floating-point instruction semantics.
//
// exec_float(L) executes L's instruction when it is a floating-point form
// and returns true; otherwise it returns false and leaves the registers
// untouched, so the executor can try the next instruction group. The
// floating-point forms are: arithmetic, min/max, abs/neg, copysign and the
// .approx functions whose type (Instr::type) is f16/f16x2/bf16/bf16x2/tf32/
// f32/f64; testp; setp whose type is a float type; set whose compared type
// (Instr::stype) is a float type; slct with an f32 selector. Conversions
// are in exec_cvt.hpp.
//
// The semantics are written once over a value domain D (concrete or
// symbolic) and call only D's floating-point operations; see
// value/concrete_float.hpp for the operations and the floating-point
// decisions (rounding, NaN results, .approx definitions).
#pragma once

#include "semantics/exec/exec_float_arith.hpp"
#include "semantics/exec/exec_float_compare.hpp"

namespace lockstep::sem {

template <class D>
bool exec_float(Lanes<D>& L) {
  return fexec::exec_float_arith(L) || fexec::exec_float_compare(L);
}

}  // namespace lockstep::sem
