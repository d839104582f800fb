#include "checker/symbolic/sym_inputs.hpp"

#include <algorithm>

#include <fmt/format.h>

namespace lockstep::checker {

SymbolicStart declare_inputs(SymContext& ctx, const sem::LaunchSpec& spec, const sem::LaunchSetup& setup) {
  SymbolicStart st;
  for (std::size_t i = 0; i < spec.params.size(); ++i) {
    const auto* p = std::get_if<sem::ScalarParam>(&spec.params[i].value);
    if (p == nullptr || !p->symbolic) continue;
    const unsigned bits = ir::bit_width(p->type);
    const std::size_t k = ctx.add_input(p->name, bits, ir::is_signed(p->type), p->range.min, p->range.max,
                                        st.path_condition);
    const ShadowKey key{static_cast<std::uint8_t>(ir::Space::Param), 0, setup.layout->param_offset(i)};
    st.shadow.set(key, ir::byte_width(p->type), ctx.inputs()[k].value);
  }
  for (std::size_t b = 0; b < spec.buffers.size(); ++b) {
    const sem::BufferSpec& buf = spec.buffers[b];
    if (!buf.symbolic) continue;
    const unsigned size = ir::byte_width(buf.type);
    for (std::size_t e = 0; e < buf.count; ++e) {
      const std::size_t k = ctx.add_input(fmt::format("{}[{}]", buf.name, e), ir::bit_width(buf.type),
                                          ir::is_signed(buf.type), buf.range.min, buf.range.max, st.path_condition);
      const ShadowKey key{static_cast<std::uint8_t>(ir::Space::Global), 0, setup.buffers[b].address + e * size};
      st.shadow.set(key, size, ctx.inputs()[k].value);
    }
  }
  std::sort(st.path_condition.begin(), st.path_condition.end());
  st.path_condition.erase(std::unique(st.path_condition.begin(), st.path_condition.end()), st.path_condition.end());
  return st;
}

std::string constraints_text(const SymContext& ctx) {
  std::string out;
  for (const SymInput& in : ctx.inputs()) {
    if (!out.empty()) out += ", ";
    out += in.constraint.empty() ? in.name : in.constraint;
  }
  return out;
}

}  // namespace lockstep::checker
