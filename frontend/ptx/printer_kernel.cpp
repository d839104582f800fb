// One `.entry` with its body.
//
//   .visible .entry name(
//   	.param .u64 name_param_0,
//   	...
//   )
//   .maxntid 256, 1, 1
//   {
//   	.reg .b32 	%r<12>;          registers (printer_registers.cpp)
//   	.reg .b64 	%SP;
//   	.shared .align 4 .b8 buf[64];   kernel variables (not parameters)
//
//   	mov.u32 	%r1, %tid.x;
//   $L__BB0_2:
//   	...
//   }
//
// Variables are declared in index order (parameters first, in the header),
// so that lowering the printed text numbers them as the IR does. A `.loc`
// line is printed whenever the CUDA position changes; a change to "no
// source line" (file 0) after a position prints as `.loc F 0 0`, which
// lowering reads back as no position. A brx.idx is preceded by the
// `.branchtargets` table it names, an indirect call by a `.callprototype`
// made from its return and argument operands.
#include <fmt/ranges.h>

#include <optional>
#include <string>
#include <vector>

#include "frontend/ptx/printer_parts.hpp"

namespace lockstep::ptx::printer {
namespace {

auto sink(Out& out) { return std::back_inserter(out); }

void header(Out& out, const ir::Module& module, const ir::Kernel& kernel, const KernelNames& names) {
  if (kernel.linkage != ir::Linkage::None) {
    fmt::format_to(sink(out), ".{} ", linkage_name(kernel.linkage));
  }
  fmt::format_to(sink(out), ".entry {}(", kernel.name);
  for (std::size_t i = 0; i < kernel.params.size(); ++i) {
    put(out, i == 0 ? "\n\t" : ",\n\t");
    const auto index = kernel.params[i];
    print_variable(out, module, kernel.vars[index], names.vars[index]);
  }
  put(out, kernel.params.empty() ? ")\n" : "\n)\n");
}

void list_directive(Out& out, std::string_view name, const std::vector<std::uint32_t>& values) {
  if (values.empty()) return;
  fmt::format_to(sink(out), ".{} {}\n", name, fmt::join(values, ", "));
}

void value_directive(Out& out, std::string_view name, const std::optional<std::uint32_t>& value) {
  if (value) fmt::format_to(sink(out), ".{} {}\n", name, *value);
}

void directives(Out& out, const ir::EntryDirectives& d) {
  list_directive(out, "maxntid", d.maxntid);
  list_directive(out, "reqntid", d.reqntid);
  value_directive(out, "minnctapersm", d.minnctapersm);
  value_directive(out, "maxnctapersm", d.maxnctapersm);
  value_directive(out, "maxnreg", d.maxnreg);
  list_directive(out, "reqnctapercluster", d.reqnctapercluster);
  if (d.explicitcluster) put(out, ".explicitcluster\n");
  value_directive(out, "maxclusterrank", d.maxclusterrank);
  if (d.noreturn) put(out, ".noreturn\n");
}

void variables(Out& out, const ir::Module& module, const ir::Kernel& kernel,
               const KernelNames& names) {
  std::vector<bool> is_param(kernel.vars.size(), false);
  for (const auto p : kernel.params) {
    if (p < is_param.size()) is_param[p] = true;
  }
  for (std::size_t i = 0; i < kernel.vars.size(); ++i) {
    if (is_param[i]) continue;
    out.push_back('\t');
    print_variable(out, module, kernel.vars[i], names.vars[i]);
    put(out, ";\n");
  }
}

/// Prints the labels at `pc` (names.labels from index `next` on); returns
/// the index of the first label after them.
std::size_t labels(Out& out, const KernelNames& names, std::size_t next, std::uint32_t pc) {
  if (next >= names.labels.size() || names.labels[next].first != pc) return next;
  if (pc != 0) out.push_back('\n');
  for (; next < names.labels.size() && names.labels[next].first == pc; ++next) {
    put(out, names.labels[next].second);
    put(out, ":\n");
  }
  return next;
}

void branch_table(Out& out, const Names& n, std::uint32_t pc) {
  const ir::Kernel& kernel = n.kernel;
  const ir::Instr& in = kernel.code[pc];
  if (in.op_count < 2) return;
  const ir::Operand& list = kernel.op(pc, 1);
  fmt::format_to(sink(out), "\t{}: .branchtargets ", n.local.table(pc));
  if (list.kind == ir::OperandKind::Vector) {
    for (std::uint32_t i = 0; i < list.b; ++i) {
      if (i != 0) put(out, ", ");
      print_operand(out, n, kernel.elems(list)[i]);
    }
  } else {
    for (std::uint32_t i = 1; i < in.op_count; ++i) {
      if (i != 1) put(out, ", ");
      print_operand(out, n, kernel.op(pc, i));
    }
  }
  put(out, ";\n");
}

/// One entry of a `.callprototype` list: the declaration of a `.param`
/// variable, or the type of a register, named `_`.
void prototype_entry(Out& out, const Names& n, const ir::Operand& o) {
  const ir::Kernel& kernel = n.kernel;
  if (o.kind == ir::OperandKind::Symbol && o.scope == ir::SymScope::Kernel && o.a < kernel.vars.size()) {
    ir::Variable v = kernel.vars[o.a];
    v.linkage = ir::Linkage::None;
    v.has_init = false;
    print_variable(out, n.module, v, "_");
  } else if (o.kind == ir::OperandKind::Reg && o.a < kernel.regs.size()) {
    fmt::format_to(sink(out), ".reg .{} _", ir::type_name(kernel.regs[o.a].type));
  } else {
    put(out, ".param .b64 _");
  }
}

/// `$L__protoPC: .callprototype (rets) _ (args);` before an indirect call,
/// derived from its return and argument operands.
void call_prototype(Out& out, const Names& n, std::uint32_t pc) {
  const std::string_view name = n.local.table(pc);
  if (name.empty()) return;
  const ir::Kernel& kernel = n.kernel;
  auto list = [&](const ir::Operand& v) {
    out.push_back('(');
    if (v.kind == ir::OperandKind::Vector) {
      for (std::uint32_t i = 0; i < v.b; ++i) {
        if (i != 0) put(out, ", ");
        prototype_entry(out, n, kernel.elems(v)[i]);
      }
    }
    out.push_back(')');
  };
  fmt::format_to(sink(out), "\t{}: .callprototype ", name);
  const ir::Operand& rets = kernel.op(pc, 0);
  if (rets.kind == ir::OperandKind::Vector && rets.b != 0) {
    list(rets);
    out.push_back(' ');
  }
  put(out, "_ ");
  list(kernel.op(pc, 2));
  put(out, ";\n");
}

void body(Out& out, const Names& n) {
  const ir::Kernel& kernel = n.kernel;
  const auto end = static_cast<std::uint32_t>(kernel.code.size());
  ir::CudaLoc current;
  std::size_t next_label = 0;
  for (std::uint32_t pc = 0; pc < end; ++pc) {
    next_label = labels(out, n.local, next_label, pc);
    const ir::Instr& in = kernel.code[pc];
    if (in.cuda != current) {
      if (in.cuda.file != 0) {
        fmt::format_to(sink(out), "\t.loc\t{} {} {}\n", in.cuda.file, in.cuda.line, in.cuda.col);
        current = in.cuda;
      } else if (current.file != 0) {
        // Back to "no source line": nvcc's spelling, line 0.
        fmt::format_to(sink(out), "\t.loc\t{} 0 0\n", current.file);
        current = ir::CudaLoc{};
      }
    }
    if (in.op == ir::Opcode::BrxIdx) branch_table(out, n, pc);
    if (in.op == ir::Opcode::Call) call_prototype(out, n, pc);
    out.push_back('\t');
    print_instr(out, n, pc);
    out.push_back('\n');
  }
  labels(out, n.local, next_label, end);
}

}  // namespace

void print_kernel(Out& out, const ir::Module& module, const ir::Kernel& kernel) {
  const KernelNames names(kernel);
  header(out, module, kernel, names);
  directives(out, kernel.directives);
  put(out, "{\n");
  print_registers(out, module, kernel, names);
  variables(out, module, kernel, names);
  out.push_back('\n');
  body(out, Names{module, kernel, names});
  put(out, "}\n");
}

}  // namespace lockstep::ptx::printer
