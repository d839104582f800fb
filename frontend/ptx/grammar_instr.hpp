// PTX grammar, instructions and operands.
//
//   [@[!]%p] opcode.mod.mod operand, operand, ... ;
//
// Operands: registers and names (`%r1`, `%tid.x`, `param0`, `_`), negated
// predicates `!%p`, integers in every PTX radix (`42`, `0x2A`, `052`,
// `0b101010`, `42U`, `-1`), float literals (`0f3F800000`,
// `0d3FF0000000000000`, `1.5`), vectors `{%r1, %r2, _}`, register pairs
// `%p|%q`, symbol offsets `sym+8`, addresses `[%rd1]`, `[%rd1+-4]`,
// `[sym+8]`, `[0x100]` and texture/surface tuples `[tex, sampler, {%f1, %f2}]`.
//
// `call` has its own shape:
//   call{.uni} (ret, ...), callee, (arg, ...), proto_or_targets;
// with every part but the callee optional.
#pragma once

#include "frontend/ptx/ast.hpp"
#include "frontend/ptx/grammar_lexer.hpp"

namespace lockstep::ptx::grammar {

/// Parses a numeric literal with an optional leading '-' (which must be next).
[[nodiscard]] ast::Operand parse_number_operand(Lexer& lx);

/// Parses one instruction operand (not the parts of a `call`).
[[nodiscard]] ast::Operand parse_operand(Lexer& lx);

/// Parses everything after the opcode (already in `instr.opcode`) through the
/// terminating ';'. `scratch` is reusable storage (its capacity is kept
/// between calls) so that `instr.operands` is allocated once, at its size.
void parse_instruction_operands(Lexer& lx, ast::Instruction& instr,
                                std::vector<ast::Operand>& scratch);

}  // namespace lockstep::ptx::grammar
