// Bitwise, shift and bit-field operations of the concrete domain.
//
// Same conventions as concrete_int_arith.hpp: raw bits zero-extended to 64,
// operands truncated to the width `w` they are given, results zero-extended.
// Shift amounts and bit positions are values too (they may come from
// registers); they are read as unsigned 32-bit numbers, as the PTX manual
// specifies for shl/shr/shf/bfe/bfi/bmsk/szext.
//
// Every operation follows the "Semantics" pseudo-code of its instruction in
// the PTX ISA manual; where the manual leaves a case undefined the choice is
// documented at the operation.
#pragma once

#include <algorithm>
#include <bit>
#include <cstdint>

#include "frontend/ir/opcode.hpp"
#include "semantics/value/concrete_int_arith.hpp"

namespace lockstep::sem {

struct ConcreteIntBits {
  // ---- bitwise -------------------------------------------------------------
  [[nodiscard]] static constexpr std::uint64_t and_(std::uint64_t a, std::uint64_t b, unsigned w) noexcept {
    return int_bits::low(a & b, w);
  }
  [[nodiscard]] static constexpr std::uint64_t or_(std::uint64_t a, std::uint64_t b, unsigned w) noexcept {
    return int_bits::low(a | b, w);
  }
  [[nodiscard]] static constexpr std::uint64_t xor_(std::uint64_t a, std::uint64_t b, unsigned w) noexcept {
    return int_bits::low(a ^ b, w);
  }
  [[nodiscard]] static constexpr std::uint64_t not_(std::uint64_t a, unsigned w) noexcept {
    return int_bits::low(~a, w);
  }
  /// lop3: bit i of the result is bit (4*a_i + 2*b_i + c_i) of lut (32-bit).
  [[nodiscard]] static constexpr std::uint64_t lop3(std::uint64_t a, std::uint64_t b, std::uint64_t c,
                                                    std::uint8_t lut) noexcept {
    std::uint64_t r = 0;
    for (unsigned m = 0; m < 8; ++m) {
      if (((static_cast<unsigned>(lut) >> m) & 1U) == 0) continue;
      r |= ((m & 4U) != 0 ? a : ~a) & ((m & 2U) != 0 ? b : ~b) & ((m & 1U) != 0 ? c : ~c);
    }
    return int_bits::low(r, 32);
  }

  // ---- shifts --------------------------------------------------------------
  /// a << n; n (unsigned 32-bit) >= w gives 0 ("clamped to N").
  [[nodiscard]] static constexpr std::uint64_t shl(std::uint64_t a, std::uint64_t n, unsigned w) noexcept {
    const std::uint64_t k = int_bits::low(n, 32);
    return k >= w ? 0 : int_bits::low(a << k, w);
  }
  /// Logical a >> n; n >= w gives 0.
  [[nodiscard]] static constexpr std::uint64_t shr_u(std::uint64_t a, std::uint64_t n, unsigned w) noexcept {
    const std::uint64_t k = int_bits::low(n, 32);
    return k >= w ? 0 : int_bits::low(a, w) >> k;
  }
  /// Arithmetic a >> n; n >= w fills with the sign bit.
  [[nodiscard]] static constexpr std::uint64_t shr_s(std::uint64_t a, std::uint64_t n, unsigned w) noexcept {
    const std::uint64_t k = std::min<std::uint64_t>(int_bits::low(n, 32), w - 1);
    return int_bits::from_s(int_bits::sx(a, w) >> k, w);
  }
  /// shf.l: the 32 msbs of ({b,a} << n); n = min(c, 32) (clamp) or c & 31 (wrap).
  [[nodiscard]] static constexpr std::uint64_t shf_l(std::uint64_t a, std::uint64_t b, std::uint64_t c,
                                                     bool clamp) noexcept {
    const std::uint64_t v = (int_bits::low(b, 32) << 32) | int_bits::low(a, 32);
    return int_bits::low((v << shf_amount(c, clamp)) >> 32, 32);
  }
  /// shf.r: the 32 lsbs of ({b,a} >> n).
  [[nodiscard]] static constexpr std::uint64_t shf_r(std::uint64_t a, std::uint64_t b, std::uint64_t c,
                                                     bool clamp) noexcept {
    const std::uint64_t v = (int_bits::low(b, 32) << 32) | int_bits::low(a, 32);
    return int_bits::low(v >> shf_amount(c, clamp), 32);
  }

  // ---- counting ------------------------------------------------------------
  [[nodiscard]] static constexpr std::uint64_t popc(std::uint64_t a, unsigned w) noexcept {
    return static_cast<std::uint64_t>(std::popcount(int_bits::low(a, w)));
  }
  /// Leading zeros of the w-bit value (w for 0).
  [[nodiscard]] static constexpr std::uint64_t clz(std::uint64_t a, unsigned w) noexcept {
    return static_cast<std::uint64_t>(std::countl_zero(int_bits::low(a, w))) - (64 - w);
  }
  /// Position of the most significant 1, or 0xffffffff for 0.
  [[nodiscard]] static constexpr std::uint64_t bfind_u(std::uint64_t a, unsigned w) noexcept {
    const std::uint64_t x = int_bits::low(a, w);
    return x == 0 ? 0xffffffffU : static_cast<std::uint64_t>(63 - std::countl_zero(x));
  }
  /// Position of the most significant non-sign bit, or 0xffffffff (0 and -1).
  [[nodiscard]] static constexpr std::uint64_t bfind_s(std::uint64_t a, unsigned w) noexcept {
    return bfind_u(int_bits::sx(a, w) < 0 ? ~a : a, w);
  }
  /// Bit reversal of the w-bit value.
  [[nodiscard]] static constexpr std::uint64_t brev(std::uint64_t a, unsigned w) noexcept {
    std::uint64_t r = 0;
    for (unsigned i = 0; i < w; ++i) r |= ((a >> i) & 1U) << (w - 1 - i);
    return r;
  }
  /// fns.b32: position of the |offset|-th set bit of mask counting from base
  /// (upwards for offset > 0, downwards for offset < 0; offset 0: base itself
  /// if set), else 0xffffffff. base > 31 is undefined in PTX; we define the
  /// result as 0xffffffff (base read as unsigned 32-bit).
  [[nodiscard]] static constexpr std::uint64_t fns(std::uint64_t mask, std::uint64_t base,
                                                   std::uint64_t offset) noexcept {
    const std::uint64_t m = int_bits::low(mask, 32);
    const std::int64_t b = static_cast<std::int64_t>(int_bits::low(base, 32));
    const std::int64_t off = int_bits::sx(offset, 32);
    if (b > 31) return 0xffffffffU;
    if (off == 0) return ((m >> b) & 1U) != 0 ? static_cast<std::uint64_t>(b) : 0xffffffffU;
    std::int64_t count = (off > 0 ? off : -off) - 1;
    const std::int64_t inc = off > 0 ? 1 : -1;
    for (std::int64_t pos = b; pos >= 0 && pos < 32; pos += inc) {
      if (((m >> pos) & 1U) == 0) continue;
      if (count == 0) return static_cast<std::uint64_t>(pos);
      --count;
    }
    return 0xffffffffU;
  }

  // ---- bit fields ----------------------------------------------------------
  /// bfe.u: len bits of a from pos (pos, len = low 8 bits of b, c), zero-filled.
  [[nodiscard]] static constexpr std::uint64_t bfe_u(std::uint64_t a, std::uint64_t pos, std::uint64_t len,
                                                     unsigned w) noexcept {
    return bfe(a, pos, len, w, false);
  }
  /// bfe.s: as bfe_u, padded with the field's sign bit a[min(pos+len-1, msb)].
  [[nodiscard]] static constexpr std::uint64_t bfe_s(std::uint64_t a, std::uint64_t pos, std::uint64_t len,
                                                     unsigned w) noexcept {
    return bfe(a, pos, len, w, true);
  }
  /// bfi: b with bits [pos, pos+len) replaced by the low bits of a (clipped at the msb).
  [[nodiscard]] static constexpr std::uint64_t bfi(std::uint64_t a, std::uint64_t b, std::uint64_t pos,
                                                   std::uint64_t len, unsigned w) noexcept {
    const std::uint64_t p = pos & 0xffU, l = len & 0xffU;
    const std::uint64_t n = p < w ? std::min<std::uint64_t>(l, w - p) : 0;
    if (n == 0) return int_bits::low(b, w);
    const std::uint64_t m = int_bits::ones(static_cast<unsigned>(n)) << p;
    return int_bits::low((b & ~m) | ((a << p) & m), w);
  }
  /// bmsk.b32: mask of b bits starting at bit a (the manual's pseudo-code).
  [[nodiscard]] static constexpr std::uint64_t bmsk(std::uint64_t a, std::uint64_t b, bool clamp) noexcept {
    const std::uint64_t a32 = int_bits::low(a, 32), b32 = int_bits::low(b, 32);
    const std::uint64_t a1 = a32 & 0x1fU, b1 = b32 & 0x1fU, sum = a1 + b1;
    std::uint64_t mask0 = int_bits::low(~std::uint64_t{0} << a1, 32);
    std::uint64_t mask1 = sum >= 32 ? 0 : int_bits::low(~std::uint64_t{0} << sum, 32);
    bool overflow = sum >= 32;
    if (clamp) {
      if (a32 >= 32) {
        overflow = true;
        mask0 = 0;
      }
      if (b32 >= 32) overflow = true;
    }
    if (overflow) {
      mask1 = 0;
    } else if (b1 == 0) {
      mask1 = 0xffffffffU;
    }
    return int_bits::low(mask0 & ~mask1, 32);
  }
  /// szext.{u32,s32}: zero- or sign-extends the low b bits of a (the manual's pseudo-code).
  [[nodiscard]] static constexpr std::uint64_t szext(std::uint64_t a, std::uint64_t b, bool clamp,
                                                     bool is_signed) noexcept {
    const std::uint64_t a32 = int_bits::low(a, 32), b32 = int_bits::low(b, 32);
    const std::uint64_t b1 = b32 & 0x1fU;
    const bool too_large = b32 >= 32 && clamp;
    const std::uint64_t mask = too_large ? 0 : int_bits::low(~std::uint64_t{0} << b1, 32);
    const std::uint64_t sign_pos = (b1 - 1) & 0x1fU;
    const bool sign_bit = !(b1 == 0 || too_large || !is_signed) && ((a32 >> sign_pos) & 1U) != 0;
    return (a32 & ~mask & 0xffffffffU) | (sign_bit ? mask : 0);
  }
  /// prmt.b32: picks four bytes of {b, a} (the manual's selection tables).
  [[nodiscard]] static constexpr std::uint64_t prmt(std::uint64_t a, std::uint64_t b, std::uint64_t c,
                                                    ir::PrmtMode mode) noexcept {
    const std::uint64_t src = (int_bits::low(b, 32) << 32) | int_bits::low(a, 32);
    const unsigned s = static_cast<unsigned>(c & 3U);
    std::uint64_t r = 0;
    for (unsigned i = 0; i < 4; ++i) {
      unsigned sel = 0;
      bool replicate_sign = false;
      switch (mode) {
        case ir::PrmtMode::None: {
          const auto ctl = static_cast<unsigned>((c >> (4 * i)) & 0xfU);
          sel = ctl & 7U;
          replicate_sign = (ctl & 8U) != 0;
          break;
        }
        case ir::PrmtMode::F4e: sel = (s + i) & 7U; break;
        case ir::PrmtMode::B4e: sel = (s + 8U - i) & 7U; break;
        case ir::PrmtMode::Rc8: sel = s; break;
        case ir::PrmtMode::Ecl: sel = std::max(i, s); break;
        case ir::PrmtMode::Ecr: sel = std::min(i, s); break;
        case ir::PrmtMode::Rc16: sel = ((s & 1U) << 1) | (i & 1U); break;
      }
      std::uint64_t byte = (src >> (8 * sel)) & 0xffU;
      if (replicate_sign) byte = (byte & 0x80U) != 0 ? 0xffU : 0;
      r |= byte << (8 * i);
    }
    return r;
  }

 private:
  [[nodiscard]] static constexpr unsigned shf_amount(std::uint64_t c, bool clamp) noexcept {
    const std::uint64_t n = int_bits::low(c, 32);
    return static_cast<unsigned>(clamp ? std::min<std::uint64_t>(n, 32) : (n & 31U));
  }
  [[nodiscard]] static constexpr std::uint64_t bfe(std::uint64_t a, std::uint64_t pos, std::uint64_t len, unsigned w,
                                                   bool is_signed) noexcept {
    const std::uint64_t p = pos & 0xffU, l = len & 0xffU;
    if (l == 0) return 0;
    const std::uint64_t msb = w - 1;
    const std::uint64_t n = p <= msb ? std::min<std::uint64_t>(l, w - p) : 0;
    const std::uint64_t field = n == 0 ? 0 : int_bits::low(a >> p, static_cast<unsigned>(n));
    const std::uint64_t sbit_pos = std::min<std::uint64_t>(p + l - 1, msb);
    const bool sbit = is_signed && ((a >> sbit_pos) & 1U) != 0;
    const std::uint64_t fill = sbit ? int_bits::ones(w) & ~int_bits::ones(static_cast<unsigned>(n)) : 0;
    return field | fill;
  }
};

}  // namespace lockstep::sem
