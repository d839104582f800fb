#include "cli/reconvergence_option.hpp"

#include "checker/detect/detect.hpp"
#include "checker/detect/safepdom.hpp"

namespace lockstep::cli {

std::optional<ReconvergenceOption> parse_reconvergence(const std::string& name) {
  ReconvergenceOption o;
  if (name == "nvidia") return o;
  if (name == "ipdom") {
    o.table = sem::ReconvergenceChoice::Ipdom;
    return o;
  }
  if (name == "safe" || name == "safe-aware") {
    o.safe = true;
    o.safe_aware = name == "safe-aware";
    return o;
  }
  return std::nullopt;
}

void apply_reconvergence(const ReconvergenceOption& option, sem::LaunchSetup& setup) {
  if (!option.safe) return;
  const checker::DetectOptions options;
  const checker::KernelDetection d = checker::detect(*setup.module, *setup.kernel, setup.analysis, options);
  const checker::SafeTarget target = option.safe_aware ? checker::SafeTarget::Aware : checker::SafeTarget::Stack;
  setup.use_table(checker::safe_pdoms(*setup.module, *setup.kernel, setup.analysis, d, options, target).table);
}

}  // namespace lockstep::cli
