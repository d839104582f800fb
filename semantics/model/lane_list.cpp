// lane_list (lane_list.hpp).
#include "semantics/model/lane_list.hpp"

#include <fmt/format.h>

namespace lockstep::sem {

std::string lane_list(Mask m) {
  std::string s;
  while (m != 0) {
    const unsigned a = lowest_lane(m);
    unsigned b = a;
    while (b + 1 < kWarpSize && has_lane(m, b + 1)) ++b;
    s += fmt::format("{}{}", s.empty() ? "" : ",", a == b ? fmt::format("{}", a) : fmt::format("{}-{}", a, b));
    m &= b + 1 >= kWarpSize ? 0U : ~((Mask{1} << (b + 1)) - 1);
  }
  return s;
}

}  // namespace lockstep::sem
