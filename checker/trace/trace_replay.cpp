// replay_trace: re-executes a trace and checks that it reaches its outcome.
#include "checker/trace/trace_replay.hpp"

#include <fmt/format.h>

#include "checker/trace/trace_build.hpp"
#include "semantics/launch/model_spec.hpp"
#include "semantics/spec/expect.hpp"

namespace lockstep::checker {
namespace {

std::string dim3(const std::array<std::uint32_t, 3>& d) { return fmt::format("({},{},{})", d[0], d[1], d[2]); }

/// "" when the launch is the one the trace was recorded for, else why not.
std::string launch_mismatch(const sem::LaunchSetup& setup, const Trace& t) {
  if (setup.kernel->name != t.kernel) {
    return fmt::format("the trace is for kernel {}, the launch runs {}", t.kernel, setup.kernel->name);
  }
  if (setup.shape.grid != t.grid || setup.shape.block != t.block) {
    return fmt::format("the trace is for grid {} block {}, the launch has grid {} block {}", dim3(t.grid),
                       dim3(t.block), dim3(setup.shape.grid), dim3(setup.shape.block));
  }
  return {};
}

/// "" when the replay ended as the trace says, else why not.
std::string outcome_mismatch(const Trace& t, const TraceReplay& r) {
  const ReplayOutcome& o = r.outcome;
  const auto digest_differs = [&](const Digest& d) {
    return fmt::format("the state reached has digest {}, the trace says {}", digest_hex(d), digest_hex(t.state_digest));
  };
  switch (t.kind) {
    case FindingKind::Deadlock:
      if (o.status != sem::LaunchStatus::Running) return "the launch did not deadlock: it ended";
      if (o.any_enabled) return "the launch did not deadlock: a unit may still issue at the end";
      break;
    case FindingKind::Error:
      if (o.status != sem::LaunchStatus::Error) return "the launch did not fault";
      break;
    case FindingKind::ExpectMismatch:
      if (o.status != sem::LaunchStatus::Completed) return "the launch did not complete";
      if (r.mismatches.empty()) return "the launch completed and every [expect] entry holds";
      break;
    case FindingKind::Completed:
      if (o.status != sem::LaunchStatus::Completed) return "the launch did not complete";
      break;
    case FindingKind::NonTermination:
      if (!o.cycle_digest) return "the trace has no cycle";
      if (o.status != sem::LaunchStatus::Running) return "the launch ended inside the cycle";
      if (*o.cycle_digest != o.digest) {
        return fmt::format("the cycle does not return to its first state (digest {} at step {}, {} after the cycle)",
                           digest_hex(*o.cycle_digest), *t.cycle_start, digest_hex(o.digest));
      }
      if (!o.starved.empty()) {
        return fmt::format("the cycle is not weakly fair: unit {} is enabled in every state of it and never issues",
                           o.starved.front());
      }
      break;
  }
  if (o.digest != t.state_digest) return digest_differs(o.digest);
  return {};
}

}  // namespace

int TraceReplay::exit_status(FindingKind kind) const noexcept {
  if (!ok) return 1;
  switch (kind) {
    case FindingKind::Deadlock:
    case FindingKind::NonTermination: return 3;
    case FindingKind::Error: return 5;
    case FindingKind::ExpectMismatch: return 2;
    case FindingKind::Completed: return mismatches.empty() ? 0 : 2;
  }
  return 1;
}

std::vector<TraceMismatch> expect_mismatches(const sem::LaunchSetup& setup, const sem::LaunchSpec& spec,
                                             const sem::GlobalMemory& memory, std::size_t limit) {
  std::vector<TraceMismatch> out;
  for (const sem::ExpectSpec& e : spec.expects) {
    const sem::BufferBinding& b = setup.buffers[e.buffer];
    std::vector<std::uint8_t> bytes(b.bytes());
    if (!bytes.empty()) memory.read(b.address, bytes.size(), bytes.data());
    for (const sem::Mismatch& m : sem::compare_expect(e, b.type, bytes, limit)) {
      if (out.size() >= limit) return out;
      out.push_back({b.name, m.index, m.expected, m.actual});
    }
  }
  return out;
}

TraceReplay replay_trace(const sem::LaunchSetup& setup, const sem::LaunchSpec* spec, const Trace& t) {
  TraceReplay r;
  r.error = launch_mismatch(setup, t);
  if (!r.error.empty()) return r;
  const sem::ModelSpecParse model = sem::parse_model_spec(t.model);
  if (!model.spec) {
    r.error = model.error;
    return r;
  }
  const std::vector<StepRecord> records = trace_records(t);
  r.outcome = replay_launch(setup, *model.spec, records, t.cycle_start, t.canonical);
  if (!r.outcome.ok) {
    r.error = r.outcome.error;
    return r;
  }
  Finding f;
  f.kind = t.kind;
  f.steps = records;
  f.cycle_start = t.cycle_start.value_or(0);
  r.stuck = build_trace(setup, TraceOrigin{}, f, TraceEnd{r.outcome.waits, std::nullopt, {}, {}}).stuck;
  if (spec != nullptr && r.outcome.status == sem::LaunchStatus::Completed) {
    r.mismatches = expect_mismatches(setup, *spec, r.outcome.memory);
  }
  r.error = outcome_mismatch(t, r);
  r.ok = r.error.empty();
  return r;
}

}  // namespace lockstep::checker
