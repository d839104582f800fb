#include "semantics/memory/atomic_apply.hpp"

#include <bit>
#include <cmath>

#include "semantics/memory/narrow_float.hpp"

namespace lockstep::sem {
namespace {

using ir::AtomOp;
using ir::Type;

constexpr std::uint32_t kNanF32 = 0x7fffffffU;
constexpr std::uint64_t kNanF64 = 0x7fffffffffffffffULL;
constexpr std::uint16_t kNanHalf = 0x7fffU;

std::uint64_t mask_of(unsigned bits) noexcept {
  return bits >= 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << bits) - 1;
}

std::int64_t sext(std::uint64_t v, unsigned bits) noexcept {
  const std::uint64_t sign = std::uint64_t{1} << (bits - 1);
  return static_cast<std::int64_t>(((v & mask_of(bits)) ^ sign) - sign);
}

/// minNum/maxNum with -0 < +0.
template <class T>
T float_minmax(bool want_max, T a, T b, T nan) noexcept {
  const bool an = std::isnan(a), bn = std::isnan(b);
  if (an && bn) return nan;
  if (an) return b;
  if (bn) return a;
  if (a == b) {  // equal values, possibly +0 and -0
    const bool a_neg = std::signbit(a);
    return (want_max ? !a_neg : a_neg) ? a : b;
  }
  return (want_max ? (a > b) : (a < b)) ? a : b;
}

std::uint32_t flush_f32(std::uint32_t bits) noexcept {
  return (bits & 0x7f800000U) == 0 ? (bits & 0x80000000U) : bits;
}

std::uint64_t f32_op(AtomOp op, std::uint32_t a, std::uint32_t b, bool flush) noexcept {
  if (op == AtomOp::Add && flush) {
    a = flush_f32(a);
    b = flush_f32(b);
  }
  const float x = std::bit_cast<float>(a);
  const float y = std::bit_cast<float>(b);
  if (op == AtomOp::Add) {
    const float r = x + y;
    if (std::isnan(r)) return kNanF32;
    const std::uint32_t bits = std::bit_cast<std::uint32_t>(r);
    return flush ? flush_f32(bits) : bits;
  }
  const float r = float_minmax(op == AtomOp::Max, x, y, std::bit_cast<float>(kNanF32));
  return std::bit_cast<std::uint32_t>(r);
}

std::uint64_t f64_op(AtomOp op, std::uint64_t a, std::uint64_t b) noexcept {
  const double x = std::bit_cast<double>(a);
  const double y = std::bit_cast<double>(b);
  if (op == AtomOp::Add) {
    const double r = x + y;
    return std::isnan(r) ? kNanF64 : std::bit_cast<std::uint64_t>(r);
  }
  return std::bit_cast<std::uint64_t>(float_minmax(op == AtomOp::Max, x, y, std::bit_cast<double>(kNanF64)));
}

std::uint16_t half_op(AtomOp op, NarrowFloat f, std::uint16_t a, std::uint16_t b) noexcept {
  if (op == AtomOp::Add) {
    if (narrow_is_nan(f, a) || narrow_is_nan(f, b)) return kNanHalf;
    return double_to_narrow(f, narrow_to_double(f, a) + narrow_to_double(f, b));
  }
  const bool an = narrow_is_nan(f, a), bn = narrow_is_nan(f, b);
  if (an && bn) return kNanHalf;
  if (an) return b;
  if (bn) return a;
  const double x = narrow_to_double(f, a);
  const double y = narrow_to_double(f, b);
  const bool want_max = op == AtomOp::Max;
  if (x == y) return (want_max ? !std::signbit(x) : std::signbit(x)) ? a : b;  // -0 < +0
  return (want_max ? x > y : x < y) ? a : b;
}

std::uint64_t int_op(AtomOp op, Type type, std::uint64_t old, std::uint64_t b, std::uint64_t c) noexcept {
  const unsigned bits = ir::bit_width(type);
  const std::uint64_t m = mask_of(bits);
  old &= m;
  b &= m;
  switch (op) {
    case AtomOp::And: return old & b;
    case AtomOp::Or: return old | b;
    case AtomOp::Xor: return old ^ b;
    case AtomOp::Exch: return b;
    case AtomOp::Cas: return old == b ? (c & m) : old;
    case AtomOp::Add: return (old + b) & m;
    case AtomOp::Inc: return old >= b ? 0 : (old + 1) & m;
    case AtomOp::Dec: return (old == 0 || old > b) ? b : old - 1;
    case AtomOp::Min:
    case AtomOp::Max: {
      const bool less = ir::is_signed(type) ? sext(old, bits) < sext(b, bits) : old < b;
      const bool take_old = op == AtomOp::Min ? less : !less;
      return take_old ? old : b;
    }
    default: return old;
  }
}

}  // namespace

bool atomic_supported(AtomOp op, Type type) noexcept {
  const bool ints = type == Type::U32 || type == Type::S32 || type == Type::U64 || type == Type::S64;
  const bool bits = type == Type::B32 || type == Type::B64;
  const bool half = type == Type::F16 || type == Type::BF16 || type == Type::F16x2 || type == Type::BF16x2;
  const bool fl = type == Type::F32 || type == Type::F64;
  switch (op) {
    case AtomOp::And:
    case AtomOp::Or:
    case AtomOp::Xor:
    case AtomOp::Exch: return bits || ints;
    case AtomOp::Cas: return bits || ints || type == Type::B16 || type == Type::U16 || type == Type::S16;
    case AtomOp::Add: return ints || bits || half || fl;
    case AtomOp::Inc:
    case AtomOp::Dec: return type == Type::U32 || type == Type::U64 || type == Type::B32 || type == Type::B64;
    case AtomOp::Min:
    case AtomOp::Max: return ints || half || fl;
    default: return false;
  }
}

std::uint64_t atomic_result(AtomOp op, Type type, std::uint64_t old, std::uint64_t b, std::uint64_t c,
                            bool flush) noexcept {
  const bool arith = op == AtomOp::Add || op == AtomOp::Min || op == AtomOp::Max;
  if (arith) {
    switch (type) {
      case Type::F32: return f32_op(op, static_cast<std::uint32_t>(old), static_cast<std::uint32_t>(b), flush);
      case Type::F64: return f64_op(op, old, b);
      case Type::F16:
      case Type::BF16: {
        const NarrowFloat f = type == Type::F16 ? NarrowFloat::F16 : NarrowFloat::BF16;
        return half_op(op, f, static_cast<std::uint16_t>(old), static_cast<std::uint16_t>(b));
      }
      case Type::F16x2:
      case Type::BF16x2: {
        const NarrowFloat f = type == Type::F16x2 ? NarrowFloat::F16 : NarrowFloat::BF16;
        const std::uint64_t lo = half_op(op, f, static_cast<std::uint16_t>(old), static_cast<std::uint16_t>(b));
        const std::uint64_t hi =
            half_op(op, f, static_cast<std::uint16_t>(old >> 16), static_cast<std::uint16_t>(b >> 16));
        return lo | (hi << 16);
      }
      default: break;
    }
  }
  return int_op(op, type, old, b, c);
}

}  // namespace lockstep::sem
