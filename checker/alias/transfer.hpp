// Transfer functions of the address analysis for instructions that compute
// a register from registers (no memory): mov, cvta, cvt, integer and
// pointer arithmetic, selects, shuffles, and an opaque rule for the rest.
//
// Pointer arithmetic: pointer + integer keeps the pointer's bases and moves
// its offsets; when both operands may be pointers the one that is certainly
// an address (`definite`) is the pointer and the other an offset of unknown
// size (outside its object the C program would be undefined); two certain
// pointers added give an any pointer, subtracted an integer. Other
// operations on a value that may be a pointer give an integer, or an any
// pointer when one operand is certainly an address (masking a pointer).
// A Bottom operand gives Bottom (no value yet; the fixpoint comes back).
#pragma once

#include <cstdint>
#include <vector>

#include "checker/alias/abs_value.hpp"
#include "checker/alias/context.hpp"

namespace lockstep::checker::addr {

/// The value of a source operand read as a `width`-bit value (immediates
/// are normalised to that width).
[[nodiscard]] AbsValue operand_value(const Context& ctx, const std::vector<AbsValue>& regs,
                                     const ir::Operand& o, unsigned width);

/// The value the instruction at pc (not a load or atomic) writes to its
/// first destination register.
[[nodiscard]] AbsValue transfer(const Context& ctx, const std::vector<AbsValue>& regs, std::uint32_t pc);

/// An integer of unknown value, or Bottom when `from` is Bottom (what the
/// analysis gives each element of an unpacking mov, and predicates).
[[nodiscard]] AbsValue unknown_int(const AbsValue& from) noexcept;

}  // namespace lockstep::checker::addr
