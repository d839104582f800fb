#include "checker/detect/loop_scan.hpp"

#include <algorithm>

#include "checker/detect/memory_access.hpp"
#include "frontend/analysis/reconvergence.hpp"

namespace lockstep::checker {
namespace {

bool is_guarded_leave(const ir::Instr& in) {
  return in.guarded() && (in.op == ir::Opcode::Ret || in.op == ir::Opcode::Exit || in.op == ir::Opcode::Trap);
}

}  // namespace

LoopScan scan_loop(const DetectContext& ctx, std::uint32_t loop_id) {
  const ir::Kernel& k = ctx.kernel;
  const analysis::Loop& loop = ctx.analysis.loops.loop(loop_id);
  LoopScan s;
  s.loop = loop_id;
  s.blocks = BlockSet(static_cast<std::uint32_t>(k.blocks.size()));
  for (std::uint32_t b : loop.blocks) s.blocks.insert(b);

  std::vector<std::uint32_t> seeds;
  for (std::uint32_t b : loop.exiting) {
    const std::uint32_t pc = k.blocks[b].last_pc;
    if (!analysis::is_conditional_branch(k.code[pc])) continue;
    s.exits.push_back({pc, ctx.uniformity.branch_uniform(pc), ctx.reconv_pc(pc)});
    seeds.push_back(pc);
  }
  for (std::uint32_t b : loop.latches) {
    const std::uint32_t pc = k.blocks[b].last_pc;
    if (!analysis::is_conditional_branch(k.code[pc])) continue;
    bool known = false;
    for (const auto& e : s.exits) known = known || e.pc == pc;
    if (known) continue;
    s.exits.push_back({pc, ctx.uniformity.branch_uniform(pc), ctx.reconv_pc(pc), true});
    seeds.push_back(pc);
  }
  for (std::uint32_t b : loop.kernel_exiting) {
    const std::uint32_t pc = k.blocks[b].last_pc;
    const ir::Instr& in = k.code[pc];
    if (!is_guarded_leave(in)) continue;
    s.exits.push_back({pc, !ctx.uniformity.divergent(in.guard), analysis::kExitPc});
    seeds.push_back(pc);
  }
  if (!seeds.empty()) {
    // Only the part of the slice a path from the loop reaches can hold reads in it.
    BlockSet from_loop = s.blocks;
    std::vector<std::uint32_t> stack(loop.blocks.begin(), loop.blocks.end());
    while (!stack.empty()) {
      const std::uint32_t b = stack.back();
      stack.pop_back();
      for (std::uint32_t succ : k.blocks[b].succs)
        if (from_loop.insert(succ)) stack.push_back(succ);
    }
    for (std::uint32_t pc : ctx.slicer.slice(seeds, &from_loop))
      if (s.blocks.contains(ctx.block_of(pc)) && is_shared_read(k.code[pc]) && ctx.addresses.may_be_shared(pc))
        s.reads.push_back(pc);
  }
  for (std::uint32_t i = 0; i < ctx.sides.size(); ++i) {
    const auto& br = ctx.sides[i];
    for (std::uint32_t side = 0; side < br.sides.size(); ++side) {
      if (br.sides[side].contains(loop.header) && s.blocks.subset_of(br.sides[side])) {
        s.enclosing.push_back({i, side});
        break;
      }
    }
  }
  return s;
}

BlockedRegion blocked_region(const DetectContext& ctx, const LoopScan& scan, bool refined, bool split_free) {
  BlockedRegion r;
  for (const auto& e : scan.enclosing)
    if (!refined || !ctx.sides[e.sides_index].uniform) r.parallel.push_back(e);
  if (!refined) {
    for (const auto& e : scan.exits) r.reach_points.push_back(e.reconv_pc);
  } else if (!split_free) {
    // F5: a uniform exit never leaves loop-mates behind at its RPC.
    for (const auto& e : scan.exits)
      if (!e.uniform) r.reach_points.push_back(e.reconv_pc);
  } else {
    // F1/F2: with uniform exits (or one lane in the loop) only the threads parked by enclosing divergent
    // branches are blocked: on their other sides (parallel) and at their RPCs.
    for (const auto& e : r.parallel) {
      const auto& br = ctx.sides[e.sides_index];
      if (scan.blocks.contains(br.block) || br.uniform) continue;  // parks no one outside the loop
      r.reach_points.push_back(ctx.reconv_pc(br.pc));
      r.extra_reach_branches.push_back(br.pc);
    }
  }
  r.reach = ctx.reach_from(r.reach_points);
  return r;
}

std::vector<RedefiningWrite> redefining_writes(const DetectContext& ctx, const BlockedRegion& region,
                                               const std::vector<std::uint32_t>& reads) {
  const ir::Kernel& k = ctx.kernel;
  std::vector<RedefiningWrite> out;
  if (reads.empty()) return out;
  for (std::uint32_t w : ctx.writes) {
    const std::uint32_t wb = ctx.block_of(w);
    const bool reachable = region.reach.reaches(wb, w);
    std::vector<std::uint32_t> para;
    for (const auto& e : region.parallel) {
      const auto& br = ctx.sides[e.sides_index];
      for (std::uint32_t j = 0; j < br.sides.size(); ++j) {
        if (j != e.side && br.sides[j].contains(wb)) {
          para.push_back(br.pc);
          break;
        }
      }
    }
    if (!reachable && para.empty()) continue;
    RedefiningWrite rw;
    rw.pc = w;
    rw.alias = Alias::No;
    for (std::uint32_t rd : reads) {
      const Alias a = ctx.addresses.alias(rd, w);
      if (a == Alias::No) continue;
      rw.reads.push_back(rd);
      if (rw.alias != Alias::Must) rw.alias = a;
    }
    if (rw.reads.empty()) continue;
    rw.relation = reachable && !para.empty() ? WriteRelation::Both
                  : reachable                ? WriteRelation::Reachable
                                             : WriteRelation::Parallel;
    if (reachable) {
      rw.reach_branches = region.reach.branches_to(k, wb);
      rw.reach_branches.insert(rw.reach_branches.end(), region.extra_reach_branches.begin(),
                               region.extra_reach_branches.end());
      std::sort(rw.reach_branches.begin(), rw.reach_branches.end());
      rw.reach_branches.erase(std::unique(rw.reach_branches.begin(), rw.reach_branches.end()),
                              rw.reach_branches.end());
    }
    std::sort(para.begin(), para.end());
    rw.para_branches = std::move(para);
    out.push_back(std::move(rw));
  }
  return out;
}

}  // namespace lockstep::checker
