// The PTX printer: a whole module.
//
//   .version 9.0
//   .target sm_75
//   .address_size 64            only when the file had it (or it is not 32)
//   .file 1 "kernel.cu"
//
//   .extern .func (.param .b32 func_retval0) vprintf (...);   when Print is used
//   .extern .func __assertfail (...);                         when AssertFail is used
//   .extern .func (...) f (...);                              Module::functions: declarations,
//   .func (...) g (...) { ret; }                                or empty bodies of defined ones
//   .global ...;                                              module variables
//   .func __tbegin()                                          when TmBegin is used
//   {
//   	ret;
//   }
//   .visible .entry ...                                       every kernel
//
// The transactional-memory markers get empty bodies: lowering recognises
// calls to them by name, whatever the body, and ptxas needs a definition.
#include <fmt/ranges.h>

#include <array>
#include <cstddef>
#include <string>

#include "frontend/ptx/printer.hpp"
#include "frontend/ptx/printer_parts.hpp"

namespace lockstep::ptx {
namespace {

using printer::Out;
using printer::put;

auto sink(Out& out) { return std::back_inserter(out); }

/// Which recognised callees the module's kernels use, and for a marker with
/// arguments, one call of it (whose argument variables give its parameters).
struct Callees {
  static constexpr std::size_t kMarkers = 3;  // TmBegin, TmCommit, TmAbort
  std::array<const ir::Kernel*, kMarkers> marker_kernel{};
  std::array<std::uint32_t, kMarkers> marker_pc{};
  bool print = false;
  bool print_returns = false;  ///< some vprintf call takes the return value
  bool assert_fail = false;
};

Callees find_callees(const ir::Module& module) {
  Callees c;
  for (const auto& k : module.kernels) {
    for (std::uint32_t pc = 0; pc < k.code.size(); ++pc) {
      const auto op = k.code[pc].op;
      if (op == ir::Opcode::Print) {
        c.print = true;
        if (k.code[pc].op_count == 3 && k.op(pc, 0).kind != ir::OperandKind::Sink) {
          c.print_returns = true;
        }
      }
      if (op == ir::Opcode::AssertFail) c.assert_fail = true;
      if (op == ir::Opcode::TmBegin || op == ir::Opcode::TmCommit || op == ir::Opcode::TmAbort) {
        const auto i = static_cast<std::size_t>(op) - static_cast<std::size_t>(ir::Opcode::TmBegin);
        if (c.marker_kernel[i] == nullptr) {
          c.marker_kernel[i] = &k;
          c.marker_pc[i] = pc;
        }
      }
    }
  }
  return c;
}

void module_directives(Out& out, const ir::Module& m) {
  put(out, "//\n// Printed by lockstep\n//\n\n");
  fmt::format_to(sink(out), ".version {}.{}\n", m.version_major, m.version_minor);
  if (!m.targets.empty()) fmt::format_to(sink(out), ".target {}\n", fmt::join(m.targets, ", "));
  if (m.has_address_size || m.address_size != 32) {
    fmt::format_to(sink(out), ".address_size {}\n", m.address_size);
  }
  for (const auto& [index, name] : m.files) fmt::format_to(sink(out), ".file\t{} \"{}\"\n", index, name);
  out.push_back('\n');
}

void extern_functions(Out& out, const ir::Module& m, const Callees& c) {
  const std::string_view ptr = m.address_size == 64 ? "b64" : "b32";
  if (c.print) {
    // As nvcc declares it; without the return value when no call takes it
    // (ptxas wants every call to match the declaration).
    fmt::format_to(sink(out),
                   ".extern .func {}vprintf\n(\n"
                   "\t.param .{} vprintf_param_0,\n\t.param .{} vprintf_param_1\n)\n;\n",
                   c.print_returns ? "(.param .b32 func_retval0) " : "", ptr, ptr);
  }
  if (c.assert_fail) {
    // The signature nvcc declares for assert():
    // (message, file, line, function, char size).
    fmt::format_to(sink(out),
                   ".extern .func __assertfail\n(\n"
                   "\t.param .{0} __assertfail_param_0,\n\t.param .{0} __assertfail_param_1,\n"
                   "\t.param .b32 __assertfail_param_2,\n\t.param .{0} __assertfail_param_3,\n"
                   "\t.param .{0} __assertfail_param_4\n)\n;\n",
                   ptr);
  }
}

/// One parameter list `(\n\t.param .b32 a,\n\t...\n)` of a declaration.
void param_list(Out& out, const ir::Module& m, const std::vector<ir::Variable>& params) {
  out.push_back('(');
  for (std::size_t i = 0; i < params.size(); ++i) {
    put(out, i == 0 ? "\n\t" : ",\n\t");
    printer::print_variable(out, m, params[i], params[i].name);
  }
  put(out, params.empty() ? ")" : "\n)");
}

/// The functions kernels name without inlining them: external ones as
/// declarations, defined ones (whose address is taken) with an empty body.
void named_functions(Out& out, const ir::Module& m) {
  for (const ir::Function& f : m.functions) {
    if (f.defined) put(out, "// lockstep keeps only the address of this function: its body is not printed\n");
    if (f.linkage != ir::Linkage::None) fmt::format_to(sink(out), ".{} ", printer::linkage_name(f.linkage));
    put(out, ".func ");
    if (!f.rets.empty()) {
      param_list(out, m, f.rets);
      out.push_back(' ');
    }
    put(out, f.name);
    out.push_back('\n');
    param_list(out, m, f.params);
    put(out, f.defined ? "\n{\n\tret;\n}\n\n" : "\n;\n\n");
  }
}

void globals(Out& out, const ir::Module& m) {
  for (const auto& g : m.globals) {
    printer::print_variable(out, m, g, g.name);
    put(out, ";\n");
  }
  if (!m.globals.empty()) out.push_back('\n');
}

/// `.func __tbegin() { ret; }` and friends; a marker called with arguments
/// gets parameters of the types of its first call's argument variables.
void marker_functions(Out& out, const Callees& c) {
  static constexpr std::array<std::string_view, Callees::kMarkers> kNames{
      {"__tbegin", "__tcommit", "__tabort"}};
  for (std::size_t i = 0; i < Callees::kMarkers; ++i) {
    const ir::Kernel* k = c.marker_kernel[i];
    if (k == nullptr) continue;
    fmt::format_to(sink(out), ".func {}(", kNames[i]);
    const auto& in = k->code[c.marker_pc[i]];
    for (std::uint32_t a = 0; a < in.op_count; ++a) {
      const ir::Operand& op = k->op(c.marker_pc[i], a);
      ir::Type t = ir::Type::B32;
      if (op.kind == ir::OperandKind::Symbol && op.scope == ir::SymScope::Kernel &&
          op.a < k->vars.size()) {
        t = k->vars[op.a].type;
      }
      fmt::format_to(sink(out), "{}.param .{} {}_param_{}", a == 0 ? "" : ", ", ir::type_name(t),
                     kNames[i], a);
    }
    put(out, ")\n{\n\tret;\n}\n\n");
  }
}

}  // namespace

std::string print(const ir::Module& module) {
  Out out;
  const Callees callees = find_callees(module);
  module_directives(out, module);
  extern_functions(out, module, callees);
  named_functions(out, module);
  globals(out, module);
  marker_functions(out, callees);
  for (std::size_t i = 0; i < module.kernels.size(); ++i) {
    if (i != 0) out.push_back('\n');
    printer::print_kernel(out, module, module.kernels[i]);
  }
  return fmt::to_string(out);
}

}  // namespace lockstep::ptx
