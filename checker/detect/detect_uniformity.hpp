// The uniformity analysis detection reasons with: the frontend's
// (analysis/uniformity.hpp), refined with two facts the frontend alone does
// not have (docs/detection.md, "Uniformity in detection"):
//
// - Paths that can only end in an error (analysis/error_paths.hpp) are
//   removed from the block graph the analysis walks. A thread on such a path
//   reaches no join and leaves no loop without ending the launch in an error
//   first, so values stay uniform among the threads that are not committed
//   to an error: `if (!valid) __trap();` makes no value divergent.
// - Local memory is split into the slots the alias analysis can place
//   (frame_slots.hpp): a `-G` frame slot written only with uniform values,
//   under uniform control, reads back uniform, whatever other slots hold.
//
// Without error-only blocks and without placed local accesses the result
// is the frontend's.
#pragma once

#include <vector>

#include "checker/alias/alias.hpp"
#include "frontend/analysis/kernel_analysis.hpp"
#include "frontend/analysis/uniformity.hpp"
#include "frontend/ir/kernel.hpp"

namespace lockstep::checker {

/// `error_only` is analysis::error_only_blocks(kernel); `addresses` the
/// kernel's alias analysis.
[[nodiscard]] analysis::Uniformity detect_uniformity(const ir::Kernel& kernel, const analysis::KernelAnalysis& a,
                                                     const std::vector<bool>& error_only,
                                                     const AddressAnalysis& addresses);

}  // namespace lockstep::checker
