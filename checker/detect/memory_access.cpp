#include "checker/detect/memory_access.hpp"

namespace lockstep::checker {

using ir::Opcode;
using ir::Space;

bool shared_space(Space s) noexcept {
  return s == Space::Global || s == Space::Shared || s == Space::SharedCluster || s == Space::Generic ||
         s == Space::None;
}

bool is_shared_read(const ir::Instr& i) noexcept {
  switch (i.op) {
    case Opcode::Ld:
    case Opcode::Ldu:
    case Opcode::Atom:
      return shared_space(i.space);
    case Opcode::Call:
      return true;
    default:
      return false;
  }
}

bool is_shared_write(const ir::Instr& i) noexcept {
  switch (i.op) {
    case Opcode::St:
    case Opcode::Atom:
    case Opcode::Red:
      return shared_space(i.space);
    case Opcode::Call:
      return true;
    default:
      return false;
  }
}

bool is_read_only_read(const ir::Instr& i) noexcept {
  return is_shared_read(i) && (i.op == Opcode::Ldu || (i.op == Opcode::Ld && i.has(ir::InstrFlag::NonCoherent)));
}

bool is_cta_barrier(const ir::Instr& i) noexcept {
  return i.op == Opcode::Bar && (i.bar == ir::BarOp::Sync || i.bar == ir::BarOp::Red);
}

bool may_hold_barrier(const ir::Instr& i) noexcept { return i.op == Opcode::Call; }

}  // namespace lockstep::checker
