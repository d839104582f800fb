// Reaching constants of fresh registers (edge_values.hpp): a forward
// worklist analysis over output PCs with set union at joins.
#include "checker/equiv/edge_values.hpp"

#include <algorithm>
#include <deque>

namespace lockstep::checker::equiv {
namespace {

void join(ValueSet& into, const ValueSet& v) {
  if (into.any) return;
  if (v.any) {
    into = v;
    return;
  }
  std::vector<std::uint64_t> merged;
  std::set_union(into.values.begin(), into.values.end(), v.values.begin(), v.values.end(),
                 std::back_inserter(merged));
  if (merged.size() > EdgeValues::kMaxValues) {
    into.any = true;
    into.values.clear();
  } else {
    into.values = std::move(merged);
  }
}

std::uint64_t mask_to(std::uint64_t v, unsigned bits) {
  return bits >= 64 ? v : v & ((std::uint64_t{1} << bits) - 1);
}

}  // namespace

EdgeValues::EdgeValues(const KernelPair& pair) {
  const ir::Kernel& k = pair.out();
  slot_.assign(k.regs.size(), ir::kNoReg);
  for (std::uint32_t r = 0; r < k.regs.size(); ++r) {
    if (pair.fresh(r)) slot_[r] = fresh_count_++;
  }
  any_.any = true;
  const auto n = static_cast<std::uint32_t>(k.code.size());
  reached_.assign(n, false);
  std::vector<ValueSet> in(static_cast<std::size_t>(n) * fresh_count_);
  out_.assign(in.size(), ValueSet{});
  if (n == 0) return;
  for (std::uint32_t s = 0; s < fresh_count_; ++s) in[s] = any_;
  reached_[0] = true;
  std::deque<std::uint32_t> work{0};
  std::vector<bool> queued(n, false);
  queued[0] = true;
  std::vector<ValueSet> cur(fresh_count_);
  while (!work.empty()) {
    const std::uint32_t pc = work.front();
    work.pop_front();
    queued[pc] = false;
    const std::size_t base = static_cast<std::size_t>(pc) * fresh_count_;
    std::copy(in.begin() + static_cast<std::ptrdiff_t>(base),
              in.begin() + static_cast<std::ptrdiff_t>(base + fresh_count_), cur.begin());
    const ir::Instr& instr = k.code[pc];
    pair.for_each_reg(pc, [](std::uint32_t) {}, [&](std::uint32_t reg) {
      if (slot_[reg] == ir::kNoReg) return;
      ValueSet v = any_;
      if (pair.added(pc) && instr.op == ir::Opcode::Mov && instr.op_count == 2) {
        const ir::Operand& src = k.op(pc, 1);
        if (src.kind == ir::OperandKind::ImmInt) {
          v = ValueSet{false, {mask_to(static_cast<std::uint64_t>(src.value), ir::bit_width(k.regs[reg].type))}};
        } else if (src.kind == ir::OperandKind::Reg && slot_[src.a] != ir::kNoReg) {
          v = in[base + slot_[src.a]];
        }
      }
      if (instr.guarded()) join(v, in[base + slot_[reg]]);
      cur[slot_[reg]] = std::move(v);
    });
    std::copy(cur.begin(), cur.end(), out_.begin() + static_cast<std::ptrdiff_t>(base));
    for (const CtrlEdge& e : successors(k, pc)) {
      if (e.target == kEdgeExit) continue;
      const std::size_t tb = static_cast<std::size_t>(e.target) * fresh_count_;
      bool changed = !reached_[e.target];
      reached_[e.target] = true;
      for (std::uint32_t s = 0; s < fresh_count_; ++s) {
        ValueSet before = in[tb + s];
        join(in[tb + s], cur[s]);
        changed = changed || !(before == in[tb + s]);
      }
      if (changed && !queued[e.target]) {
        queued[e.target] = true;
        work.push_back(e.target);
      }
    }
  }
}

const ValueSet& EdgeValues::after(std::uint32_t pc, std::uint32_t reg) const {
  if (slot_[reg] == ir::kNoReg) return any_;
  return out_[static_cast<std::size_t>(pc) * fresh_count_ + slot_[reg]];
}

}  // namespace lockstep::checker::equiv
