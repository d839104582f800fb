// Interval arithmetic for the address analysis (see interval.hpp).
#include "checker/alias/interval.hpp"

#include <algorithm>
#include <bit>

#include <fmt/format.h>

namespace lockstep::checker::addr {
namespace {

/// 2^k for k < 63.
std::int64_t pow2(unsigned k) noexcept { return std::int64_t{1} << k; }

}  // namespace

Interval hull(const Interval& a, const Interval& b) noexcept {
  if (a.top || b.top) return Interval::full();
  return Interval::range(std::min(a.lo, b.lo), std::max(a.hi, b.hi));
}

bool overlaps(const Interval& a, const Interval& b) noexcept {
  if (a.top || b.top) return true;
  return a.lo <= b.hi && b.lo <= a.hi;
}

Interval add(const Interval& a, const Interval& b) noexcept {
  if (a.top || b.top) return Interval::full();
  Interval r;
  if (__builtin_add_overflow(a.lo, b.lo, &r.lo) || __builtin_add_overflow(a.hi, b.hi, &r.hi)) {
    return Interval::full();
  }
  return r;
}

Interval sub(const Interval& a, const Interval& b) noexcept {
  if (a.top || b.top) return Interval::full();
  Interval r;
  if (__builtin_sub_overflow(a.lo, b.hi, &r.lo) || __builtin_sub_overflow(a.hi, b.lo, &r.hi)) {
    return Interval::full();
  }
  return r;
}

Interval mul(const Interval& a, const Interval& b) noexcept {
  if (a.top || b.top) return Interval::full();
  const std::int64_t xs[2] = {a.lo, a.hi};
  const std::int64_t ys[2] = {b.lo, b.hi};
  Interval r;
  bool first = true;
  for (std::int64_t x : xs) {
    for (std::int64_t y : ys) {
      std::int64_t p = 0;
      if (__builtin_mul_overflow(x, y, &p)) return Interval::full();
      r.lo = first ? p : std::min(r.lo, p);
      r.hi = first ? p : std::max(r.hi, p);
      first = false;
    }
  }
  return r;
}

Interval neg(const Interval& a) noexcept { return sub(Interval::point(0), a); }

Interval bit_not(const Interval& a) noexcept { return sub(Interval::point(-1), a); }

Interval div_const(const Interval& a, std::int64_t c) noexcept {
  if (a.top || c <= 0) return Interval::full();
  return Interval::range(a.lo / c, a.hi / c);
}

Interval shr_const(const Interval& a, unsigned k) noexcept {
  if (a.top || k > 62) return Interval::full();
  return Interval::range(a.lo >> k, a.hi >> k);
}

Interval min_of(const Interval& a, const Interval& b) noexcept {
  if (a.top || b.top) return Interval::full();
  return Interval::range(std::min(a.lo, b.lo), std::min(a.hi, b.hi));
}

Interval max_of(const Interval& a, const Interval& b) noexcept {
  if (a.top || b.top) return Interval::full();
  return Interval::range(std::max(a.lo, b.lo), std::max(a.hi, b.hi));
}

Interval below_pow2(std::int64_t hi) noexcept {
  if (hi < 0) return Interval::full();
  const auto n = static_cast<unsigned>(std::bit_width(static_cast<std::uint64_t>(hi)));
  if (n > 62) return Interval::full();
  return Interval::range(0, pow2(n) - 1);
}

Interval fit(const Interval& a, unsigned width) noexcept {
  if (a.top || width == 0 || width > 64) return Interval::full();
  if (width == 64) return a;
  const std::int64_t half = pow2(width - 1);
  if (a.lo < -half || a.hi > 2 * half - 1) return Interval::full();
  if (a.lo < 0 && a.hi >= half) return Interval::full();
  return a;
}

Interval as_unsigned(const Interval& a, unsigned width) noexcept {
  const Interval f = fit(a, width);
  if (f.top || f.lo >= 0) return f;
  if (width == 64 || f.hi >= 0) return Interval::full();
  const std::int64_t span = pow2(width);
  return Interval::range(f.lo + span, f.hi + span);
}

Interval as_signed(const Interval& a, unsigned width) noexcept {
  const Interval f = fit(a, width);
  if (f.top || width == 64) return f;
  const std::int64_t half = pow2(width - 1);
  if (f.hi < half) return f;
  if (f.lo >= half) return Interval::range(f.lo - 2 * half, f.hi - 2 * half);
  return Interval::full();
}

std::int64_t normalise_immediate(std::int64_t bits, unsigned width) noexcept {
  if (width == 0 || width >= 64) return bits;
  const std::uint64_t mask = (std::uint64_t{1} << width) - 1;
  const std::uint64_t v = static_cast<std::uint64_t>(bits) & mask;
  const auto sv = static_cast<std::int64_t>(v);
  return v >= (std::uint64_t{1} << (width - 1)) ? sv - pow2(width) : sv;
}

std::string to_string(const Interval& a) {
  if (a.top) return "?";
  if (a.lo == a.hi) return fmt::format("{}", a.lo);
  return fmt::format("[{},{}]", a.lo, a.hi);
}

}  // namespace lockstep::checker::addr
