#include "frontend/ir/variable.hpp"

namespace lockstep::ir {

bool same_meaning(const Variable& a, const Variable& b) noexcept {
  return a.name == b.name && a.space == b.space && a.type == b.type && a.vec == b.vec &&
         a.linkage == b.linkage && a.align == b.align && a.dims == b.dims &&
         a.has_init == b.has_init && a.init == b.init && a.relocations == b.relocations &&
         a.is_param == b.is_param;
}

}  // namespace lockstep::ir
