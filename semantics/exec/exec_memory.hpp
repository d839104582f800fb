// The memory instructions: ld, ldu, st, prefetch, prefetchu, isspacep,
// cvta, atom and red, over a value domain D and one warp's MemoryPort.
//
//   if (exec_memory(lanes, port)) ...  // true when the opcode was one of these
//
// Semantics per instruction group: exec_memory_ldst.hpp (ld/ldu/st/prefetch),
// exec_memory_space.hpp (cvta/isspacep), exec_atomic.hpp (atom/red); address
// operands: exec_memory_address.hpp. Common rules:
// - Lanes apply in ascending lane order (the home-lane order of the unit):
//   for a store conflict within one instruction the highest lane's value
//   remains, and atomics of several lanes to one address are serialised in
//   lane order. PTX leaves both unspecified (docs/semantics-plan.md §5.1).
// - Memory is sequentially consistent at instruction granularity: .sem,
//   .scope, .volatile, .nc, cache hints and cache policies have no effect.
//   Fences and membar are not memory instructions here (the launch state).
// - Memory holds concrete bytes: addresses are concrete bits (D::bits);
//   stored values become bits through D::store_value and loaded bits become
//   values through D::load_value (for the concrete domain both are the
//   identity; the symbolic domain shadows bytes that hold symbolic data).
// - Faults throw MemoryFault (memory/memory_fault.hpp); the launch state
//   adds the thread and PC. An instruction that faults in one lane may
//   already have completed the lanes before it.
#pragma once

#include "semantics/exec/exec_atomic.hpp"
#include "semantics/exec/exec_memory_ldst.hpp"
#include "semantics/exec/exec_memory_space.hpp"

namespace lockstep::sem {

template <class D>
bool exec_memory(Lanes<D>& L, MemoryPort& m) {
  switch (L.in.op) {
    case ir::Opcode::Ld:
    case ir::Opcode::Ldu: exec_ld(L, m); return true;
    case ir::Opcode::St: exec_st(L, m); return true;
    case ir::Opcode::Prefetch:
    case ir::Opcode::Prefetchu: exec_prefetch(L, m); return true;
    case ir::Opcode::Isspacep: exec_isspacep(L, m); return true;
    case ir::Opcode::Cvta: exec_cvta(L, m); return true;
    case ir::Opcode::Atom:
    case ir::Opcode::Red: exec_atomic(L, m); return true;
    default: return false;
  }
}

}  // namespace lockstep::sem
