// `lockstep swarm plan`: a swarm of bounded searches of one launch, each
// with its own search order (verify --order-seed), written as a manifest of
// independent jobs that run anywhere: locally through GNU parallel
// (run-local.sh), on other machines through GNU parallel --sshloginfile
// (run-ssh.sh) or as a Slurm job array (slurm.sbatch). `lockstep swarm
// merge` collects what the jobs found (swarm_merge.hpp). A swarm finds
// counterexamples beyond the reach of one exhaustive search; it proves
// nothing (docs/explorer.md "Swarm search").
//
// The directory holds: swarm.json (the manifest), jobs.txt (one shell
// command per job), the three runners, and, once jobs ran, per job I:
// job-I.json (verify --json), job-I.err, job-I.status (exit status) and
// job-I.trace.json (a counterexample's trace).
#pragma once

#include <ostream>
#include <string>

#include "cli/verify_options.hpp"

namespace lockstep::cli {

/// What every job verifies and its bounds, as verify's options: the input,
/// the model, the properties, and per job a state bound of 100000 and a
/// memory bound of 1024 MiB by default (many jobs share a machine).
[[nodiscard]] inline VerifyCliOptions swarm_job_defaults() {
  VerifyCliOptions v;
  v.max_states = "100000";
  v.max_memory = "1024";
  return v;
}

struct SwarmPlanOptions {
  VerifyCliOptions verify = swarm_job_defaults();  ///< checked as verify checks them
  std::string jobs = "8";
  std::string first_seed = "1";
  std::string dir = "swarm";
  std::string lockstep;               ///< the executable the jobs run (default: this one)
};

/// Validates the options and inputs (every error before anything is
/// written) and writes the swarm directory; prints what it wrote.
int run_swarm_plan(const SwarmPlanOptions& o, std::ostream& out);

/// A path quoted for a POSIX shell.
[[nodiscard]] std::string shell_quote(const std::string& s);

}  // namespace lockstep::cli
