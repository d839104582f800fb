// Integer, bit and comparison operations of the concrete domain.
#pragma once

#include <cstdint>

namespace lockstep::sem {

struct ConcreteIntOps {};

}  // namespace lockstep::sem
