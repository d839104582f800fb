#include "frontend/ptx/grammar_decl.hpp"

#include <array>
#include <algorithm>

#include <fmt/format.h>

#include "frontend/ptx/grammar_instr.hpp"

namespace lockstep::ptx::grammar {

namespace {

/// Largest register range `%r<N>` accepted (keeps a fuzzed file from asking
/// later stages for billions of registers).
constexpr std::uint64_t kMaxRegRange = std::uint64_t{1} << 24;

template <std::size_t N>
bool one_of(std::string_view word, const std::array<std::string_view, N>& set) {
  return std::find(set.begin(), set.end(), word) != set.end();
}

std::uint32_t vector_width(std::string_view word) {
  if (word == "v2") return 2;
  if (word == "v4") return 4;
  if (word == "v8") return 8;
  return 0;
}

/// `.ptr [.space] [.align N]` after a kernel parameter's type.
void parse_ptr_attribute(Lexer& lx, ast::VarDecl& d) {
  d.ptr = true;
  while (lx.peek() == '.') {
    const char* const at = lx.token();
    const std::string_view w = lx.directive("a '.ptr' attribute");
    if (w == "global" || w == "shared" || w == "const" || w == "local") {
      d.ptr_space = w;
    } else if (w == "align") {
      d.ptr_align = lx.u32("an alignment after '.align'");
    } else {
      lx.fail(at, fmt::format("expected '.global', '.shared', '.const', '.local' or '.align' "
                              "after '.ptr', found {}",
                              lx.describe(at)));
    }
  }
}

}  // namespace

bool is_var_space(std::string_view word) noexcept {
  static constexpr std::array<std::string_view, 8> kSpaces = {
      "global", "const", "shared", "local", "param", "tex", "surf", "sreg"};
  return one_of(word, kSpaces);
}

bool is_linkage(std::string_view word) noexcept {
  return word == "visible" || word == "extern" || word == "weak" || word == "common";
}

bool is_decl_type(std::string_view word) noexcept {
  static constexpr std::array<std::string_view, 32> kTypes = {
      "b8",     "b16",    "b32",        "b64",        "b128",    "u8",      "u16",
      "u32",    "u64",    "s8",         "s16",        "s32",     "s64",     "f16",
      "f16x2",  "bf16",   "bf16x2",     "f32",        "f64",     "pred",    "tf32",
      "texref", "samplerref", "surfref", "e4m3",      "e5m2",    "e4m3x2",  "e5m2x2",
      "u128",   "s128",   "f8x4",       "b1"};
  return one_of(word, kTypes);
}

void parse_var_decl(Lexer& lx, ast::VarDecl proto, DeclContext ctx,
                    std::vector<ast::VarDecl>& out) {
  constexpr std::string_view kType = "a type in the declaration";
  for (;;) {
    if (lx.peek() != '.') lx.fail_expected(kType);
    const char* const at = lx.token();
    const std::string_view w = lx.directive(kType);
    if (w == "align") {
      proto.align = lx.u32("an alignment after '.align'");
    } else if (const std::uint32_t v = vector_width(w); v != 0) {
      proto.vec = v;
    } else if (w == "attribute") {
      proto.attribute = parse_attribute(lx);
    } else if (is_decl_type(w)) {
      proto.type = w;
      break;
    } else {
      lx.fail(at, fmt::format("expected {}, found {}", kType, lx.describe(at)));
    }
  }
  if (ctx == DeclContext::Param && lx.peek() == '.') {
    const char* const at = lx.token();
    if (lx.directive("a parameter name") != "ptr") {
      lx.fail(at, fmt::format("expected a parameter name, found {}", lx.describe(at)));
    }
    parse_ptr_attribute(lx, proto);
  }
  for (;;) {
    ast::VarDecl d = proto;
    lx.skip();
    d.name_offset = lx.offset();
    d.name = lx.declared_identifier(ctx == DeclContext::Param ? "a parameter name" : "a variable name");
    while (lx.peek() == '[') {
      lx.advance();
      if (lx.accept(']')) {
        d.dims.push_back(0);
      } else {
        d.dims.push_back(lx.integer("an array size"));
        lx.expect(']', "after the array size");
      }
    }
    if (ctx == DeclContext::Statement && lx.accept('=')) {
      d.has_init = true;
      d.init = parse_initialiser(lx);
    }
    out.push_back(std::move(d));
    if (ctx == DeclContext::Param || !lx.accept(',')) break;
  }
  if (ctx == DeclContext::Statement) lx.expect(';', "after the declaration");
}

ast::RegDecl parse_reg_decl(Lexer& lx, ast::Offset offset) {
  constexpr std::string_view kType = "a register type";
  ast::RegDecl r;
  r.offset = offset;
  for (;;) {
    if (lx.peek() != '.') lx.fail_expected(kType);
    const char* const at = lx.token();
    const std::string_view w = lx.directive(kType);
    if (const std::uint32_t v = vector_width(w); v != 0) {
      r.vec = v;
    } else if (is_decl_type(w)) {
      r.type = w;
      break;
    } else {
      lx.fail(at, fmt::format("expected {}, found {}", kType, lx.describe(at)));
    }
  }
  do {
    ast::RegDecl::Name n;
    lx.skip();
    n.offset = lx.offset();
    n.name = lx.declared_identifier("a register name");
    if (lx.peek() == '<') {
      lx.advance();
      if (!is_digit(lx.peek())) lx.fail_expected("a register count in '<N>'");
      const char* const at = lx.token();
      const std::uint64_t count = lx.integer("a register count");
      if (count > kMaxRegRange) {
        lx.fail(at, fmt::format("register range {} too large (at most {})",
                                std::string_view(at, static_cast<std::size_t>(lx.pos() - at)),
                                kMaxRegRange));
      }
      n.has_range = true;
      n.count = static_cast<std::uint32_t>(count);
      lx.expect('>', "to close the register range");
    }
    r.names.push_back(n);
  } while (lx.accept(','));
  lx.expect(';', "after the register declaration");
  return r;
}

void parse_param_list(Lexer& lx, std::vector<ast::VarDecl>& out) {
  lx.advance();  // '('
  if (lx.accept(')')) return;
  do {
    if (lx.peek() != '.') lx.fail_expected("'.param' in the parameter list");
    const char* const at = lx.token();
    ast::VarDecl proto;
    proto.offset = lx.offset();
    proto.space = lx.directive("'.param' in the parameter list");
    if (proto.space != "param" && proto.space != "reg") {
      lx.fail(at, fmt::format("expected '.param' or '.reg' in the parameter list, found {}",
                              lx.describe(at)));
    }
    parse_var_decl(lx, proto, DeclContext::Param, out);
  } while (lx.accept(','));
  lx.expect(')', "to close the parameter list");
}

std::string_view parse_attribute(Lexer& lx) {
  if (lx.peek() != '(') lx.fail_expected("'(' after '.attribute'");
  const char* const open = lx.token();
  const char* q = open + 1;
  int depth = 1;
  for (; q != lx.end(); ++q) {
    if (*q == '(') ++depth;
    else if (*q == ')' && --depth == 0) break;
    else if (*q == '\n' || *q == ';' || *q == '{' || *q == '}') break;
  }
  if (q == lx.end() || *q != ')') lx.fail(open, "unterminated '.attribute(' (missing ')')");
  lx.advance_to(q + 1);
  return {open + 1, static_cast<std::size_t>(q - open - 1)};
}

ast::Operand parse_initialiser(Lexer& lx, int depth) {
  const char c = lx.peek();
  if (c == '{') {
    if (depth >= kMaxInitDepth) {
      lx.fail(lx.pos(), fmt::format("initialiser nested deeper than {} levels", kMaxInitDepth));
    }
    ast::Operand list;
    list.kind = ast::Operand::Kind::Vector;
    list.offset = lx.offset();
    lx.advance();
    do {
      list.elems.push_back(parse_initialiser(lx, depth + 1));
    } while (lx.accept(','));
    lx.expect('}', "to close the initialiser list");
    return list;
  }
  if (c == '-' || is_digit(c) || lx.at_predefined_constant()) return parse_number_operand(lx);
  if (!is_ident_start(c)) lx.fail_expected("an initialiser value");
  ast::Operand op;
  op.offset = lx.offset();
  op.text = lx.identifier("an initialiser value");
  if (op.text == "generic" && lx.peek() == '(') {
    lx.advance();
    op.kind = ast::Operand::Kind::Generic;
    op.text = lx.identifier("a variable name in 'generic(...)'");
    lx.expect(')', "after the name in 'generic(...)'");
  }
  const char sign = lx.peek();
  if (sign == '+' || sign == '-') {
    lx.advance();
    if (op.kind == ast::Operand::Kind::Name) op.kind = ast::Operand::Kind::SymPlus;
    const bool negative = (sign == '-') != lx.accept('-');
    const std::uint64_t v = lx.integer("an integer offset");
    op.value = negative ? 0 - v : v;
  }
  return op;
}

}  // namespace lockstep::ptx::grammar
