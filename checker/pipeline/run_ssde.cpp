#include "checker/pipeline/run_ssde.hpp"

#include <stdexcept>
#include <string>

#include "checker/detect/detect.hpp"
#include "checker/pipeline/ssde_groups.hpp"

namespace lockstep::checker {

SsdePipelineResult run_ssde(const ir::Module& module, std::size_t kernel_index, const DetectOptions& options) {
  if (kernel_index >= module.kernels.size()) {
    throw std::out_of_range("run_ssde: no kernel " + std::to_string(kernel_index));
  }
  const ir::Kernel& input = module.kernels[kernel_index];
  const analysis::KernelAnalysis a = analysis::analyze_kernel(input);

  SsdePipelineResult r;
  r.kernel_index = kernel_index;
  r.before = detect(module, input, a, options);
  r.unfixable = r.before.barriers;
  r.safepdoms = safe_pdoms(module, input, a, r.before, options, SafeTarget::Stack);
  r.groups = ssde_groups(input, a, r.safepdoms);
  if (r.groups.empty()) {
    r.kernel = input;
    r.after = r.before;
    return r;
  }
  SsdeResult out;
  try {
    out = ssde_transform(input, a, r.groups);
  } catch (const std::invalid_argument&) {
    // The transformation refuses some combinations of points (a point a
    // loop reaches only through another group's back edge, or the start of
    // a loop enclosing the flagged one). The kernel exit is always a valid
    // SafePDom (research digest §3.2): fall back to one group there.
    SsdeGroup all;
    all.point = analysis::kExitPc;
    for (auto& g : r.groups) {
      for (auto& l : g.loops) all.loops.push_back(std::move(l));
    }
    r.groups.assign(1, std::move(all));
    for (auto& s : r.safepdoms.loops)
      if (s.flagged) s.point = analysis::kExitPc;
    r.fell_back_to_exit = true;
    out = ssde_transform(input, a, r.groups);
  }
  r.transformed = true;
  r.kernel = std::move(out.kernel);
  r.report = std::move(out.report);
  // The output kernel refers to the same module-scope variables and files.
  r.after = detect(module, r.kernel, analysis::analyze_kernel(r.kernel), options);
  return r;
}

}  // namespace lockstep::checker
