// Iteration over the lanes of a memory instruction that records, in a
// MemoryFault, which lane's access faulted (the launch state names that
// thread in its report).
#pragma once

#include "semantics/memory/memory_fault.hpp"
#include "semantics/value/mask.hpp"

namespace lockstep::sem {

template <class F>
void for_each_lane_noting_faults(Mask m, F&& f) {
  for_each_lane(m, [&](unsigned lane) {
    try {
      f(lane);
    } catch (MemoryFault& e) {
      if (!e.lane()) e.set_lane(lane);
      throw;
    }
  });
}

}  // namespace lockstep::sem
