// Integer arithmetic, comparison and width operations of the concrete domain.
//
// Conventions shared by every operation of ConcreteIntOps:
//   * a value is the raw bits of a register, zero-extended to 64 bits; an
//     operand may carry junk above its width (a negative immediate arrives as
//     64 sign-extended bits), so every operation first truncates each operand
//     to the width `w` it is given (1, 8, 16, 32 or 64) and returns a result
//     zero-extended from its own width;
//   * `_u` operations read their operands as unsigned, `_s` operations as
//     two's-complement signed values of width w (sign-extended internally);
//   * predicates are 0 or 1; comparisons return 0 or 1.
//
// Division by zero: the PTX manual (div and rem: "Division by zero yields an
// unspecified, machine-specific value") leaves it open. We define it as the
// all-ones value of the width, for div and for rem, signed and unsigned:
// the code NVIDIA's compiler emits for integer division ends with a fix-up
// that writes ~0 when the divisor is zero, and the answer to Stack Overflow
// question 12960005 adds that "the same applies to a modulo operator where
// the divisor is zero". This was not re-checked on a GPU here; the
// choice lives only in div_u/div_s/rem_u/rem_s. INT_MIN / -1 wraps to
// INT_MIN and INT_MIN rem -1 is 0 (the hardware divides magnitudes and then
// fixes the sign, which wraps).
#pragma once

#include <cstdint>

namespace lockstep::sem {

namespace int_bits {
/// The low w bits set (w in 0..64).
[[nodiscard]] constexpr std::uint64_t ones(unsigned w) noexcept {
  return w >= 64 ? ~std::uint64_t{0} : ((std::uint64_t{1} << w) - 1);
}
/// The low w bits of a.
[[nodiscard]] constexpr std::uint64_t low(std::uint64_t a, unsigned w) noexcept { return a & ones(w); }
/// The low w bits of a read as a signed number.
[[nodiscard]] constexpr std::int64_t sx(std::uint64_t a, unsigned w) noexcept {
  if (w >= 64) return static_cast<std::int64_t>(a);
  const std::uint64_t sign = std::uint64_t{1} << (w - 1);
  return static_cast<std::int64_t>((low(a, w) ^ sign) - sign);
}
/// A signed result truncated to w bits (zero-extended).
[[nodiscard]] constexpr std::uint64_t from_s(std::int64_t v, unsigned w) noexcept {
  return low(static_cast<std::uint64_t>(v), w);
}
[[nodiscard]] constexpr std::int64_t smin(unsigned w) noexcept {
  return w >= 64 ? INT64_MIN : -(std::int64_t{1} << (w - 1));
}
[[nodiscard]] constexpr std::int64_t smax(unsigned w) noexcept {
  return w >= 64 ? INT64_MAX : (std::int64_t{1} << (w - 1)) - 1;
}
/// High 64 bits of the unsigned 128-bit product of a and b.
[[nodiscard]] constexpr std::uint64_t umulhi64(std::uint64_t a, std::uint64_t b) noexcept {
  const std::uint64_t al = a & 0xffffffffU, ah = a >> 32;
  const std::uint64_t bl = b & 0xffffffffU, bh = b >> 32;
  const std::uint64_t p0 = al * bl, p1 = al * bh, p2 = ah * bl, p3 = ah * bh;
  const std::uint64_t mid = (p0 >> 32) + (p1 & 0xffffffffU) + (p2 & 0xffffffffU);
  return p3 + (p1 >> 32) + (p2 >> 32) + (mid >> 32);
}
}  // namespace int_bits

struct ConcreteIntArith {
  // ---- width -------------------------------------------------------------
  /// The low `from` bits of a, zero-extended.
  [[nodiscard]] static constexpr std::uint64_t zext(std::uint64_t a, unsigned from) noexcept {
    return int_bits::low(a, from);
  }
  /// The low `from` bits of a, sign-extended to `to` bits (zero above `to`).
  [[nodiscard]] static constexpr std::uint64_t sext(std::uint64_t a, unsigned from, unsigned to) noexcept {
    return int_bits::from_s(int_bits::sx(a, from), to);
  }
  /// Bits [pos, pos+w) of a (pos < 64).
  [[nodiscard]] static constexpr std::uint64_t extract(std::uint64_t a, unsigned pos, unsigned w) noexcept {
    return int_bits::low(a >> pos, w);
  }
  /// (hi << lo_w) | low lo_w bits of lo: packs two fields (bits beyond 64 are lost).
  [[nodiscard]] static constexpr std::uint64_t concat(std::uint64_t hi, std::uint64_t lo, unsigned lo_w) noexcept {
    return (lo_w >= 64 ? 0 : hi << lo_w) | int_bits::low(lo, lo_w);
  }

  // ---- wrap-around arithmetic ------------------------------------------
  [[nodiscard]] static constexpr std::uint64_t add(std::uint64_t a, std::uint64_t b, unsigned w) noexcept {
    return int_bits::low(a + b, w);
  }
  [[nodiscard]] static constexpr std::uint64_t sub(std::uint64_t a, std::uint64_t b, unsigned w) noexcept {
    return int_bits::low(a - b, w);
  }
  [[nodiscard]] static constexpr std::uint64_t neg(std::uint64_t a, unsigned w) noexcept {
    return int_bits::low(std::uint64_t{0} - a, w);
  }
  /// Low w bits of a * b (the same for signed and unsigned operands).
  [[nodiscard]] static constexpr std::uint64_t mul_lo(std::uint64_t a, std::uint64_t b, unsigned w) noexcept {
    return int_bits::low(int_bits::low(a, w) * int_bits::low(b, w), w);
  }
  /// Bits [2w-1 .. w] of the unsigned 2w-bit product.
  [[nodiscard]] static constexpr std::uint64_t mul_hi_u(std::uint64_t a, std::uint64_t b, unsigned w) noexcept {
    const std::uint64_t x = int_bits::low(a, w), y = int_bits::low(b, w);
    if (w >= 64) return int_bits::umulhi64(x, y);
    return int_bits::low((x * y) >> w, w);
  }
  /// Bits [2w-1 .. w] of the signed 2w-bit product.
  [[nodiscard]] static constexpr std::uint64_t mul_hi_s(std::uint64_t a, std::uint64_t b, unsigned w) noexcept {
    if (w >= 64) {
      // signed high part = unsigned high part - (a<0 ? b : 0) - (b<0 ? a : 0)  (mod 2^64)
      std::uint64_t hi = int_bits::umulhi64(a, b);
      if ((a >> 63) != 0) hi -= b;
      if ((b >> 63) != 0) hi -= a;
      return hi;
    }
    const std::int64_t p = int_bits::sx(a, w) * int_bits::sx(b, w);  // |p| < 2^62 for w <= 32
    return int_bits::from_s(p >> w, w);
  }
  /// The whole unsigned 2w-bit product (w <= 32).
  [[nodiscard]] static constexpr std::uint64_t mul_wide_u(std::uint64_t a, std::uint64_t b, unsigned w) noexcept {
    return int_bits::low(int_bits::low(a, w) * int_bits::low(b, w), 2 * w);
  }
  /// The whole signed 2w-bit product, zero-extended from 2w bits (w <= 32).
  [[nodiscard]] static constexpr std::uint64_t mul_wide_s(std::uint64_t a, std::uint64_t b, unsigned w) noexcept {
    return int_bits::from_s(int_bits::sx(a, w) * int_bits::sx(b, w), 2 * w);
  }

  // ---- saturation and carries -------------------------------------------
  /// a + b clamped to [INT_MIN, INT_MAX] of width w.
  [[nodiscard]] static constexpr std::uint64_t add_sat_s(std::uint64_t a, std::uint64_t b, unsigned w) noexcept {
    std::int64_t r = 0;
    if (__builtin_add_overflow(int_bits::sx(a, w), int_bits::sx(b, w), &r)) {
      return int_bits::from_s(int_bits::sx(a, w) < 0 ? INT64_MIN : INT64_MAX, w);
    }
    if (r < int_bits::smin(w)) r = int_bits::smin(w);
    if (r > int_bits::smax(w)) r = int_bits::smax(w);
    return int_bits::from_s(r, w);
  }
  /// a - b clamped to [INT_MIN, INT_MAX] of width w.
  [[nodiscard]] static constexpr std::uint64_t sub_sat_s(std::uint64_t a, std::uint64_t b, unsigned w) noexcept {
    std::int64_t r = 0;
    if (__builtin_sub_overflow(int_bits::sx(a, w), int_bits::sx(b, w), &r)) {
      return int_bits::from_s(int_bits::sx(a, w) < 0 ? INT64_MIN : INT64_MAX, w);
    }
    if (r < int_bits::smin(w)) r = int_bits::smin(w);
    if (r > int_bits::smax(w)) r = int_bits::smax(w);
    return int_bits::from_s(r, w);
  }
  /// Carry out of the unsigned w-bit sum a + b + cin (cin: 0 or 1): 0 or 1.
  [[nodiscard]] static constexpr std::uint64_t add_carry(std::uint64_t a, std::uint64_t b, std::uint64_t cin,
                                                         unsigned w) noexcept {
    const std::uint64_t x = int_bits::low(a, w), y = int_bits::low(b, w), c = cin & 1U;
    if (w < 64) return ((x + y + c) >> w) & 1U;
    const std::uint64_t s = x + y;
    return static_cast<std::uint64_t>(s < x) | static_cast<std::uint64_t>(s + c < s);
  }
  /// Borrow out of the unsigned w-bit difference a - (b + bin) (bin: 0 or 1): 1 when a < b + bin.
  [[nodiscard]] static constexpr std::uint64_t sub_borrow(std::uint64_t a, std::uint64_t b, std::uint64_t bin,
                                                          unsigned w) noexcept {
    const std::uint64_t x = int_bits::low(a, w), y = int_bits::low(b, w), c = bin & 1U;
    if (c != 0 && y == int_bits::ones(w)) return 1;
    return static_cast<std::uint64_t>(x < y + c);
  }

  // ---- division ------------------------------------------------------------
  /// Unsigned quotient; all ones when b == 0 (see the header comment).
  [[nodiscard]] static constexpr std::uint64_t div_u(std::uint64_t a, std::uint64_t b, unsigned w) noexcept {
    const std::uint64_t y = int_bits::low(b, w);
    return y == 0 ? int_bits::ones(w) : int_bits::low(a, w) / y;
  }
  /// Signed quotient truncated toward zero; all ones (-1) when b == 0; INT_MIN / -1 = INT_MIN.
  [[nodiscard]] static constexpr std::uint64_t div_s(std::uint64_t a, std::uint64_t b, unsigned w) noexcept {
    const std::int64_t x = int_bits::sx(a, w), y = int_bits::sx(b, w);
    if (y == 0) return int_bits::ones(w);
    if (y == -1) return int_bits::low(std::uint64_t{0} - int_bits::low(a, w), w);
    return int_bits::from_s(x / y, w);
  }
  /// Unsigned remainder; all ones when b == 0.
  [[nodiscard]] static constexpr std::uint64_t rem_u(std::uint64_t a, std::uint64_t b, unsigned w) noexcept {
    const std::uint64_t y = int_bits::low(b, w);
    return y == 0 ? int_bits::ones(w) : int_bits::low(a, w) % y;
  }
  /// Signed remainder with the sign of a (C semantics); all ones when b == 0; x rem -1 = 0.
  [[nodiscard]] static constexpr std::uint64_t rem_s(std::uint64_t a, std::uint64_t b, unsigned w) noexcept {
    const std::int64_t x = int_bits::sx(a, w), y = int_bits::sx(b, w);
    if (y == 0) return int_bits::ones(w);
    if (y == -1) return 0;
    return int_bits::from_s(x % y, w);
  }

  // ---- comparison and selection ------------------------------------------
  [[nodiscard]] static constexpr std::uint64_t eq(std::uint64_t a, std::uint64_t b, unsigned w) noexcept {
    return static_cast<std::uint64_t>(int_bits::low(a, w) == int_bits::low(b, w));
  }
  [[nodiscard]] static constexpr std::uint64_t lt_u(std::uint64_t a, std::uint64_t b, unsigned w) noexcept {
    return static_cast<std::uint64_t>(int_bits::low(a, w) < int_bits::low(b, w));
  }
  [[nodiscard]] static constexpr std::uint64_t le_u(std::uint64_t a, std::uint64_t b, unsigned w) noexcept {
    return static_cast<std::uint64_t>(int_bits::low(a, w) <= int_bits::low(b, w));
  }
  [[nodiscard]] static constexpr std::uint64_t lt_s(std::uint64_t a, std::uint64_t b, unsigned w) noexcept {
    return static_cast<std::uint64_t>(int_bits::sx(a, w) < int_bits::sx(b, w));
  }
  [[nodiscard]] static constexpr std::uint64_t le_s(std::uint64_t a, std::uint64_t b, unsigned w) noexcept {
    return static_cast<std::uint64_t>(int_bits::sx(a, w) <= int_bits::sx(b, w));
  }
  /// p ? a : b (p is a predicate value: its low bit decides).
  [[nodiscard]] static constexpr std::uint64_t select(std::uint64_t p, std::uint64_t a, std::uint64_t b) noexcept {
    return (p & 1U) != 0 ? a : b;
  }
};

}  // namespace lockstep::sem
