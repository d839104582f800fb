#include "frontend/ptx/grammar_lexer.hpp"

#include <bit>
#include <charconv>
#include <cstring>
#include <limits>
#include <system_error>

#include <boost/range/iterator_range_core.hpp>
#include <boost/spirit/home/x3.hpp>
#include <fmt/format.h>

namespace lockstep::ptx::grammar {

namespace x3 = boost::spirit::x3;

namespace {

// ---- Lexeme grammar (PTX ISA, "Syntax": identifiers and constants) ---------

const auto ident_start_p = x3::char_("A-Za-z_$%");
const auto ident_char_p = x3::char_("A-Za-z0-9_$");
const auto identifier_p = ident_start_p >> *ident_char_p;
/// A part of a dotted opcode or a directive: `.lt`, `.b32`, `.L2`, `.m16n8k16`.
const auto word_p = +x3::char_("A-Za-z0-9_");
/// Modifiers after an opcode's first word, incl. `::` sub-parts (`.shared::cta`,
/// `.L2::cache_hint`, `.mbarrier::complete_tx::bytes`).
const auto opcode_rest_p = *('.' >> word_p >> *("::" >> word_p));
const auto digit_p = x3::char_("0-9");
const auto exponent_p = x3::char_("eE") >> -x3::char_("+-") >> +digit_p;
/// Decimal floating literal: `1.5`, `2.`, `1.0e-3`, `1e10`.
const auto decimal_float_p = +digit_p >> (('.' >> *digit_p >> -exponent_p) | exponent_p);
/// Any run that starts like a number: the token that integer and hex-float
/// literals are classified from (`0x1F`, `0f3F800000`, `42U`, and bad ones
/// such as `0xZZ` or `12ab`).
const auto number_token_p = digit_p >> *ident_char_p;
/// String literal body (between the quotes); no newline inside.
const auto string_body_p = *(('\\' >> ~x3::char_('\n')) | ~x3::char_("\"\\\n"));

/// Parses `p` at `it` with X3 and returns the matched text (x3::raw), or
/// false with `it` unchanged.
template <class Parser>
bool lex(const char*& it, const char* end, const Parser& p, std::string_view& out) {
  boost::iterator_range<const char*> range;
  if (!x3::parse(it, end, x3::raw[p], range)) return false;
  out = std::string_view(range.begin(), static_cast<std::size_t>(range.end() - range.begin()));
  return true;
}

/// Parses all of `digits` as an unsigned integer in `Radix`; false on a
/// digit outside the radix or on overflow of 64 bits.
template <unsigned Radix>
bool parse_uint(std::string_view digits, std::uint64_t& value) {
  const char* it = digits.data();
  const char* const end = it + digits.size();
  return x3::parse(it, end, x3::uint_parser<std::uint64_t, Radix>{}, value) && it == end;
}

bool all_of_radix(std::string_view digits, unsigned radix) {
  if (digits.empty()) return false;
  for (const char c : digits) {
    unsigned v = 99;
    if (c >= '0' && c <= '9') v = static_cast<unsigned>(c - '0');
    else if (c >= 'a' && c <= 'f') v = static_cast<unsigned>(c - 'a' + 10);
    else if (c >= 'A' && c <= 'F') v = static_cast<unsigned>(c - 'A' + 10);
    if (v >= radix) return false;
  }
  return true;
}

bool is_printable(char c) { return c > ' ' && c < 127; }

}  // namespace

Lexer::Lexer(const Source& source)
    : source_(source),
      begin_(source.text().data()),
      p_(begin_),
      end_(begin_ + source.text().size()) {
  if (source.text().size() >= std::numeric_limits<ast::Offset>::max()) {
    throw source.error_at(0, "file too large (PTX files are limited to 4 GiB)");
  }
}

void Lexer::skip_comment() {
  if (p_[1] == '/') {
    const void* nl = std::memchr(p_, '\n', static_cast<std::size_t>(end_ - p_));
    p_ = nl == nullptr ? end_ : static_cast<const char*>(nl) + 1;
    return;
  }
  const char* const start = p_;
  for (const char* q = p_ + 2; q + 1 < end_; ++q) {
    q = static_cast<const char*>(std::memchr(q, '*', static_cast<std::size_t>(end_ - q)));
    if (q == nullptr) break;
    if (q + 1 < end_ && q[1] == '/') {
      p_ = q + 2;
      return;
    }
  }
  fail(start, "unterminated comment");
}

void Lexer::expect(char c, std::string_view what) {
  if (accept(c)) return;
  fail_expected(fmt::format("'{}' {}", c, what));
}

std::string_view Lexer::identifier(std::string_view what) {
  skip();
  std::string_view out;
  if (p_ == end_ || !is_ident_start(*p_)) fail_expected(what);
  const char* const start = p_;
  lex(p_, end_, identifier_p, out);
  // `%` and `$` alone are not identifiers (a lone `_` is the sink operand).
  if (out.size() == 1 && out[0] != '_' && !is_alpha(out[0])) {
    fail(start, fmt::format("expected {}, found {}", what, describe(start)));
  }
  return out;
}

std::string_view Lexer::declared_identifier(std::string_view what) {
  skip();
  const char* const at = p_;
  const std::string_view name = identifier(what);
  refuse_predefined(name, at);
  return name;
}

void Lexer::refuse_predefined(std::string_view name, const char* at) const {
  if (name == kWarpSizeName) {
    fail(at, fmt::format("cannot declare '{}': it is PTX's predefined warp-size constant", name));
  }
}

bool Lexer::at_predefined_constant() {
  skip();
  const auto n = static_cast<std::size_t>(end_ - p_);
  if (n < kWarpSizeName.size() || std::string_view(p_, kWarpSizeName.size()) != kWarpSizeName) return false;
  return n == kWarpSizeName.size() || !is_ident_char(p_[kWarpSizeName.size()]);
}

bool Lexer::predefined_constant(std::uint64_t& value) {
  if (!at_predefined_constant()) return false;
  p_ += kWarpSizeName.size();
  value = kWarpSizeValue;
  return true;
}

std::string_view Lexer::operand_name(std::string_view what) {
  const std::string_view name = identifier(what);
  // Special-register and vector-register components: %tid.x, %v.w, %c.r.
  if (name[0] == '%' && end_ - p_ >= 2 && p_[0] == '.' &&
      std::strchr("xyzwrgba", p_[1]) != nullptr && p_[1] != '\0' &&
      (end_ - p_ == 2 || !is_ident_char(p_[2]))) {
    p_ += 2;
    return {name.data(), name.size() + 2};
  }
  return name;
}

std::string_view Lexer::directive(std::string_view what) {
  skip();
  if (p_ == end_ || *p_ != '.') fail_expected(what);
  const char* it = p_ + 1;
  std::string_view word;
  if (!lex(it, end_, word_p, word)) fail_expected(what);
  p_ = it;
  return word;
}

std::string_view Lexer::opcode_rest(const char* start) {
  std::string_view rest;
  lex(p_, end_, opcode_rest_p, rest);
  return {start, static_cast<std::size_t>(p_ - start)};
}

Number Lexer::number() {
  skip();
  const char* const start = p_;
  // The span a bad literal is reported with: the run of literal-ish characters.
  const auto bad = [&](std::string_view kind, std::string_view why) {
    const char* q = start;
    while (q != end_ && (is_ident_char(*q) || *q == '.')) ++q;
    fail(start, fmt::format("bad {} '{}'{}", kind,
                            std::string_view(start, static_cast<std::size_t>(q - start)), why));
  };
  std::string_view text;
  const char* it = p_;
  // Only a run of digits followed by '.', 'e' or 'E' can be a decimal float.
  const char* q = p_;
  while (q != end_ && is_digit(*q)) ++q;
  const bool maybe_float = q != end_ && (*q == '.' || *q == 'e' || *q == 'E');
  if (maybe_float && lex(it, end_, decimal_float_p, text)) {
    if (it != end_ && (is_ident_char(*it) || *it == '.')) bad("floating-point literal", "");
    double value = 0;
    const auto [ptr, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (ec != std::errc{} || ptr != it) bad("floating-point literal", " (out of range)");
    p_ = it;
    return {ast::Operand::Kind::Decimal, std::bit_cast<std::uint64_t>(value), text};
  }
  it = p_;
  if (!lex(it, end_, number_token_p, text)) fail_expected("a number");
  if (it != end_ && *it == '.') bad("integer literal", "");
  Number n;
  n.text = text;
  if (text.size() >= 2 && text[0] == '0' && (text[1] == 'f' || text[1] == 'F')) {
    if (text.size() != 10 || !all_of_radix(text.substr(2), 16)) {
      bad("floating-point literal", " (0f needs exactly 8 hex digits)");
    }
    n.kind = ast::Operand::Kind::Float32;
    parse_uint<16>(text.substr(2), n.bits);
    p_ = it;
    return n;
  }
  if (text.size() >= 2 && text[0] == '0' && (text[1] == 'd' || text[1] == 'D')) {
    if (text.size() != 18 || !all_of_radix(text.substr(2), 16)) {
      bad("floating-point literal", " (0d needs exactly 16 hex digits)");
    }
    n.kind = ast::Operand::Kind::Float64;
    parse_uint<16>(text.substr(2), n.bits);
    p_ = it;
    return n;
  }
  std::string_view digits = text;
  if (digits.back() == 'U') digits.remove_suffix(1);
  unsigned radix = 10;
  if (digits.size() >= 2 && digits[0] == '0') {
    if (digits[1] == 'x' || digits[1] == 'X') {
      radix = 16;
      digits.remove_prefix(2);
    } else if (digits[1] == 'b' || digits[1] == 'B') {
      radix = 2;
      digits.remove_prefix(2);
    } else {
      radix = 8;
      digits.remove_prefix(1);
    }
  }
  if (!all_of_radix(digits, radix)) bad("integer literal", "");
  bool ok = false;
  switch (radix) {
    case 16: ok = parse_uint<16>(digits, n.bits); break;
    case 8: ok = parse_uint<8>(digits, n.bits); break;
    case 2: ok = parse_uint<2>(digits, n.bits); break;
    default: ok = parse_uint<10>(digits, n.bits); break;
  }
  if (!ok) bad("integer literal", " (does not fit in 64 bits)");
  n.kind = ast::Operand::Kind::Int;
  p_ = it;
  return n;
}

std::uint64_t Lexer::integer(std::string_view what) {
  if (std::uint64_t v = 0; predefined_constant(v)) return v;
  if (p_ == end_ || !is_digit(*p_)) fail_expected(what);
  const char* const start = p_;
  const Number n = number();
  if (n.kind != ast::Operand::Kind::Int) {
    fail(start, fmt::format("expected {}, found {}", what, describe(start)));
  }
  return n.bits;
}

std::uint32_t Lexer::u32(std::string_view what) {
  skip();
  const char* const start = p_;
  const std::uint64_t v = integer(what);
  if (v > std::numeric_limits<std::uint32_t>::max()) {
    fail(start, fmt::format("{} '{}' does not fit in 32 bits", what,
                            std::string_view(start, static_cast<std::size_t>(p_ - start))));
  }
  return static_cast<std::uint32_t>(v);
}

std::string_view Lexer::string_literal(std::string_view what) {
  skip();
  if (p_ == end_ || *p_ != '"') fail_expected(what);
  const char* const start = p_;
  const char* it = p_ + 1;
  std::string_view body;
  lex(it, end_, string_body_p, body);
  if (it == end_ || *it != '"') fail(start, "unterminated string");
  // Control bytes (other than tab) have no place in a PTX string; a raw one
  // is binary garbage, not text to keep and print back.
  for (const char* q = start + 1; q != it; ++q) {
    const auto b = static_cast<unsigned char>(*q);
    if ((b < 0x20 && b != '\t') || b == 0x7f) {
      fail(q, fmt::format("control character 0x{:02x} in a string", static_cast<unsigned>(b)));
    }
  }
  p_ = it + 1;
  return body;
}

void Lexer::version(std::uint32_t& major, std::uint32_t& minor) {
  skip();
  const char* const start = p_;
  const char* it = p_;
  const auto u32_p = x3::uint_parser<std::uint32_t>{};
  const bool ok = x3::parse(it, end_, u32_p, major) && it != end_ && *it == '.' &&
                  x3::parse(++it, end_, u32_p, minor) &&
                  (it == end_ || (!is_ident_char(*it) && *it != '.'));
  if (!ok) {
    if (start == end_ || !is_digit(*start)) fail_expected("a version number MAJOR.MINOR");
    const char* q = start;
    while (q != end_ && (is_ident_char(*q) || *q == '.')) ++q;
    fail(start, fmt::format("bad version number '{}' (expected MAJOR.MINOR)",
                            std::string_view(start, static_cast<std::size_t>(q - start))));
  }
  p_ = it;
}

std::string Lexer::describe(const char* at) const {
  if (at >= end_) return "end of file";
  const char c = *at;
  const char* q = at;
  if (c == '.' && at + 1 < end_ && (is_ident_char(at[1]))) {
    ++q;
    while (q != end_ && is_ident_char(*q)) ++q;
  } else if (is_ident_start(c) || is_digit(c)) {
    ++q;
    while (q != end_ && is_ident_char(*q)) ++q;
  } else if (is_printable(c)) {
    return fmt::format("'{}'", c);
  } else {
    return fmt::format("'\\x{:02x}'", static_cast<unsigned char>(c));
  }
  constexpr std::size_t kMax = 40;
  const auto n = static_cast<std::size_t>(q - at);
  if (n > kMax) return fmt::format("'{}...'", std::string_view(at, kMax));
  return fmt::format("'{}'", std::string_view(at, n));
}

void Lexer::fail(const char* at, std::string message) const {
  throw source_.error_at(offset_of(at), std::move(message));
}

void Lexer::fail_expected(std::string_view what) {
  skip();
  if (p_ != end_ && !is_printable(*p_)) fail(p_, "unexpected character " + describe(p_));
  fail(p_, fmt::format("expected {}, found {}", what, describe(p_)));
}

}  // namespace lockstep::ptx::grammar
