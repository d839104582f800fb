// PTX grammar, declarations: variables in every state space (module scope,
// function scope, parameter lists), `.reg` declarations and initialisers.
//
//   .global .align 4 .b8 table[16][4] = {{1, 2}, ...};
//   .shared .attribute(.managed) .v4 .f32 tile[];
//   .param .u64 .ptr .global .align 16 p        (kernel parameter)
//   .reg .b32 %r<10>, %tmp;                     (register ranges and lists)
//   .const .u64 ptr = generic(table) + 8;       (address initialisers)
#pragma once

#include <string_view>
#include <vector>

#include "frontend/ptx/ast.hpp"
#include "frontend/ptx/grammar_lexer.hpp"

namespace lockstep::ptx::grammar {

/// Where a declaration appears, which decides what it may contain.
enum class DeclContext : std::uint8_t {
  Statement,  ///< module or function scope: name lists, initialisers, ends with ';'
  Param,      ///< parameter list entry: one name, `.ptr` allowed, no ';'
};

/// Nesting limit of initialiser braces `{{...}}`.
inline constexpr int kMaxInitDepth = 64;

/// True for the state spaces a variable may be declared in (without dot).
[[nodiscard]] bool is_var_space(std::string_view word) noexcept;
/// True for linkage directives: visible, extern, weak, common.
[[nodiscard]] bool is_linkage(std::string_view word) noexcept;
/// True for the fundamental and opaque types of a declaration.
[[nodiscard]] bool is_decl_type(std::string_view word) noexcept;

/// Parses a variable declaration after its state space (already consumed
/// and recorded in `proto`, with linkage and offset). Appends one VarDecl per
/// declared name (`.global .u32 a, b;` declares two).
void parse_var_decl(Lexer& lx, ast::VarDecl proto, DeclContext ctx,
                    std::vector<ast::VarDecl>& out);

/// Parses a `.reg` declaration after the `.reg` word, up to and including ';'.
[[nodiscard]] ast::RegDecl parse_reg_decl(Lexer& lx, ast::Offset offset);

/// Parses `( .param .b32 a, .reg .u32 b, ... )` (the '(' is next); `()` is
/// empty. Entries use the `.param` or `.reg` space.
void parse_param_list(Lexer& lx, std::vector<ast::VarDecl>& out);

/// Parses `( ... )` after `.attribute` and returns the text inside the
/// parentheses (".managed", ".unified(0xAB, 0xCD)").
[[nodiscard]] std::string_view parse_attribute(Lexer& lx);

/// Parses an initialiser value: a literal, a name, `sym+off`,
/// `generic(sym)+off` or a braced (nested) list.
[[nodiscard]] ast::Operand parse_initialiser(Lexer& lx, int depth = 0);

}  // namespace lockstep::ptx::grammar
