#include "cli/swarm_plan.hpp"

#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <system_error>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "checker/trace/trace.hpp"
#include "checker/verify/verdict.hpp"
#include "cli/bound_options.hpp"
#include "cli/kernel_select.hpp"
#include "cli/model_options.hpp"
#include "cli/usage_error.hpp"
#include "frontend/diagnostics.hpp"
#include "frontend/load.hpp"
#include "frontend/source.hpp"
#include "semantics/spec/launch_spec.hpp"

namespace lockstep::cli {
namespace {

namespace fs = std::filesystem;

std::string absolute(const std::string& path) { return fs::weakly_canonical(fs::absolute(path)).string(); }

std::string this_executable() {
  std::error_code ec;
  const fs::path p = fs::read_symlink("/proc/self/exe", ec);
  return ec ? std::string("lockstep") : p.string();
}

void write_file(const fs::path& path, const std::string& text, bool executable) {
  std::ofstream f(path);
  f << text;
  f.close();
  if (!f) usage_error(fmt::format("cannot write {}", path.string()));
  if (executable) {
    std::error_code ec;
    fs::permissions(path, fs::perms::owner_exec | fs::perms::group_exec | fs::perms::others_exec,
                    fs::perm_options::add, ec);
  }
}

}  // namespace

std::string shell_quote(const std::string& s) {
  std::string q = "'";
  for (const char c : s) q += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return q + "'";
}

int run_swarm_plan(const SwarmPlanOptions& o, std::ostream& out) {
  // Everything is checked before anything is written.
  const std::uint64_t jobs = parse_count_option("--jobs", o.jobs, 1);
  if (jobs > 100000) usage_error(fmt::format("--jobs: '{}' is more than 100000 jobs", o.jobs));
  const std::uint64_t first = parse_count_option("--first-seed", o.first_seed, 1);
  if (first > ~std::uint64_t{0} - jobs) usage_error(fmt::format("--first-seed: '{}' leaves no room for {} seeds", o.first_seed, jobs));
  const std::uint64_t max_states = parse_count_option("--max-states", o.max_states, 1);
  const double timeout = parse_seconds_option("--timeout", o.timeout);
  const std::uint64_t max_memory = parse_count_option("--max-memory", o.max_memory, 1);
  const sem::ModelSpec model = parse_model_option(o.model);
  (void)parse_table_option(o.reconvergence);
  if (!checker::parse_properties(o.property)) {
    usage_error(fmt::format("unknown property '{}' (a comma-separated list of all, safety, termination, barrier-divergence, serializable)",
                     o.property));
  }
  const ir::Module module = load_ptx_file(o.file);
  require_kernels(module);
  (void)sem::parse_launch_spec_file(o.launch);  // a malformed spec is an error now, not in every job
  if (!o.kernel.empty()) (void)select_kernels(module, o.kernel);
  if (o.dir.empty()) usage_error("--dir: a directory is needed");
  std::error_code ec;
  fs::create_directories(o.dir, ec);
  if (ec) usage_error(fmt::format("--dir: cannot create {}: {}", o.dir, ec.message()));

  const std::string dir = absolute(o.dir);
  const std::string exe = o.lockstep.empty() ? this_executable() : o.lockstep;
  const std::string ptx = absolute(o.file);
  const std::string launch = absolute(o.launch);
  nlohmann::ordered_json manifest;
  manifest["swarm"] = 1;
  manifest["ptx"] = ptx;
  manifest["ptx_xxh64"] = checker::xxh64_hex(Source::read_file(o.file).text());
  manifest["launch"] = launch;
  manifest["kernel"] = o.kernel;
  manifest["model"] = sem::model_spec_name(model);
  manifest["reconvergence"] = o.reconvergence;
  manifest["property"] = o.property;
  manifest["max_states"] = max_states;
  manifest["timeout"] = timeout;
  manifest["max_memory_mib"] = max_memory;
  nlohmann::ordered_json list = nlohmann::ordered_json::array();
  std::string lines;
  for (std::uint64_t i = 0; i < jobs; ++i) {
    const std::uint64_t seed = first + i;
    const std::string base = fmt::format("{}/job-{}", dir, i);
    std::string cmd = fmt::format(
        "{} verify {} --launch {} --model {} --reconvergence {} --property {}{} --order-seed {} --max-states {} "
        "--timeout {} --max-memory {} --quiet --no-timing --json --trace-out {}",
        shell_quote(exe), shell_quote(ptx), shell_quote(launch), shell_quote(o.model), shell_quote(o.reconvergence),
        shell_quote(o.property), o.kernel.empty() ? std::string() : " --kernel " + shell_quote(o.kernel), seed,
        max_states, o.timeout, max_memory, shell_quote(base + ".trace.json"));
    cmd += fmt::format(" > {} 2> {}; echo $? > {}", shell_quote(base + ".json"), shell_quote(base + ".err"),
                       shell_quote(base + ".status"));
    lines += cmd + '\n';
    list.push_back({{"job", i}, {"seed", seed}, {"command", cmd}});
  }
  manifest["jobs"] = std::move(list);
  const fs::path d(dir);
  write_file(d / "swarm.json", manifest.dump(1) + '\n', false);
  write_file(d / "jobs.txt", lines, false);
  write_file(d / "run-local.sh",
             "#!/usr/bin/env bash\n"
             "# Runs every job of this swarm on this machine with GNU parallel, as many at\n"
             "# once as there are cores (JOBS=N to choose); then: lockstep swarm merge DIR.\n"
             "set -euo pipefail\n"
             "cd \"$(dirname \"$0\")\"\n"
             "parallel --will-cite --jobs \"${JOBS:-100%}\" --joblog joblog.txt < jobs.txt\n",
             true);
  write_file(d / "run-ssh.sh",
             "#!/usr/bin/env bash\n"
             "# Runs the jobs on the machines of an --sshloginfile (GNU parallel's format:\n"
             "# one [N/]host per line, ':' for this machine). Every machine must see this\n"
             "# directory, the PTX, the launch spec and the lockstep executable at the\n"
             "# same paths (a shared file system).\n"
             "set -euo pipefail\n"
             "cd \"$(dirname \"$0\")\"\n"
             "parallel --will-cite --sshloginfile \"${1:?usage: run-ssh.sh SSHLOGINFILE}\" --joblog joblog.txt < jobs.txt\n",
             true);
  const std::uint64_t minutes = timeout <= 0 ? 0 : static_cast<std::uint64_t>(timeout / 60.0) + 2;
  write_file(d / "slurm.sbatch",
             fmt::format("#!/usr/bin/env bash\n"
                         "# One array task per job (sbatch slurm.sbatch), on a shared file system.\n"
                         "#SBATCH --job-name=lockstep-swarm\n"
                         "#SBATCH --array=0-{}\n"
                         "#SBATCH --ntasks=1\n"
                         "#SBATCH --cpus-per-task=1\n"
                         "#SBATCH --mem={}M\n"
                         "{}"
                         "#SBATCH --output={}/slurm-%A_%a.out\n"
                         "set -euo pipefail\n"
                         "cd {}\n"
                         "line=$(sed -n \"$((SLURM_ARRAY_TASK_ID + 1))p\" jobs.txt)\n"
                         "bash -c \"$line\"\n",
                         jobs - 1, max_memory + 512,
                         minutes == 0 ? std::string() : fmt::format("#SBATCH --time={}\n", minutes), dir,
                         shell_quote(dir)),
             true);
  out << fmt::format("swarm: {} jobs (seeds {}..{}) in {}\n", jobs, first, first + jobs - 1, dir);
  out << fmt::format("  run them: {}/run-local.sh (GNU parallel), {}/run-ssh.sh SSHLOGINFILE or sbatch {}/slurm.sbatch\n",
                     dir, dir, dir);
  out << fmt::format("  then: lockstep swarm merge {}\n", dir);
  return 0;
}

}  // namespace lockstep::cli
