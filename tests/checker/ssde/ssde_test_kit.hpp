// Helpers for the SSDE tests: loading models, printing and re-parsing a
// kernel, comparing kernels, and finding the blocks SSDE made.
#pragma once

#include <gtest/gtest.h>

#include <fmt/format.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

#include "checker/ssde/ssde.hpp"
#include "frontend/analysis/kernel_analysis.hpp"
#include "frontend/ir/module.hpp"
#include "frontend/load.hpp"
#include "frontend/ptx/printer.hpp"
#include "frontend/source.hpp"
#include "tests/frontend/printer_compare.hpp"

namespace lockstep::test {

inline std::string read_text(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

/// models/kernels/<name>/<name>.ptx, loaded.
inline ir::Module load_model(const std::string& name) {
  const std::string path =
      (std::filesystem::path(LOCKSTEP_SOURCE_DIR) / "models" / "kernels" / name / (name + ".ptx")).string();
  return load_ptx(Source(path, read_text(path)));
}

/// A module holding just `kernel` (64-bit, sm_75), for printing hand-built kernels.
inline ir::Module module_of(const ir::Kernel& kernel) {
  ir::Module m;
  m.path = "test.ptx";
  m.version_major = 8;
  m.version_minor = 0;
  m.targets = {"sm_75"};
  m.address_size = 64;
  m.has_address_size = true;
  m.kernels.push_back(kernel);
  return m;
}

/// `module` with its kernel named like `kernel` replaced by `kernel`, printed.
inline std::string print_with(ir::Module module, const ir::Kernel& kernel) {
  for (auto& k : module.kernels) {
    if (k.name == kernel.name) k = kernel;
  }
  return ptx::print(module);
}

/// The kernel `name` of the printed text, re-parsed.
inline ir::Kernel reparse(const std::string& text, const std::string& name) {
  const ir::Module m = load_ptx(Source("printed.ptx", text));
  const ir::Kernel* k = m.find_kernel(name);
  if (k == nullptr) throw std::runtime_error("reparse: no kernel " + name);
  return *k;
}

/// The first difference between two kernels when registers are compared by
/// name (a re-parse numbers registers by first use), or "".
inline std::string difference_by_register_names(const ir::Kernel& a, const ir::Kernel& b) {
  auto name = [](const ir::Kernel& k, std::uint32_t r) { return r == ir::kNoReg ? std::string("-") : k.regs[r].name; };
  auto same_op = [&](const ir::Operand& x, const ir::Operand& y) {
    if (x.kind != y.kind) return false;
    if (x.kind == ir::OperandKind::Reg) return name(a, x.a) == name(b, y.a) && x.negated == y.negated;
    if (x.kind == ir::OperandKind::Address && x.addr_base() == ir::AddrBase::Reg) {
      return name(a, x.a) == name(b, y.a) && x.value == y.value;
    }
    if (x.kind == ir::OperandKind::Vector) return same_operand(a, x, b, y);
    return x == y;
  };
  if (a.code.size() != b.code.size()) return fmt::format("{} instructions vs {}", a.code.size(), b.code.size());
  for (std::uint32_t pc = 0; pc < a.code.size(); ++pc) {
    ir::Instr x = a.code[pc];
    ir::Instr y = b.code[pc];
    if (name(a, x.guard) != name(b, y.guard)) return fmt::format("guard at {}", pc);
    x.guard = y.guard = 0;
    if (!ir::same_meaning(x, y)) return fmt::format("instruction {}", pc);
    for (unsigned i = 0; i < x.op_count; ++i) {
      if (!same_op(a.op(pc, i), b.op(pc, i))) return fmt::format("operand {} of instruction {}", i, pc);
    }
  }
  if (a.labels != b.labels) return "labels";
  if (a.blocks != b.blocks) return "blocks";
  for (const auto& r : a.regs) {
    const bool found = std::any_of(b.regs.begin(), b.regs.end(), [&](const ir::RegInfo& s) {
      return s.name == r.name && s.type == r.type;
    });
    if (!found) return "register " + r.name;
  }
  return "";
}

/// PC of the label `name`, or kExitPc when there is none.
inline std::uint32_t label_pc(const ir::Kernel& k, const std::string& name) {
  for (const auto& l : k.labels) {
    if (l.name == name) return l.pc;
  }
  return analysis::kExitPc;
}

/// Output PC of the instruction copied from input PC `pc` (kExitPc if none).
inline std::uint32_t output_pc(const checker::SsdeResult& r, std::uint32_t pc) {
  for (std::uint32_t i = 0; i < r.origin.size(); ++i) {
    if (r.origin[i] == pc) return i;
  }
  return analysis::kExitPc;
}

/// Every loop of `k` that contains the block at `pc` is reducible.
inline bool loops_through_reducible(const ir::Kernel& k, const analysis::KernelAnalysis& a, std::uint32_t pc) {
  const std::uint32_t b = k.block_of(pc);
  for (std::uint32_t id = 0; id < a.loops.size(); ++id) {
    if (a.loops.contains(id, b) && !a.loops.loop(id).reducible) return false;
  }
  return true;
}

}  // namespace lockstep::test
