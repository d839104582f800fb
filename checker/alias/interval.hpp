// Integer intervals of the address analysis.
//
// An Interval is a set of mathematical integers [lo, hi] (int64) or Top (any
// value). For a w-bit register an interval stands for the bit patterns
// `v mod 2^w` of its values; to keep that mapping one-to-one an interval of a
// w-bit value must lie in the window [-2^(w-1), 2^w - 1] and must not hold
// both a negative value and one >= 2^(w-1) (the same pattern twice). fit()
// enforces the window after every operation (Top when the result leaves
// it); as_signed()/as_unsigned() re-read an interval under one
// interpretation before an operation whose result depends on it (shifts
// right, division, widening conversions, comparisons). Every arithmetic
// operation returns Top on int64 overflow.
#pragma once

#include <cstdint>
#include <string>

namespace lockstep::checker::addr {

struct Interval {
  std::int64_t lo = 0;
  std::int64_t hi = 0;
  bool top = false;

  [[nodiscard]] static Interval point(std::int64_t v) noexcept { return {v, v, false}; }
  [[nodiscard]] static Interval range(std::int64_t l, std::int64_t h) noexcept { return {l, h, false}; }
  [[nodiscard]] static Interval full() noexcept { return {0, 0, true}; }

  [[nodiscard]] bool is_point() const noexcept { return !top && lo == hi; }
  [[nodiscard]] bool nonneg() const noexcept { return !top && lo >= 0; }

  friend bool operator==(const Interval&, const Interval&) = default;
};

/// Smallest interval holding both.
[[nodiscard]] Interval hull(const Interval& a, const Interval& b) noexcept;
/// True when the two intervals share a value (Top shares with everything).
[[nodiscard]] bool overlaps(const Interval& a, const Interval& b) noexcept;

[[nodiscard]] Interval add(const Interval& a, const Interval& b) noexcept;
[[nodiscard]] Interval sub(const Interval& a, const Interval& b) noexcept;
[[nodiscard]] Interval mul(const Interval& a, const Interval& b) noexcept;
[[nodiscard]] Interval neg(const Interval& a) noexcept;
/// Bitwise not (-x - 1).
[[nodiscard]] Interval bit_not(const Interval& a) noexcept;
/// Division truncating toward zero by a positive constant.
[[nodiscard]] Interval div_const(const Interval& a, std::int64_t c) noexcept;
/// Arithmetic shift right by a constant (floor division by 2^k).
[[nodiscard]] Interval shr_const(const Interval& a, unsigned k) noexcept;
[[nodiscard]] Interval min_of(const Interval& a, const Interval& b) noexcept;
[[nodiscard]] Interval max_of(const Interval& a, const Interval& b) noexcept;
/// [0, 2^n - 1] with n the bit length of hi (the result of or/xor of two
/// non-negative intervals with at most that bound).
[[nodiscard]] Interval below_pow2(std::int64_t hi) noexcept;

/// The interval itself when it is a valid interval of a `width`-bit value
/// (see the file comment), else Top. Width 0 or above 64 gives Top.
[[nodiscard]] Interval fit(const Interval& a, unsigned width) noexcept;
/// The values as unsigned `width`-bit numbers (negative ones + 2^width), or
/// Top when that needs both readings or leaves int64.
[[nodiscard]] Interval as_unsigned(const Interval& a, unsigned width) noexcept;
/// The values as signed `width`-bit numbers (those >= 2^(width-1) minus 2^width).
[[nodiscard]] Interval as_signed(const Interval& a, unsigned width) noexcept;
/// An immediate's bits read as a `width`-bit value: patterns with the top bit
/// set are negative (0xffffffff as 32 bits is -1).
[[nodiscard]] std::int64_t normalise_immediate(std::int64_t bits, unsigned width) noexcept;

/// "5", "[0,1023]" or "?".
[[nodiscard]] std::string to_string(const Interval& a);

}  // namespace lockstep::checker::addr
