// Resolving a launch spec against a module (see launch_setup.hpp).
#include <algorithm>
#include <string>

#include <fmt/format.h>

#include "frontend/load.hpp"
#include "semantics/launch/executable.hpp"
#include "semantics/launch/tx_regions.hpp"
#include "semantics/launch/grid_workspace.hpp"
#include "semantics/launch/launch_setup.hpp"
#include "semantics/spec/element.hpp"

namespace lockstep::sem {
namespace {

const ir::Kernel& resolve_kernel(const ir::Module& m, const LaunchSpec& spec) {
  require_kernels(m);
  std::string names;
  for (const ir::Kernel& k : m.kernels) names += (names.empty() ? "" : ", ") + k.name;
  if (spec.kernel) {
    if (const ir::Kernel* k = m.find_kernel(*spec.kernel)) return *k;
    throw spec.error_at(spec.kernel_loc, fmt::format("kernel: no kernel named '{}' in {} (kernels: {})",
                                                     *spec.kernel, m.path, names.empty() ? "none" : names));
  }
  if (m.kernels.size() == 1) return m.kernels.front();
  throw spec.error_at({}, fmt::format("kernel: {} has {} kernels, name one with `kernel = \"...\"` (kernels: {})",
                                      m.path, m.kernels.size(), names.empty() ? "none" : names));
}

void write_params(LaunchSetup& s, const LaunchSpec& spec) {
  const ir::Kernel& k = *s.kernel;
  if (spec.params.size() != k.params.size()) {
    std::string want;
    for (const std::uint32_t v : k.params) {
      want += fmt::format("{}{} ({} bytes)", want.empty() ? "" : ", ", k.vars[v].name, k.vars[v].size_bytes());
    }
    throw spec.error_at(spec.params.empty() ? ir::SrcLoc{} : spec.params.back().loc,
                        fmt::format("params: kernel '{}' takes {} argument(s), the spec gives {}{}{}", k.name,
                                    k.params.size(), spec.params.size(), want.empty() ? "" : ": ", want));
  }
  const unsigned addr_bytes = s.module->address_size / 8;
  for (std::size_t i = 0; i < k.params.size(); ++i) {
    const ir::Variable& v = k.vars[k.params[i]];
    const ParamSpec& p = spec.params[i];
    std::uint64_t bits = 0;
    std::uint64_t size = 0;
    if (const auto* b = std::get_if<BufferParam>(&p.value)) {
      bits = s.buffers[b->buffer].address;
      size = addr_bytes;
    } else {
      const auto& sc = std::get<ScalarParam>(p.value);
      bits = sc.bits;
      size = ir::byte_width(sc.type);
    }
    if (v.size_bytes() != size) {
      throw spec.error_at(p.loc, fmt::format("params[{}]: parameter '{}' is {} bytes, the argument is {} bytes{}", i,
                                             v.name, v.size_bytes(), size,
                                             std::holds_alternative<BufferParam>(p.value) ? " (a buffer address)" : ""));
    }
    s.params.write(s.layout->param_offset(i), size, &bits);
  }
}

void apply_constants(LaunchSetup& s, const LaunchSpec& spec) {
  const ir::Module& m = *s.module;
  for (const ConstantSpec& c : spec.constants) {
    const auto it = std::find_if(m.globals.begin(), m.globals.end(), [&](const ir::Variable& v) { return v.name == c.name; });
    if (it == m.globals.end() || (it->space != ir::Space::Const && it->space != ir::Space::Global)) {
      throw spec.error_at(c.loc, fmt::format("constants.{}: no .const or .global module variable named '{}'", c.name, c.name));
    }
    const auto var = static_cast<std::uint32_t>(it - m.globals.begin());
    const Placement& pl = s.layout->placement(ir::SymScope::Module, var);
    const ir::Type type = c.type.value_or(it->type);
    const unsigned width = ir::byte_width(type);
    if (!pl.placed() || width == 0 || width > 8 || it->size_bytes() % width != 0) {
      throw spec.error_at(c.loc, fmt::format("constants.{}: the variable ({} bytes of .{}) cannot hold .{} values",
                                             c.name, it->size_bytes(), ir::type_name(it->type), ir::type_name(type)));
    }
    const std::uint64_t count = it->size_bytes() / width;
    if (c.values.size() > count || (!c.is_array && count != 1)) {
      throw spec.error_at(c.loc, fmt::format("constants.{}: the variable has {} element(s) of .{}, the spec gives {}{}",
                                             c.name, count, ir::type_name(type), c.values.size(),
                                             c.is_array ? "" : " (a single number)"));
    }
    for (std::size_t i = 0; i < c.values.size(); ++i) {
      const Encoded e = encode_number(type, c.values[i]);
      if (!e.ok()) throw spec.error_at(c.values[i].loc, fmt::format("constants.{}[{}]: {}", c.name, i, e.error));
      const std::uint64_t at = pl.address + i * width;
      if (pl.space == ir::Space::Const) {
        s.constants.write(at, width, &e.bits);
      } else {
        s.initial_global.write(at, width, &e.bits);
      }
    }
  }
}

InputError ptx_error(const ir::Module& m, const ir::Instr& in, std::string message) {
  return InputError(Diagnostic{Severity::Error, m.path, in.loc, std::move(message)});
}

/// Refuses %envreg reads the launch cannot give a value, and allocates the
/// grid workspace of a cooperative launch.
void setup_cooperative(LaunchSetup& s, const LaunchSpec& spec) {
  const ir::Kernel& k = *s.kernel;
  if (const auto r = first_unmodelled_envreg_read(k)) {
    throw ptx_error(*s.module, k.code[r->pc],
                    fmt::format("%envreg{} is a driver-defined register lockstep does not model (only %envreg1 and "
                                "%envreg2, the grid workspace of a cooperative launch, have values)",
                                r->index));
  }
  if (const auto r = first_envreg_read(k); r && !spec.cooperative) {
    throw ptx_error(*s.module, k.code[r->pc],
                    fmt::format("kernel '{}' reads %envreg{}, the grid-synchronisation workspace of a cooperative "
                                "launch (cooperative groups' this_grid()), but the launch is not cooperative: add "
                                "`cooperative = true` to {}",
                                k.name, r->index, spec.path));
  }
  s.cooperative = spec.cooperative;
  if (!spec.cooperative) return;
  s.grid_workspace = s.initial_global.allocate(kGridWorkspaceBytes, 256, "grid workspace");
}

}  // namespace

std::unique_ptr<LaunchSetup> prepare_launch(const ir::Module& module, const LaunchSpec& spec, ReconvergenceChoice table) {
  auto s = std::make_unique<LaunchSetup>();
  s->module = &module;
  s->kernel = &resolve_kernel(module, spec);
  require_executable(module, *s->kernel);
  s->transactions = check_transactions(module, *s->kernel);
  s->shape.grid = spec.grid;
  s->shape.block = spec.block;
  s->shape.dynamic_shared = spec.shared_bytes;
  s->analysis = analysis::analyze_kernel(*s->kernel);
  s->use_table(table == ReconvergenceChoice::Nvidia ? s->analysis.nvidia_table : s->analysis.ipdom_table);
  for (const ir::RegInfo& r : s->kernel->regs) s->reg_bits.push_back(std::max(1U, ir::bit_width(r.type)));
  s->reg_bits.push_back(1);
  s->map = AddressMap::for_module(module);
  s->initial_global = GlobalMemory(s->map.global_base(), s->map.global_limit());
  try {
    s->layout = std::make_unique<MemoryLayout>(module, *s->kernel, s->initial_global, s->map, spec.shared_bytes);
  } catch (const LayoutError& e) {
    throw spec.error_at({}, fmt::format("kernel '{}': {}", s->kernel->name, e.what()));
  }
  for (const BufferSpec& b : spec.buffers) {
    BufferBinding bb{b.name, b.type, b.count, 0};
    bb.address = s->initial_global.allocate(std::max<std::uint64_t>(bb.bytes(), 1), 256, b.name);
    // Fresh global memory reads as zero: a zero-filled buffer needs no pages.
    const bool zero = std::all_of(b.bytes.begin(), b.bytes.end(), [](std::uint8_t x) { return x == 0; });
    if (!zero) s->initial_global.write(bb.address, b.bytes.size(), b.bytes.data());
    s->buffers.push_back(bb);
  }
  setup_cooperative(*s, spec);
  s->params = s->layout->new_params();
  s->constants = s->layout->const_image();
  write_params(*s, spec);
  apply_constants(*s, spec);
  return s;
}

}  // namespace lockstep::sem
