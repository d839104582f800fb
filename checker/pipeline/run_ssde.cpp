#include "checker/pipeline/run_ssde.hpp"

#include <algorithm>
#include <stdexcept>
#include <string>

#include "checker/detect/detect.hpp"
#include "checker/pipeline/ssde_groups.hpp"

namespace lockstep::checker {

namespace {

/// The output loops whose header starts with an instruction copied from a
/// block of one of the input loops `loops`.
std::vector<std::uint32_t> copies_of(const ir::Kernel& input, const analysis::KernelAnalysis& a,
                                     const ir::Kernel& output, const KernelDetection& after,
                                     const std::vector<std::uint32_t>& origin, const std::vector<std::uint32_t>& loops) {
  std::vector<std::uint32_t> out;
  for (const LoopFinding& f : after.loops) {
    const ir::Block& h = output.blocks[f.header];
    std::uint32_t from = kAddedPc;
    for (std::uint32_t pc = h.first_pc; pc <= h.last_pc && from == kAddedPc; ++pc)
      if (pc < origin.size()) from = origin[pc];
    if (from == kAddedPc) continue;
    const std::uint32_t block = input.block_of(from);
    for (std::uint32_t l : loops)
      if (a.loops.loop(l).header == block) out.push_back(f.loop);
  }
  return out;
}

}  // namespace

SsdePipelineResult run_ssde(const ir::Module& module, std::size_t kernel_index, const DetectOptions& options,
                            const std::vector<std::uint32_t>& left_alone) {
  if (kernel_index >= module.kernels.size()) {
    throw std::out_of_range("run_ssde: no kernel " + std::to_string(kernel_index));
  }
  const ir::Kernel& input = module.kernels[kernel_index];
  const analysis::KernelAnalysis a = analysis::analyze_kernel(input);

  SsdePipelineResult r;
  r.kernel_index = kernel_index;
  r.before = detect(module, input, a, options);
  r.unfixable = r.before.barriers;
  KernelDetection chosen = r.before;
  for (std::uint32_t l : left_alone)
    if (l < chosen.loops.size()) chosen.loops[l].flagged = false;
  r.safepdoms = safe_pdoms(module, input, a, chosen, options, SafeTarget::Stack);
  for (std::uint32_t l : left_alone)
    if (l < r.before.loops.size() && r.before.loops[l].flagged && !r.safepdoms.loops[l].flagged) r.left_alone.push_back(l);
  std::sort(r.left_alone.begin(), r.left_alone.end());
  r.groups = ssde_groups(input, a, r.safepdoms);
  if (r.groups.empty()) {
    r.kernel = input;
    r.after = r.before;
    r.after_left_alone = r.left_alone;
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
  if (!r.left_alone.empty()) r.after_left_alone = copies_of(input, a, r.kernel, r.after, out.origin, r.left_alone);
  return r;
}

}  // namespace lockstep::checker
