#include "cli/evidence_options.hpp"

#include <filesystem>
#include <system_error>

#include <fmt/format.h>

#include "cli/bound_options.hpp"
#include "cli/usage_error.hpp"
#include "frontend/diagnostics.hpp"
#include "semantics/launch/launch_setup.hpp"

namespace lockstep::cli {
namespace {

/// The directory witnesses go to, created when missing.
void make_evidence_dir(const std::string& dir) {
  namespace fs = std::filesystem;
  std::error_code ec;
  if (fs::is_directory(dir, ec)) return;
  if (fs::exists(dir, ec)) usage_error(fmt::format("--evidence-dir: '{}' is not a directory", dir));
  fs::create_directories(dir, ec);
  if (ec) usage_error(fmt::format("--evidence-dir: cannot create '{}': {}", dir, ec.message()));
}

/// The spec of --launch: it names the selected kernel (or, unnamed, there is
/// exactly one) and resolves against the module as `run` resolves it.
sem::LaunchSpec checked_spec(const std::string& path, const ir::Module& module,
                             const std::vector<const ir::Kernel*>& selected) {
  sem::LaunchSpec spec = sem::parse_launch_spec_file(path);
  if (!spec.kernel && selected.size() == 1) spec.kernel = selected.front()->name;
  (void)sem::prepare_launch(module, spec);  // no such kernel, wrong parameters, ...: its error
  bool chosen = false;
  for (const ir::Kernel* k : selected) chosen = chosen || k->name == *spec.kernel;
  if (!chosen) {
    throw spec.error_at(spec.kernel_loc,
                        fmt::format("kernel: the launch is for kernel '{}', which --kernel leaves out", *spec.kernel));
  }
  return spec;
}

}  // namespace

void add_evidence_bounds(CLI::App* cmd, EvidenceCliOptions& o, CLI::Option* needs) {
  CLI::Option* opts[] = {
      cmd->add_option("--evidence-dir", o.dir, "where witness traces and synthesised launches are written")
          ->capture_default_str(),
      cmd->add_option("--evidence-timeout", o.timeout, "seconds of evidence search per flagged loop (0: none)")
          ->capture_default_str(),
      cmd->add_option("--evidence-max-states", o.max_states, "distinct states per launch the evidence searches")
          ->capture_default_str(),
  };
  if (needs == nullptr) return;
  for (CLI::Option* x : opts) x->needs(needs);
}

checker::EvidenceOptions EvidenceSettings::for_kernel(const ir::Kernel& k) const {
  checker::EvidenceOptions o = options;
  o.spec = spec && spec->kernel == k.name ? &*spec : nullptr;
  return o;
}

EvidenceSettings parse_evidence_options(const EvidenceCliOptions& o, const std::string& ptx, const ir::Module& module,
                                        const std::vector<const ir::Kernel*>& selected,
                                        const checker::DetectOptions& detect) {
  EvidenceSettings s;
  checker::EvidenceOptions& e = s.options;
  e.detect = detect;
  e.ptx_path = ptx;
  e.seconds = parse_seconds_option("--evidence-timeout", o.timeout);
  e.max_states = parse_count_option("--evidence-max-states", o.max_states, 1);
  e.out_dir = o.dir;
  if (!o.dir.empty()) make_evidence_dir(o.dir);
  if (!o.launch.empty()) {
    s.spec = checked_spec(o.launch, module, selected);
    e.spec_path = o.launch;
  }
  return s;
}

}  // namespace lockstep::cli
