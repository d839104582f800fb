// Address operands of the memory instructions, evaluated per lane.
//
// An ir::Operand of kind Address is `[base+offset]` with base Absolute
// (`[imm]`), Reg (`[%rd1+8]`) or Symbol (`[buf+4]`); Operand::value is the
// byte offset. The effective address is base + offset, wrapped to the
// module's address size, and is resolved to a Target through the memory
// port: an instruction without a space (Generic) classifies it through the
// AddressMap.
//
// A Symbol base names a variable, whose storage space decides the target
// (LaneEnv::symbol_space): a generic instruction uses the variable's generic
// address; a space-qualified one must name a variable of that space, except
// that `ld.param`/`st.param` may name a call-sequence .param variable (the
// layout keeps those in .local). Anything else is an ExecError.
//
// Register contents are read concretely (D::bits): memory is concrete, so
// addresses and stored values are concrete bits.
#pragma once

#include <cstdint>
#include <string>

#include <fmt/format.h>

#include "frontend/ir/types.hpp"
#include "semantics/exec/exec_error.hpp"
#include "semantics/exec/lanes.hpp"
#include "semantics/memory/memory_port.hpp"

namespace lockstep::sem::memory_detail {

/// True when an instruction of space `in` may name a variable stored in `sym`.
[[nodiscard]] inline bool symbol_fits(ir::Space in, ir::Space sym) noexcept {
  if (in == ir::Space::SharedCluster) in = ir::Space::Shared;
  return in == sym || (in == ir::Space::Param && sym == ir::Space::Local);
}

/// What is common to every lane of address operand i: the space, the
/// constant part (symbol address + offset) and the base register, if any.
/// Computed once per instruction; `at` finishes it per lane.
template <class D>
struct AddressPlan {
  ir::Space space = ir::Space::Generic;
  std::uint64_t constant = 0;
  const typename D::V* reg = nullptr;  ///< the base register's lanes, or null
};

template <class D>
[[nodiscard]] AddressPlan<D> plan_address(const Lanes<D>& L, const MemoryPort& m, unsigned i) {
  const ir::Operand& o = L.op(i);
  if (o.kind != ir::OperandKind::Address) unsupported("memory operand that is not an address");
  AddressPlan<D> p;
  p.space = L.in.space;
  switch (o.addr_base()) {
    case ir::AddrBase::Absolute: break;
    case ir::AddrBase::Reg: p.reg = L.regs().reg(o.a); break;
    case ir::AddrBase::Symbol: {
      const ir::Space sym = L.env.symbol_space(o.scope, o.a);
      p.constant = L.env.symbol_address(o.scope, o.a);
      if (p.space == ir::Space::Generic) {
        p.constant = m.map->to_generic(sym, p.constant);
      } else if (symbol_fits(p.space, sym)) {
        p.space = sym;
      } else {
        const std::string name = m.layout != nullptr ? m.layout->variable(o.scope, o.a).name : std::string("?");
        throw ExecError(fmt::format("'{}' names variable '{}' of the .{} space", ir::space_name(L.in.space), name,
                                    ir::space_name(sym)));
      }
      break;
    }
  }
  p.constant += static_cast<std::uint64_t>(o.value);
  return p;
}

/// The resolved target of a planned address for `lane`.
template <class D>
[[nodiscard]] Target at(const AddressPlan<D>& p, const Lanes<D>& L, const MemoryPort& m, unsigned lane) {
  const std::uint64_t a = p.reg != nullptr ? p.constant + L.d.bits(p.reg[lane]) : p.constant;
  return m.resolve(p.space, a);
}

/// The resolved target of address operand i for `lane`.
template <class D>
[[nodiscard]] Target address(const Lanes<D>& L, const MemoryPort& m, unsigned i, unsigned lane) {
  return at(plan_address(L, m, i), L, m, lane);
}

/// A loaded value of `type` (zero-extended bits) extended to 64 bits the way
/// ld writes a wider register: sign extension for signed types, zero
/// extension otherwise. The register write truncates it to the register.
[[nodiscard]] inline std::uint64_t extend_loaded(std::uint64_t bits, ir::Type type) noexcept {
  const unsigned w = ir::bit_width(type);
  if (!ir::is_signed(type) || w >= 64 || w == 0) return bits;
  const std::uint64_t sign = std::uint64_t{1} << (w - 1);
  const std::uint64_t low = bits & ((std::uint64_t{1} << w) - 1);
  return (low ^ sign) - sign;
}

/// Byte width of one element of a memory instruction's type; rejects
/// types the 64-bit register model cannot hold.
[[nodiscard]] inline unsigned element_bytes(ir::Type type) {
  const unsigned bytes = ir::byte_width(type);
  if (bytes == 0 || bytes > 8) unsupported(fmt::format("memory access of type .{}", ir::type_name(type)));
  return bytes;
}

}  // namespace lockstep::sem::memory_detail
