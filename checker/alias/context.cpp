// Kernel facts for the address analysis (see context.hpp).
#include "checker/alias/context.hpp"

#include "frontend/analysis/def_use.hpp"

namespace lockstep::checker::addr {

Context::Context(const ir::Module& m, const ir::Kernel& k)
    : module(&m), kernel(&k), pointer_bytes(m.address_size == 32 ? 4U : 8U),
      param_of_var(k.vars.size(), -1) {
  generic_space = kGlobal | kShared | kConst | kParam;
  if (analysis::generic_reach(k).local) generic_space |= kLocal;
  for (std::size_t i = 0; i < k.params.size(); ++i) {
    if (k.params[i] < param_of_var.size()) param_of_var[k.params[i]] = static_cast<std::int32_t>(i);
  }
}

Base Context::sym_base(std::uint32_t id, ir::SymScope scope) const noexcept {
  const ir::Variable& v = var(id, scope);
  const std::uint8_t sp = space_bits(v.space);
  const bool dynamic = sp == kShared && v.linkage == ir::Linkage::Extern;
  return Base::sym(id, scope, sp, dynamic);
}

AbsValue Context::sym_value(std::uint32_t id, ir::SymScope scope, std::int64_t offset) const noexcept {
  const Base b = sym_base(id, scope);
  AbsValue v = AbsValue::pointer(b, b.space, true, false);
  v.off = Interval::point(offset);
  return v;
}

bool Context::is_cell_var(std::uint32_t id, ir::SymScope scope) const noexcept {
  const ir::Variable& v = var(id, scope);
  if (v.space == ir::Space::Local) return true;
  return v.space == ir::Space::Param && scope == ir::SymScope::Kernel && param_of_var[id] < 0;
}

}  // namespace lockstep::checker::addr
