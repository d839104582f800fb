// The explorer's state space for launches with symbolic inputs
// (StepGenerator over LaunchState<M, SymbolicDomain>): the successors of a
// state by one action are one merged step (macro_step.hpp) per feasible
// combination of the decisions the step meets (choices.hpp). The step is
// re-executed from a copy of the state with each decision script, depth
// first over the tree of decisions; a step that meets no decision has one
// successor, exactly as in the concrete generator.
//
// Bounds (reported through cut(), the step yielding no successor):
//   Forks           more than max_forks successors of one step: the first
//                   max_forks are explored and the search goes on
//                   (partial(): not exhaustive, counterexamples stay real)
//   AddressValues   a symbolic value that must be concrete takes more than
//                   max_address_values values
//   Solver          a query without an answer, or an operation the domain
//                   does not model on symbolic values (the detail says which)
//
// The generator remembers the path condition of every state it produced
// whose path condition differs from the initial one, by canonical digest, so
// that a finding's state (the explorer reports its digest) gets its model.
// There is no private prefix (a private instruction may decide on a symbolic
// value, and the prefix has a single state): prefix() does nothing.
#pragma once

#include <algorithm>
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include <fmt/format.h>

#include "checker/explore/canonicalize.hpp"
#include "checker/explore/explore_options.hpp"
#include "checker/explore/live_registers.hpp"
#include "checker/explore/macro_step.hpp"
#include "checker/explore/state_digest.hpp"
#include "checker/explore/step_generator.hpp"
#include "checker/explore/step_plan.hpp"
#include "checker/symbolic/choices.hpp"
#include "checker/symbolic/sym_stop.hpp"
#include "semantics/launch/launch_setup.hpp"

namespace lockstep::checker {

struct SymbolicLimits {
  std::uint64_t max_address_values = 16;
  std::uint64_t max_forks = 256;  ///< successors of one step
  unsigned solver_timeout_ms = 10'000;
};

template <class S>
class SymbolicGenerator {
 public:
  SymbolicGenerator(const sem::LaunchSetup& setup, const ExploreOptions& options, const SymbolicLimits& limits,
                    std::vector<std::uint32_t> initial_pc)
      : plan_(*setup.kernel, setup.analysis), live_(*setup.kernel, setup.analysis), options_(options),
        limits_(limits), initial_pc_(std::move(initial_pc)) {
    choices_.max_address_values = limits.max_address_values;
  }

  std::size_t successors(const S& s, std::uint32_t w, unsigned key, std::vector<Successor<S>>& out) {
    std::vector<std::vector<std::uint32_t>> scripts{{}};
    std::size_t n = 0;
    while (!scripts.empty()) {
      std::vector<std::uint32_t> script = std::move(scripts.back());
      scripts.pop_back();
      if (n == limits_.max_forks) {
        // Explore the outcomes produced so far (a counterexample among them
        // is real); the search is then not exhaustive.
        if (!partial_) {
          partial_ = GeneratorCut{BoundKind::Forks, limits_.max_forks,
                                  fmt::format("a step of warp {} unit {} has more than {} feasible outcomes; the "
                                              "first {} were explored",
                                              w, key, limits_.max_forks, limits_.max_forks)};
        }
        break;
      }
      if (n == out.size()) out.push_back(Successor<S>{s, {}});
      else out[n].state = s;
      S& t = out[n].state;
      choices_.start(script);
      t.domain().set_choices(&choices_);
      try {
        out[n].record = macro_step(t, w, key, plan_, options_.merge);
      } catch (const SymbolicStop& e) {
        t.domain().set_choices(nullptr);
        stop(e);
        return 0;
      }
      t.domain().set_choices(nullptr);
      for (std::size_t j = script.size(); j < choices_.taken.size(); ++j) {
        for (std::uint32_t alt = choices_.arity[j]; alt-- > 1;) {
          std::vector<std::uint32_t> next(choices_.taken.begin(), choices_.taken.begin() + static_cast<std::ptrdiff_t>(j));
          next.push_back(alt);
          scripts.push_back(std::move(next));
        }
      }
      forks_ += choices_.taken.size() > script.size() ? choices_.taken.size() - script.size() : 0;
      if (options_.canonical) canonicalize_warp(t, w, live_, scratch_);
      remember(t);
      ++n;
    }
    widest_ = std::max<std::uint64_t>(widest_, n);
    return n;
  }
  void prefix(S&, std::vector<StepRecord>&) {}
  void canonicalize(S& s) {
    if (options_.canonical) canonicalize_all(s, live_, scratch_);
    remember(s);
  }
  [[nodiscard]] const std::optional<GeneratorCut>& cut() const noexcept { return cut_; }
  [[nodiscard]] const std::optional<GeneratorCut>& partial() const noexcept { return partial_; }
  void add_stats(ExploreStats&) const noexcept {}

  [[nodiscard]] const StepPlan& plan() const noexcept { return plan_; }
  /// Fork points met (each one a decision with more than one feasible alternative).
  [[nodiscard]] std::uint64_t forks() const noexcept { return forks_; }
  /// The most successors one step had.
  [[nodiscard]] std::uint64_t widest_step() const noexcept { return widest_; }
  /// The path condition of the state with digest d (the initial one when d is unknown).
  [[nodiscard]] const std::vector<std::uint32_t>& path_condition(const Digest& d) const {
    const auto it = by_digest_.find(key_of(d));
    return it == by_digest_.end() ? initial_pc_ : pcs_[it->second];
  }
  /// The message of an unsupported operation that stopped a step, if any.
  [[nodiscard]] const std::string& unsupported() const noexcept { return unsupported_; }

 private:
  static std::pair<std::uint64_t, std::uint64_t> key_of(const Digest& d) noexcept { return {d.lo, d.hi}; }

  void remember(const S& s) {
    const std::vector<std::uint32_t>& pc = s.domain().path_condition();
    if (pc == initial_pc_) return;
    auto [it, fresh] = pc_ids_.try_emplace(pc, static_cast<std::uint32_t>(pcs_.size()));
    if (fresh) pcs_.push_back(pc);
    by_digest_[key_of(digest_of(s))] = it->second;
  }
  void stop(const SymbolicStop& e) {
    switch (e.kind()) {
      case StopKind::AddressValues: cut_ = GeneratorCut{BoundKind::AddressValues, e.limit(), e.what()}; break;
      case StopKind::Forks: cut_ = GeneratorCut{BoundKind::Forks, e.limit(), e.what()}; break;
      case StopKind::Solver: cut_ = GeneratorCut{BoundKind::Solver, 0, e.what()}; break;
      case StopKind::Unsupported:
        unsupported_ = e.what();
        cut_ = GeneratorCut{BoundKind::Solver, 0, e.what()};
        break;
    }
  }

  StepPlan plan_;
  LiveRegisters live_;
  ExploreOptions options_;
  SymbolicLimits limits_;
  std::vector<std::uint32_t> initial_pc_;
  Choices choices_;
  std::vector<sem::WaitInfo> scratch_;
  std::optional<GeneratorCut> cut_;
  std::optional<GeneratorCut> partial_;
  std::uint64_t forks_ = 0;
  std::uint64_t widest_ = 0;
  std::string unsupported_;
  std::map<std::vector<std::uint32_t>, std::uint32_t> pc_ids_;
  std::vector<std::vector<std::uint32_t>> pcs_;
  std::map<std::pair<std::uint64_t, std::uint64_t>, std::uint32_t> by_digest_;
};

}  // namespace lockstep::checker
