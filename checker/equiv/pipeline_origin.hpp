// The origin map of an SSDE pipeline result (checker/pipeline/run_ssde.hpp),
// which keeps the output kernel and the groups but not SsdeResult::origin:
// the transformation is deterministic, so running ssde_transform again on
// the input kernel with the same groups gives the same output and its map.
// An untransformed kernel maps every PC to itself.
#pragma once

#include <cstdint>
#include <vector>

#include "checker/pipeline/run_ssde.hpp"
#include "frontend/ir/module.hpp"

namespace lockstep::checker::equiv {

/// Throws std::runtime_error if the re-run does not reproduce r.kernel.
[[nodiscard]] std::vector<std::uint32_t> pipeline_origin(const ir::Module& module, const SsdePipelineResult& r);

}  // namespace lockstep::checker::equiv
