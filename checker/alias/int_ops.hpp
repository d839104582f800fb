// Integer intervals of the address analysis: what an integer instruction
// computes from the intervals of its integer sources, and the ranges of
// the special registers.
//
// Recognised: add, sub, mul (.lo, .wide), mad (.lo, .wide), mul24/mad24 of
// small operands, shl/shr by a constant, and (bounded by a non-negative
// operand), or/xor of non-negative operands, not, neg, rem and div by a
// constant, min, max, abs, popc, clz, cvt between integer types. Anything
// else is Top. Results are checked against the destination width (fit).
#pragma once

#include <cstdint>

#include "checker/alias/interval.hpp"
#include "frontend/ir/instr.hpp"
#include "frontend/ir/operand.hpp"

namespace lockstep::checker::addr {

/// Width in bits of the destination of `in` (2x the type for .wide).
[[nodiscard]] unsigned dest_width(const ir::Instr& in) noexcept;
/// Width in bits in which source operand `index` (0-based among the
/// sources) is read.
[[nodiscard]] unsigned source_width(const ir::Instr& in, unsigned index) noexcept;

/// The interval of the result of integer instruction `in` on the source
/// intervals `src[0..n)` (in PTX order, after the destination).
[[nodiscard]] Interval int_result(const ir::Instr& in, const Interval* src, unsigned n) noexcept;

/// Range of a special register (component 1..3 = x..z) over all threads.
[[nodiscard]] Interval special_range(ir::SpecialReg r, std::uint32_t component) noexcept;
/// True when the special register can differ between threads of a warp.
[[nodiscard]] bool special_varying(ir::SpecialReg r) noexcept;

}  // namespace lockstep::checker::addr
