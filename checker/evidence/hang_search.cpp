#include "checker/evidence/hang_search.hpp"

#include <map>

#include <fmt/format.h>

#include "checker/explore/explore_launch.hpp"
#include "checker/symbolic/explore_symbolic.hpp"
#include "semantics/launch/run_model.hpp"

namespace lockstep::checker {
namespace {

constexpr std::size_t kDoubtsKept = 3;

using LaneSets = std::map<std::uint32_t, sem::Mask>;  ///< warp -> lanes

LaneSets in_loop_lanes(const ThreadPlaces& places, const std::vector<bool>& in_loop) {
  LaneSets out;
  for (const auto& [warp, w] : places)
    if (w.pc < in_loop.size() && in_loop[w.pc]) out[warp] |= w.lanes;
  return out;
}

bool held_by_stack(const ThreadPlaces& places) {
  for (const auto& [warp, w] : places)
    if (w.kind == sem::WaitKind::Reconverge || w.kind == sem::WaitKind::Pending) return true;
  return false;
}

std::string inputs_text(const std::vector<std::pair<std::string, std::uint64_t>>& inputs) {
  std::string out;
  for (const auto& [name, v] : inputs) {
    if (out.size() > 120) return out + ", ...";
    out += fmt::format("{}{}={}", out.empty() ? "" : ", ", name, v);
  }
  return out.empty() ? "the launch's values" : out;
}

class LoopHangFilter {
 public:
  LoopHangFilter(const ir::Module& module, const EvidenceLaunch& launch, const std::vector<bool>& in_loop,
                 const HangSearchOptions& options, HangSearch& out)
      : module_(module), launch_(launch), in_loop_(in_loop), options_(options), out_(out) {}

  bool operator()(const FindingCandidate& c) {
    const Finding& f = *c.finding;
    if (f.kind == FindingKind::Error) {
      if (out_.faults++ == 0) out_.fault = fmt::format("{} (inputs {})", f.detail, inputs_text(c.inputs));
      return false;
    }
    if (f.kind == FindingKind::ExpectMismatch || c.states.empty()) return false;
    // Threads inside the loop in every state of the hang (Deadlock: its one state).
    LaneSets stay = in_loop_lanes(c.states.front(), in_loop_);
    bool passes = !stay.empty();
    for (std::size_t i = 1; i < c.states.size(); ++i) {
      const LaneSets here = in_loop_lanes(c.states[i], in_loop_);
      passes = passes || !here.empty();
      for (auto& [warp, lanes] : stay) {
        const auto it = here.find(warp);
        lanes &= it == here.end() ? 0 : it->second;
      }
    }
    bool stays = false;
    for (const auto& [warp, lanes] : stay) stays = stays || lanes != 0;
    if (!stays) {
      if (passes) doubt("a fair cycle passes through the loop without staying in it");
      return false;  // else: a hang elsewhere
    }
    if (!held_by_stack(c.states.front())) {
      doubt(fmt::format("threads stay in the loop with no thread held back by the stack (inputs {})",
                        inputs_text(c.inputs)));
      return false;
    }
    const std::string mimd = mimd_outcome(c.inputs);
    if (!mimd.empty()) {
      doubt(fmt::format("a hang in the loop with inputs on which the kernel {} under mimd too ({})", mimd,
                        inputs_text(c.inputs)));
      return false;
    }
    return true;
  }

 private:
  void doubt(std::string why) {
    if (out_.doubt_count++ < kDoubtsKept) out_.doubts.push_back(std::move(why));
  }
  /// "" when the launch with these inputs completes under mimd (round-robin), else what it did.
  [[nodiscard]] std::string mimd_outcome(const std::vector<std::pair<std::string, std::uint64_t>>& inputs) const {
    const sem::LaunchSpec concrete = inputs.empty() ? launch_.spec : sem::concretize(launch_.spec, inputs);
    const auto setup = sem::prepare_launch(module_, concrete, options_.table);
    sem::RunOptions ro;
    ro.max_steps = options_.mimd_steps;
    const sem::RunOutcome r = sem::run_model(*setup, sem::ModelKind::Mimd, ro);
    switch (r.result.status) {
      case sem::RunStatus::Completed: return "";
      case sem::RunStatus::Error: return "faults";
      case sem::RunStatus::Deadlock: return "deadlocks";
      case sem::RunStatus::Livelock: return "livelocks";
      default: return fmt::format("does not complete within {} steps", options_.mimd_steps);
    }
  }

  const ir::Module& module_;
  const EvidenceLaunch& launch_;
  const std::vector<bool>& in_loop_;
  const HangSearchOptions& options_;
  HangSearch& out_;
};

}  // namespace

HangSearch search_hang(const ir::Module& module, const ir::Kernel& kernel, const EvidenceLaunch& launch,
                       const std::vector<bool>& in_loop, const HangSearchOptions& options) {
  HangSearch out;
  sem::LaunchSpec spec = launch.spec;
  spec.kernel = kernel.name;
  const auto setup = sem::prepare_launch(module, spec, options.table);
  ExploreRequest req;
  req.model = sem::ModelKind::Stack;
  req.options.max_states = options.max_states;
  req.options.timeout_seconds = options.seconds;
  req.options.races = false;
  req.filter = LoopHangFilter(module, launch, in_loop, options, out);
  if (spec.has_symbolic()) {
    SymbolicExploration sym = explore_symbolic(*setup, spec, req);
    out.exploration = std::move(sym.exploration);
    out.inputs = std::move(sym.inputs);
    out.if_converted = sym.if_converted;
  } else {
    out.exploration = explore_launch(*setup, req);
  }
  for (std::uint32_t pc = 0; pc < out.exploration.issued_pcs.size() && pc < in_loop.size(); ++pc)
    out.reached = out.reached || (out.exploration.issued_pcs[pc] && in_loop[pc]);
  return out;
}

}  // namespace lockstep::checker
