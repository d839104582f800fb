// Floating-point and conversion operations of the concrete domain.
#pragma once

#include <cstdint>

namespace lockstep::sem {

struct ConcreteFloatOps {};

}  // namespace lockstep::sem
