#include "frontend/ptx/lower_init.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <bit>
#include <limits>
#include <vector>

namespace lockstep::ptx::lowering {
namespace {

using Kind = ast::Operand::Kind;

/// Rounds the 53-bit significand `m` right by `shift` bits, to nearest even.
std::uint64_t round_shift(std::uint64_t m, unsigned shift) noexcept {
  if (shift == 0) return m;
  if (shift > 63) return 0;
  const std::uint64_t kept = m >> shift;
  const std::uint64_t rest = m & ((std::uint64_t{1} << shift) - 1);
  const std::uint64_t half = std::uint64_t{1} << (shift - 1);
  return kept + ((rest > half || (rest == half && (kept & 1) != 0)) ? 1 : 0);
}

void collect(const ast::Operand& op, std::vector<const ast::Operand*>& leaves) {
  if (op.kind == Kind::Vector) {
    for (const auto& e : op.elems) collect(e, leaves);
  } else {
    leaves.push_back(&op);
  }
}

/// The value of a numeric literal as a double (integers by value).
double literal_value(const ast::Operand& op) noexcept {
  switch (op.kind) {
    case Kind::Int: return static_cast<double>(static_cast<std::int64_t>(op.value));
    case Kind::Float32: return static_cast<double>(std::bit_cast<float>(static_cast<std::uint32_t>(op.value)));
    default: return std::bit_cast<double>(op.value);
  }
}

void put_le(std::vector<std::uint8_t>& out, std::uint64_t at, std::uint64_t bits, unsigned bytes) {
  for (unsigned i = 0; i < bytes && i < 8; ++i) {
    out[at + i] = static_cast<std::uint8_t>(bits >> (8 * i));
  }
}

class InitWriter {
 public:
  InitWriter(ir::Variable& var, const ast::VarDecl& decl, const InitNames& names, const Source& src)
      : var_(var), decl_(decl), names_(names), src_(src) {}

  void run() {
    std::vector<const ast::Operand*> leaves;
    collect(decl_.init, leaves);
    if (var_.type == ir::Type::Pred) fail(decl_.init, "predicate variables cannot be initialised");
    const std::uint64_t lanes = var_.vec;
    fix_unsized(leaves.size(), lanes);
    const std::uint64_t slots = checked_count() * lanes;
    if (leaves.size() > slots) {
      fail(*leaves[slots], fmt::format("too many initialisers for '{}' ({} for {} element{})",
                                       decl_.name, leaves.size(), slots, slots == 1 ? "" : "s"));
    }
    const std::uint64_t bytes = slots * ir::byte_width(var_.type);
    if (bytes > kMaxInitBytes) {
      fail(decl_.init, fmt::format("initialised variable '{}' is too large ({} bytes)", decl_.name, bytes));
    }
    var_.has_init = true;
    var_.init.assign(bytes, 0);
    const unsigned width = ir::byte_width(var_.type);
    for (std::size_t i = 0; i < leaves.size(); ++i) write(*leaves[i], i * width);
  }

 private:
  [[noreturn]] void fail(const ast::Operand& at, std::string message) const {
    throw src_.error_at(at.offset, std::move(message));
  }

  /// `x[] = {...}`: the first dimension comes from the number of values.
  void fix_unsized(std::size_t values, std::uint64_t lanes) {
    if (var_.dims.empty()) return;
    for (std::size_t i = 1; i < var_.dims.size(); ++i) {
      if (var_.dims[i] == 0) fail(decl_.init, fmt::format("only the first dimension of '{}' may be unsized", decl_.name));
    }
    if (var_.dims[0] != 0) return;
    std::uint64_t inner = lanes;
    for (std::size_t i = 1; i < var_.dims.size(); ++i) inner *= var_.dims[i];
    var_.dims[0] = std::max<std::uint64_t>(1, (values + inner - 1) / inner);
  }

  /// Element count, rejecting products that overflow.
  std::uint64_t checked_count() const {
    std::uint64_t n = 1;
    for (auto d : var_.dims) {
      if (d != 0 && n > std::numeric_limits<std::uint64_t>::max() / 256 / d) {
        fail(decl_.init, fmt::format("variable '{}' is too large", decl_.name));
      }
      n *= d;
    }
    return n;
  }

  void write(const ast::Operand& v, std::uint64_t at) {
    const ir::Type t = var_.type;
    const unsigned width = ir::byte_width(t);
    switch (v.kind) {
      case Kind::Int:
      case Kind::Float32:
      case Kind::Float64:
      case Kind::Decimal:
        if (ir::is_float(t)) {
          put_le(var_.init, at, float_bits(v, t), width);
        } else if (v.kind != Kind::Int) {
          fail(v, fmt::format("floating-point initialiser for integer variable '{}'", decl_.name));
        } else {
          put_le(var_.init, at, v.value, width);
        }
        return;
      case Kind::Name:
        relocate(v, at, v.text, 0, false);
        return;
      case Kind::SymPlus:
        relocate(v, at, v.text, static_cast<std::int64_t>(v.value), false);
        return;
      case Kind::Generic:
        relocate(v, at, v.text, static_cast<std::int64_t>(v.value), true);
        return;
      default:
        fail(v, fmt::format("unexpected operand in the initialiser of '{}'", decl_.name));
    }
  }

  std::uint64_t float_bits(const ast::Operand& v, ir::Type t) const {
    switch (t) {
      case ir::Type::F64:
        return v.kind == Kind::Float64 || v.kind == Kind::Decimal ? v.value
                                                                  : std::bit_cast<std::uint64_t>(literal_value(v));
      case ir::Type::F32:
        if (v.kind == Kind::Float32) return v.value & 0xffffffffU;
        return std::bit_cast<std::uint32_t>(static_cast<float>(literal_value(v)));
      case ir::Type::F16: return to_f16_bits(literal_value(v));
      case ir::Type::BF16: return to_bf16_bits(static_cast<float>(literal_value(v)));
      default:
        fail(v, fmt::format("variables of type '.{}' cannot be initialised", ir::type_name(t)));
    }
  }

  void relocate(const ast::Operand& v, std::uint64_t at, std::string_view sym, std::int64_t addend,
                bool generic) {
    const unsigned width = ir::byte_width(var_.type);
    const auto it = names_.globals.find(sym);
    if (it == names_.globals.end()) {
      if (names_.functions.contains(sym)) {
        fail(v, fmt::format("function addresses in initialisers are not supported ('{}')", sym));
      }
      fail(v, fmt::format("undeclared variable '{}' in the initialiser of '{}'", sym, decl_.name));
    }
    if (width != 4 && width != 8) {
      fail(v, fmt::format("the address of '{}' needs a 32- or 64-bit element in '{}'", sym, decl_.name));
    }
    var_.relocations.push_back(ir::Relocation{at, it->second, addend, generic});
  }

  ir::Variable& var_;
  const ast::VarDecl& decl_;
  const InitNames& names_;
  const Source& src_;
};

}  // namespace

std::uint16_t to_f16_bits(double value) noexcept {
  const auto b = std::bit_cast<std::uint64_t>(value);
  const auto sign = static_cast<std::uint16_t>((b >> 48) & 0x8000U);
  const auto exp = static_cast<int>((b >> 52) & 0x7ffU);
  const std::uint64_t frac = b & ((std::uint64_t{1} << 52) - 1);
  if (exp == 0x7ff) return static_cast<std::uint16_t>(sign | 0x7c00U | (frac != 0 ? 0x200U : 0U));
  if (exp == 0) return sign;  // double subnormals are far below half's range
  int e = exp - 1023;
  const std::uint64_t m = frac | (std::uint64_t{1} << 52);
  if (e > 15) return static_cast<std::uint16_t>(sign | 0x7c00U);
  if (e >= -14) {
    std::uint64_t hm = round_shift(m, 42);
    if (hm == 0x800) {
      hm >>= 1;
      ++e;
      if (e > 15) return static_cast<std::uint16_t>(sign | 0x7c00U);
    }
    return static_cast<std::uint16_t>(sign | static_cast<unsigned>((e + 15) << 10) | (hm & 0x3ffU));
  }
  const auto shift = static_cast<unsigned>(28 - e);  // units of 2^-24
  return static_cast<std::uint16_t>(sign | round_shift(m, shift));
}

std::uint16_t to_bf16_bits(float value) noexcept {
  const auto b = std::bit_cast<std::uint32_t>(value);
  if ((b & 0x7f800000U) == 0x7f800000U && (b & 0x7fffffU) != 0) {
    return static_cast<std::uint16_t>((b >> 16) | 0x40U);
  }
  const std::uint32_t rounded = b + 0x7fffU + ((b >> 16) & 1U);
  return static_cast<std::uint16_t>(rounded >> 16);
}

void lower_initializer(ir::Variable& var, const ast::VarDecl& decl, const InitNames& names,
                       const Source& source) {
  if (!decl.has_init) return;
  InitWriter(var, decl, names, source).run();
}

}  // namespace lockstep::ptx::lowering
