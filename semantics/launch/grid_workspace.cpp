#include "semantics/launch/grid_workspace.hpp"


namespace lockstep::sem {
namespace {

/// The %envreg index an operand (or an element of a vector operand) reads, if any.
std::optional<std::uint32_t> envreg_of(const ir::Kernel& k, const ir::Operand& o) {
  if (o.kind == ir::OperandKind::Special && static_cast<ir::SpecialReg>(o.a) == ir::SpecialReg::Envreg) return o.b;
  if (o.kind == ir::OperandKind::Vector) {
    const ir::Operand* e = k.elems(o);
    for (std::uint32_t i = 0; i < o.b; ++i) {
      if (const auto r = envreg_of(k, e[i])) return r;
    }
  }
  return std::nullopt;
}

template <class Pred>
std::optional<EnvregRead> first_read(const ir::Kernel& k, Pred keep) {
  for (std::uint32_t pc = 0; pc < k.code.size(); ++pc) {
    for (unsigned i = 0; i < k.code[pc].op_count; ++i) {
      if (const auto r = envreg_of(k, k.op(pc, i)); r && keep(*r)) return EnvregRead{pc, *r};
    }
  }
  return std::nullopt;
}

}  // namespace

std::optional<EnvregRead> first_envreg_read(const ir::Kernel& kernel) {
  return first_read(kernel, [](std::uint32_t) { return true; });
}

std::optional<EnvregRead> first_unmodelled_envreg_read(const ir::Kernel& kernel) {
  return first_read(kernel, [](std::uint32_t n) { return !is_workspace_envreg(n); });
}

}  // namespace lockstep::sem
