// Immutable inputs a divergence model reads: the kernel and the
// reconvergence table the caller chose (NVIDIA IPDOM by default).
#pragma once

#include "frontend/analysis/reconvergence_table.hpp"
#include "frontend/ir/kernel.hpp"

namespace lockstep::sem {

struct ModelContext {
  const ir::Kernel* kernel = nullptr;
  const analysis::ReconvergenceTable* reconv = nullptr;
};

}  // namespace lockstep::sem
