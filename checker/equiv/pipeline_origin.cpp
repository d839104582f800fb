// pipeline_origin (pipeline_origin.hpp).
#include "checker/equiv/pipeline_origin.hpp"

#include <numeric>
#include <stdexcept>

#include "checker/ssde/ssde.hpp"
#include "frontend/analysis/kernel_analysis.hpp"

namespace lockstep::checker::equiv {

std::vector<std::uint32_t> pipeline_origin(const ir::Module& module, const SsdePipelineResult& r) {
  const ir::Kernel& input = module.kernels.at(r.kernel_index);
  if (!r.transformed) {
    std::vector<std::uint32_t> id(input.code.size());
    std::iota(id.begin(), id.end(), 0U);
    return id;
  }
  const analysis::KernelAnalysis a = analysis::analyze_kernel(input);
  SsdeResult again = ssde_transform(input, a, r.groups);
  if (again.kernel.code.size() != r.kernel.code.size()) {
    throw std::runtime_error("ssde: internal: the transformation is not reproducible (origin map)");
  }
  return std::move(again.origin);
}

}  // namespace lockstep::checker::equiv
