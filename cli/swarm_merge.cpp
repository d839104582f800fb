#include "cli/swarm_merge.hpp"

#include <filesystem>
#include <fstream>
#include <optional>
#include <sstream>
#include <system_error>
#include <vector>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "checker/trace/trace.hpp"
#include "checker/trace/trace_json.hpp"
#include "cli/usage_error.hpp"
#include "frontend/diagnostics.hpp"

namespace lockstep::cli {
namespace {

namespace fs = std::filesystem;
using nlohmann::ordered_json;

std::optional<std::string> slurp(const fs::path& p) {
  std::ifstream f(p);
  if (!f) return std::nullopt;
  std::ostringstream s;
  s << f.rdbuf();
  return s.str();
}

std::string first_line(const std::string& text) {
  const std::size_t n = text.find('\n');
  return n == std::string::npos ? text : text.substr(0, n);
}

struct JobOutcome {
  std::uint64_t job = 0, seed = 0;
  enum class Kind { NotRun, Failed, Verified, Counterexample, Inconclusive } kind = Kind::NotRun;
  std::string text;         ///< one line
  std::string trace_path;   ///< counterexample
  std::size_t steps = 0;    ///< counterexample
  std::uint64_t states = 0;
};

JobOutcome read_job(const fs::path& dir, std::uint64_t job, std::uint64_t seed) {
  JobOutcome r;
  r.job = job;
  r.seed = seed;
  const fs::path base = dir / fmt::format("job-{}", job);
  const auto status = slurp(base.string() + ".status");
  if (!status) {
    r.text = "not run (no job-" + std::to_string(job) + ".status)";
    return r;
  }
  const auto report = slurp(base.string() + ".json");
  const ordered_json j = report ? ordered_json::parse(*report, nullptr, false) : ordered_json();
  if (!report || j.is_discarded() || !j.is_object() || !j.contains("verdict")) {
    r.kind = JobOutcome::Kind::Failed;
    const auto err = slurp(base.string() + ".err");
    r.text = fmt::format("failed (exit status {}): {}", first_line(*status),
                         err && !err->empty() ? first_line(*err) : std::string("no report"));
    return r;
  }
  if (j.contains("stats") && j["stats"].contains("states")) r.states = j["stats"]["states"].get<std::uint64_t>();
  const std::string verdict = j["verdict"].get<std::string>();
  if (verdict == "counterexample" && j["trace"].is_string()) {
    r.trace_path = j["trace"].get<std::string>();
    try {
      const checker::Trace t = checker::read_trace_file(r.trace_path);
      r.kind = JobOutcome::Kind::Counterexample;
      r.steps = t.steps.size();
      r.text = fmt::format("counterexample: {} in {} steps", checker::finding_summary(t), r.steps);
    } catch (const InputError& e) {
      r.kind = JobOutcome::Kind::Failed;
      r.text = fmt::format("failed: its trace does not read: {}", e.what());
    }
  } else if (verdict == "verified") {
    r.kind = JobOutcome::Kind::Verified;
    r.text = fmt::format("verified: every state explored ({} states)", r.states);
  } else {
    r.kind = JobOutcome::Kind::Inconclusive;
    std::string why = "inconclusive";
    if (j.contains("bound") && j["bound"].is_object()) {
      why += fmt::format(" (stopped by the {} bound at {})", j["bound"]["kind"].get<std::string>(),
                         j["bound"]["limit"].dump());
    }
    r.text = fmt::format("{}, {} states", why, r.states);
  }
  return r;
}

}  // namespace

int run_swarm_merge(const SwarmMergeOptions& o, std::ostream& out) {
  const fs::path dir(o.dir);
  const auto manifest_text = slurp(dir / "swarm.json");
  if (!manifest_text) usage_error(fmt::format("{}: no swarm.json (lockstep swarm plan writes one)", o.dir));
  const ordered_json m = ordered_json::parse(*manifest_text, nullptr, false);
  if (m.is_discarded() || !m.is_object() || !m.contains("jobs") || !m["jobs"].is_array() || !m.contains("ptx")) {
    usage_error(fmt::format("{}: swarm.json is not a swarm manifest", (dir / "swarm.json").string()));
  }
  std::vector<JobOutcome> jobs;
  for (const ordered_json& job : m["jobs"]) {
    if (!job.contains("job") || !job.contains("seed")) usage_error(fmt::format("{}: a job without index or seed", o.dir));
    jobs.push_back(read_job(dir, job["job"].get<std::uint64_t>(), job["seed"].get<std::uint64_t>()));
  }
  const JobOutcome* best = nullptr;
  const JobOutcome* proof = nullptr;
  std::size_t found = 0, ran = 0, failed = 0;
  std::uint64_t states = 0;
  for (const JobOutcome& j : jobs) {
    ran += j.kind != JobOutcome::Kind::NotRun ? 1U : 0U;
    failed += j.kind == JobOutcome::Kind::Failed ? 1U : 0U;
    states += j.states;
    if (j.kind == JobOutcome::Kind::Verified && proof == nullptr) proof = &j;
    if (j.kind != JobOutcome::Kind::Counterexample) continue;
    ++found;
    if (best == nullptr || j.steps < best->steps) best = &j;
  }
  const std::string ptx = m["ptx"].get<std::string>();
  const fs::path merged = dir / "swarm.trace.json";
  if (best != nullptr) {
    std::error_code ec;
    fs::copy_file(best->trace_path, merged, fs::copy_options::overwrite_existing, ec);
    if (ec) usage_error(fmt::format("cannot copy {} to {}: {}", best->trace_path, merged.string(), ec.message()));
  }
  const int status = best != nullptr ? 3 : proof != nullptr ? 0 : 4;
  std::string verdict;
  if (best != nullptr) {
    verdict = fmt::format("counterexample: found by {} of {} jobs; job {} (seed {}) has the shortest trace", found,
                          jobs.size(), best->job, best->seed);
  } else if (proof != nullptr) {
    verdict = fmt::format("verified by job {} (seed {}): its search was exhaustive, so its verdict is a proof",
                          proof->job, proof->seed);
  } else {
    verdict = "inconclusive: no job found a counterexample, and a swarm proves nothing (`lockstep verify` without "
              "bounds is the proof)";
  }
  if (o.json) {
    ordered_json j;
    j["verdict"] = best != nullptr ? "counterexample" : proof != nullptr ? "verified" : "inconclusive";
    j["summary"] = verdict;
    j["ptx"] = ptx;
    j["jobs"] = jobs.size();
    j["ran"] = ran;
    j["failed"] = failed;
    j["counterexamples"] = found;
    j["states"] = states;
    j["trace"] = best != nullptr ? ordered_json(merged.string()) : ordered_json(nullptr);
    ordered_json list = ordered_json::array();
    for (const JobOutcome& x : jobs) list.push_back({{"job", x.job}, {"seed", x.seed}, {"outcome", x.text}});
    j["per_job"] = std::move(list);
    out << j.dump(1) << '\n';
    return status;
  }
  out << fmt::format("swarm: {} jobs, {} ran, {} failed, {} states explored in all\n", jobs.size(), ran, failed,
                     states);
  for (const JobOutcome& x : jobs) out << fmt::format("  job {} (seed {}): {}\n", x.job, x.seed, x.text);
  out << "verdict: " << verdict << '\n';
  if (best != nullptr) {
    out << fmt::format("  {}\n  trace: {} (replay: lockstep run {} --replay {})\n", best->text, merged.string(), ptx,
                       merged.string());
  }
  out << "A swarm finds counterexamples; it proves nothing: each job searched a bounded part of the state space in "
         "its own order.\n";
  return status;
}

}  // namespace lockstep::cli
