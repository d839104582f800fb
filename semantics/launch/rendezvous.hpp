// A pending warp-synchronous collective (`vote.sync`, `shfl.sync`,
// `match.sync`, `redux.sync`, `bar.warp.sync`) whose member threads have not
// all arrived: the arrived ones wait; when the last member arrives, the
// instruction executes once for all of them and they continue together.
// Under the SIMT stack, members on another path never arrive, which is
// reported as a deadlock ("warp sync in divergent code").
#pragma once

#include <cstdint>

#include "semantics/value/mask.hpp"

namespace lockstep::sem {

struct Rendezvous {
  std::uint32_t pc = 0;
  Mask members = 0;  ///< the membermask operand
  Mask arrived = 0;  ///< lanes waiting
  friend bool operator==(const Rendezvous&, const Rendezvous&) = default;
};

}  // namespace lockstep::sem
