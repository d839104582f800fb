// The memory accesses of one warp instruction, per lane, as the memory
// semantics performed them: what a timing model needs to coalesce them into
// requests, find shared-memory bank conflicts or serialise constant reads.
//
// Filled through MemoryPort::note (memory_port.hpp) when the port carries a
// log (the simulator's steps); `run` and the explorer leave it out. Every
// ld, ldu, st, atom and red notes each executing lane once, after the
// address is resolved and before the access: the space after generic
// classification, the address in that space and the bytes the lane touches
// (a whole vector). A lane-independent address read once for all lanes is
// noted for every lane. prefetch, cvta and isspacep touch no memory and
// note nothing. (A step that faults ends the launch; its log is not used.)
#pragma once

#include <array>
#include <cstdint>

#include "frontend/ir/types.hpp"
#include "semantics/memory/memory_fault.hpp"
#include "semantics/value/mask.hpp"

namespace lockstep::sem {

struct AccessLog {
  Mask lanes = 0;                             ///< lanes that accessed memory
  AccessKind kind = AccessKind::Read;         ///< Read (ld, ldu), Write (st), Atomic (atom, red)
  std::uint32_t bytes = 0;                    ///< bytes per lane (the whole vector)
  std::array<std::uint64_t, kWarpSize> addr{};  ///< per lane: the address in its space (global: the address)
  std::array<ir::Space, kWarpSize> space{};     ///< per lane: Global, Shared, Local, Const or Param

  void clear() noexcept { lanes = 0; }
  void add(unsigned lane, ir::Space s, std::uint64_t a, std::uint32_t n, AccessKind k) noexcept {
    lanes |= lane_bit(lane);
    space[lane] = s;
    addr[lane] = a;
    bytes = n;
    kind = k;
  }
};

}  // namespace lockstep::sem
