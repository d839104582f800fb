#include "checker/detect/conflicts.hpp"

#include "checker/detect/safe_region.hpp"
#include "frontend/analysis/reconvergence.hpp"

namespace lockstep::checker {

void resolve_loop_conflicts(const DetectContext& ctx, const KernelDetection& detection,
                            std::vector<LoopSafePdom>& loops) {
  const auto& info = ctx.analysis.loops;
  const auto n = static_cast<std::uint32_t>(loops.size());
  std::vector<BlockSet> body(n);
  for (std::uint32_t id = 0; id < n; ++id) {
    body[id] = BlockSet(static_cast<std::uint32_t>(ctx.kernel.blocks.size()));
    for (std::uint32_t b : info.loop(id).blocks) body[id].insert(b);
  }
  bool changed = true;
  while (changed) {
    changed = false;
    for (std::uint32_t cur = 0; cur < n; ++cur) {
      LoopSafePdom& c = loops[cur];
      const std::uint32_t old = c.point;
      const bool was_flagged = c.flagged;
      if (c.flagged) {
        const BlockSet path = blocks_to_point(ctx, info.loop(cur).exits, c.point);
        for (std::uint32_t l = 0; l < n; ++l) {
          if (l == cur || !body[l].subset_of(path)) continue;
          const std::uint32_t p = ctx.points.join(c.point, loops[l].point);
          if (p != c.point) {
            c.point = p;
            c.history.push_back({RiseCause::Conflict, loops[l].point, p});
          }
        }
      } else {
        for (std::uint32_t l = 0; l < n; ++l) {
          if (l == cur || !body[l].subset_of(body[cur])) continue;
          // A flagged nested loop whose point lies outside curL sends its
          // spinning threads out of curL to wait there, while their
          // warp-mates keep iterating curL without passing the point: curL
          // must iterate through the same point (SSDE then retargets its
          // back edges too).
          const std::uint32_t lp = loops[l].point;
          const bool leaves = loops[l].flagged && (lp == analysis::kExitPc || !body[cur].contains(ctx.block_of(lp)));
          const std::uint32_t p = ctx.points.join(c.point, lp);
          if (p == c.point && !leaves) continue;
          if ((leaves || !detection.loops[cur].reads.empty()) && !c.flagged) {
            c.flagged = true;
            if (p == c.point) c.history.push_back({RiseCause::Conflict, lp, p});
          }
          if (p == c.point) continue;
          c.point = p;
          c.history.push_back({RiseCause::Conflict, lp, p});
        }
      }
      changed = changed || old != c.point || was_flagged != c.flagged;
    }
  }
}

analysis::ReconvergenceTable resolve_branch_conflicts(const DetectContext& ctx, const KernelDetection& detection,
                                                      const std::vector<LoopSafePdom>& loops) {
  const ir::Kernel& k = ctx.kernel;
  std::vector<std::uint32_t> point(ctx.sides.size());
  for (std::uint32_t i = 0; i < ctx.sides.size(); ++i) point[i] = ctx.reconv_pc(ctx.sides[i].pc);
  for (const auto& s : loops) {
    if (!s.flagged) continue;
    for (const auto& e : detection.loops[s.loop].exits) {
      const BranchSides* br = ctx.sides_of(e.pc);
      if (br != nullptr) point[static_cast<std::size_t>(br - ctx.sides.data())] = s.point;
    }
  }
  bool changed = true;
  while (changed) {
    changed = false;
    for (std::uint32_t cur = 0; cur < ctx.sides.size(); ++cur) {
      const BlockSet path = blocks_to_point(ctx, k.blocks[ctx.sides[cur].block].succs, point[cur]);
      for (std::uint32_t other = 0; other < ctx.sides.size(); ++other) {
        if (other == cur || !path.contains(ctx.sides[other].block)) continue;
        const std::uint32_t p = ctx.points.join(point[cur], point[other]);
        if (p != point[cur]) {
          point[cur] = p;
          changed = true;
        }
      }
    }
  }
  analysis::ReconvergenceTable table = ctx.table;
  for (std::uint32_t i = 0; i < ctx.sides.size(); ++i) table.set(ctx.sides[i].pc, point[i]);
  return table;
}

}  // namespace lockstep::checker
