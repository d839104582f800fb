// run_equiv (equiv.hpp): part (a) on the kernels, parts (b) and (c) on two
// prepared launches of the same spec.
//
// The fair runs visit every reachable state when they finish without a
// finding, so the final-memory sets of part (c) are taken from them: F_o
// from part (b)'s run of the transformed kernel, F_i from the precondition
// run of the original. A separate safety run of the transformed kernel
// (fairness off, sleep sets) is made only when part (b) was not run or
// stopped early.
#include "checker/equiv/equiv.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <iterator>

#include "checker/equiv/origin_recover.hpp"
#include "checker/explore/explore_launch.hpp"
#include "frontend/diagnostics.hpp"
#include "semantics/launch/launch_setup.hpp"

namespace lockstep::checker::equiv {
namespace {

/// The order of Exploration::final_digests.
bool digest_less(const Digest& x, const Digest& y) { return x.hi != y.hi ? x.hi < y.hi : x.lo < y.lo; }

const ir::Kernel& pick_kernel(const ir::Module& m, const sem::LaunchSpec& spec, const char* which) {
  if (spec.kernel) {
    for (const auto& k : m.kernels) {
      if (k.name == *spec.kernel) return k;
    }
    throw spec.error_at(spec.kernel_loc, fmt::format("the {} module has no kernel '{}'", which, *spec.kernel));
  }
  if (m.kernels.size() != 1) {
    throw spec.error_at({}, fmt::format("the {} module has {} kernels: name one with `kernel = ...`", which,
                                        m.kernels.size()));
  }
  return m.kernels.front();
}

std::string bound_text(const Exploration& e) {
  std::string s = fmt::format("the {} bound ({}) was reached", bound_kind_name(e.bound), e.bound_limit);
  if (!e.bound_detail.empty()) s += ": " + e.bound_detail;
  return s;
}

ExploreRun explore_run(const sem::LaunchSetup& setup, std::string what, const sem::ModelSpec& model, bool fair,
                       const ExploreOptions& bounds) {
  ExploreRequest req;
  req.model = model;
  req.options = bounds;
  req.options.fairness = fair;
  req.options.sleep_sets = !fair;
  req.options.stop_at_first = true;
  ExploreRun run;
  run.what = std::move(what);
  run.model = model;
  run.fairness = fair;
  run.result = explore_launch(setup, req);
  return run;
}

std::string finding_text(const Finding& f) {
  std::string s = fmt::format("{} after {} steps", finding_kind_name(f.kind), f.steps.size());
  if (f.kind == FindingKind::NonTermination) s += fmt::format(" (cycle from step {})", f.cycle_start);
  if (!f.detail.empty()) s += ": " + f.detail;
  return s;
}

PartResult part_a(const EquivInput& in, const ir::Kernel& ki, const ir::Kernel& ko, EquivResult& res) {
  PartResult p;
  p.name = "a";
  std::vector<std::uint32_t> origin;
  if (in.origin) {
    origin = *in.origin;
    if (origin.size() != ko.code.size()) {
      Diagnostic d;
      d.message = fmt::format("the origin map of kernel {} has {} entries, the transformed kernel {} instructions",
                              ko.name, origin.size(), ko.code.size());
      throw InputError(std::move(d));
    }
  } else {
    res.origin_recovered = true;
    RecoveredOrigin rec = recover_origin(*in.original, ki, *in.transformed, ko);
    if (!rec.ok()) {
      res.origin_error = rec.error;
      p.status = PartStatus::Inconclusive;
      p.check = "origin";
      p.detail = "the origin map could not be recovered: " + rec.error;
      return p;
    }
    origin = std::move(rec.origin);
  }
  res.refinement = check_refinement(*in.original, ki, *in.transformed, ko, origin);
  const CheckResult* bad = res.refinement.first_failure();
  if (bad == nullptr) {
    p.status = PartStatus::Proved;
    return p;
  }
  p.check = bad->name;
  p.detail = bad->detail;
  if (bad->status == CheckStatus::Failed && !res.origin_recovered) {
    p.status = PartStatus::Counterexample;
  } else {
    p.status = PartStatus::Inconclusive;
    if (bad->status == CheckStatus::Failed) p.detail += " (under a recovered origin map: give --origin to decide)";
  }
  return p;
}

/// "the SIMT stack" for `stack`, else the model's name.
std::string hardware_name(const sem::ModelSpec& m) {
  return m == sem::ModelSpec(sem::ModelKind::Stack) ? std::string("the SIMT stack") : sem::model_spec_name(m);
}

PartResult part_b(const Exploration& e, const sem::ModelSpec& model) {
  PartResult p;
  p.name = "b";
  p.check = "termination";
  if (e.finding) {
    p.status = PartStatus::Counterexample;
    p.detail = "the transformed kernel under " + hardware_name(model) + ": " + finding_text(*e.finding);
  } else if (!e.exhaustive()) {
    p.status = PartStatus::Inconclusive;
    p.detail = bound_text(e);
  } else {
    p.status = PartStatus::Proved;
    p.check.clear();
  }
  return p;
}

}  // namespace

const char* verdict_name(Verdict v) noexcept {
  switch (v) {
    case Verdict::Proved: return "proved";
    case Verdict::Counterexample: return "counterexample";
    case Verdict::Inconclusive: return "inconclusive";
  }
  return "?";
}

int verdict_exit_code(Verdict v) noexcept {
  switch (v) {
    case Verdict::Proved: return 0;
    case Verdict::Counterexample: return 3;
    case Verdict::Inconclusive: return 4;
  }
  return 1;
}

const char* part_status_name(PartStatus s) noexcept {
  switch (s) {
    case PartStatus::Proved: return "proved";
    case PartStatus::Counterexample: return "counterexample";
    case PartStatus::Inconclusive: return "inconclusive";
    case PartStatus::Skipped: return "skipped";
  }
  return "?";
}

const PartResult* EquivResult::deciding() const noexcept {
  for (const auto& p : parts) {
    if (p.status == PartStatus::Counterexample) return &p;
  }
  for (const auto& p : parts) {
    if (p.status == PartStatus::Inconclusive) return &p;
  }
  return nullptr;
}

EquivResult run_equiv(const EquivInput& in, const EquivOptions& options) {
  EquivResult res;
  const sem::LaunchSpec& spec = *in.spec;
  const ir::Kernel& ki = pick_kernel(*in.original, spec, "original");
  const ir::Kernel& ko = pick_kernel(*in.transformed, spec, "transformed");
  res.kernel = ko.name;
  res.origin_recovered = !in.origin.has_value();

  PartResult a{"a", PartStatus::Skipped, {}, {}};
  if (options.part_a) a = part_a(in, ki, ko, res);

  PartResult b{"b", PartStatus::Skipped, {}, {}};
  PartResult c{"c", PartStatus::Skipped, {}, {}};
  if (options.part_b || options.part_c) {
    sem::LaunchSpec one = spec;
    one.kernel = ko.name;
    const auto setup_o = sem::prepare_launch(*in.transformed, one);
    std::optional<std::size_t> fair_o;  // index in res.runs
    if (options.part_b) {
      res.runs.push_back(explore_run(*setup_o, "transformed under " + sem::model_spec_name(options.model) + ", fair",
                                     options.model, true, options.bounds));
      fair_o = res.runs.size() - 1;
      b = part_b(res.runs.back().result, options.model);
    }
    if (options.part_c) {
      c.check = "precondition";
      one.kernel = ki.name;
      const auto setup_i = sem::prepare_launch(*in.original, one);
      res.runs.push_back(explore_run(*setup_i, "original under mimd, fair", sem::ModelKind::Mimd, true,
                                     options.bounds));
      const Exploration& ei = res.runs.back().result;
      if (ei.finding) {
        c.status = PartStatus::Inconclusive;
        c.detail = "ORIGINAL does not satisfy SSDE's precondition (termination under every fair MIMD schedule): " +
                   finding_text(*ei.finding);
      } else if (!ei.exhaustive()) {
        c.status = PartStatus::Inconclusive;
        c.detail = "ORIGINAL under mimd: " + bound_text(ei);
      } else {
        const std::vector<Digest> fi = ei.final_digests;
        c.check = "inclusion";
        const Exploration* eo = nullptr;
        if (fair_o && !res.runs[*fair_o].result.finding && res.runs[*fair_o].result.exhaustive()) {
          eo = &res.runs[*fair_o].result;
        } else {
          res.runs.push_back(explore_run(*setup_o, "transformed under " + sem::model_spec_name(options.model) + ", safety",
                                         options.model, false, options.bounds));
          eo = &res.runs.back().result;
        }
        res.original_finals = fi.size();
        res.transformed_finals = eo->final_digests.size();
        if (eo->finding) {
          c.status = PartStatus::Counterexample;
          c.detail = "the transformed kernel under " + hardware_name(options.model) + ": " + finding_text(*eo->finding) +
                     " (the original terminates without error under every fair MIMD schedule)";
        } else if (!eo->exhaustive()) {
          c.status = PartStatus::Inconclusive;
          c.detail = "TRANSFORMED under " + sem::model_spec_name(options.model) + ": " + bound_text(*eo);
        } else {
          std::set_difference(eo->final_digests.begin(), eo->final_digests.end(), fi.begin(), fi.end(),
                              std::back_inserter(res.missing), digest_less);
          if (res.missing.empty()) {
            c.status = PartStatus::Proved;
            c.check.clear();
          } else {
            c.status = PartStatus::Counterexample;
            c.detail = fmt::format(
                "{} of the {} final memory states of TRANSFORMED under {} are not final states of ORIGINAL "
                "under mimd ({} final states)",
                res.missing.size(), eo->final_digests.size(), sem::model_spec_name(options.model), fi.size());
          }
        }
      }
    }
  }
  res.parts = {a, b, c};
  const PartResult* d = res.deciding();
  res.verdict = d == nullptr ? Verdict::Proved
                             : (d->status == PartStatus::Counterexample ? Verdict::Counterexample : Verdict::Inconclusive);
  return res;
}

}  // namespace lockstep::checker::equiv
