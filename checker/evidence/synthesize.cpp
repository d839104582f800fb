#include "checker/evidence/synthesize.hpp"

#include <algorithm>
#include <variant>

#include <fmt/format.h>

namespace lockstep::checker {
namespace {

/// The spec element type for a value of `bytes` bytes read as `t`.
ir::Type element_type(ir::Type t, unsigned bytes) {
  if (t == ir::Type::F32 || t == ir::Type::F64) return t;
  const bool is_signed = t == ir::Type::S8 || t == ir::Type::S16 || t == ir::Type::S32 || t == ir::Type::S64;
  switch (bytes) {
    case 1: return is_signed ? ir::Type::S8 : ir::Type::U8;
    case 2: return is_signed ? ir::Type::S16 : ir::Type::U16;
    case 8: return is_signed ? ir::Type::S64 : ir::Type::U64;
    default: return is_signed ? ir::Type::S32 : ir::Type::U32;
  }
}

std::uint64_t bits_of(std::int64_t v, ir::Type t) {
  const unsigned w = ir::byte_width(t) * 8;
  const auto u = static_cast<std::uint64_t>(v);
  return w >= 64 ? u : u & ((std::uint64_t{1} << w) - 1);
}

/// A launch shape: grid x and block.
struct Shape {
  std::uint32_t grid = 1;
  std::array<std::uint32_t, 3> block{1, 1, 1};
};

std::vector<Shape> shapes(const ir::Kernel& k) {
  const auto product = [](const std::vector<std::uint32_t>& d) {
    std::uint32_t n = 1;
    for (std::uint32_t x : d) n *= x;
    return n;
  };
  if (!k.directives.reqntid.empty()) {
    Shape s;
    for (std::size_t i = 0; i < k.directives.reqntid.size() && i < 3; ++i) s.block[i] = k.directives.reqntid[i];
    return {s};
  }
  const std::uint32_t cap = k.directives.maxntid.empty() ? 1024 : product(k.directives.maxntid);
  std::vector<Shape> out;
  for (const auto& [grid, n] : {std::pair{1U, 32U}, std::pair{2U, 3U}, std::pair{1U, 64U}}) {
    const Shape s{grid, {std::min(n, cap), 1, 1}};
    if (std::none_of(out.begin(), out.end(), [&](const Shape& o) { return o.grid == s.grid && o.block == s.block; }))
      out.push_back(s);
  }
  return out;
}

bool uses_dynamic_shared(const ir::Module& m, const ir::Kernel& k) {
  const auto dynamic = [](const ir::Variable& v) {
    return v.space == ir::Space::Shared && std::find(v.dims.begin(), v.dims.end(), 0U) != v.dims.end();
  };
  return std::any_of(m.globals.begin(), m.globals.end(), dynamic) || std::any_of(k.vars.begin(), k.vars.end(), dynamic);
}

}  // namespace

std::vector<std::int32_t> param_buffers(const sem::LaunchSpec& spec) {
  std::vector<std::int32_t> out;
  for (const sem::ParamSpec& p : spec.params) {
    const auto* b = std::get_if<sem::BufferParam>(&p.value);
    out.push_back(b != nullptr ? static_cast<std::int32_t>(b->buffer) : -1);
  }
  return out;
}

Synthesis synthesise_launches(const ir::Module& module, const ir::Kernel& kernel, const AddressAnalysis& addresses,
                              const std::vector<std::uint32_t>& loop_reads) {
  Synthesis out;
  const std::vector<ParamAccesses> uses = addresses.param_accesses();
  const unsigned pointer_bytes = module.address_size == 64 ? 8 : 4;
  sem::LaunchSpec spec;
  spec.kernel = kernel.name;
  spec.shared_bytes = uses_dynamic_shared(module, kernel) ? 1024 : 0;
  std::vector<std::string> scalars, buffers;
  for (std::uint32_t i = 0; i < kernel.params.size(); ++i) {
    const ir::Variable& v = kernel.vars[kernel.params[i]];
    const std::string name = fmt::format("param{}", i);
    if (!v.dims.empty() || v.vec != 1) {
      out.why_not = fmt::format("parameter {} ({}) is passed by value as {} bytes, which a launch spec cannot give",
                                i, v.name, v.size_bytes());
      return out;
    }
    const auto use = std::find_if(uses.begin(), uses.end(), [i](const ParamAccesses& p) { return p.param == i; });
    sem::ParamSpec p;
    if (use != uses.end() && v.size_bytes() == pointer_bytes) {
      // A buffer: the element type of its first access, enough elements for every bounded access.
      const ir::Instr& first = kernel.code[use->pcs.front()];
      const unsigned bytes = std::max(1U, ir::byte_width(first.type)) ;
      sem::BufferSpec b;
      b.name = name;
      b.type = element_type(first.type, bytes);
      const auto w = static_cast<std::int64_t>(ir::byte_width(b.type));
      b.count = use->bounded ? static_cast<std::size_t>(std::max<std::int64_t>(1, (use->end + w - 1) / w))
                             : kDefaultElements;
      b.bytes.assign(b.count * static_cast<std::size_t>(w), 0);
      const bool read_by_loop = std::any_of(use->pcs.begin(), use->pcs.end(), [&](std::uint32_t pc) {
        const ir::Opcode op = kernel.code[pc].op;
        return (op == ir::Opcode::Ld || op == ir::Opcode::Ldu) &&
               std::find(loop_reads.begin(), loop_reads.end(), pc) != loop_reads.end();
      });
      if (read_by_loop && !ir::is_float(b.type)) {
        b.symbolic = true;
        const bool is_unsigned = b.type == ir::Type::U8 || b.type == ir::Type::U16 || b.type == ir::Type::U32 ||
                                 b.type == ir::Type::U64;
        b.range.min = bits_of(is_unsigned ? 0 : kDataMin, b.type);
        b.range.max = bits_of(kDataMax, b.type);
        buffers.push_back(fmt::format("{}[{}] symbolic in [{}, {}]", name, b.count, is_unsigned ? 0 : kDataMin, kDataMax));
      } else {
        buffers.push_back(fmt::format("{}[{}] zeros", name, b.count));
      }
      p.value = sem::BufferParam{spec.buffers.size()};
      spec.buffers.push_back(std::move(b));
    } else {
      sem::ScalarParam s;
      const unsigned bytes = static_cast<unsigned>(v.size_bytes());
      s.type = element_type(v.type, bytes);
      if (ir::is_float(v.type)) {
        s.type = bytes == 8 ? ir::Type::F64 : ir::Type::F32;
        s.bits = bytes == 8 ? 0x3ff0000000000000ULL : 0x3f800000ULL;  // 1.0
        scalars.push_back(fmt::format("{} = 1.0", name));
      } else {
        s.symbolic = true;
        s.name = name;
        s.range.min = bits_of(kScalarMin, s.type);
        s.range.max = bits_of(kScalarMax, s.type);
        scalars.push_back(name);
      }
      p.value = s;
    }
    spec.params.push_back(std::move(p));
  }
  std::string inputs;
  if (!scalars.empty()) {
    std::string list;
    for (const auto& s : scalars) list += (list.empty() ? "" : ", ") + s;
    inputs += fmt::format("; {} in [{}, {}]", list, kScalarMin, kScalarMax);
  }
  if (!buffers.empty()) {
    std::string list;
    for (const auto& s : buffers) list += (list.empty() ? "" : ", ") + s;
    inputs += "; buffers " + list;
  }
  for (const Shape& shape : shapes(kernel)) {
    EvidenceLaunch l;
    l.spec = spec;
    l.spec.grid = {shape.grid, 1, 1};
    l.spec.block = shape.block;
    const auto& b = shape.block;
    l.summary = fmt::format("grid {}, block {}{}{}", shape.grid, b[0],
                            b[1] * b[2] != 1 ? fmt::format("x{}x{}", b[1], b[2]) : "", inputs);
    out.launches.push_back(std::move(l));
  }
  return out;
}

}  // namespace lockstep::checker
