#include "frontend/analysis/uniformity.hpp"

#include <algorithm>
#include <optional>
#include <unordered_set>
#include <utility>

#include "frontend/analysis/branch_joins.hpp"
#include "frontend/analysis/def_use.hpp"
#include "frontend/analysis/def_use_table.hpp"
#include "frontend/analysis/divergence_sources.hpp"
#include "frontend/analysis/liveness.hpp"
#include "frontend/analysis/reconvergence.hpp"

namespace lockstep::analysis {

const BranchUniformity* Uniformity::branch(std::uint32_t pc) const noexcept {
  auto it = std::lower_bound(branches_.begin(), branches_.end(), pc,
                             [](const BranchUniformity& b, std::uint32_t p) { return b.pc < p; });
  return it != branches_.end() && it->pc == pc ? &*it : nullptr;
}

namespace {

using ir::Opcode;

/// The fixpoint: divergent registers and branches, propagated through data,
/// joins and loop exits (see uniformity.hpp).
class Analyzer {
 public:
  Analyzer(const ir::Kernel& kernel, const Digraph& g, const PostDominatorTree& pdom, const LoopInfo& loops,
           const PrivateSlots& slots)
      : k_(kernel), g_(g), pdom_(pdom), loops_(loops), slots_(slots), table_(kernel, slots),
        regs_(table_.reg_count()), everywhere_(table_.reg_count(), false), branch_at_(kernel.code.size(), kNone),
        loop_done_(loops.size(), false), joins_(g), walked_(g.size(), 0), reg_seen_(table_.reg_count(), 0) {}

  Uniformity run();

 private:
  void build();
  /// r is divergent at every use.
  void mark(std::uint32_t reg, RegDivergence why);
  /// r is divergent at the uses its value at the entry of `block` reaches.
  void mark_from(std::uint32_t reg, std::uint32_t block, RegDivergence why);
  /// The value of `reg` read by the instruction at pc differs between threads.
  void divergent_use(std::uint32_t pc, std::uint32_t reg);
  void drain();
  void process_branch(std::uint32_t index);
  void process_loop(std::uint32_t loop, std::uint32_t branch_pc);

  [[nodiscard]] std::span<const std::uint32_t> defs_at(std::uint32_t pc) const noexcept {
    return {def_reg_.data() + def_off_[pc], def_reg_.data() + def_off_[pc + 1]};
  }
  [[nodiscard]] std::span<const std::uint32_t> uses_at(std::uint32_t pc) const noexcept {
    return {use_reg_.data() + use_off_[pc], use_reg_.data() + use_off_[pc + 1]};
  }
  [[nodiscard]] bool kills(std::uint32_t pc, std::uint32_t reg) const noexcept {
    for (std::uint32_t i = def_off_[pc]; i < def_off_[pc + 1]; ++i)
      if (def_reg_[i] == reg && def_kill_[i]) return true;
    return false;
  }

  const ir::Kernel& k_;
  const Digraph& g_;
  const PostDominatorTree& pdom_;
  const LoopInfo& loops_;
  const PrivateSlots& slots_;
  /// Liveness, built on the first join or loop exit that needs it.
  [[nodiscard]] RegisterLiveness& live() {
    if (!live_) live_.emplace(k_, g_, table_);
    return *live_;
  }

  DefUseTable table_;
  std::optional<RegisterLiveness> live_;
  std::vector<RegDivergence> regs_;   ///< reported: divergent somewhere, and the first reason
  std::vector<bool> everywhere_;      ///< divergent at every use
  std::vector<BranchUniformity> branches_;
  std::vector<std::uint32_t> branch_at_;                     ///< pc -> index in branches_
  std::vector<std::uint32_t> def_off_, def_reg_;             ///< pc -> registers written
  std::vector<bool> def_kill_;                               ///< parallel to def_reg_
  std::vector<std::uint32_t> use_off_, use_reg_;             ///< pc -> registers whose value flows in
  std::vector<std::uint32_t> user_off_, user_pc_;            ///< reg -> instructions it flows into
  std::vector<std::uint32_t> reg_queue_, branch_queue_;
  std::vector<bool> loop_done_;
  BranchJoins joins_;  ///< region and joins of the branch being processed
  // Scratch marks; a mark is set when it equals its token.
  std::vector<std::uint32_t> walked_, reg_seen_;
  std::vector<std::uint32_t> walk_;  ///< mark_from's work list
  std::unordered_set<std::uint64_t> walked_from_;  ///< (reg, block) pairs mark_from has walked
  std::uint32_t token_ = 0;
  std::uint32_t walk_token_ = 0;
};

void Analyzer::build() {
  const auto pcs = static_cast<std::uint32_t>(k_.code.size());
  for (const auto& block : k_.blocks) {
    if (block.last_pc >= pcs || !is_conditional_branch(k_.code[block.last_pc])) continue;
    const ir::Instr& instr = k_.code[block.last_pc];
    BranchUniformity br;
    br.pc = block.last_pc;
    br.block = block.id;
    br.uni_asserted = instr.has(ir::InstrFlag::Uni);
    if (instr.op == Opcode::Bra) {
      br.cond = instr.guard;
    } else if (instr.op_count > 0 && k_.op(block.last_pc, 0).kind == ir::OperandKind::Reg) {
      br.cond = k_.op(block.last_pc, 0).a;
    }
    branch_at_[br.pc] = static_cast<std::uint32_t>(branches_.size());
    branches_.push_back(br);
  }
  def_off_.assign(std::size_t{pcs} + 1, 0);
  use_off_.assign(std::size_t{pcs} + 1, 0);
  def_reg_.reserve(pcs);
  def_kill_.reserve(pcs);
  use_reg_.reserve(std::size_t{pcs} * 2);
  for (std::uint32_t pc = 0; pc < pcs; ++pc) {
    const auto d = table_.defs(pc);
    for (const RegDef& def : d) {
      def_reg_.push_back(def.reg);
      def_kill_.push_back(def.kills);
    }
    def_off_[pc + 1] = static_cast<std::uint32_t>(def_reg_.size());
    for (const RegUse& use : table_.uses(pc))
      if (use.kind != UseKind::WarpWide) use_reg_.push_back(use.reg);
    use_off_[pc + 1] = static_cast<std::uint32_t>(use_reg_.size());
  }
  const std::uint32_t slots = table_.reg_count();
  user_off_.assign(std::size_t{slots} + 1, 0);
  for (const std::uint32_t r : use_reg_) ++user_off_[r + 1];
  for (std::uint32_t r = 0; r < slots; ++r) user_off_[r + 1] += user_off_[r];
  user_pc_.resize(use_reg_.size());
  std::vector<std::uint32_t> next(user_off_.begin(), user_off_.end() - 1);
  for (std::uint32_t pc = 0; pc < pcs; ++pc)
    for (const std::uint32_t r : uses_at(pc)) user_pc_[next[r]++] = pc;
}

void Analyzer::mark(std::uint32_t reg, RegDivergence why) {
  if (everywhere_[reg]) return;
  everywhere_[reg] = true;
  if (regs_[reg].cause == DivergenceCause::None) regs_[reg] = why;
  reg_queue_.push_back(reg);
}

void Analyzer::divergent_use(std::uint32_t pc, std::uint32_t reg) {
  const std::uint32_t b = branch_at_[pc];
  if (b != kNone) {
    // A conditional branch writes no register: its inputs decide where
    // threads go.
    if (branches_[b].uniform) {
      branches_[b].uniform = false;
      branch_queue_.push_back(b);
    }
    return;
  }
  for (const std::uint32_t d : defs_at(pc)) mark(d, {DivergenceCause::Data, pc, reg});
}

void Analyzer::mark_from(std::uint32_t reg, std::uint32_t block, RegDivergence why) {
  if (everywhere_[reg]) return;
  if (regs_[reg].cause == DivergenceCause::None) regs_[reg] = why;
  if (!walked_from_.insert((std::uint64_t{reg} << 32) | block).second) return;  // done before
  // Walk the live range forward from the block, up to the writes that end it.
  const auto live_blocks = live().live_in(reg);
  ++walk_token_;
  std::vector<std::uint32_t>& work = walk_;
  work.assign(1, block);
  walked_[block] = walk_token_;
  while (!work.empty()) {
    const auto& b = k_.blocks[work.back()];
    work.pop_back();
    bool killed = false;
    for (std::uint32_t pc = b.first_pc; pc <= b.last_pc && !killed; ++pc) {
      const auto used = uses_at(pc);
      if (std::find(used.begin(), used.end(), reg) != used.end()) divergent_use(pc, reg);
      killed = kills(pc, reg);
    }
    if (killed) continue;
    for (const std::uint32_t s : g_.succs(b.id))
      if (walked_[s] != walk_token_ && std::binary_search(live_blocks.begin(), live_blocks.end(), s)) {
        walked_[s] = walk_token_;
        work.push_back(s);
      }
  }
}

void Analyzer::drain() {
  for (;;) {
    if (!reg_queue_.empty()) {
      const std::uint32_t reg = reg_queue_.back();
      reg_queue_.pop_back();
      for (std::uint32_t i = user_off_[reg]; i < user_off_[reg + 1]; ++i) divergent_use(user_pc_[i], reg);
    } else if (!branch_queue_.empty()) {
      const std::uint32_t b = branch_queue_.back();
      branch_queue_.pop_back();
      process_branch(b);
    } else {
      return;
    }
  }
}

void Analyzer::process_branch(std::uint32_t index) {
  const std::uint32_t b = branches_[index].block;
  const std::uint32_t pc = branches_[index].pc;
  const std::uint32_t rec = pdom_.ipdom(b);
  const std::uint32_t token = ++token_;

  // The region (blocks reachable from b's successors, stopping at rec and
  // at b) and its joins (analysis/branch_joins.hpp).
  joins_.run(b, rec);
  const auto region = joins_.region();
  const auto joins = joins_.joins();

  // Registers written on those paths and live into a join differ there.
  if (!joins.empty()) {
    for (const std::uint32_t x : region) {
      if (x == b || x == rec) continue;
      const auto& block = k_.blocks[x];
      for (std::uint32_t p = block.first_pc; p <= block.last_pc; ++p)
        for (const std::uint32_t reg : defs_at(p)) {
          if (everywhere_[reg] || reg_seen_[reg] == token) continue;
          reg_seen_[reg] = token;
          for (const std::uint32_t j : joins)
            if (live().live_at_entry(reg, j)) mark_from(reg, j, {DivergenceCause::Join, pc, j});
        }
    }
  }

  // Temporal divergence: the loops that the region, or rec, leaves.
  for (std::uint32_t l = loops_.innermost(b); l != kNone; l = loops_.loop(l).parent) {
    bool leaves = rec == pdom_.exit() || !loops_.contains(l, rec);
    for (std::size_t i = 0; i < region.size() && !leaves; ++i)
      leaves = region[i] != rec && !loops_.contains(l, region[i]);
    if (!leaves) break;  // the enclosing loops contain this one
    process_loop(l, pc);
  }
}

void Analyzer::process_loop(std::uint32_t loop, std::uint32_t branch_pc) {
  if (loop_done_[loop]) return;
  loop_done_[loop] = true;
  const Loop& l = loops_.loop(loop);
  const std::uint32_t token = ++token_;
  for (const std::uint32_t x : l.blocks) {
    const auto& block = k_.blocks[x];
    for (std::uint32_t p = block.first_pc; p <= block.last_pc; ++p)
      for (const std::uint32_t reg : defs_at(p)) {
        if (everywhere_[reg] || reg_seen_[reg] == token) continue;
        reg_seen_[reg] = token;
        for (const std::uint32_t e : l.exits)
          if (live().live_at_entry(reg, e)) mark_from(reg, e, {DivergenceCause::LoopExit, branch_pc, loop});
      }
  }
}

Uniformity Analyzer::run() {
  build();
  const SharedWrites w = shared_writes(k_);
  for (std::uint32_t pc = 0; pc < k_.code.size(); ++pc) {
    const DivergenceCause c = source_divergence(k_, pc, w);
    if (c == DivergenceCause::None) continue;
    // A load of the thread's own slots reads what the thread stored there.
    if (c == DivergenceCause::Memory && slots_.at(pc) == PrivateSlots::Reach::Slots) continue;
    for (const std::uint32_t d : defs_at(pc)) mark(d, {c, pc, kNone});
  }
  drain();
  return Uniformity(std::move(regs_), std::move(branches_));
}

}  // namespace

Uniformity analyze_uniformity(const ir::Kernel& kernel, const Digraph& g, const PostDominatorTree& pdom,
                              const LoopInfo& loops, const PrivateSlots& slots) {
  return Analyzer(kernel, g, pdom, loops, slots).run();
}

}  // namespace lockstep::analysis
