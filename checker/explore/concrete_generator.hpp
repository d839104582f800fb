// The explorer's state space for concrete launches: one successor per
// action, produced by a merged step (macro_step.hpp) and put in canonical
// form (canonicalize.hpp) when the options ask for it.
#pragma once

#include <cstdint>
#include <optional>
#include <type_traits>
#include <utility>
#include <vector>

#include "checker/explore/canonicalize.hpp"
#include "checker/explore/explore_options.hpp"
#include "checker/explore/live_registers.hpp"
#include "checker/explore/macro_step.hpp"
#include "checker/explore/step_generator.hpp"
#include "checker/explore/step_plan.hpp"
#include "semantics/launch/launch_setup.hpp"

namespace lockstep::checker {

/// Advances every unit of `s` through its private prefix (warps in order,
/// units in lane order; one merged step each), appending the steps with
/// `prefix` set.
template <class S>
void advance_prefix(S& s, const StepPlan& plan, std::vector<StepRecord>& records) {
  // Under a regrouping model (dynamic warp formation) the order of these steps decides who shares a warp.
  if constexpr (sem::kRegroupingModel<std::remove_cvref_t<decltype(s.model())>>) return;
  for (std::uint32_t w = 0; w < s.warp_count(); ++w) {
    for (sem::Mask en = s.enabled(w); en != 0; en &= en - 1) {
      const unsigned key = sem::lowest_lane(en);
      if (s.status() != sem::LaunchStatus::Running || !sem::has_lane(s.enabled(w), key)) continue;
      if (!plan.is_private(s.unit(w, key).pc)) continue;
      StepRecord rec = macro_step(s, w, key, plan, true);
      rec.prefix = true;
      records.push_back(rec);
    }
  }
}

template <class S>
class ConcreteGenerator {
 public:
  ConcreteGenerator(const sem::LaunchSetup& setup, const ExploreOptions& options)
      : plan_(*setup.kernel, setup.analysis), live_(*setup.kernel, setup.analysis), options_(options) {
    // A regrouping model's warp-level instructions read other threads' dead registers.
    if constexpr (sem::kRegroupingModel<std::remove_cvref_t<decltype(std::declval<const S&>().model())>>) {
      options_.canonical = false;
    }
  }

  std::size_t successors(const S& s, std::uint32_t w, unsigned key, std::vector<Successor<S>>& out) {
    if (out.empty()) {
      out.push_back(Successor<S>{s, {}});
    } else {
      out[0].state = s;
    }
    out[0].record = macro_step(out[0].state, w, key, plan_, options_.merge);
    if (options_.canonical) canonicalize_step(out[0].state, w, live_, scratch_);
    return 1;
  }
  void prefix(S& s, std::vector<StepRecord>& records) {
    if (options_.merge) advance_prefix(s, plan_, records);
  }
  void canonicalize(S& s) {
    if (options_.canonical) canonicalize_all(s, live_, scratch_);
  }
  [[nodiscard]] const std::optional<GeneratorCut>& cut() const noexcept { return cut_; }
  /// One successor per action: never cut short (always empty).
  [[nodiscard]] const std::optional<GeneratorCut>& partial() const noexcept { return cut_; }
  void add_stats(ExploreStats&) const noexcept {}

  [[nodiscard]] const StepPlan& plan() const noexcept { return plan_; }
  [[nodiscard]] const LiveRegisters& live() const noexcept { return live_; }

 private:
  StepPlan plan_;
  LiveRegisters live_;
  ExploreOptions options_;
  std::vector<sem::WaitInfo> scratch_;
  std::optional<GeneratorCut> cut_;
};

}  // namespace lockstep::checker
