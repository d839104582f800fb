#include "checker/pipeline/ssde_groups.hpp"

#include <algorithm>
#include <map>
#include <stdexcept>
#include <string>

namespace lockstep::checker {

std::vector<analysis::Edge> loop_back_edges(const analysis::KernelAnalysis& analysis, std::uint32_t id) {
  const analysis::Loop& loop = analysis.loops.loop(id);
  std::vector<analysis::Edge> edges;
  for (std::uint32_t latch : loop.latches) edges.emplace_back(latch, loop.header);
  if (!loop.reducible) {
    for (std::uint32_t b : loop.blocks) {
      for (std::uint32_t s : analysis.graph.succs(b)) {
        if (std::binary_search(loop.entries.begin(), loop.entries.end(), s)) edges.emplace_back(b, s);
      }
    }
  }
  std::sort(edges.begin(), edges.end());
  edges.erase(std::unique(edges.begin(), edges.end()), edges.end());
  return edges;
}

std::vector<SsdeGroup> ssde_groups(const ir::Kernel& kernel, const analysis::KernelAnalysis& analysis,
                                   const SafePdoms& safepdoms) {
  // kExitPc is the largest uint32, so map order puts the virtual exit last.
  std::map<std::uint32_t, SsdeGroup> by_point;
  for (const LoopSafePdom& s : safepdoms.loops) {
    if (!s.flagged) continue;
    if (s.point != analysis::kExitPc && s.point >= kernel.code.size()) {
      throw std::invalid_argument("ssde_groups: SafePDom of loop " + std::to_string(s.loop) + " is not a PC");
    }
    SsdeGroup& g = by_point[s.point];
    g.point = s.point;
    SsdeLoop l;
    l.loop = s.loop;
    l.header = analysis.loops.loop(s.loop).header;
    l.back_edges = loop_back_edges(analysis, s.loop);
    g.loops.push_back(std::move(l));
  }
  std::vector<SsdeGroup> groups;
  groups.reserve(by_point.size());
  for (auto& [point, g] : by_point) {
    std::sort(g.loops.begin(), g.loops.end(), [](const SsdeLoop& a, const SsdeLoop& b) { return a.loop < b.loop; });
    groups.push_back(std::move(g));
  }
  return groups;
}

}  // namespace lockstep::checker
