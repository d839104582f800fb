#include "checker/detect/detect.hpp"

#include <algorithm>

#include "checker/detect/barrier_divergence.hpp"
#include "checker/detect/detect_context.hpp"
#include "checker/detect/lane_serialised.hpp"
#include "checker/detect/loop_scan.hpp"
#include "checker/detect/memory_access.hpp"
#include "checker/detect/self_bounded.hpp"
#include "checker/detect/single_lane.hpp"

namespace lockstep::checker {
namespace {

/// Algorithm 1 as published for one loop.
void thesis_verdict(const DetectContext& ctx, const LoopScan& scan, LoopFinding& f) {
  f.reads.clear();
  for (std::uint32_t pc : scan.reads) f.reads.push_back({pc});
  if (scan.exits.empty()) {
    f.reason = LoopReason::NoExitCondition;
    return;
  }
  if (scan.reads.empty()) {
    f.reason = LoopReason::NoSharedRead;
    return;
  }
  f.writes = redefining_writes(ctx, blocked_region(ctx, scan, false), scan.reads);
  f.flagged = !f.writes.empty();
  f.reason = f.flagged ? LoopReason::Redefined : LoopReason::NoRedefiningWrite;
}

/// The refined verdict; `thesis` is the same loop's thesis verdict, used to
/// name the filter that dropped a loop the thesis flags.
void refined_verdict(const DetectContext& ctx, const LoopScan& scan, const LoopFinding& thesis, LoopFinding& f) {
  std::vector<std::uint32_t> reads;
  for (std::uint32_t pc : scan.reads)
    if (!is_read_only_read(ctx.kernel.code[pc])) reads.push_back(pc);
  for (std::uint32_t pc : reads) f.reads.push_back({pc});
  auto drop = [&](LoopReason why) {
    f.reason = why;
    f.flagged = false;
    if (thesis.flagged) f.filters.push_back(why);
  };
  if (scan.exits.empty()) return drop(LoopReason::NoExitCondition);
  if (reads.empty()) return drop(scan.reads.empty() ? LoopReason::NoSharedRead : LoopReason::ReadOnlyReads);
  if (self_bounded(ctx, scan.loop)) return drop(LoopReason::SelfBounded);
  if (lane_serialised(ctx, scan)) return drop(LoopReason::LaneSerialised);
  const bool uniform = scan.uniform_exits();
  const bool one_lane = !uniform && single_lane(ctx, scan);
  const LoopReason split_free = uniform ? LoopReason::UniformExit : LoopReason::SingleLane;
  const BlockedRegion region = blocked_region(ctx, scan, true, uniform || one_lane);
  if ((uniform || one_lane) && region.reach_points.empty() && region.parallel.empty()) return drop(split_free);
  f.writes = redefining_writes(ctx, region, reads);
  if (f.writes.empty()) return drop(uniform || one_lane ? split_free : LoopReason::NoRedefiningWrite);
  f.flagged = true;
  f.reason = LoopReason::Redefined;
}

}  // namespace

KernelDetection detect(const ir::Module& module, const ir::Kernel& kernel, const analysis::KernelAnalysis& analysis,
                       const DetectOptions& options) {
  const DetectContext ctx(module, kernel, analysis, options);
  KernelDetection out;
  out.mode = options.mode;
  out.table = options.table;
  for (std::uint32_t id = 0; id < analysis.loops.size(); ++id) {
    const LoopScan scan = scan_loop(ctx, id);
    LoopFinding thesis;
    thesis.loop = id;
    thesis.header = analysis.loops.loop(id).header;
    thesis.exits = scan.exits;
    thesis_verdict(ctx, scan, thesis);
    if (options.mode == DetectMode::Thesis) {
      out.loops.push_back(std::move(thesis));
      continue;
    }
    LoopFinding f;
    f.loop = id;
    f.header = thesis.header;
    f.exits = scan.exits;
    refined_verdict(ctx, scan, thesis, f);
    out.loops.push_back(std::move(f));
  }
  out.barriers = divergent_barriers(ctx);
  return out;
}

}  // namespace lockstep::checker
