// Abstract addresses of memory accesses, the cross-thread alias query on
// them, and their rendering.
//
// An Access is the abstract address of one memory instruction: a Ptr value
// (bases, byte-offset interval of the first byte, spaces the access may
// touch, thread-varying) and the width in bytes. resolve_access() builds it
// from the instruction's address operand and the register values: the
// instruction's space when one is written, else the spaces of the base
// value (a kernel parameter is a global pointer); a base that cannot live in
// the accessed space (a parameter value used as a shared address, a
// variable of another space) becomes "any" in that space, and so does an
// integer or undefined register used as an address.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "checker/alias/abs_value.hpp"
#include "checker/alias/alias.hpp"
#include "checker/alias/context.hpp"

namespace lockstep::checker::addr {

struct Access {
  AbsValue addr;            ///< kind Ptr; addr.space = spaces the access may touch
  std::uint32_t width = 1;  ///< bytes touched from each address
};

/// True for ld, ldu, st, atom, red, prefetch and prefetchu with an address operand.
[[nodiscard]] bool is_memory_access(const ir::Kernel& kernel, std::uint32_t pc) noexcept;
/// Index of the instruction's address operand, or -1.
[[nodiscard]] int address_operand(const ir::Kernel& kernel, std::uint32_t pc) noexcept;

/// The abstract address of the access at pc (which must have an address operand).
[[nodiscard]] Access resolve_access(const Context& ctx, const std::vector<AbsValue>& regs, std::uint32_t pc);

/// Can a write at `write` by one thread touch a byte that `read` touches in
/// another thread of the warp (see alias.hpp)?
[[nodiscard]] Alias alias_of(const Access& read, const Access& write, const AliasOptions& options) noexcept;

/// "global:param0+0", "shared:s_hist+[0,1023]", "generic:any", ...
[[nodiscard]] std::string describe(const Context& ctx, const Access& access);

}  // namespace lockstep::checker::addr
