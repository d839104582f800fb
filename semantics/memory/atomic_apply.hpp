// The arithmetic of atom and red: the value an atomic operation stores,
// computed on the raw bits of the memory location (memory is concrete, so
// the atomics compute on host types once the old value has been read).
//
// Per the PTX ISA (atom, red):
//   and/or/xor/exch/cas    bit operations; cas(r, s, t) = (r == s) ? t : r
//   add                    integer wrap-around; floats round to nearest even
//   inc(r, s)              (r >= s) ? 0 : r + 1          (unsigned)
//   dec(r, s)              (r == 0 || r > s) ? s : r - 1 (unsigned)
//   min/max                signed for .s32/.s64, unsigned for .u32/.u64
//
// Decisions where the manual is silent or leaves a choice:
// - atom.add.f32 flushes subnormal inputs and results to sign-preserving
//   zero when `flush_f32` is set; the memory semantics set it for .global
//   locations, as the manual describes the current implementation (shared
//   memory keeps subnormals). f64 and the .noftz half types never flush.
// - A NaN result is the canonical NaN: 0x7fffffff (f32),
//   0x7fffffffffffffff (f64), 0x7fff (f16, bf16, each half of x2 types).
// - Float min/max (half types; f32/f64 accepted too): a NaN operand yields
//   the other operand, two NaNs the canonical NaN, and -0.0 < +0.0.
// - Packed types (.f16x2, .bf16x2) apply the operation to each 16-bit half.
#pragma once

#include <cstdint>

#include "frontend/ir/opcode.hpp"
#include "frontend/ir/types.hpp"

namespace lockstep::sem {

/// True when atom/red define `op` on `type` (an element type; .b128 is not
/// supported by the 64-bit register model).
[[nodiscard]] bool atomic_supported(ir::AtomOp op, ir::Type type) noexcept;

/// The new value of the location: op(old, b) or cas(old, b, c), all raw bits
/// of `type` zero-extended to 64 bits. Precondition: atomic_supported.
[[nodiscard]] std::uint64_t atomic_result(ir::AtomOp op, ir::Type type, std::uint64_t old, std::uint64_t b,
                                          std::uint64_t c, bool flush_f32) noexcept;

}  // namespace lockstep::sem
