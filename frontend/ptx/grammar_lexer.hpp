// The lexical layer of the PTX grammar: a cursor over the source text that
// skips whitespace and comments, recognises PTX lexemes (identifiers, dotted
// opcodes, directive words, numbers in every PTX radix, float literals,
// strings) with Boost.Spirit X3, and reports errors as one
// `FILE:LINE:COL: error: ...` naming the offending token.
//
// The structural grammar (parser.cpp, grammar_decl.cpp, grammar_instr.cpp)
// is a predictive recursive descent over this cursor: it dispatches on the
// next character or keyword, so it never backtracks and every failure
// happens at the exact offending position. All text handed out is a
// string_view into the Source.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "frontend/ptx/ast.hpp"
#include "frontend/source.hpp"

namespace lockstep::ptx::grammar {

/// Character classes of PTX (ASCII only; bytes >= 0x80 are never part of a token).
[[nodiscard]] constexpr bool is_digit(char c) noexcept { return c >= '0' && c <= '9'; }
[[nodiscard]] constexpr bool is_alpha(char c) noexcept {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}
/// First character of an identifier: `[A-Za-z_$%]`.
[[nodiscard]] constexpr bool is_ident_start(char c) noexcept {
  return is_alpha(c) || c == '_' || c == '$' || c == '%';
}
/// Following characters of an identifier: `[A-Za-z0-9_$]`.
[[nodiscard]] constexpr bool is_ident_char(char c) noexcept {
  return is_alpha(c) || is_digit(c) || c == '_' || c == '$';
}

/// PTX's one predefined constant (PTX ISA, "Identifiers"): the warp size.
/// ptxas reads it as the integer literal 32 wherever an integer constant may
/// stand (operands, address offsets, initialisers, array sizes, directive
/// values), and it cannot be declared; the grammar does the same.
inline constexpr std::string_view kWarpSizeName = "WARP_SZ";
inline constexpr std::uint64_t kWarpSizeValue = 32;

/// A numeric literal as lexed: its kind (Int, Float32, Float64 or Decimal),
/// its bits and its spelling.
struct Number {
  ast::Operand::Kind kind = ast::Operand::Kind::Int;
  std::uint64_t bits = 0;
  std::string_view text;
};

class Lexer {
 public:
  /// Throws InputError if the text is too large for 32-bit offsets.
  explicit Lexer(const Source& source);

  [[nodiscard]] const Source& source() const noexcept { return source_; }
  [[nodiscard]] const char* pos() const noexcept { return p_; }
  [[nodiscard]] const char* end() const noexcept { return end_; }
  [[nodiscard]] bool at_end() const noexcept { return p_ == end_; }
  [[nodiscard]] ast::Offset offset() const noexcept { return offset_of(p_); }
  [[nodiscard]] ast::Offset offset_of(const char* at) const noexcept {
    return static_cast<ast::Offset>(at - begin_);
  }

  /// Skips whitespace, `// ...` and `/* ... */` comments.
  /// Throws "unterminated comment" at the comment's start.
  void skip() {
    while (p_ != end_) {
      const char c = *p_;
      if (c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v') {
        ++p_;
      } else if (c == '/' && p_ + 1 != end_ && (p_[1] == '/' || p_[1] == '*')) {
        skip_comment();
      } else {
        return;
      }
    }
  }
  /// Skips, then returns the next character ('\0' at the end of the text;
  /// callers that care tell the two apart with at_end()).
  [[nodiscard]] char peek() {
    skip();
    return p_ == end_ ? '\0' : *p_;
  }
  /// The character after the next one (no skipping), '\0' past the end.
  [[nodiscard]] char peek2() const noexcept { return p_ + 1 < end_ ? p_[1] : '\0'; }
  /// Skips; consumes `c` and returns true if it is next.
  bool accept(char c) {
    if (peek() == c && !at_end()) {
      ++p_;
      return true;
    }
    return false;
  }
  /// Skips; consumes `c` or throws "expected 'c' WHAT, found 'TOKEN'".
  void expect(char c, std::string_view what);
  /// Skips, then returns the position where the next token starts.
  [[nodiscard]] const char* token() {
    skip();
    return p_;
  }
  /// Consumes one character (the caller has peeked it).
  void advance() noexcept { ++p_; }
  /// Moves to `at` (a position between pos() and end()).
  void advance_to(const char* at) noexcept { p_ = at; }

  /// An identifier `[A-Za-z_$%][A-Za-z0-9_$]*` (a lone `_` is the sink
  /// operand). Throws "expected WHAT, found 'TOKEN'" if none is next.
  [[nodiscard]] std::string_view identifier(std::string_view what);
  /// Like identifier(), for a name being declared (variable, parameter,
  /// register, function): a predefined constant is refused.
  [[nodiscard]] std::string_view declared_identifier(std::string_view what);
  /// Throws "cannot declare 'WARP_SZ': ..." when `name` (written at `at`) is
  /// a predefined constant.
  void refuse_predefined(std::string_view name, const char* at) const;
  /// Skips; true when the next token is a predefined constant (`WARP_SZ`,
  /// not part of a longer identifier).
  [[nodiscard]] bool at_predefined_constant();
  /// Skips; when at_predefined_constant(), consumes it, sets `value` and
  /// returns true.
  bool predefined_constant(std::uint64_t& value);
  /// Like identifier(), and a special-register component directly after a
  /// `%` name (`%tid.x`) is kept in the name.
  [[nodiscard]] std::string_view operand_name(std::string_view what);
  /// A directive word after its '.' (which must be next): returns "entry"
  /// for `.entry`. Throws "expected a directive, found ..." otherwise.
  [[nodiscard]] std::string_view directive(std::string_view what);
  /// The rest of a dotted opcode that starts at `start` (an identifier
  /// already read ends at pos()): `.gt.u32`, `.shared::cta` ... Returns the
  /// whole spelling from `start`.
  [[nodiscard]] std::string_view opcode_rest(const char* start);
  /// A numeric literal (the next character is a digit). Throws on a bad one.
  [[nodiscard]] Number number();
  /// Skips, then reads a number that must be an integer (or a predefined
  /// constant). Throws "expected WHAT, found ..." if no digit is next.
  [[nodiscard]] std::uint64_t integer(std::string_view what);
  /// An unsigned integer that fits in 32 bits.
  [[nodiscard]] std::uint32_t u32(std::string_view what);
  /// A string literal "..." (returned without quotes).
  [[nodiscard]] std::string_view string_literal(std::string_view what);
  /// `MAJOR.MINOR` of `.version`.
  void version(std::uint32_t& major, std::uint32_t& minor);

  /// How the token at `at` reads in a message: `'add'`, `'.foo'`, `';'`,
  /// `'\x01'` or `end of file`.
  [[nodiscard]] std::string describe(const char* at) const;
  /// Throws source().error_at(offset of at, message).
  [[noreturn]] void fail(const char* at, std::string message) const;
  /// Throws "expected WHAT, found TOKEN" at the next token, or "unexpected
  /// character '\xNN'" when the next byte cannot start any token.
  [[noreturn]] void fail_expected(std::string_view what);

 private:
  void skip_comment();

  const Source& source_;
  const char* begin_;
  const char* p_;
  const char* end_;
};

}  // namespace lockstep::ptx::grammar
