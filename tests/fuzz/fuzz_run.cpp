// libFuzzer target for the semantics: any PTX that loads is launched (one
// block of 40 threads: a full and a partial warp; every pointer parameter
// gets its own 256-byte buffer, every scalar 0) under every divergence model
// (mimd, the stack, AWARE with and without a short timeout, Multi-Path IPDOM
// dual-path and with OREC, ITS and every PC-selection heuristic) with a step
// limit. Whatever the program does, the run must end in one of the
// statuses — completed, deadlock, livelock, step-limit or error (a fault
// report) — never a crash, hang, sanitizer report or other exception.
//
// The same kernel is then explored (one block of 3 threads, a few hundred
// states) under mimd, stack and a model of each other class (AWARE with its
// timeout events, MP, MP-OREC, ITS, heuristics), and whatever the explorer finds must be what
// its schedule shows when replayed: an error ends faulted, a deadlock ends
// running with nothing enabled, a non-terminating cycle returns to its first
// state, running, and starves no enabled unit (so a trap or fault anywhere in
// a loop is an error, never a cycle).
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "checker/explore/explore_launch.hpp"
#include "frontend/load.hpp"
#include "semantics/launch/model_spec.hpp"
#include "semantics/launch/run_model.hpp"
#include "semantics/spec/launch_spec.hpp"

namespace {

lockstep::sem::ModelSpec spec_of(const char* text) {
  return *lockstep::sem::parse_model_spec(text).spec;
}

/// The models runs use: one of every model, with the options worth covering.
const std::vector<lockstep::sem::ModelSpec>& run_models() {
  static const std::vector<lockstep::sem::ModelSpec> models = [] {
    std::vector<lockstep::sem::ModelSpec> v;
    for (const char* m : {"mimd", "stack", "stack-amd", "aware", "aware:timeout=3", "aware:switch=divergence",
                          "aware:timeout=3,st=1,rt=1", "mp", "mp:splits=2", "mp-orec", "its", "minpc", "minsp-minpc",
                          "maxfun-minpc", "long:2", "lee", "pdom-minsp", "longest-path", "round-robin", "tbc",
                          "tbc-lcp", "tbc:compactor=off", "dwf", "dwf-wb"}) {
      v.push_back(spec_of(m));
    }
    return v;
  }();
  return models;
}

/// The models explorations use: each model class once (AWARE with its timeout events).
const std::vector<lockstep::sem::ModelSpec>& explore_models() {
  static const std::vector<lockstep::sem::ModelSpec> models = [] {
    std::vector<lockstep::sem::ModelSpec> v;
    for (const char* m : {"mimd", "stack", "aware:timeout=any", "aware:timeout=any,st=1,rt=1", "mp", "mp-orec", "its",
                          "long:2", "lee", "pdom-minsp", "tbc-lcp", "dwf-wb"}) {
      v.push_back(spec_of(m));
    }
    return v;
  }();
  return models;
}

[[noreturn]] void fail(const char* what) {
  std::fprintf(stderr, "fuzz_run: %s\n", what);
  std::abort();
}

/// Explores the launch a little and checks that a finding is what its schedule shows.
void explore_and_replay(const lockstep::sem::LaunchSetup& setup) {
  using lockstep::checker::FindingKind;
  using lockstep::sem::LaunchStatus;
  for (const auto& model : explore_models()) {
    lockstep::checker::ExploreRequest req;
    req.model = model;
    req.options.max_states = 300;
    req.options.max_depth = 300;
    lockstep::checker::Exploration e;
    try {
      e = lockstep::checker::explore_launch(setup, req);
    } catch (const std::invalid_argument&) {
      return;  // the kernel reads the clock: not explorable
    }
    if (!e.finding) continue;
    const auto& f = *e.finding;
    const bool cycle = f.kind == FindingKind::NonTermination;
    const auto r = lockstep::checker::replay_launch(setup, model, f.steps,
                                                    cycle ? std::optional<std::size_t>(f.cycle_start) : std::nullopt);
    if (!r.ok) fail("a finding's schedule does not replay");
    if (r.digest != f.digest) fail("a finding's schedule replays to another state");
    switch (f.kind) {
      case FindingKind::Error:
        if (r.status != LaunchStatus::Error || !r.fault) fail("an error finding does not end in a fault");
        break;
      case FindingKind::Deadlock:
        if (r.status != LaunchStatus::Running || r.any_enabled) fail("a deadlock finding is not stuck");
        break;
      case FindingKind::NonTermination:
        if (r.status != LaunchStatus::Running) fail("a non-termination cycle ends the launch");
        if (r.cycle_digest != r.digest) fail("a non-termination cycle does not close");
        if (!r.starved.empty()) fail("a non-termination cycle is not weakly fair");
        break;
      case FindingKind::ExpectMismatch:
        if (r.status != LaunchStatus::Completed) fail("an [expect] finding does not complete");
        break;
      case FindingKind::Completed:  // a recorded complete execution (sim's schedules), never an explorer finding
        fail("the explorer reported a completed execution as a finding");
        break;
    }
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  std::string text(reinterpret_cast<const char*>(data), size);
  lockstep::ir::Module m;
  try {
    m = lockstep::load_ptx(lockstep::Source("fuzz.ptx", std::move(text)));
  } catch (const lockstep::InputError&) {
    return 0;
  }
  for (const auto& k : m.kernels) {
    std::string spec = "kernel = \"" + k.name + "\"\ngrid = [1]\nblock = [40]\nshared_bytes = 64\nparams = [";
    std::string buffers;
    for (std::size_t i = 0; i < k.params.size(); ++i) {
      const auto& v = k.vars[k.params[i]];
      const std::uint64_t bytes = v.size_bytes();
      if (bytes == m.address_size / 8 && v.dims.empty()) {
        spec += "\"b" + std::to_string(i) + "\",";
        buffers += "[[buffer]]\nname = \"b" + std::to_string(i) + "\"\ntype = \"u32\"\ncount = 64\ninit = \"iota\"\n";
      } else if (bytes == 1 || bytes == 2 || bytes == 4 || bytes == 8) {
        spec += "{type = \"u" + std::to_string(bytes * 8) + "\", value = 0},";
      } else {
        spec.clear();
        break;
      }
    }
    if (spec.empty()) continue;
    spec += "]\n" + buffers;
    std::string small = spec;
    small.replace(small.find("block = [40]"), 12, "block = [3]");
    try {
      const auto ls = lockstep::sem::parse_launch_spec(spec, "fuzz.toml", ".");
      const auto setup = lockstep::sem::prepare_launch(m, ls);
      lockstep::sem::RunOptions opt;
      opt.max_steps = 4000;
      for (const auto& model : run_models()) {
        const auto r = lockstep::sem::run_model(*setup, model, opt);
        if (r.result.status == lockstep::sem::RunStatus::Error && !r.result.fault) {
          fail("error status without a fault report");
        }
      }
      // Three blocks, one resident at a time (run --residency 1): admission and retirement of block slots.
      std::string slots = small;
      slots.replace(slots.find("grid = [1]"), 10, "grid = [3]");
      const auto slot_setup = lockstep::sem::prepare_launch(m, lockstep::sem::parse_launch_spec(slots, "fuzz.toml", "."));
      lockstep::sem::RunOptions one = opt;
      one.resident_blocks = 1;
      for (const auto kind : {lockstep::sem::ModelKind::Stack, lockstep::sem::ModelKind::Mimd,
                              lockstep::sem::ModelKind::Tbc}) {
        const auto r = lockstep::sem::run_model(*slot_setup, kind, one);
        if (r.result.status == lockstep::sem::RunStatus::Error && !r.result.fault) {
          fail("error status without a fault report (one block resident)");
        }
      }
      const auto small_spec = lockstep::sem::parse_launch_spec(small, "fuzz.toml", ".");
      explore_and_replay(*lockstep::sem::prepare_launch(m, small_spec));
    } catch (const lockstep::InputError&) {
      // e.g. a kernel whose variables do not fit the layout
    }
  }
  return 0;
}
