#include "checker/explore/explore.hpp"

#include <unordered_set>

#include "semantics/model/model_mimd.hpp"
#include "semantics/model/model_stack.hpp"
#include "semantics/model/state_hasher.hpp"

namespace lockstep::checker {
namespace {

using Digest = sem::StateHasher::Digest;

struct DigestHash {
  std::size_t operator()(const Digest& d) const noexcept { return static_cast<std::size_t>(d.lo ^ (d.hi * 31U)); }
};

template <class S>
Digest digest_of(const S& s) {
  sem::StateHasher h;
  s.hash(h);
  return h.digest();
}

template <class S>
struct Frame {
  S state;
  Digest digest;
  ExploreAction via;  ///< the action that led here (unused for the root)
  std::vector<ExploreAction> actions;
  std::size_t next = 0;
  bool expanded = false;
};

template <class Stack>
std::vector<ExploreAction> trace_of(const Stack& stack) {
  std::vector<ExploreAction> out;
  for (std::size_t i = 1; i < stack.size(); ++i) out.push_back(stack[i].via);
  return out;
}

}  // namespace

const char* explore_verdict_name(ExploreVerdict v) noexcept {
  switch (v) {
    case ExploreVerdict::NoDeadlock: return "no-deadlock";
    case ExploreVerdict::Deadlock: return "deadlock";
    case ExploreVerdict::Error: return "error";
    case ExploreVerdict::BoundReached: return "bound-reached";
  }
  return "?";
}

template <sem::DivergenceModel M>
ExploreResult explore(const sem::LaunchState<M>& initial, const ExploreOptions& options) {
  using S = sem::LaunchState<M>;
  ExploreResult r;
  std::unordered_set<Digest, DigestHash> visited, on_stack;
  std::vector<Frame<S>> stack;
  stack.push_back(Frame<S>{initial, digest_of(initial), {}, {}, 0, false});
  visited.insert(stack.back().digest);
  on_stack.insert(stack.back().digest);
  r.states = 1;
  while (!stack.empty()) {
    r.max_depth = std::max(r.max_depth, static_cast<std::uint32_t>(stack.size()));
    Frame<S>& f = stack.back();
    if (!f.expanded) {
      f.expanded = true;
      if (f.state.status() == sem::LaunchStatus::Error) {
        r.verdict = ExploreVerdict::Error;
        r.trace = trace_of(stack);
        return r;
      }
      if (f.state.status() == sem::LaunchStatus::Completed) {
        ++r.terminal;
      } else {
        for (std::uint32_t w = 0; w < f.state.warp_count(); ++w) {
          for (sem::Mask m = f.state.enabled(w); m != 0; m &= m - 1)
            f.actions.push_back({w, static_cast<unsigned>(std::countr_zero(m))});
        }
        if (f.actions.empty()) {
          r.verdict = ExploreVerdict::Deadlock;
          r.trace = trace_of(stack);
          return r;
        }
      }
    }
    if (f.next == f.actions.size()) {
      on_stack.erase(f.digest);
      stack.pop_back();
      continue;
    }
    const ExploreAction a = f.actions[f.next++];
    S child = f.state;
    child.step(a.warp, a.key);
    ++r.transitions;
    const Digest d = digest_of(child);
    if (!visited.insert(d).second) {
      r.cycle = r.cycle || on_stack.contains(d);
      continue;
    }
    if (++r.states > options.max_states) {
      r.verdict = ExploreVerdict::BoundReached;
      return r;
    }
    on_stack.insert(d);
    stack.push_back(Frame<S>{std::move(child), d, a, {}, 0, false});
  }
  return r;
}

template ExploreResult explore<sem::ModelMimd>(const sem::LaunchState<sem::ModelMimd>&, const ExploreOptions&);
template ExploreResult explore<sem::ModelStack>(const sem::LaunchState<sem::ModelStack>&, const ExploreOptions&);

}  // namespace lockstep::checker
