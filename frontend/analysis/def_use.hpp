// Which registers an instruction writes (defs) and reads (uses).
//
// Destinations come first among an instruction's operands (ir/instr.hpp);
// dest_count() says how many there are for each opcode: none for stores,
// reductions, prefetches, barriers other than bar.red, fences, control flow,
// traps, sleeps and the recognised calls (transactional-memory markers,
// vprintf, __assertfail), one otherwise (an opaque call's is the vector of
// its return operands). A destination operand may be a register, a register
// pair (`%p|%q`), a vector (`{%r1, %r2}`) or the sink `_`.
//
// Besides the kernel's registers (ids 0 .. regs.size()-1) three pseudo
// registers carry values between instructions outside the register file, so
// that every analysis can treat them as registers:
//   Carry        the carry flag: written by `.cc` instructions, read by
//                addc/subc/madc;
//   LocalMemory  per-thread local memory: written by st.local, read by
//                ld.local, and also written by generic stores, atomics and
//                reductions and read by generic loads when generic
//                addresses can reach local memory (GenericReach);
//   ParamMemory  per-thread param memory (the arguments of inlined device
//                functions, the call sequences of opaque calls): written by
//                st.param, read by ld.param (except ld.param naming a
//                kernel parameter: those are read-only). Generic addresses never reach
//                writable param memory: kernel parameters are read-only,
//                and the lowering turns inlined parameters whose address is
//                taken into local variables.
// An opaque call (ir::Opcode::Call) reads and writes ParamMemory (its
// arguments and return values), and LocalMemory when GenericReach::local:
// what it does inside is unknown.
// A memory pseudo-register def never kills the previous value (a store
// changes only part of memory), and neither does a guarded def.
//
// Each use says how the operand is consumed, because a uniformity analysis
// must know which inputs make per-thread results differ: the input of a
// warp-wide operation (the predicate of vote, the value of redux and of
// match.all, the predicate of bar.red) is combined across threads and gives
// every participant the same result.
#pragma once

#include <cstdint>
#include <vector>

#include "frontend/ir/kernel.hpp"

namespace lockstep::analysis {

enum class PseudoReg : std::uint32_t { Carry = 0, LocalMemory = 1, ParamMemory = 2 };
inline constexpr std::uint32_t kPseudoRegCount = 3;

/// Id of a pseudo register of this kernel (after the kernel's registers).
[[nodiscard]] inline std::uint32_t pseudo_reg(const ir::Kernel& kernel, PseudoReg r) noexcept {
  return static_cast<std::uint32_t>(kernel.regs.size()) + static_cast<std::uint32_t>(r);
}
/// Number of register ids including the pseudo registers.
[[nodiscard]] inline std::uint32_t reg_slots(const ir::Kernel& kernel) noexcept {
  return static_cast<std::uint32_t>(kernel.regs.size()) + kPseudoRegCount;
}

enum class UseKind : std::uint8_t {
  Value,     ///< a source operand (or an element of a source vector)
  Address,   ///< the base register of an address operand `[%r+off]`
  Guard,     ///< the guard predicate `@%p`
  WarpWide,  ///< input of a warp-wide combination: every participant gets the same result
  Memory,    ///< a memory pseudo register read by a load
  Carry,     ///< the carry pseudo register read by addc/subc/madc
};

struct RegDef {
  std::uint32_t reg = 0;
  bool kills = true;  ///< false for guarded defs and memory pseudo registers
  friend bool operator==(const RegDef&, const RegDef&) = default;
};

struct RegUse {
  std::uint32_t reg = 0;
  UseKind kind = UseKind::Value;
  friend bool operator==(const RegUse&, const RegUse&) = default;
};

/// What generic (space-less) memory instructions can reach besides global
/// and shared memory.
struct GenericReach {
  /// Local memory is reachable when the kernel turns a local address into a
  /// generic one (cvta.local) or takes the address of a local variable.
  bool local = true;
};

/// The kernel's GenericReach (the default-constructed one is conservative).
[[nodiscard]] GenericReach generic_reach(const ir::Kernel& kernel) noexcept;

/// Number of leading operands that are destinations.
[[nodiscard]] unsigned dest_count(const ir::Instr& instr) noexcept;

/// Registers written by the instruction at pc (out is cleared first).
void defs(const ir::Kernel& kernel, std::uint32_t pc, std::vector<RegDef>& out, GenericReach reach = {});
/// Registers read by the instruction at pc (out is cleared first).
void uses(const ir::Kernel& kernel, std::uint32_t pc, std::vector<RegUse>& out, GenericReach reach = {});

}  // namespace lockstep::analysis
