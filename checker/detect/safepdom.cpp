// Algorithm 2 (initial SafePDoms), then Algorithm 3 (Stack) or 5 (Aware),
// then the table the semantics runs with.
#include "checker/detect/safepdom.hpp"

#include "checker/detect/conflicts.hpp"
#include "checker/detect/detect_context.hpp"
#include "frontend/analysis/reconvergence.hpp"

namespace lockstep::checker {
namespace {

void rise(LoopSafePdom& s, const PointOrder& points, std::uint32_t to, RiseCause cause, std::uint32_t from) {
  const std::uint32_t n = points.join(s.point, to);
  if (n == s.point) return;
  s.point = n;
  s.history.push_back({cause, from, n});
}

/// Algorithm 2 for one loop (the AWARE simplification drops parallel writes).
LoopSafePdom initial(const DetectContext& ctx, const LoopFinding& f, SafeTarget target) {
  LoopSafePdom s;
  s.loop = f.loop;
  s.flagged = f.flagged;
  bool any = false;
  for (const auto& e : f.exits) {
    if (!analysis::is_conditional_branch(ctx.kernel.code[e.pc])) continue;
    s.point = any ? ctx.points.join(s.point, e.reconv_pc) : e.reconv_pc;
    any = true;
  }
  if (!any) s.point = analysis::kExitPc;
  s.history.push_back({RiseCause::Exit, f.exits.empty() ? 0 : f.exits.front().pc, s.point});
  if (!f.flagged) return s;
  for (const auto& w : f.writes) {
    const bool reach = w.relation != WriteRelation::Parallel;
    const bool para = w.relation != WriteRelation::Reachable && target == SafeTarget::Stack;
    if (!reach && !para) continue;
    rise(s, ctx.points, ctx.points.after(w.pc), RiseCause::Write, w.pc);
    if (reach)
      for (std::uint32_t br : w.reach_branches) rise(s, ctx.points, ctx.reconv_pc(br), RiseCause::ReachBranch, br);
    if (para)
      for (std::uint32_t br : w.para_branches) rise(s, ctx.points, ctx.reconv_pc(br), RiseCause::ParaBranch, br);
  }
  return s;
}

}  // namespace

SafePdoms safe_pdoms(const ir::Module& module, const ir::Kernel& kernel, const analysis::KernelAnalysis& analysis,
                     const KernelDetection& detection, const DetectOptions& options, SafeTarget target) {
  DetectOptions opts = options;
  opts.mode = detection.mode;
  opts.table = detection.table;
  const DetectContext ctx(module, kernel, analysis, opts);
  SafePdoms out;
  out.target = target;
  for (const auto& f : detection.loops) out.loops.push_back(initial(ctx, f, target));
  out.table = ctx.table;
  if (target == SafeTarget::Stack) {
    resolve_loop_conflicts(ctx, detection, out.loops);
    for (const auto& s : out.loops) {
      if (!s.flagged) continue;
      for (const auto& e : detection.loops[s.loop].exits)
        if (analysis::is_conditional_branch(kernel.code[e.pc])) out.table.set(e.pc, s.point);
    }
  } else {
    out.table = resolve_branch_conflicts(ctx, detection, out.loops);
  }
  return out;
}

}  // namespace lockstep::checker
