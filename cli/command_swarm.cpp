// `lockstep swarm plan FILE --launch SPEC [--jobs N] [--first-seed S]
//  [--max-states N] [--timeout S] [--max-memory MiB] [--model M]
//  [--reconvergence T] [--property P] [--kernel NAME] [--dir DIR]
//  [--lockstep PATH]` and `lockstep swarm merge DIR [--json]`: swarm search
// (cli/swarm_plan.hpp, cli/swarm_merge.hpp, docs/explorer.md).
#include <memory>

#include "cli/commands.hpp"
#include "cli/swarm_merge.hpp"
#include "cli/swarm_plan.hpp"

namespace lockstep::cli {

void add_swarm_command(CLI::App& app, Action& action) {
  auto* swarm = app.add_subcommand(
      "swarm", "Swarm search: many bounded verify jobs in different search orders (finds bugs, proves nothing)");
  swarm->require_subcommand(1);

  auto* plan = swarm->add_subcommand("plan", "Write a swarm's jobs, with runners for GNU parallel, ssh and Slurm");
  auto p = std::make_shared<SwarmPlanOptions>();
  plan->add_option("file", p->verify.file, "PTX file")->required();
  plan->add_option("--launch", p->verify.launch, "launch specification (TOML)")->required();
  plan->add_option("-k,--kernel", p->verify.kernel, "the kernel to launch (default: the spec's)");
  plan->add_option("--model", p->verify.model, "divergence model, as for verify")->capture_default_str();
  plan->add_option("--reconvergence", p->verify.reconvergence, "reconvergence table, as for verify")->capture_default_str();
  plan->add_option("--property", p->verify.property, "properties, as for verify")->capture_default_str();
  plan->add_option("--jobs", p->jobs, "number of jobs (1 .. 100000)")->capture_default_str();
  plan->add_option("--first-seed", p->first_seed, "search-order seed of job 0; job i takes the next ones")
      ->capture_default_str();
  plan->add_option("--max-states", p->verify.max_states, "state bound of each job")->capture_default_str();
  plan->add_option("--max-depth", p->verify.max_depth, "depth bound of each job")->capture_default_str();
  plan->add_option("--timeout", p->verify.timeout, "time bound of each job, seconds (0: none)")->capture_default_str();
  plan->add_option("--max-memory", p->verify.max_memory, "memory bound of each job, MiB (auto: as verify's)")->capture_default_str();
  plan->add_option("--dir", p->dir, "where to write the swarm")->capture_default_str();
  plan->add_option("--lockstep", p->lockstep, "the lockstep executable the jobs run (default: this one)");
  plan->callback([&action, p] { action = [p](std::ostream& out, std::ostream&) { return run_swarm_plan(*p, out); }; });

  auto* merge = swarm->add_subcommand("merge", "Merge what a swarm's jobs found: the shortest counterexample");
  auto m = std::make_shared<SwarmMergeOptions>();
  merge->add_option("dir", m->dir, "the swarm directory")->required();
  merge->add_flag("--json", m->json, "machine-readable JSON");
  merge->callback([&action, m] { action = [m](std::ostream& out, std::ostream&) { return run_swarm_merge(*m, out); }; });
}

}  // namespace lockstep::cli
