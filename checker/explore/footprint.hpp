// What the next step of a unit may touch that other units can see: the
// memory bytes of its first (visible) instruction, per thread, or that it
// synchronises. Read from the unit's registers without executing anything.
//
// Used for partial-order reduction (two steps of different units are
// independent when their footprints do not conflict) and for the race
// report. Over-approximations only make more steps dependent: a guard is
// ignored (a guarded-off lane counts as accessing), an atomic counts as a
// write even when a CAS would fail, a generic access through a symbol or to
// an address outside global and shared memory conflicts with everything.
#pragma once

#include <cstdint>
#include <vector>

#include "frontend/ir/kernel.hpp"
#include "semantics/launch/launch_setup.hpp"
#include "semantics/value/mask.hpp"

namespace lockstep::checker {

enum class AccessSpace : std::uint8_t { Global, Shared, Anything };

struct Access {
  AccessSpace space = AccessSpace::Global;
  std::uint32_t block = 0;   ///< for Shared
  std::uint64_t lo = 0, hi = 0;  ///< bytes [lo, hi)
  std::uint32_t thread = 0;  ///< launch-wide thread index (warp * 32 + lane)
  bool write = false;
  bool atomic = false;
  bool is_volatile = false;
};

enum class FootprintKind : std::uint8_t { Private, Memory, Sync, Everything };

struct Footprint {
  FootprintKind kind = FootprintKind::Private;
  std::uint32_t pc = 0;
  std::uint32_t block = 0;     ///< the unit's block (Sync conflicts within a block)
  std::vector<Access> accesses;
};

/// True when two accesses by different threads touch a common byte and one writes.
[[nodiscard]] bool accesses_conflict(const Access& a, const Access& b) noexcept;

/// True when steps with these footprints (of units that are not the same) may not commute.
[[nodiscard]] bool footprints_conflict(const Footprint& a, const Footprint& b) noexcept;

/// True when the kernel has barriers or warp collectives (then exit/ret synchronise).
[[nodiscard]] bool kernel_synchronises(const ir::Kernel& kernel) noexcept;

/// The footprint of the instruction at `pc` executed by `threads` of warp
/// `warp` (block `block`), with the warp's registers `regs` (reg-major, 32
/// lanes; may be null before the warp's first step, when every register is 0).
/// `syncing_exit`: exit/ret synchronise (the kernel has barriers or collectives).
void instruction_footprint(const sem::LaunchSetup& setup, std::uint32_t pc, std::uint32_t warp, std::uint32_t block,
                           sem::Mask threads, const std::uint64_t* regs, bool syncing_exit, Footprint& out);

}  // namespace lockstep::checker
