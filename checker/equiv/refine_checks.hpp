// The four checks of part (a), one function each (refinement.hpp says what
// each proves; check_refinement runs them in order).
#pragma once

#include <cstdint>

#include "checker/equiv/kernel_pair.hpp"
#include "checker/equiv/refinement.hpp"

namespace lockstep::checker::equiv {

[[nodiscard]] CheckResult check_copy(const KernelPair& pair);
[[nodiscard]] CheckResult check_fresh(const KernelPair& pair);
[[nodiscard]] CheckResult check_effects(const KernelPair& pair);
/// `queries` counts the Z3 queries issued.
[[nodiscard]] CheckResult check_projection(const KernelPair& pair, std::uint64_t& queries);

}  // namespace lockstep::checker::equiv
