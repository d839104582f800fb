// check_refinement: the four part-(a) checks in order (refinement.hpp).
#include "checker/equiv/refinement.hpp"

#include "checker/equiv/kernel_pair.hpp"
#include "checker/equiv/refine_checks.hpp"

namespace lockstep::checker::equiv {

const char* check_status_name(CheckStatus s) noexcept {
  switch (s) {
    case CheckStatus::Passed: return "passed";
    case CheckStatus::Failed: return "failed";
    case CheckStatus::Inconclusive: return "inconclusive";
    case CheckStatus::Skipped: return "skipped";
  }
  return "?";
}

bool RefinementResult::passed() const noexcept { return first_failure() == nullptr && !checks.empty(); }

const CheckResult* RefinementResult::first_failure() const noexcept {
  for (const auto& c : checks) {
    if (c.status != CheckStatus::Passed) return &c;
  }
  return nullptr;
}

RefinementResult check_refinement(const ir::Module& in_module, const ir::Kernel& in, const ir::Module& out_module,
                                  const ir::Kernel& out, std::span<const std::uint32_t> origin) {
  RefinementResult result;
  const KernelPair pair(in_module, in, out_module, out, origin);
  const char* names[] = {"copy", "fresh", "effects", "projection"};
  bool go = true;
  for (const char* name : names) {
    CheckResult c;
    c.name = name;
    if (go) {
      const std::string n = name;
      if (n == "copy") c = check_copy(pair);
      else if (n == "fresh") c = check_fresh(pair);
      else if (n == "effects") c = check_effects(pair);
      else c = check_projection(pair, result.solver_queries);
      go = c.status == CheckStatus::Passed;
    } else {
      c.detail = "not run: an earlier check did not pass";
    }
    result.checks.push_back(std::move(c));
  }
  return result;
}

}  // namespace lockstep::checker::equiv
