// Variable initialisers: `= {1, 2, 3}`, `= 0f3F800000`, `= {generic($str), x+4}`
// -> Variable::init bytes and Variable::relocations.
//
// Values are stored little-endian at the element type's width; nested brace
// lists are flattened in order and missing trailing elements are zero. Float
// variables take float literals (converted to the element type with
// round-to-nearest-even) or integers (converted by value); integer variables
// take integers (truncated to the width). A name, `name+off` or
// `generic(name)` stores the address of a module variable: a Relocation
// (the element must be 32 or 64 bits wide). An unsized array `x[] = {...}`
// gets its first dimension from the number of values.
#pragma once

#include <cstdint>
#include <string_view>
#include <unordered_map>

#include "frontend/ir/variable.hpp"
#include "frontend/ptx/ast.hpp"
#include "frontend/ptx/lower_names.hpp"
#include "frontend/source.hpp"

namespace lockstep::ptx::lowering {

/// Largest initialised variable accepted (bytes).
inline constexpr std::uint64_t kMaxInitBytes = std::uint64_t{1} << 28;

/// Module variables by name (index in ir::Module::globals) and the names of
/// functions (whose addresses initialisers cannot take).
struct InitNames {
  const std::unordered_map<std::string_view, std::uint32_t, NameHash>& globals;
  const std::unordered_map<std::string_view, const ast::Function*, NameHash>& functions;
};

/// Fills var.init / var.relocations (and an unsized first dimension) from
/// decl.init. Throws InputError at the offending value.
void lower_initializer(ir::Variable& var, const ast::VarDecl& decl, const InitNames& names,
                       const Source& source);

/// IEEE binary16 / bfloat16 bits of a value, rounded to nearest even.
[[nodiscard]] std::uint16_t to_f16_bits(double value) noexcept;
[[nodiscard]] std::uint16_t to_bf16_bits(float value) noexcept;

}  // namespace lockstep::ptx::lowering
