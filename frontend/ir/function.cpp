#include "frontend/ir/function.hpp"

#include <algorithm>

namespace lockstep::ir {

bool same_meaning(const Function& a, const Function& b) noexcept {
  auto same = [](const std::vector<Variable>& x, const std::vector<Variable>& y) {
    return std::equal(x.begin(), x.end(), y.begin(), y.end(),
                      [](const Variable& p, const Variable& q) { return same_meaning(p, q); });
  };
  return a.name == b.name && a.linkage == b.linkage && a.defined == b.defined && same(a.rets, b.rets) &&
         same(a.params, b.params);
}

}  // namespace lockstep::ir
