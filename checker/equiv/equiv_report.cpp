// Text and JSON renderings of equiv results (equiv_report.hpp).
#include "checker/equiv/equiv_report.hpp"

#include <fmt/format.h>

namespace lockstep::checker::equiv {
namespace {

const char* part_title(const std::string& name) {
  if (name == "a") return "per-thread refinement";
  if (name == "b") return "SIMT termination";
  return "final-memory inclusion";
}

nlohmann::json finding_json(const Exploration& e) {
  if (!e.finding) return nullptr;
  return {{"kind", finding_kind_name(e.finding->kind)},
          {"steps", e.finding->steps.size()},
          {"cycle_start", e.finding->cycle_start},
          {"detail", e.finding->detail}};
}

nlohmann::json bound_json(const Exploration& e) {
  if (e.exhaustive()) return nullptr;
  return {{"kind", bound_kind_name(e.bound)}, {"limit", e.bound_limit}, {"detail", e.bound_detail}};
}

std::string run_line(const ExploreRun& run, bool stats) {
  const Exploration& e = run.result;
  std::string s = fmt::format("  explored {}: ", run.what);
  if (e.finding) {
    s += finding_kind_name(e.finding->kind);
  } else if (!e.exhaustive()) {
    s += fmt::format("stopped by the {} bound", bound_kind_name(e.bound));
  } else {
    s += "exhaustive, nothing found";
  }
  if (stats) {
    s += fmt::format(" ({} states, {} transitions, {} final memory states, {:.2f} s)", e.stats.states,
                     e.stats.transitions, e.final_digests.size(), e.stats.seconds);
  }
  return s;
}

}  // namespace

void equiv_text(std::ostream& out, const EquivResult& r, bool stats) {
  const PartResult* d = r.deciding();
  if (d == nullptr) {
    out << fmt::format("equiv: {}\n", verdict_name(r.verdict));
  } else {
    out << fmt::format("equiv: {} (part {}, {})\n", verdict_name(r.verdict), d->name, d->check);
    out << fmt::format("  {}\n", d->detail);
  }
  out << fmt::format("kernel {}, origin map {}\n", r.kernel, r.origin_recovered ? "recovered" : "given");
  if (!r.origin_error.empty()) out << fmt::format("  the origin map could not be recovered: {}\n", r.origin_error);
  for (const PartResult& p : r.parts) {
    out << fmt::format("part {} ({}): {}", p.name, part_title(p.name), part_status_name(p.status));
    if (!p.check.empty() && p.status != PartStatus::Proved) out << fmt::format(" [{}]", p.check);
    out << '\n';
    if (p.name == "a") {
      for (const CheckResult& c : r.refinement.checks) {
        out << fmt::format("  {}: {}", c.name, check_status_name(c.status));
        if (c.status == CheckStatus::Passed && !c.detail.empty()) out << fmt::format(" ({})", c.detail);
        out << '\n';
      }
    }
  }
  for (const ExploreRun& run : r.runs) out << run_line(run, stats) << '\n';
  if (r.parts.size() == 3 && r.parts[2].status != PartStatus::Skipped && r.transformed_finals > 0) {
    out << fmt::format("final memory states: original {}, transformed {}, not reached by the original {}\n",
                       r.original_finals, r.transformed_finals, r.missing.size());
  }
}

nlohmann::json equiv_json(const EquivResult& r, bool stats) {
  nlohmann::json j;
  j["verdict"] = verdict_name(r.verdict);
  j["kernel"] = r.kernel;
  j["origin"] = r.origin_recovered ? "recovered" : "given";
  if (!r.origin_error.empty()) j["origin_error"] = r.origin_error;
  const PartResult* d = r.deciding();
  j["deciding"] = d == nullptr ? nlohmann::json(nullptr)
                               : nlohmann::json{{"part", d->name}, {"check", d->check}, {"detail", d->detail}};
  nlohmann::json parts = nlohmann::json::array();
  for (const PartResult& p : r.parts) {
    parts.push_back({{"part", p.name}, {"status", part_status_name(p.status)}, {"check", p.check}, {"detail", p.detail}});
  }
  j["parts"] = std::move(parts);
  nlohmann::json checks = nlohmann::json::array();
  for (const CheckResult& c : r.refinement.checks) {
    checks.push_back({{"name", c.name}, {"status", check_status_name(c.status)}, {"detail", c.detail}});
  }
  j["checks"] = std::move(checks);
  j["solver_queries"] = r.refinement.solver_queries;
  nlohmann::json runs = nlohmann::json::array();
  for (const ExploreRun& run : r.runs) {
    nlohmann::json x{{"what", run.what},
                     {"model", sem::model_spec_name(run.model)},
                     {"fairness", run.fairness},
                     {"exhaustive", run.result.exhaustive()},
                     {"bound", bound_json(run.result)},
                     {"finding", finding_json(run.result)}};
    if (stats) {
      const ExploreStats& s = run.result.stats;
      x["stats"] = {{"states", s.states},         {"transitions", s.transitions},
                    {"terminal", s.terminal},     {"final_states", run.result.final_digests.size()},
                    {"max_depth", s.max_depth},   {"seconds", s.seconds}};
    }
    runs.push_back(std::move(x));
  }
  j["explorations"] = std::move(runs);
  j["final_states"] = {{"original", r.original_finals},
                       {"transformed", r.transformed_finals},
                       {"missing", r.missing.size()}};
  return j;
}

}  // namespace lockstep::checker::equiv
