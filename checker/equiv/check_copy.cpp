// The `copy` check: every non-added output instruction equals the input
// instruction it names as its origin, modulo branch targets.
#include <fmt/format.h>

#include "checker/equiv/refine_checks.hpp"

namespace lockstep::checker::equiv {

CheckResult check_copy(const KernelPair& pair) {
  CheckResult r;
  r.name = "copy";
  const auto n = static_cast<std::uint32_t>(pair.out().code.size());
  if (pair.origin().size() != n) {
    r.status = CheckStatus::Failed;
    r.detail = fmt::format("the origin map has {} entries for {} output instructions", pair.origin().size(), n);
    return r;
  }
  std::uint32_t copies = 0;
  for (std::uint32_t pc = 0; pc < n; ++pc) {
    if (pair.added(pc)) continue;
    ++copies;
    const std::string m = pair.copy_mismatch(pc, pair.origin()[pc]);
    if (!m.empty()) {
      r.status = CheckStatus::Failed;
      r.out_pc = pc;
      r.detail = fmt::format("{} is not a copy of {}: {}", pair.where_out(pc), pair.where_in(pair.origin()[pc]), m);
      return r;
    }
  }
  r.status = CheckStatus::Passed;
  r.detail = fmt::format("{} copied, {} added instructions", copies, n - copies);
  return r;
}

}  // namespace lockstep::checker::equiv
