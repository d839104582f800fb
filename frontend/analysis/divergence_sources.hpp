// Sources of divergence: instructions whose results can differ between the
// threads of a warp whatever their inputs (analysis/uniformity.hpp lists
// the rules and the reasons for them).
#pragma once

#include <cstdint>

#include "frontend/analysis/uniformity.hpp"
#include "frontend/ir/kernel.hpp"

namespace lockstep::analysis {

/// Which memory a kernel writes that other threads can then read.
struct SharedWrites {
  bool global = false;  ///< st/atom/red to .global or generic, or an opaque call
  bool shared = false;  ///< st/atom/red to .shared, .shared::cluster or generic, or an opaque call
};

[[nodiscard]] SharedWrites shared_writes(const ir::Kernel& kernel) noexcept;

/// The divergence the instruction at pc introduces by itself (None when its
/// results depend only on its inputs).
[[nodiscard]] DivergenceCause source_divergence(const ir::Kernel& kernel, std::uint32_t pc,
                                                const SharedWrites& writes) noexcept;

}  // namespace lockstep::analysis
