#include "frontend/ptx/grammar_instr.hpp"

#include <iterator>

#include <fmt/format.h>

namespace lockstep::ptx::grammar {

using Kind = ast::Operand::Kind;

namespace {

/// `call` or `call.uni` (and any other dotted form of call).
bool is_call(std::string_view opcode) {
  return opcode == "call" || opcode.starts_with("call.");
}

/// The offset part of an address `[base+off]` after the base: `+4`, `+-4`,
/// `-4`, `+0x10`. Returns the two's complement offset.
std::uint64_t address_offset(Lexer& lx) {
  bool negative = false;
  if (lx.accept('+')) negative = lx.accept('-');
  else if (lx.accept('-')) negative = true;
  const std::uint64_t v = lx.integer("an integer offset in the address");
  return negative ? 0 - v : v;
}

ast::Operand parse_address(Lexer& lx) {
  ast::Operand op;
  op.kind = Kind::Address;
  op.offset = lx.offset();
  lx.advance();  // '['
  const char c = lx.peek();
  if (is_ident_start(c)) {
    op.text = lx.operand_name("an address");
    const char next = lx.peek();
    if (next == '+' || next == '-') {
      op.value = address_offset(lx);
    } else if (next == ',') {
      // Texture / surface / tensor tuple: [tex, sampler, {coords}].
      while (lx.accept(',')) {
        if (lx.peek() == '[') lx.fail_expected("a texture sampler or coordinate vector");
        op.elems.push_back(parse_operand(lx));
      }
    }
  } else if (is_digit(c) || c == '-' || lx.at_predefined_constant()) {
    const bool negative = lx.accept('-');
    const std::uint64_t v = lx.integer("an address");
    op.value = negative ? 0 - v : v;
  } else {
    lx.fail_expected("an address inside '[...]'");
  }
  lx.expect(']', "to close the address");
  return op;
}

ast::Operand parse_vector(Lexer& lx) {
  ast::Operand op;
  op.kind = Kind::Vector;
  op.offset = lx.offset();
  lx.advance();  // '{'
  op.elems.reserve(4);
  do {
    const char c = lx.peek();
    if (c == '{' || c == '[') lx.fail_expected("a vector element");
    op.elems.push_back(parse_operand(lx));
  } while (lx.accept(','));
  lx.expect('}', "to close the vector operand");
  return op;
}

/// `( a, b, ... )` of a call; `()` is empty.
void parse_call_list(Lexer& lx, std::vector<ast::Operand>& out) {
  lx.advance();  // '('
  if (lx.accept(')')) return;
  do {
    out.push_back(parse_operand(lx));
  } while (lx.accept(','));
  lx.expect(')', "to close the call's parameter list");
}

void parse_call(Lexer& lx, ast::Instruction& instr) {
  if (lx.peek() == '(') {
    instr.call_has_rets = true;
    parse_call_list(lx, instr.call_rets);
    lx.expect(',', "after the call's return list");
  }
  if (!is_ident_start(lx.peek())) lx.fail_expected("the called function");
  instr.operands.push_back(parse_operand(lx));
  if (lx.accept(',')) {
    if (lx.peek() == '(') {
      instr.call_has_args = true;
      parse_call_list(lx, instr.call_args);
      if (lx.accept(',')) {
        if (!is_ident_start(lx.peek())) lx.fail_expected("a call prototype or target list");
        instr.operands.push_back(parse_operand(lx));
      }
    } else {
      if (!is_ident_start(lx.peek())) lx.fail_expected("the call's argument list");
      instr.operands.push_back(parse_operand(lx));
    }
  }
  lx.expect(';', "after instruction");
}

}  // namespace

ast::Operand parse_number_operand(Lexer& lx) {
  ast::Operand op;
  op.offset = lx.offset();
  const char* const start = lx.token();
  const bool negative = lx.accept('-');
  if (std::uint64_t v = 0; lx.predefined_constant(v)) {
    op.kind = Kind::Int;
    op.value = negative ? 0 - v : v;
    op.text = std::string_view(start, static_cast<std::size_t>(lx.pos() - start));
    return op;
  }
  if (negative && !is_digit(lx.peek())) lx.fail_expected("a number after '-'");
  const Number n = lx.number();
  op.kind = n.kind;
  op.value = n.bits;
  if (negative) {
    switch (n.kind) {
      case Kind::Int: op.value = 0 - n.bits; break;
      case Kind::Float32: op.value = n.bits ^ 0x80000000ULL; break;
      default: op.value = n.bits ^ 0x8000000000000000ULL; break;  // Float64, Decimal
    }
    op.text = std::string_view(start, static_cast<std::size_t>(lx.pos() - start));
  } else {
    op.text = n.text;
  }
  return op;
}

ast::Operand parse_operand(Lexer& lx) {
  const char c = lx.peek();
  if (c == kWarpSizeName[0] && lx.at_predefined_constant()) return parse_number_operand(lx);
  if (is_ident_start(c)) {
    ast::Operand op;
    op.offset = lx.offset();
    op.text = lx.operand_name("an operand");
    const char next = lx.peek();
    if (next == '|') {
      lx.advance();
      op.kind = Kind::Pair;
      op.text2 = lx.operand_name("a second register after '|'");
    } else if (next == '+' && op.text != "_") {
      lx.advance();
      op.kind = Kind::SymPlus;
      const bool negative = lx.accept('-');
      const std::uint64_t v = lx.integer("an integer offset after '+'");
      op.value = negative ? 0 - v : v;
    }
    return op;
  }
  switch (c) {
    case '[': return parse_address(lx);
    case '{': return parse_vector(lx);
    case '-': return parse_number_operand(lx);
    case '!': {
      ast::Operand op;
      op.offset = lx.offset();
      lx.advance();
      op.negated = true;
      op.text = lx.operand_name("a predicate after '!'");
      return op;
    }
    default:
      if (is_digit(c)) return parse_number_operand(lx);
      lx.fail_expected("an operand");
  }
}

void parse_instruction_operands(Lexer& lx, ast::Instruction& instr,
                                std::vector<ast::Operand>& scratch) {
  if (is_call(instr.opcode)) {
    parse_call(lx, instr);
    return;
  }
  if (lx.accept(';')) return;
  const char c = lx.peek();
  if (!is_ident_start(c) && !is_digit(c) && c != '[' && c != '{' && c != '-' && c != '!') {
    lx.fail_expected(fmt::format("an operand or ';' after '{}'", instr.opcode));
  }
  scratch.clear();
  do {
    scratch.push_back(parse_operand(lx));
  } while (lx.accept(','));
  lx.expect(';', "after instruction");
  instr.operands.assign(std::make_move_iterator(scratch.begin()),
                        std::make_move_iterator(scratch.end()));
}

}  // namespace lockstep::ptx::grammar
