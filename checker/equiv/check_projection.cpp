// The `projection` check: every control edge of the output out of a copied
// instruction, and the entry, reaches the copy of the corresponding input
// successor. Edges of a copy and of its origin correspond by position
// (kernel_pair.hpp: taken targets first, then the fall-through; a ret/exit
// turned into a branch keeps its place). An edge into a copied instruction
// is compared directly; an edge into added code is walked through it with
// Z3 (dispatch_walk.hpp) under the values the fresh registers may hold on
// it (edge_values.hpp). Unreachable output instructions are not checked.
#include <fmt/format.h>

#include "checker/equiv/dispatch_walk.hpp"
#include "checker/equiv/edge_values.hpp"
#include "checker/equiv/refine_checks.hpp"

namespace lockstep::checker::equiv {
namespace {

std::string edge_name(const KernelPair& pair, std::uint32_t from, const CtrlEdge& e) {
  if (from == kEdgeExit) return "the kernel entry";
  return fmt::format("the {} edge of {}", e.fall ? "fall-through" : (e.target == kEdgeExit ? "exit" : "taken"),
                     pair.where_out(from));
}

std::string end_name(const KernelPair& pair, std::uint32_t end) {
  if (end == kWalkLoops) return "a loop inside added code";
  if (end == kEdgeExit) return "the exit";
  return fmt::format("{} (a copy of {})", pair.where_out(end), pair.where_in(pair.origin()[end]));
}

}  // namespace

CheckResult check_projection(const KernelPair& pair, std::uint64_t& queries) {
  CheckResult r;
  r.name = "projection";
  const ir::Kernel& out = pair.out();
  const ir::Kernel& in = pair.in();
  const EdgeValues values(pair);
  DispatchWalker walker(pair, values);
  std::uint32_t edges = 0;
  std::uint32_t walked = 0;

  // Returns false (and fills r) on a violation or an unknown answer.
  auto check_edge = [&](std::uint32_t from, const CtrlEdge& e, std::uint32_t expected) {
    ++edges;
    if (e.target == kEdgeExit || !pair.added(e.target)) {
      const bool ok = e.target == kEdgeExit ? expected == kEdgeExit
                                            : expected != kEdgeExit && pair.origin()[e.target] == expected;
      if (ok) return true;
      r.status = CheckStatus::Failed;
      r.out_pc = from == kEdgeExit ? 0 : from;
      r.detail = fmt::format("{} goes to {}, but the input goes to {}", edge_name(pair, from, e),
                             end_name(pair, e.target), pair.where_in(expected));
      return false;
    }
    ++walked;
    const DispatchOutcome o = walker.prove(from, e.target, expected);
    if (o.queried) ++queries;
    if (o.answer == DispatchAnswer::Proved) return true;
    r.out_pc = from == kEdgeExit ? 0 : from;
    if (o.answer == DispatchAnswer::Unknown) {
      r.status = CheckStatus::Inconclusive;
      r.detail = fmt::format("{}: {}", edge_name(pair, from, e), o.reason);
      return false;
    }
    r.status = CheckStatus::Failed;
    r.detail = fmt::format("{} reaches {} through the added code at {} when {}, but the input goes to {}",
                           edge_name(pair, from, e), end_name(pair, o.reached), pair.where_out(e.target),
                           o.values.empty() ? "any registers" : o.values, pair.where_in(expected));
    return false;
  };

  if (!out.code.empty()) {
    const CtrlEdge entry{true, 0};
    if (!check_edge(kEdgeExit, entry, in.code.empty() ? kEdgeExit : 0)) return r;
  }
  for (std::uint32_t pc = 0; pc < out.code.size(); ++pc) {
    if (pair.added(pc) || !values.reachable(pc)) continue;
    const auto os = successors(out, pc);
    const auto is = successors(in, pair.origin()[pc]);
    if (os.size() != is.size()) {
      r.status = CheckStatus::Failed;
      r.out_pc = pc;
      r.detail = fmt::format("{} has {} successors, its origin {} has {}", pair.where_out(pc), os.size(),
                             pair.where_in(pair.origin()[pc]), is.size());
      return r;
    }
    for (std::size_t i = 0; i < os.size(); ++i) {
      if (os[i].fall != is[i].fall) {
        r.status = CheckStatus::Failed;
        r.out_pc = pc;
        r.detail = fmt::format("{}: edge {} is a {} edge, in the input a {} edge", pair.where_out(pc), i,
                               os[i].fall ? "fall-through" : "branch", is[i].fall ? "fall-through" : "branch");
        return r;
      }
      if (!check_edge(pc, os[i], is[i].target)) return r;
    }
  }
  r.status = CheckStatus::Passed;
  r.detail = fmt::format("{} edges, {} through added code, {} solver queries", edges, walked, queries);
  return r;
}

}  // namespace lockstep::checker::equiv
