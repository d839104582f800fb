// Part (a) of `equiv` (docs/equiv.md): per-thread refinement of an SSDE
// output by its input, independent of any launch. Given the origin map,
// four named checks run in this order, each only when the ones before it
// passed (a later check relies on what an earlier one established):
//   copy        every non-added output instruction equals its origin
//               modulo branch targets;
//   fresh       added instructions are moves of constants, setp/selp over
//               fresh registers, branches, and ret/exit; they write only
//               fresh registers (names the input does not have), touch no
//               memory and do not synchronise; no copied instruction reads
//               or writes a fresh register;
//   effects     inside every output block the copied instructions are a run
//               of consecutive input instructions, in input order (with
//               copy and fresh: the block has the effect of that run on the
//               input's registers and on memory);
//   projection  every control edge out of a copied instruction (and the
//               entry) reaches, through added code, the copy of the input
//               successor of the same kind; the added code dispatches on
//               fresh registers, whose possible values on the edge come from
//               a reaching-constants analysis, and Z3 proves that no value
//               leads elsewhere (UNSAT of the negation).
// Together: every output path projects onto an input path executing the
// same sequence of state-changing instructions (a stuttering simulation).
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "frontend/ir/kernel.hpp"
#include "frontend/ir/module.hpp"

namespace lockstep::checker::equiv {

enum class CheckStatus : std::uint8_t { Passed, Failed, Inconclusive, Skipped };

/// "passed", "failed", "inconclusive", "skipped".
[[nodiscard]] const char* check_status_name(CheckStatus s) noexcept;

struct CheckResult {
  std::string name;   ///< "copy", "fresh", "effects", "projection"
  CheckStatus status = CheckStatus::Skipped;
  std::string detail; ///< why it failed (the first violation) or was inconclusive; facts when passed
  std::uint32_t out_pc = 0xffffffffU;  ///< output PC of the violation, when there is one
};

struct RefinementResult {
  std::vector<CheckResult> checks;    ///< the four, in order
  std::uint64_t solver_queries = 0;   ///< Z3 queries of the projection check
  [[nodiscard]] bool passed() const noexcept;
  /// The first check that did not pass (failed or inconclusive), or nullptr.
  [[nodiscard]] const CheckResult* first_failure() const noexcept;
};

/// Runs the four checks on `out` (the transformed kernel) against `in`
/// (the original), with `origin` indexed by output PC (kOriginAdded for
/// added instructions). The modules own the kernels (symbol names).
[[nodiscard]] RefinementResult check_refinement(const ir::Module& in_module, const ir::Kernel& in,
                                                const ir::Module& out_module, const ir::Kernel& out,
                                                std::span<const std::uint32_t> origin);

}  // namespace lockstep::checker::equiv
