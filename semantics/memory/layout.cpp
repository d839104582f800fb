#include "semantics/memory/layout.hpp"

#include <fmt/format.h>

#include <algorithm>

namespace lockstep::sem {
namespace {

std::uint64_t align_up(std::uint64_t v, std::uint64_t a) { return a <= 1 ? v : (v + a - 1) / a * a; }

bool names_module_var(const ir::Operand& o) {
  const bool sym = o.kind == ir::OperandKind::Symbol ||
                   (o.kind == ir::OperandKind::Address && o.addr_base() == ir::AddrBase::Symbol);
  return sym && o.scope == ir::SymScope::Module;
}

bool is_unsized(const ir::Variable& v) { return v.element_count() == 0; }

}  // namespace

MemoryLayout::MemoryLayout(const ir::Module& module, const ir::Kernel& kernel, GlobalMemory& global,
                           const AddressMap& map, std::uint64_t dynamic_shared_bytes)
    : module_(&module), kernel_(&kernel), map_(map), module_vars_(module.globals.size()),
      kernel_vars_(kernel.vars.size()) {
  std::vector<char> used(module.globals.size(), 0);
  mark_referenced(used);
  place_module(used, global);
  place_kernel(global);
  place_params();
  finish_shared(dynamic_shared_bytes);
  if (const_end_ > kConstBankBytes) {
    throw LayoutError(fmt::format(".const variables need {} bytes, more than a constant bank ({} bytes)",
                                  const_end_, kConstBankBytes));
  }
  if (local_end_ > map_.window_size()) {
    throw LayoutError(fmt::format(".local variables need {} bytes, more than the .local window", local_end_));
  }
  const_image_ = SpaceMemory(ir::Space::Const, const_end_);
  shared_template_ = SpaceMemory(ir::Space::Shared, shared_size_);
  local_template_ = SpaceMemory(ir::Space::Local, local_end_);
  initialise(global);
}

void MemoryLayout::mark_referenced(std::vector<char>& used) const {
  for (const ir::Operand& o : kernel_->operands) {
    if (names_module_var(o) && o.a < used.size()) used[o.a] = 1;
  }
  const auto mark_relocs = [&](const ir::Variable& v) {
    for (const ir::Relocation& r : v.relocations) {
      if (r.var < used.size()) used[r.var] = 1;
    }
  };
  for (const ir::Variable& v : module_->globals) mark_relocs(v);
  for (const ir::Variable& v : kernel_->vars) mark_relocs(v);
}

Placement MemoryLayout::place_in(ir::Space space, const ir::Variable& v, GlobalMemory& global) {
  const std::uint64_t size = v.size_bytes();
  const std::uint64_t align = std::max<std::uint64_t>(1, v.alignment());
  const auto bump = [&](std::uint64_t& end) {
    const std::uint64_t at = align_up(end, align);
    if (at < end || size > ~std::uint64_t{0} - at) throw LayoutError(fmt::format("variable '{}' is too large", v.name));
    end = at + size;
    return Placement{space, at, size};
  };
  switch (space) {
    case ir::Space::Global:
      return Placement{space, global.allocate(size, align, v.name), size};
    case ir::Space::Const: return bump(const_end_);
    case ir::Space::Local: return bump(local_end_);
    case ir::Space::Shared:
    case ir::Space::SharedCluster:
      if (is_unsized(v)) {
        dynamic_align_ = std::max(dynamic_align_, align);
        return Placement{ir::Space::Shared, 0, 0};
      }
      return Placement{ir::Space::Shared, bump(shared_end_).address, size};
    default: return Placement{};
  }
}

void MemoryLayout::place_module(const std::vector<char>& used, GlobalMemory& global) {
  const auto& vars = module_->globals;
  for (std::uint32_t i = 0; i < vars.size(); ++i) {
    const ir::Variable& v = vars[i];
    switch (v.space) {
      case ir::Space::Global:
      case ir::Space::Const: module_vars_[i] = place_in(v.space, v, global); break;
      case ir::Space::Shared:
      case ir::Space::SharedCluster:
      case ir::Space::Local:
        if (used[i] == 0) break;
        module_vars_[i] = place_in(v.space, v, global);
        if (module_vars_[i].space == ir::Space::Shared && is_unsized(v)) {
          dynamic_vars_.emplace_back(ir::SymScope::Module, i);
        }
        break;
      default: break;
    }
  }
}

void MemoryLayout::place_kernel(GlobalMemory& global) {
  const auto& vars = kernel_->vars;
  for (std::uint32_t i = 0; i < vars.size(); ++i) {
    const ir::Variable& v = vars[i];
    if (v.is_param) continue;  // place_params
    // Call-sequence .param variables are per-thread scratch memory.
    const ir::Space space = v.space == ir::Space::Param ? ir::Space::Local : v.space;
    kernel_vars_[i] = place_in(space, v, global);
    if (kernel_vars_[i].space == ir::Space::Shared && is_unsized(v)) {
      dynamic_vars_.emplace_back(ir::SymScope::Kernel, i);
    }
  }
}

void MemoryLayout::place_params() {
  std::uint64_t end = 0;
  param_offsets_.reserve(kernel_->params.size());
  for (const std::uint32_t idx : kernel_->params) {
    const ir::Variable& v = kernel_->vars.at(idx);
    const std::uint64_t at = align_up(end, std::max<std::uint64_t>(1, v.alignment()));
    end = at + v.size_bytes();
    kernel_vars_[idx] = Placement{ir::Space::Param, at, v.size_bytes()};
    param_offsets_.push_back(at);
  }
  param_size_ = end;
}

void MemoryLayout::finish_shared(std::uint64_t dynamic_shared_bytes) {
  static_shared_ = shared_end_;
  dynamic_shared_ = dynamic_shared_bytes;
  dynamic_base_ = align_up(shared_end_, dynamic_align_);
  const bool dynamic = !dynamic_vars_.empty() || dynamic_shared_bytes != 0;
  shared_size_ = dynamic ? dynamic_base_ + dynamic_shared_bytes : shared_end_;
  if ((dynamic && shared_size_ < dynamic_base_) || shared_size_ > map_.window_size()) {
    throw LayoutError(fmt::format(".shared memory of {} bytes does not fit the .shared window", shared_size_));
  }
  for (const auto& [scope, i] : dynamic_vars_) {
    Placement& p = scope == ir::SymScope::Module ? module_vars_[i] : kernel_vars_[i];
    p.address = dynamic_base_;
    p.size = dynamic_shared_bytes;
  }
}

void MemoryLayout::initialise(GlobalMemory& global) {
  for (std::uint32_t i = 0; i < module_->globals.size(); ++i) {
    initialise_one(module_->globals[i], module_vars_[i], global);
  }
  for (std::uint32_t i = 0; i < kernel_->vars.size(); ++i) {
    initialise_one(kernel_->vars[i], kernel_vars_[i], global);
  }
}

void MemoryLayout::initialise_one(const ir::Variable& v, const Placement& p, GlobalMemory& global) {
  if (!p.placed() || p.space == ir::Space::Param || (!v.has_init && v.relocations.empty())) return;
  const auto put = [&](std::uint64_t offset, std::uint64_t n, const void* bytes) {
    if (n == 0) return;
    if (offset > p.size || n > p.size - offset) {
      throw LayoutError(fmt::format("initialiser of '{}' is larger than the variable", v.name));
    }
    switch (p.space) {
      case ir::Space::Global: global.write(p.address + offset, n, bytes); break;
      case ir::Space::Const: const_image_.write(p.address + offset, n, bytes); break;
      case ir::Space::Shared: shared_template_.write(p.address + offset, n, bytes); break;
      case ir::Space::Local: local_template_.write(p.address + offset, n, bytes); break;
      default: break;
    }
  };
  if (v.has_init) put(0, std::min<std::uint64_t>(v.init.size(), p.size), v.init.data());
  const unsigned width = ir::byte_width(v.type);
  for (const ir::Relocation& r : v.relocations) {
    if (r.var >= module_vars_.size() || !module_vars_[r.var].placed()) {
      throw LayoutError(fmt::format("the initialiser of '{}' names a variable without storage", v.name));
    }
    const Placement& target = module_vars_[r.var];
    const std::uint64_t in_space = target.address + static_cast<std::uint64_t>(r.addend);
    const std::uint64_t value = r.generic ? map_.to_generic(target.space, in_space) : in_space;
    std::uint8_t bytes[8] = {};
    for (unsigned b = 0; b < width && b < 8; ++b) bytes[b] = static_cast<std::uint8_t>(value >> (8 * b));
    put(r.byte_offset, std::min(width, 8U), bytes);
  }
}

const ir::Variable& MemoryLayout::variable(ir::SymScope scope, std::uint32_t var) const {
  const auto& vars = scope == ir::SymScope::Module ? module_->globals : kernel_->vars;
  if (var >= vars.size()) throw LayoutError(fmt::format("no variable {} in the {}", var, scope == ir::SymScope::Module ? "module" : "kernel"));
  return vars[var];
}

const Placement& MemoryLayout::placement(ir::SymScope scope, std::uint32_t var) const {
  static_cast<void>(variable(scope, var));
  return scope == ir::SymScope::Module ? module_vars_[var] : kernel_vars_[var];
}

std::uint64_t MemoryLayout::symbol_address(ir::SymScope scope, std::uint32_t var) const {
  const Placement& p = placement(scope, var);
  if (!p.placed()) {
    const ir::Variable& v = variable(scope, var);
    throw LayoutError(fmt::format("variable '{}' (.{}) has no storage in this launch", v.name, ir::space_name(v.space)));
  }
  return p.address;
}

ir::Space MemoryLayout::symbol_space(ir::SymScope scope, std::uint32_t var) const {
  const Placement& p = placement(scope, var);
  return p.placed() ? p.space : variable(scope, var).space;
}

}  // namespace lockstep::sem
