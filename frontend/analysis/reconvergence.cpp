#include "frontend/analysis/reconvergence.hpp"

#include <algorithm>
#include <bit>
#include <cstdint>
#include <utility>

namespace lockstep::analysis {

bool is_conditional_branch(const ir::Instr& instr) noexcept {
  return (instr.op == ir::Opcode::Bra && instr.guarded()) || instr.op == ir::Opcode::BrxIdx;
}

std::uint32_t nvidia_reconvergence(std::uint32_t b, const DominatorTree& dom, const PostDominatorTree& pdom,
                                   std::uint32_t& anchor) {
  anchor = kNone;
  if (!dom.reachable(b)) return pdom.ipdom(b);
  for (std::uint32_t d = b; d != kNone; d = dom.idom(d)) {
    const std::uint32_t p = pdom.ipdom(d);
    const bool settable = p == pdom.exit() || dom.dominates(d, p);
    if (settable && pdom.strictly_post_dominates(p, b)) {
      anchor = d;
      return p;
    }
  }
  return pdom.exit();
}

namespace {

/// The NVIDIA rule for every branch block at once (see reconvergence.hpp).
///
/// With S = the settable blocks (dominating their own IPDOM), the answer
/// for B is the deepest D in S dominating B whose P = ipdom(D) strictly
/// post-dominates B. If P does not dominate B, it post-dominates B: every
/// path from D to the exit passes P, and so does every path from D through
/// B, so a path from B avoiding P would make P dominate B. Hence D is
/// certainly good unless P lies on the tree path from D down to B, and then
/// it is good only when P also strictly post-dominates B, which needs a
/// cycle through P and B. The first case is answered by a depth-first walk
/// of the dominator tree keeping the settable ancestors on a stack, each
/// switched off while the walk is inside the subtree of its P (a bit set
/// over stack positions); the second by climbing B's post-dominators while
/// they stay in B's strongly connected component.
class NvidiaRule {
 public:
  NvidiaRule(const ir::Kernel& kernel, const DominatorTree& dom, const PostDominatorTree& pdom)
      : dom_(dom), pdom_(pdom), n_(static_cast<std::uint32_t>(kernel.blocks.size())) {
    settable_.assign(n_, false);
    head_.assign(n_, kNone);
    next_.assign(n_, kNone);
    best_child_.assign(n_, kNone);
    for (std::uint32_t d = 0; d < n_; ++d) {
      const std::uint32_t p = pdom.ipdom(d);
      settable_[d] = dom.reachable(d) && (p == pdom.exit() || dom.dominates(d, p));
      if (!settable_[d] || p == pdom.exit()) continue;
      next_[d] = head_[p];
      head_[p] = d;
      if (best_child_[p] == kNone || dom.depth(d) > dom.depth(best_child_[p])) best_child_[p] = d;
    }
    cyclic_.assign(n_, false);
    // Only reachable blocks are asked about (through_cycle): without a
    // retreating edge among them in reverse postorder none is on a cycle.
    bool any_cycle = false;
    for (const std::uint32_t x : dom.rpo())
      for (const std::uint32_t s : kernel.blocks[x].succs)
        any_cycle = any_cycle || dom.rpo_index(s) <= dom.rpo_index(x);
    if (!any_cycle) return;
    const Digraph g = block_graph(kernel);
    SccFinder scc(g);
    std::vector<std::uint32_t> all(n_);
    for (std::uint32_t i = 0; i < n_; ++i) all[i] = i;
    scc_.assign(n_, kNone);
    Components comps;
    scc.run(all, comps);
    for (std::uint32_t c = 0; c < comps.size(); ++c) {
      const auto comp = comps[c];
      for (const std::uint32_t x : comp) scc_[x] = c;
      const auto succs = g.succs(comp.front());
      const bool cyclic = comp.size() > 1 || std::find(succs.begin(), succs.end(), comp.front()) != succs.end();
      for (const std::uint32_t x : comp) cyclic_[x] = cyclic;
    }
  }

  /// anchor[b] for every block b with wanted[b] (kNone: the virtual exit).
  std::vector<std::uint32_t> run(const std::vector<bool>& wanted) {
    std::vector<std::uint32_t> anchor(n_, kNone);
    if (n_ == 0 || !dom_.reachable(dom_.root())) return anchor;
    std::vector<std::uint32_t> pos(n_, kNone), on_stack;  // settable ancestors, shallowest first
    std::vector<std::uint64_t> bits;                       // bit i: on_stack[i] is switched on
    auto set_bit = [&](std::uint32_t i, bool on) {
      if (on) {
        bits[i / 64] |= std::uint64_t{1} << (i % 64);
      } else {
        bits[i / 64] &= ~(std::uint64_t{1} << (i % 64));
      }
    };
    auto switch_blocked = [&](std::uint32_t x, bool on) {
      for (std::uint32_t d = head_[x]; d != kNone; d = next_[d])
        if (pos[d] != kNone) set_bit(pos[d], on);
    };
    auto deepest_on = [&]() -> std::uint32_t {
      for (std::size_t w = (on_stack.size() + 63) / 64; w-- > 0;)
        if (bits[w] != 0) return on_stack[w * 64 + 63 - static_cast<std::size_t>(std::countl_zero(bits[w]))];
      return kNone;
    };
    std::vector<std::pair<std::uint32_t, std::uint32_t>> stack{{dom_.root(), 0}};
    auto enter = [&](std::uint32_t x) {
      switch_blocked(x, false);
      if (settable_[x]) {
        pos[x] = static_cast<std::uint32_t>(on_stack.size());
        on_stack.push_back(x);
        if (bits.size() * 64 < on_stack.size()) bits.push_back(0);
        set_bit(pos[x], true);
      }
      if (wanted[x]) anchor[x] = deeper(deepest_on(), through_cycle(x));
    };
    enter(dom_.root());
    while (!stack.empty()) {
      auto& [x, i] = stack.back();
      const auto kids = dom_.children(x);
      if (i < kids.size()) {
        const std::uint32_t c = kids[i++];
        stack.emplace_back(c, 0);
        enter(c);
        continue;
      }
      if (settable_[x]) {
        set_bit(pos[x], false);
        on_stack.pop_back();
        pos[x] = kNone;
      }
      switch_blocked(x, true);
      stack.pop_back();
    }
    return anchor;
  }

 private:
  [[nodiscard]] std::uint32_t deeper(std::uint32_t a, std::uint32_t b) const {
    if (a == kNone) return b;
    if (b == kNone) return a;
    return dom_.depth(a) >= dom_.depth(b) ? a : b;
  }

  /// The deepest settable D whose P dominates and strictly post-dominates b.
  [[nodiscard]] std::uint32_t through_cycle(std::uint32_t b) const {
    if (!cyclic_[b]) return kNone;
    std::uint32_t best = kNone;
    for (std::uint32_t p = pdom_.ipdom(b); p != pdom_.exit() && p != kNone && scc_[p] == scc_[b];
         p = pdom_.ipdom(p))
      if (best_child_[p] != kNone && dom_.strictly_dominates(p, b)) best = deeper(best, best_child_[p]);
    return best;
  }

  const DominatorTree& dom_;
  const PostDominatorTree& pdom_;
  std::uint32_t n_;
  std::vector<bool> settable_, cyclic_;
  std::vector<std::uint32_t> head_, next_;  ///< settable blocks grouped by their IPDOM (linked lists)
  std::vector<std::uint32_t> best_child_;   ///< per block: the deepest settable block it is IPDOM of
  std::vector<std::uint32_t> scc_;
};

}  // namespace

std::vector<BranchReconvergence> branch_reconvergence(const ir::Kernel& kernel, const DominatorTree& dom,
                                                      const PostDominatorTree& pdom) {
  std::vector<bool> wanted(kernel.blocks.size(), false);
  bool any = false;
  for (const auto& block : kernel.blocks) {
    wanted[block.id] = block.last_pc < kernel.code.size() && is_conditional_branch(kernel.code[block.last_pc]);
    any = any || wanted[block.id];
  }
  if (!any) return {};
  const auto anchors = NvidiaRule(kernel, dom, pdom).run(wanted);
  std::vector<BranchReconvergence> out;
  for (const auto& block : kernel.blocks) {
    if (!wanted[block.id]) continue;
    BranchReconvergence br;
    br.pc = block.last_pc;
    br.block = block.id;
    br.targets = block.succs;
    br.ipdom = pdom.ipdom(block.id);
    if (dom.reachable(block.id)) {
      br.nvidia_anchor = anchors[block.id];
      br.ipdom_nvidia = br.nvidia_anchor == kNone ? pdom.exit() : pdom.ipdom(br.nvidia_anchor);
    } else {
      br.ipdom_nvidia = br.ipdom;
    }
    out.push_back(std::move(br));
  }
  return out;
}

std::uint32_t reconvergence_pc(const ir::Kernel& kernel, std::uint32_t block) noexcept {
  return block < kernel.blocks.size() ? kernel.blocks[block].first_pc : kExitPc;
}

ReconvergenceTable ipdom_table(const ir::Kernel& kernel, const std::vector<BranchReconvergence>& branches) {
  std::vector<ReconvergenceTable::Entry> entries;
  entries.reserve(branches.size());
  for (const auto& br : branches) entries.push_back({br.pc, reconvergence_pc(kernel, br.ipdom)});
  return ReconvergenceTable(std::move(entries));
}

ReconvergenceTable nvidia_table(const ir::Kernel& kernel, const std::vector<BranchReconvergence>& branches) {
  std::vector<ReconvergenceTable::Entry> entries;
  entries.reserve(branches.size());
  for (const auto& br : branches) entries.push_back({br.pc, reconvergence_pc(kernel, br.ipdom_nvidia)});
  return ReconvergenceTable(std::move(entries));
}

ReconvergenceTable ipdom_table(const ir::Kernel& kernel, const PostDominatorTree& pdom) {
  std::vector<ReconvergenceTable::Entry> entries;
  for (const auto& block : kernel.blocks) {
    if (block.last_pc >= kernel.code.size() || !is_conditional_branch(kernel.code[block.last_pc])) continue;
    entries.push_back({block.last_pc, reconvergence_pc(kernel, pdom.ipdom(block.id))});
  }
  return ReconvergenceTable(std::move(entries));
}

ReconvergenceTable nvidia_table(const ir::Kernel& kernel, const DominatorTree& dom,
                                const PostDominatorTree& pdom) {
  return nvidia_table(kernel, branch_reconvergence(kernel, dom, pdom));
}

}  // namespace lockstep::analysis
