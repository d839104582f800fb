// Path preservation of an SSDE output (research/000-deadlock-ssde.md §3.5,
// §4.7 check 3), checked by exploring the output.
//
// The registers SSDE added (ids past the input's) are interpreted exactly;
// every other branch condition is free (both ways). Every reachable state
// (output PC, values of the added registers, last input instruction seen)
// is visited once. Erasing the added instructions from a path must leave a
// path of the input: the first input instruction is PC 0, each next one is
// PC + 1 in the same block or the first PC of a successor block, and a path
// leaves the kernel only after an instruction of the input that may leave
// it (end of a may_exit block). Input instructions never touch the added
// registers, added instructions touch nothing else, and an added register
// is never read before it is written. Also collected: the input block edges
// seen, to check that every edge of the input still has a path.
#pragma once

#include <algorithm>
#include <cstdint>
#include <set>
#include <string>
#include <tuple>
#include <vector>

#include <fmt/format.h>

#include "checker/ssde/ssde.hpp"
#include "frontend/analysis/reconvergence.hpp"
#include "frontend/ir/kernel.hpp"

namespace lockstep::test {

struct PathCheck {
  std::string error;                                   ///< "" when every path is an input path
  std::set<std::pair<std::uint32_t, std::uint32_t>> edges;  ///< input block edges seen
  std::size_t states = 0;
};

namespace path_detail {

constexpr std::int64_t kUndef = -1;
constexpr std::uint32_t kStart = 0xffffffffU;

struct State {
  std::uint32_t pc = 0;
  std::uint32_t last = kStart;  ///< last input PC seen
  std::vector<std::int64_t> regs;
  friend bool operator<(const State& a, const State& b) {
    return std::tie(a.pc, a.last, a.regs) < std::tie(b.pc, b.last, b.regs);
  }
};

inline bool reads_or_writes(const ir::Kernel& k, std::uint32_t pc, std::uint32_t first_added) {
  const ir::Instr& in = k.code[pc];
  if (in.guarded() && in.guard >= first_added) return true;
  for (unsigned i = 0; i < in.op_count; ++i) {
    const ir::Operand& o = k.op(pc, i);
    if ((o.kind == ir::OperandKind::Reg || o.kind == ir::OperandKind::RegPair) &&
        (o.a >= first_added || (o.kind == ir::OperandKind::RegPair && o.b >= first_added))) {
      return true;
    }
    if (o.kind == ir::OperandKind::Address && o.addr_base() == ir::AddrBase::Reg && o.a >= first_added) return true;
  }
  return false;
}

}  // namespace path_detail

inline PathCheck check_paths(const ir::Kernel& input, const checker::SsdeResult& result,
                             std::size_t max_states = 200000) {
  using namespace path_detail;
  const ir::Kernel& out = result.kernel;
  const auto first_added = static_cast<std::uint32_t>(input.regs.size());
  const std::size_t added = out.regs.size() - input.regs.size();
  PathCheck check;
  auto fail = [&](const State& s, const std::string& what) {
    if (check.error.empty()) check.error = fmt::format("at output PC {} (last input PC {}): {}", s.pc, s.last, what);
  };
  // May the input path end after input PC `last`?
  auto may_end = [&](std::uint32_t last) {
    if (last == kStart) return false;
    const ir::Block& b = input.blocks[input.block_of(last)];
    return b.last_pc == last && b.may_exit;
  };
  auto step_ok = [&](std::uint32_t last, std::uint32_t next) {
    if (last == kStart) return next == 0;
    const ir::Block& b = input.blocks[input.block_of(last)];
    if (last != b.last_pc) return next == last + 1;
    const std::uint32_t nb = input.block_of(next);
    if (input.blocks[nb].first_pc != next) return false;
    if (std::find(b.succs.begin(), b.succs.end(), nb) == b.succs.end()) return false;
    check.edges.insert({b.id, nb});
    return true;
  };

  std::set<State> seen;
  std::vector<State> work{State{0, kStart, std::vector<std::int64_t>(added, kUndef)}};
  const auto size = static_cast<std::uint32_t>(out.code.size());
  while (!work.empty() && check.error.empty()) {
    State s = std::move(work.back());
    work.pop_back();
    if (s.pc >= size) {  // fell off the end
      if (!may_end(s.last)) fail(s, "leaves the kernel where the input does not");
      continue;
    }
    if (!seen.insert(s).second) continue;
    if (seen.size() > max_states) {
      fail(s, "too many states");
      break;
    }
    const ir::Instr& in = out.code[s.pc];
    const std::uint32_t from = result.origin[s.pc];
    auto go = [&](std::uint32_t pc, const State& base) {
      State t = base;
      t.pc = pc;
      work.push_back(std::move(t));
    };
    auto targets = [&]() {
      std::vector<std::uint32_t> t;
      for (unsigned i = 0; i < in.op_count; ++i) {
        const ir::Operand& o = out.op(s.pc, i);
        if (o.kind == ir::OperandKind::Label) t.push_back(o.label_pc());
        if (o.kind == ir::OperandKind::Vector) {
          for (std::uint32_t j = 0; j < o.b; ++j) t.push_back(out.elems(o)[j].label_pc());
        }
      }
      return t;
    };
    if (from != checker::kAddedPc) {
      if (reads_or_writes(out, s.pc, first_added)) fail(s, "an input instruction uses an added register");
      if (!step_ok(s.last, from)) fail(s, fmt::format("input PC {} cannot follow input PC {}", from, s.last));
      s.last = from;
      const bool ends = in.op == ir::Opcode::Ret || in.op == ir::Opcode::Exit || in.op == ir::Opcode::Trap;
      if (ends) {
        if (!may_end(s.last)) fail(s, "leaves the kernel where the input does not");
        if (in.guarded()) go(s.pc + 1, s);
        continue;
      }
      if (in.is_branch()) {
        for (const std::uint32_t t : targets()) go(t, s);
        if (!in.ends_flow()) go(s.pc + 1, s);
        continue;
      }
      go(s.pc + 1, s);
      continue;
    }
    // An added instruction: interpreted.
    auto reg = [&](const ir::Operand& o) -> std::int64_t {
      if (o.kind != ir::OperandKind::Reg || o.a < first_added) {
        fail(s, "an added instruction reads an input register");
        return kUndef;
      }
      const std::int64_t v = s.regs[o.a - first_added];
      if (v == kUndef) fail(s, fmt::format("reads {} before it is written", out.regs[o.a].name));
      return v;
    };
    auto write = [&](const ir::Operand& o, std::int64_t v) {
      if (o.kind != ir::OperandKind::Reg || o.a < first_added) {
        fail(s, "an added instruction writes an input register");
        return;
      }
      s.regs[o.a - first_added] = v;
    };
    switch (in.op) {
      case ir::Opcode::Mov:
        write(out.op(s.pc, 0), out.op(s.pc, 1).value);
        go(s.pc + 1, s);
        break;
      case ir::Opcode::Setp: {
        const std::int64_t a = reg(out.op(s.pc, 1));
        const std::int64_t b = out.op(s.pc, 2).value;
        write(out.op(s.pc, 0), in.cmp == ir::CmpOp::Eq ? (a == b) : (a != b));
        go(s.pc + 1, s);
        break;
      }
      case ir::Opcode::Bra: {
        bool taken = true;
        if (in.guarded()) {
          const std::int64_t p = reg(ir::Operand::reg(in.guard));
          taken = (p != 0) != in.guard_negated;
        }
        go(taken ? targets().front() : s.pc + 1, s);
        break;
      }
      case ir::Opcode::Ret:
        if (!may_end(s.last)) fail(s, "leaves the kernel where the input does not");
        break;
      default:
        fail(s, "unexpected added instruction");
    }
  }
  check.states = seen.size();
  return check;
}

/// Input block edges (between blocks reachable from the entry) that no path
/// of the output takes, as text ("" when there is none).
inline std::string missing_edges(const ir::Kernel& input, const PathCheck& check) {
  std::vector<bool> reach(input.blocks.size(), false);
  std::vector<std::uint32_t> stack{0};
  reach[0] = true;
  while (!stack.empty()) {
    const std::uint32_t b = stack.back();
    stack.pop_back();
    for (const std::uint32_t s : input.blocks[b].succs) {
      if (!reach[s]) {
        reach[s] = true;
        stack.push_back(s);
      }
    }
  }
  std::string missing;
  for (const auto& b : input.blocks) {
    if (!reach[b.id]) continue;
    for (const std::uint32_t s : b.succs) {
      if (check.edges.count({b.id, s}) == 0) missing += fmt::format("({}, {}) ", b.id, s);
    }
  }
  return missing;
}

/// Every input instruction appears exactly once in the output, in the same
/// order; the non-control ones with the same meaning and operands. "" or the
/// first difference.
inline std::string same_instructions(const ir::Kernel& input, const checker::SsdeResult& result) {
  const ir::Kernel& out = result.kernel;
  std::uint32_t expected = 0;
  for (std::uint32_t pc = 0; pc < out.code.size(); ++pc) {
    const std::uint32_t from = result.origin[pc];
    if (from == checker::kAddedPc) continue;
    if (from != expected) return fmt::format("output PC {} copies input PC {}, expected {}", pc, from, expected);
    ++expected;
    const ir::Instr& a = input.code[from];
    const ir::Instr& b = out.code[pc];
    const bool control = a.is_branch() || a.op == ir::Opcode::Ret || a.op == ir::Opcode::Exit;
    if (control) continue;
    if (!ir::same_meaning(a, b) || a.cuda != b.cuda) return fmt::format("input PC {} changed", from);
    for (unsigned i = 0; i < a.op_count; ++i) {
      const ir::Operand& x = input.op(from, i);
      const ir::Operand& y = out.op(pc, i);
      if (x.kind == ir::OperandKind::Vector ? !(y.kind == x.kind && y.b == x.b) : !(x == y)) {
        return fmt::format("operand {} of input PC {} changed", i, from);
      }
    }
  }
  if (expected != input.code.size()) {
    return fmt::format("{} of {} input instructions kept", expected, input.code.size());
  }
  return "";
}

}  // namespace lockstep::test
