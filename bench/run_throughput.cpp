// Execution throughput of `lockstep run`: thread instructions per second of
// one core, and the peak memory, for the two benchmark launches
// (bench/launches/): vector_add over 2^22 threads and reduce_shared over
// 2^20 threads, under `stack` and under `mimd`, with the round-robin
// schedule (every warp's registers are touched once per round: memory
// bound) and the greedy one (a warp runs until it blocks or exits).
//
// Only the run is timed (not parsing, set-up or printing). Figures, one
// "KEY VALUE" line each:
//   run.<launch>.<model>.<schedule>.thread_instr_per_s   thread instructions / CPU second
//   run.<launch>.<model>.<schedule>.seconds              CPU seconds of the run
//   run.<launch>.<model>.<schedule>.thread_instructions
//   run.peak_rss_mb                           peak resident memory of the process
// Usage: run_throughput [--model stack|mimd|both|all|MODEL] [--launch vector_add|reduce|both|vector_add_64k]
// (both: stack and mimd; all: also aware, mp, mp-orec, its, minpc, lee; MODEL:
// any model spec of `lockstep models`, e.g. aware:timeout=1000).
#include <sys/resource.h>

#include <algorithm>
#include <cstdio>
#include <ctime>
#include <string>
#include <string_view>
#include <vector>

#include "frontend/load.hpp"
#include "semantics/launch/model_spec.hpp"
#include "semantics/launch/residency.hpp"
#include "semantics/launch/run_model.hpp"
#include "semantics/spec/launch_spec.hpp"

namespace {

double cpu_seconds() {
  timespec ts{};
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
  return static_cast<double>(ts.tv_sec) + static_cast<double>(ts.tv_nsec) * 1e-9;
}

int run_one(const char* name, const char* ptx, const char* spec_path, const lockstep::sem::ModelSpec& model,
            lockstep::sem::SchedulePolicy policy) {
  using namespace lockstep;
  const std::string root = LOCKSTEP_SOURCE_DIR;
  const ir::Module module = load_ptx_file(root + "/" + ptx);
  sem::LaunchSpec spec = sem::parse_launch_spec_file(root + "/" + spec_path);
  const auto setup = sem::prepare_launch(module, spec);
  for (sem::BufferSpec& b : spec.buffers) std::vector<std::uint8_t>().swap(b.bytes);  // as `run` drops them
  sem::RunOptions opt;
  opt.max_steps = 0;
  opt.policy = policy;
  // `run`'s default residency: as many blocks as its default memory budget holds.
  opt.resident_blocks = static_cast<std::uint32_t>(
      std::min<std::uint64_t>(sem::blocks_within_budget(*setup, sem::kDefaultMemoryBudgetMiB), 0xffffffffU));
  const double t0 = cpu_seconds();
  const sem::RunOutcome r = sem::run_model(*setup, model, opt);
  const double t = cpu_seconds() - t0;
  const std::string key = std::string("run.") + name + "." + sem::model_spec_name(model) +
                          (policy == sem::SchedulePolicy::Greedy ? ".greedy" : ".round_robin");
  const auto ti = static_cast<double>(r.result.stats.thread_instructions);
  std::printf("%s.status %s\n", key.c_str(), sem::run_status_name(r.result.status));
  std::printf("%s.resident_blocks %u\n", key.c_str(),
              r.result.resident_blocks == 0 ? static_cast<unsigned>(setup->shape.blocks()) : r.result.resident_blocks);
  std::printf("%s.thread_instructions %.0f\n", key.c_str(), ti);
  std::printf("%s.warp_instructions %llu\n", key.c_str(),
              static_cast<unsigned long long>(r.result.stats.warp_instructions));
  std::printf("%s.seconds %.3f\n", key.c_str(), t);
  std::printf("%s.thread_instr_per_s %.0f\n", key.c_str(), ti / t);
  std::fflush(stdout);
  return r.result.status == sem::RunStatus::Completed ? 0 : 1;
}

}  // namespace

int main(int argc, char** argv) {
  namespace sem = lockstep::sem;
  std::string_view model = "both";
  std::string_view launch = "both";
  for (int i = 1; i + 1 < argc; i += 2) {
    const std::string_view a = argv[i];
    if (a == "--model") model = argv[i + 1];
    if (a == "--launch") launch = argv[i + 1];
  }
  int rc = 0;
  using lockstep::sem::SchedulePolicy;
  std::vector<sem::ModelSpec> models;
  if (model == "both" || model == "all") {
    models = {sem::ModelKind::Stack, sem::ModelKind::Mimd};
    if (model == "all") {
      for (const sem::ModelKind k : {sem::ModelKind::Aware, sem::ModelKind::Mp, sem::ModelKind::MpOrec,
                                     sem::ModelKind::Its, sem::ModelKind::MinPc, sem::ModelKind::Lee}) {
        models.emplace_back(k);
      }
    }
  } else {
    const sem::ModelSpecParse p = sem::parse_model_spec(model);
    if (!p.spec) {
      std::fprintf(stderr, "run_throughput: %s\n", p.error.c_str());
      return 1;
    }
    models.push_back(*p.spec);
  }
  for (const sem::ModelSpec& m : models) {
    for (const SchedulePolicy p : {SchedulePolicy::RoundRobin, SchedulePolicy::Greedy}) {
      if (launch == "both" || launch == "vector_add") {
        rc |= run_one("vector_add_4m", "models/kernels/vector_add/vector_add.ptx", "bench/launches/vector_add_4m.toml",
                      m, p);
      }
      if (launch == "vector_add_64k") {  // 65,535 x 1,024 threads: the residency figure
        rc |= run_one("vector_add_64k", "models/kernels/vector_add/vector_add.ptx",
                      "bench/launches/vector_add_64k_blocks.toml", m, p);
      }
      if (launch == "both" || launch == "reduce") {
        rc |= run_one("reduce_1m", "models/kernels/reduce_shared/reduce_shared.ptx", "bench/launches/reduce_1m.toml", m,
                      p);
      }
    }
  }
  rusage ru{};
  getrusage(RUSAGE_SELF, &ru);
  std::printf("run.peak_rss_mb %.1f\n", static_cast<double>(ru.ru_maxrss) / 1024.0);
  return rc;
}
