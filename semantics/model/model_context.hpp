// Immutable inputs a divergence model reads: the kernel and the
// reconvergence table the caller chose (NVIDIA IPDOM by default); and the
// one output a timing model may ask for: where a model with virtualised
// tables records the warp's table traffic (table_traffic.hpp).
#pragma once

#include "frontend/analysis/reconvergence_table.hpp"
#include "frontend/ir/kernel.hpp"
#include "semantics/model/table_traffic.hpp"

namespace lockstep::sem {

struct ModelContext {
  const ir::Kernel* kernel = nullptr;
  const analysis::ReconvergenceTable* reconv = nullptr;
  /// The warp's spills and fills are appended here; null: nobody listens (run, verify).
  TableTraffic* traffic = nullptr;
};

}  // namespace lockstep::sem
