#include "frontend/ir/kernel.hpp"

#include <algorithm>
#include <string>

namespace lockstep::ir {
namespace {

bool leaves_kernel(Opcode op) noexcept {
  return op == Opcode::Ret || op == Opcode::Exit || op == Opcode::Trap;
}

bool ends_block(const Instr& in) noexcept { return in.is_branch() || leaves_kernel(in.op); }

/// Calls f(pc) for every branch target of the instruction at pc.
template <typename F>
void for_each_target(const Kernel& k, std::uint32_t pc, F&& f) {
  const Instr& in = k.code[pc];
  for (unsigned i = 0; i < in.op_count; ++i) {
    const Operand& o = k.op(pc, i);
    if (o.kind == OperandKind::Label) {
      f(o.label_pc());
    } else if (o.kind == OperandKind::Vector) {
      const Operand* e = k.elems(o);
      for (std::uint32_t j = 0; j < o.b; ++j) {
        if (e[j].kind == OperandKind::Label) f(e[j].label_pc());
      }
    }
  }
}

}  // namespace

std::uint32_t Kernel::block_of(std::uint32_t pc) const noexcept {
  auto it = std::upper_bound(blocks.begin(), blocks.end(), pc,
                             [](std::uint32_t p, const Block& b) { return p < b.first_pc; });
  return it == blocks.begin() ? 0 : static_cast<std::uint32_t>((it - blocks.begin()) - 1);
}

void build_blocks(Kernel& kernel) {
  kernel.blocks.clear();
  const auto n = static_cast<std::uint32_t>(kernel.code.size());
  if (n == 0) return;

  std::vector<bool> leader(n, false);
  leader[0] = true;
  for (std::uint32_t pc = 0; pc < n; ++pc) {
    const Instr& in = kernel.code[pc];
    if (!ends_block(in)) continue;
    if (pc + 1 < n) leader[pc + 1] = true;
    if (in.is_branch()) {
      for_each_target(kernel, pc, [&](std::uint32_t t) {
        if (t < n) leader[t] = true;
      });
    }
  }

  std::vector<std::uint32_t> block_at(n, 0);
  for (std::uint32_t pc = 0; pc < n; ++pc) {
    if (leader[pc]) {
      Block b;
      b.id = static_cast<std::uint32_t>(kernel.blocks.size());
      b.first_pc = pc;
      kernel.blocks.push_back(std::move(b));
    }
    kernel.blocks.back().last_pc = pc;
    block_at[pc] = kernel.blocks.back().id;
  }

  // Names: the first label at the block's first PC, else BB<id>.
  for (const auto& l : kernel.labels) {
    if (l.pc < n && leader[l.pc]) {
      Block& b = kernel.blocks[block_at[l.pc]];
      if (b.label.empty()) b.label = l.name;
    }
  }
  for (auto& b : kernel.blocks) {
    if (b.label.empty()) b.label = "BB" + std::to_string(b.id);
  }

  for (auto& b : kernel.blocks) {
    const Instr& last = kernel.code[b.last_pc];
    auto add = [&](std::uint32_t target_pc) {
      if (target_pc >= n) {
        b.may_exit = true;  // falling off (or branching to) the end leaves the kernel
        return;
      }
      const std::uint32_t s = block_at[target_pc];
      if (std::find(b.succs.begin(), b.succs.end(), s) == b.succs.end()) b.succs.push_back(s);
    };
    if (last.is_branch()) for_each_target(kernel, b.last_pc, add);
    if (leaves_kernel(last.op)) b.may_exit = true;
    if (!last.ends_flow()) add(b.last_pc + 1);
  }
  for (const auto& b : kernel.blocks) {
    for (auto s : b.succs) kernel.blocks[s].preds.push_back(b.id);
  }
  for (auto& b : kernel.blocks) {
    std::sort(b.preds.begin(), b.preds.end());
    b.preds.erase(std::unique(b.preds.begin(), b.preds.end()), b.preds.end());
  }
}

}  // namespace lockstep::ir
