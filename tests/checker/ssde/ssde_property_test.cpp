// SSDE on random CFGs: random kernels of 3..10 blocks (jumps, conditional
// branches, guarded and plain exits, brx.idx) with a random subset of their
// loops flagged. Each flagged loop gets a point as the pipeline would give
// it: the nearest post-dominator outside the loop (its first PC, a PC in
// the middle of its block, or the virtual exit), not before the NVIDIA
// reconvergence point of any exit branch, raised like Algorithm 3 when the
// loop reaches another flagged loop's back edge before it; loops with one
// point form one group. Every output must pass expect_valid_ssde (paths,
// re-parse, reducibility, NVIDIA reconvergence of the latches; ptxas on a
// few). Two sets: reducible kernels with any number of groups, and any
// kernel (irreducible loops included) with any number of groups. A few
// random point sets are refused as conflicting (std::invalid_argument,
// see checker/ssde/ssde_check.cpp); nothing else may be.
#include <gtest/gtest.h>

#include <algorithm>
#include <iostream>
#include <map>
#include <random>
#include <stdexcept>
#include <string>
#include <vector>

#include "tests/checker/ssde/ssde_check_kit.hpp"

namespace lockstep {
namespace {

std::string random_cfg(std::mt19937& rng) {
  std::uniform_int_distribution<int> size_dist(3, 10);
  const int n = size_dist(rng);
  auto pick = [&](int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(rng); };
  std::string text;
  for (int b = 0; b < n; ++b) {
    const std::string name = "B" + std::to_string(b);
    text += name + ": add %r" + std::to_string(b % 3 + 1) + ", %r" + std::to_string(b % 3 + 1) + ", 1";
    if (b + 1 < n) {
      const int kind = pick(0, 9);
      const std::string target = "B" + std::to_string(pick(0, n - 1));
      if (kind <= 3) {
        text += "; @%p" + std::to_string(pick(1, 3)) + " bra " + target;
      } else if (kind <= 5) {
        text += "; -> " + target;
      } else if (kind == 6) {
        text += "; @%p1 ret";
      } else if (kind == 7 && b + 2 < n) {
        text += "; ?? " + target + " B" + std::to_string(pick(0, n - 1));
      } else if (kind == 8 && pick(0, 3) == 0) {
        text += "; ret";
      }
    }
    text += "\n";
  }
  return text;
}

/// The nearest point post-dominating both (points: PCs or kExitPc).
std::uint32_t point_lca(const ir::Kernel& k, const analysis::KernelAnalysis& a, std::uint32_t p, std::uint32_t q) {
  if (p == analysis::kExitPc || q == analysis::kExitPc) return analysis::kExitPc;
  const std::uint32_t bp = k.block_of(p);
  const std::uint32_t bq = k.block_of(q);
  if (bp == bq) return std::max(p, q);
  const std::uint32_t n = a.postdom.nearest_common_post_dominator(bp, bq);
  if (n == bp) return p;
  if (n == bq) return q;
  return n == a.exit_block() ? analysis::kExitPc : k.blocks[n].first_pc;
}

struct Flagged {
  checker::SsdeLoop loop;
  std::uint32_t point = 0;
};

/// Blocks reachable from the exits of loop `id` without entering the block of `point`.
std::vector<bool> before_point(const ir::Kernel& k, const analysis::KernelAnalysis& a, std::uint32_t id,
                               std::uint32_t point) {
  std::vector<bool> seen(k.blocks.size(), false);
  const std::uint32_t stop = point == analysis::kExitPc ? analysis::kNone : k.block_of(point);
  std::vector<std::uint32_t> stack;
  for (const std::uint32_t b : a.loops.loop(id).exits) {
    if (b != stop && !seen[b]) {
      seen[b] = true;
      stack.push_back(b);
    }
  }
  while (!stack.empty()) {
    const std::uint32_t b = stack.back();
    stack.pop_back();
    for (const std::uint32_t s : k.blocks[b].succs) {
      if (s != stop && !seen[s]) {
        seen[s] = true;
        stack.push_back(s);
      }
    }
  }
  return seen;
}

/// The groups for a random subset of the loops of `k`: each flagged loop
/// gets the nearest post-dominator outside it (a random PC of that block,
/// or the exit), raised to the NVIDIA reconvergence point of every exit
/// branch; then, as Algorithm 3 does for conflicts, a loop whose
/// exits reach a back edge of another flagged loop before its point takes
/// the nearest point after both, until nothing changes; loops with one
/// point form one group.
std::vector<checker::SsdeGroup> random_groups(const ir::Kernel& k, const analysis::KernelAnalysis& a,
                                              std::mt19937& rng) {
  std::vector<Flagged> flagged;
  for (std::uint32_t id = 0; id < a.loops.size(); ++id) {
    if (std::uniform_int_distribution<int>(0, 2)(rng) == 0) continue;
    const analysis::Loop& loop = a.loops.loop(id);
    std::uint32_t p = loop.blocks.front();
    for (const std::uint32_t b : loop.blocks) p = a.postdom.nearest_common_post_dominator(p, b);
    while (p != a.exit_block() && a.loops.contains(id, p)) p = a.postdom.ipdom(p);
    Flagged f;
    f.point = analysis::kExitPc;
    if (p != a.exit_block()) {
      const ir::Block& b = k.blocks[p];
      f.point = b.first_pc + static_cast<std::uint32_t>(std::uniform_int_distribution<int>(
                                 0, static_cast<int>(b.last_pc - b.first_pc))(rng));
    }
    // Not before the NVIDIA reconvergence point of any exit branch (Algorithm
    // 2 starts there, plan §1.1).
    for (const std::uint32_t b : loop.exiting) {
      if (const auto r = a.nvidia_table.find(k.blocks[b].last_pc)) f.point = point_lca(k, a, f.point, *r);
    }
    f.loop.loop = id;
    f.loop.header = loop.header;
    for (const std::uint32_t b : loop.blocks) {
      for (const std::uint32_t s : k.blocks[b].succs) {
        if (std::find(loop.entries.begin(), loop.entries.end(), s) != loop.entries.end()) {
          f.loop.back_edges.emplace_back(b, s);
        }
      }
    }
    // A back edge belongs to one loop: the innermost flagged one keeps it.
    for (auto& other : flagged) {
      std::erase_if(other.loop.back_edges, [&](const analysis::Edge& e) {
        return std::find(f.loop.back_edges.begin(), f.loop.back_edges.end(), e) != f.loop.back_edges.end();
      });
    }
    flagged.push_back(f);
  }
  std::erase_if(flagged, [](const Flagged& f) { return f.loop.back_edges.empty(); });
  for (bool changed = true; changed;) {
    changed = false;
    for (auto& f : flagged) {
      const std::vector<bool> reach = before_point(k, a, f.loop.loop, f.point);
      for (const auto& other : flagged) {
        if (&other == &f || other.point == f.point) continue;
        for (const auto& [src, dst] : other.loop.back_edges) {
          if (!reach[src]) continue;
          const std::uint32_t raised = point_lca(k, a, f.point, other.point);
          changed = changed || raised != f.point;
          f.point = raised;
          break;
        }
      }
    }
  }
  std::map<std::uint32_t, checker::SsdeGroup> by_point;
  for (const auto& f : flagged) {
    auto& g = by_point[f.point];
    g.point = f.point;
    g.loops.push_back(f.loop);
  }
  std::vector<checker::SsdeGroup> groups;
  for (auto& [pt, g] : by_point) groups.push_back(g);
  return groups;
}

struct Counts {
  int transformed = 0;
  int refused = 0;  ///< invalid_argument for points no CFG change can serve
};

/// Transforms `rounds` random kernels; only those whose loops are all
/// reducible when `reducible` is set.
Counts run_random(unsigned seed, int rounds, bool reducible) {
  std::mt19937 rng(seed);
  Counts counts;
  for (int round = 0; round < rounds; ++round) {
    const std::string text = random_cfg(rng);
    const auto built = test::build_cfg(text);
    const ir::Kernel kernel = test::reparse(ptx::print(test::module_of(built.kernel)), built.kernel.name);
    const auto a = analysis::analyze_kernel(kernel);
    const bool irreducible = std::any_of(a.loops.loops().begin(), a.loops.loops().end(),
                                         [](const analysis::Loop& l) { return !l.reducible; });
    if (reducible && irreducible) continue;
    const auto groups = random_groups(kernel, a, rng);
    if (groups.empty()) continue;
    std::string described = text;
    for (const auto& g : groups) {
      described += fmt::format("group at {}:", g.point);
      for (const auto& l : g.loops) {
        for (const auto& [s, d] : l.back_edges) described += fmt::format(" ({}, {})", s, d);
      }
      described += "\n";
    }
    SCOPED_TRACE(described);
    checker::SsdeResult r;
    try {
      r = checker::ssde_transform(kernel, a, groups);
    } catch (const std::invalid_argument& e) {
      // Random points may still conflict (see checker/ssde/ssde_check.cpp);
      // nothing else may be refused.
      const std::string what = e.what();
      EXPECT_TRUE(what.find("conflicts") != std::string::npos || what.find("enclosing loop") != std::string::npos)
          << what;
      ++counts.refused;
      continue;
    } catch (const std::exception& e) {
      ADD_FAILURE() << e.what();
      break;
    }
    test::expect_valid_ssde(kernel, groups, r, "ssde_random", counts.transformed < 5);
    ++counts.transformed;
    if (::testing::Test::HasFailure()) break;
  }
  return counts;
}

TEST(SsdeProperty, RandomReducibleCfgsWithSeveralGroups) {
  const Counts c = run_random(20240604U, 600, true);
  std::cout << c.transformed << " kernels transformed, " << c.refused << " refused\n";
  EXPECT_GT(c.transformed, 250);
  EXPECT_LT(c.refused * 20, c.transformed);
}

TEST(SsdeProperty, RandomCfgsWithIrreducibleLoops) {
  const Counts c = run_random(7U, 600, false);
  std::cout << c.transformed << " kernels transformed, " << c.refused << " refused\n";
  EXPECT_GT(c.transformed, 250);
  EXPECT_LT(c.refused * 20, c.transformed);
}

}  // namespace
}  // namespace lockstep
