#include "semantics/spec/element.hpp"

#include <fmt/format.h>

#include <array>
#include <bit>
#include <charconv>
#include <cmath>
#include <stdexcept>

#include "semantics/spec/half.hpp"

namespace lockstep::sem {
namespace {

constexpr std::array<ir::Type, 11> kElementTypes{
    ir::Type::U8,  ir::Type::U16, ir::Type::U32, ir::Type::U64, ir::Type::S8,  ir::Type::S16,
    ir::Type::S32, ir::Type::S64, ir::Type::F16, ir::Type::F32, ir::Type::F64,
};

std::uint64_t width_mask(unsigned bits) noexcept {
  return bits >= 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << bits) - 1U;
}

std::string float_spelling(double v) {
  std::string s = fmt::format("{}", v);
  if (s.find_first_of(".eni") == std::string::npos) s += ".0";
  return s;
}

Encoded fail(std::string why) { return Encoded{0, std::move(why)}; }

Encoded encode_integer_type(ir::Type t, const SpecNumber& n) {
  const unsigned w = ir::bit_width(t);
  const ir::TypeClass cls = ir::type_class(t);
  const std::string_view tn = ir::type_name(t);
  if (n.kind == SpecNumber::Kind::Float) {
    return fail(fmt::format("expected an integer for {}, got {}", tn, n.spelling()));
  }
  if (n.kind == SpecNumber::Kind::String) {
    if (w != 64 || cls == ir::TypeClass::Signed) {
      return fail(fmt::format("a string is accepted only for u64 values, got {} for {}", n.spelling(), tn));
    }
    const auto v = parse_u64_text(n.text);
    if (!v) {
      return fail(
          fmt::format("{} is not a u64 value (expected \"0x\" and hex digits, or decimal digits, up to "
                      "18446744073709551615)",
                      n.spelling()));
    }
    return Encoded{*v, {}};
  }
  const std::int64_t v = n.integer;
  const auto raw = static_cast<std::uint64_t>(v) & width_mask(w);
  if (cls == ir::TypeClass::Signed) {
    const std::int64_t lo = w >= 64 ? INT64_MIN : -(std::int64_t{1} << (w - 1));
    const std::int64_t hi = w >= 64 ? INT64_MAX : (std::int64_t{1} << (w - 1)) - 1;
    if (v < lo || v > hi) return fail(fmt::format("value {} is out of range for {} ({} to {})", v, tn, lo, hi));
    return Encoded{raw, {}};
  }
  const std::uint64_t hi = width_mask(w);
  if (cls == ir::TypeClass::Unsigned) {
    if (v < 0 || (w < 64 && static_cast<std::uint64_t>(v) > hi)) {
      return fail(fmt::format("value {} is out of range for {} (0 to {})", v, tn, hi));
    }
    return Encoded{raw, {}};
  }
  // Bit types: either the signed or the unsigned reading of the bits.
  const std::int64_t lo = w >= 64 ? INT64_MIN : -(std::int64_t{1} << (w - 1));
  if (v < lo || (w < 64 && v > static_cast<std::int64_t>(hi))) {
    return fail(fmt::format("value {} is out of range for {} ({} to {})", v, tn, lo, hi));
  }
  return Encoded{raw, {}};
}

Encoded encode_float_type(ir::Type t, const SpecNumber& n) {
  const std::string_view tn = ir::type_name(t);
  if (n.kind == SpecNumber::Kind::String) {
    return fail(fmt::format("a string is accepted only for u64 values, got {} for {}", n.spelling(), tn));
  }
  const bool is_int = n.kind == SpecNumber::Kind::Integer;
  const auto overflow = [&] { return fail(fmt::format("value {} is out of range for {}", n.spelling(), tn)); };
  switch (t) {
    case ir::Type::F64: {
      const double d = is_int ? static_cast<double>(n.integer) : n.real;
      return Encoded{std::bit_cast<std::uint64_t>(d), {}};
    }
    case ir::Type::F32: {
      if (is_int) return Encoded{std::bit_cast<std::uint32_t>(static_cast<float>(n.integer)), {}};
      // Halfway between FLT_MAX and 2^128: rounds (ties to even) to infinity.
      constexpr double kOverflow = 0x1.ffffffp127;
      if (std::isfinite(n.real) && std::fabs(n.real) >= kOverflow) return overflow();
      return Encoded{std::bit_cast<std::uint32_t>(static_cast<float>(n.real)), {}};
    }
    case ir::Type::F16: {
      // |integer| < 65520 is exact as a double; larger overflows anyway.
      if (is_int && (n.integer >= 65520 || n.integer <= -65520)) return overflow();
      const double d = is_int ? static_cast<double>(n.integer) : n.real;
      if (std::isfinite(d) && std::fabs(d) >= 65520.0) return overflow();
      return Encoded{double_to_half(d), {}};
    }
    default:
      return fail(fmt::format("values of type {} are not supported", tn));
  }
}

}  // namespace

std::optional<std::uint64_t> parse_u64_text(std::string_view s) {
  int base = 10;
  if (s.size() > 2 && s[0] == '0' && (s[1] == 'x' || s[1] == 'X')) {
    base = 16;
    s.remove_prefix(2);
  }
  if (s.empty()) return std::nullopt;
  for (char c : s) {
    const bool digit = c >= '0' && c <= '9';
    const bool hex = (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
    if (!digit && !(base == 16 && hex)) return std::nullopt;
  }
  std::uint64_t v = 0;
  const auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), v, base);
  if (ec != std::errc{} || end != s.data() + s.size()) return std::nullopt;
  return v;
}

std::string SpecNumber::spelling() const {
  switch (kind) {
    case Kind::Integer:
      return fmt::format("{}", integer);
    case Kind::Float:
      return float_spelling(real);
    case Kind::String:
      return fmt::format("\"{}\"", text);
  }
  return {};
}

Encoded encode_number(ir::Type t, const SpecNumber& n) {
  switch (ir::type_class(t)) {
    case ir::TypeClass::Unsigned:
    case ir::TypeClass::Signed:
      return encode_integer_type(t, n);
    case ir::TypeClass::Bits:
      if (ir::bit_width(t) <= 64) return encode_integer_type(t, n);
      break;
    case ir::TypeClass::Float:
      if (t == ir::Type::F16 || t == ir::Type::F32 || t == ir::Type::F64) return encode_float_type(t, n);
      break;
    default:
      break;
  }
  return fail(fmt::format("values of type {} are not supported", t == ir::Type::None ? "none" : ir::type_name(t)));
}

std::optional<ir::Type> parse_element_type(std::string_view name) noexcept {
  for (ir::Type t : kElementTypes) {
    if (ir::type_name(t) == name) return t;
  }
  return std::nullopt;
}

std::string_view element_type_list() noexcept { return "u8, u16, u32, u64, s8, s16, s32, s64, f16, f32, f64"; }

bool is_nan_bits(ir::Type t, std::uint64_t bits) noexcept {
  switch (t) {
    case ir::Type::F16:
      return (bits & 0x7c00U) == 0x7c00U && (bits & 0x3ffU) != 0;
    case ir::Type::F32:
      return std::isnan(std::bit_cast<float>(static_cast<std::uint32_t>(bits)));
    case ir::Type::F64:
      return std::isnan(std::bit_cast<double>(bits));
    default:
      return false;
  }
}

std::uint64_t load_le(const std::uint8_t* p, unsigned bytes) noexcept {
  std::uint64_t v = 0;
  for (unsigned i = 0; i < bytes; ++i) v |= static_cast<std::uint64_t>(p[i]) << (8U * i);
  return v;
}

void store_le(std::uint8_t* p, unsigned bytes, std::uint64_t value) noexcept {
  for (unsigned i = 0; i < bytes; ++i) p[i] = static_cast<std::uint8_t>(value >> (8U * i));
}

std::string format_bits(ir::Type t, std::uint64_t bits) {
  const unsigned w = ir::bit_width(t);
  switch (ir::type_class(t)) {
    case ir::TypeClass::Unsigned:
    case ir::TypeClass::Bits:
      if (w <= 64) return fmt::format("{}", bits & width_mask(w));
      break;
    case ir::TypeClass::Signed: {
      const std::uint64_t m = bits & width_mask(w);
      const std::uint64_t sign = std::uint64_t{1} << (w - 1);
      // Two's complement sign extension.
      const auto v = static_cast<std::int64_t>((m ^ sign) - sign);
      return fmt::format("{}", v);
    }
    case ir::TypeClass::Float:
      if (t == ir::Type::F16) return fmt::format("{}", half_to_float(static_cast<std::uint16_t>(bits)));
      if (t == ir::Type::F32) return fmt::format("{}", std::bit_cast<float>(static_cast<std::uint32_t>(bits)));
      if (t == ir::Type::F64) return fmt::format("{}", std::bit_cast<double>(bits));
      break;
    default:
      break;
  }
  throw std::invalid_argument(fmt::format("format_bits: unsupported type '{}'", ir::type_name(t)));
}

std::string format_element(ir::Type t, const std::uint8_t* bytes) {
  return format_bits(t, load_le(bytes, ir::byte_width(t)));
}

}  // namespace lockstep::sem
