// A lane mask as text for reports: ascending lanes, runs as ranges
// ("0-15,17,20-31"; empty for no lanes).
#pragma once

#include <string>

#include "semantics/value/mask.hpp"

namespace lockstep::sem {

[[nodiscard]] std::string lane_list(Mask m);

}  // namespace lockstep::sem
