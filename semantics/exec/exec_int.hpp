// Semantics of the integer, bit-manipulation, logic, comparison/selection
// and move instructions, written once over a value domain D.
//
//   template <class D> bool exec_int(Lanes<D>& L);
//
// Executes L.in for every lane of L.active and returns true, or returns
// false (touching nothing) when the instruction is not one of these or has a
// floating-point type: add, sub, mul, mad, abs, neg, min, max, div, set,
// setp and slct with a float (compared / selector) type belong to the
// floating-point semantics. selp and mov are bit copies and are handled here
// for every type. Forms the manual does not define (e.g. .sat outside s32
// add/sub/mad.hi/mad24.hi, mov.b128) throw ExecError via unsupported().
//
// The instruction groups live in exec_int_arith.hpp, exec_int_bits.hpp,
// exec_int_logic.hpp, exec_int_select.hpp and exec_int_move.hpp; each file
// documents its PTX semantics and the choices made where the manual is
// silent. Warp collectives are in exec_warp.hpp.
#pragma once

#include "frontend/ir/opcode.hpp"
#include "semantics/exec/exec_int_arith.hpp"
#include "semantics/exec/exec_int_bits.hpp"
#include "semantics/exec/exec_int_logic.hpp"
#include "semantics/exec/exec_int_move.hpp"
#include "semantics/exec/exec_int_select.hpp"
#include "semantics/exec/lanes.hpp"

namespace lockstep::sem {

template <class D>
bool exec_int(Lanes<D>& L) {
  using ir::Opcode;
  switch (L.in.op) {
    case Opcode::Add:
    case Opcode::Sub:
    case Opcode::Addc:
    case Opcode::Subc:
    case Opcode::Mul:
    case Opcode::Mad:
    case Opcode::Madc:
    case Opcode::Mul24:
    case Opcode::Mad24:
    case Opcode::Div:
    case Opcode::Rem:
    case Opcode::Sad:
    case Opcode::Abs:
    case Opcode::Neg:
    case Opcode::Min:
    case Opcode::Max: return int_exec::exec_int_arith(L);
    case Opcode::Popc:
    case Opcode::Clz:
    case Opcode::Bfind:
    case Opcode::Fns:
    case Opcode::Brev:
    case Opcode::Bfe:
    case Opcode::Bfi:
    case Opcode::Prmt:
    case Opcode::Dp4a:
    case Opcode::Dp2a:
    case Opcode::Bmsk:
    case Opcode::Szext: return int_exec::exec_int_bits(L);
    case Opcode::And:
    case Opcode::Or:
    case Opcode::Xor:
    case Opcode::Not:
    case Opcode::Cnot:
    case Opcode::Lop3:
    case Opcode::Shf:
    case Opcode::Shl:
    case Opcode::Shr: return int_exec::exec_int_logic(L);
    case Opcode::Setp: return int_exec::exec_setp(L);
    case Opcode::Set: return int_exec::exec_set(L);
    case Opcode::Selp:
    case Opcode::Slct: return int_exec::exec_selp_slct(L);
    case Opcode::Mov: return int_exec::exec_mov(L);
    default: return false;
  }
}

}  // namespace lockstep::sem
