// Helpers of the persistent-set tests: a launch from PTX and spec text, and
// the comparison of one exploration with and without persistent sets.
#pragma once

#include <gtest/gtest.h>

#include <memory>
#include <set>
#include <string>
#include <utility>

#include "checker/explore/explore_launch.hpp"
#include "frontend/load.hpp"
#include "frontend/source.hpp"
#include "semantics/launch/launch_setup.hpp"
#include "semantics/launch/model_spec.hpp"
#include "semantics/spec/launch_spec.hpp"

namespace lockstep::checker::por_test {

struct Launch {
  ir::Module module;
  sem::LaunchSpec spec;
  std::unique_ptr<sem::LaunchSetup> setup;
};

inline std::unique_ptr<Launch> launch_from_text(const std::string& ptx, const std::string& spec) {
  auto l = std::make_unique<Launch>();
  l->module = load_ptx(Source("t.ptx", ptx));
  l->spec = sem::parse_launch_spec(spec, "t.toml", LOCKSTEP_SOURCE_DIR);
  l->setup = sem::prepare_launch(l->module, l->spec);
  return l;
}

inline std::unique_ptr<Launch> launch_from_file_and_text(const std::string& ptx_path, const std::string& spec) {
  auto l = std::make_unique<Launch>();
  l->module = load_ptx_file(ptx_path);
  l->spec = sem::parse_launch_spec(spec, "t.toml", LOCKSTEP_SOURCE_DIR);
  l->setup = sem::prepare_launch(l->module, l->spec);
  return l;
}

inline std::unique_ptr<Launch> launch_from_files(const std::string& ptx_path, const std::string& spec_path) {
  auto l = std::make_unique<Launch>();
  l->module = load_ptx_file(ptx_path);
  l->spec = sem::parse_launch_spec_file(spec_path);
  l->setup = sem::prepare_launch(l->module, l->spec);
  return l;
}

inline Exploration explore_with(const Launch& l, const std::string& model, bool por, std::uint64_t max_states) {
  ExploreRequest req;
  req.model = *sem::parse_model_spec(model).spec;
  req.spec = &l.spec;
  req.options.persistent_sets = por;
  req.options.max_states = max_states;
  return explore_launch(*l.setup, req);
}

/// What the two searches found, for the comparison.
struct Comparison {
  bool compared = false;  ///< both searches were exhaustive
  bool reduced = false;   ///< the search with persistent sets left actions out
  std::uint64_t states = 0, states_por = 0;
};

inline std::set<std::pair<std::uint32_t, std::uint32_t>> race_pcs(const Exploration& e) {
  std::set<std::pair<std::uint32_t, std::uint32_t>> out;
  for (const Race& r : e.races) out.emplace(std::min(r.pc_a, r.pc_b), std::max(r.pc_a, r.pc_b));
  return out;
}

/// Explores `l` under `model` with and without persistent sets and checks,
/// when both searches are exhaustive (the reduced one is not run when the
/// full one is not), that they agree: the same verdict
/// kind, the same set of final memory digests, the same racing PC pairs,
/// no more states with the reduction, and a counterexample of the reduced
/// search that replays to its state.
inline Comparison compare(const Launch& l, const std::string& model, std::uint64_t max_states,
                          const std::string& what) {
  Comparison c;
  const Exploration full = explore_with(l, model, false, max_states);
  c.states = full.stats.states;
  if (!full.exhaustive()) return c;  // nothing to compare with
  const Exploration por = explore_with(l, model, true, max_states);
  c.states_por = por.stats.states;
  c.reduced = por.stats.por_pruned != 0;
  EXPECT_FALSE(full.persistent_sets) << what;
  if (!full.exhaustive() || !por.exhaustive()) return c;
  c.compared = true;
  EXPECT_EQ(full.finding.has_value(), por.finding.has_value()) << what;
  if (full.finding && por.finding) {
    EXPECT_EQ(finding_kind_name(full.finding->kind), std::string(finding_kind_name(por.finding->kind))) << what;
    const std::optional<std::size_t> cycle =
        por.finding->kind == FindingKind::NonTermination ? std::optional(por.finding->cycle_start) : std::nullopt;
    const ReplayOutcome p = replay_launch(*l.setup, *sem::parse_model_spec(model).spec, por.finding->steps, cycle);
    EXPECT_TRUE(p.ok) << what << ": " << p.error;
    if (cycle) {
      EXPECT_TRUE(p.cycle_digest && *p.cycle_digest == por.finding->digest) << what;
    } else {
      EXPECT_TRUE(p.digest == por.finding->digest) << what;
    }
  }
  if (!full.finding && !por.finding) {
    EXPECT_TRUE(full.final_digests == por.final_digests) << what << ": final memory sets differ";
    EXPECT_EQ(race_pcs(full), race_pcs(por)) << what;
  }
  EXPECT_LE(por.stats.states, full.stats.states) << what;
  return c;
}

}  // namespace lockstep::checker::por_test
