// Syntax tree of a PTX file, as produced by the grammar (ptx/parser.hpp) and
// consumed by lowering (ptx/lower.hpp).
//
// The tree is purely syntactic: opcodes are kept as their dotted spelling
// ("ld.global.v4.u32"), names as text. All text is a string_view into the
// Source the tree was parsed from, and every node records the byte offset
// where it starts, so lowering can report FILE:LINE:COL for any node.
#pragma once

#include <cstdint>
#include <string_view>
#include <variant>
#include <vector>

namespace lockstep::ptx::ast {

using Offset = std::uint32_t;  ///< byte offset in the source text

/// An instruction operand or an initialiser value.
struct Operand {
  enum class Kind : std::uint8_t {
    Name,      ///< `%r1`, `%tid.x`, `param0`, `$L__BB0_1`, `_` : text = the name (with '%')
    Int,       ///< integer literal: value = its bits; text = spelling
    Float32,   ///< `0fXXXXXXXX`: value = bits
    Float64,   ///< `0dXXXXXXXXXXXXXXXX`: value = bits
    Decimal,   ///< decimal floating literal `1.5`, `1e-3`: value = double bits
    Address,   ///< `[base+offset]`: text = base name ("" for `[imm]`), value = offset;
               ///< a texture/surface tuple `[tex, sampler, {x, y}]` has text = tex and
               ///< elems = the further entries (sampler, coordinate Vector)
    Vector,    ///< `{a, b, ...}`: elems
    Pair,      ///< `%p|%q`: text = first, text2 = second
    Generic,   ///< `generic(sym)` in an initialiser: text = sym, value = addend
    SymPlus,   ///< `sym+imm` in an initialiser or mov: text = sym, value = addend
  };
  Kind kind = Kind::Name;
  bool negated = false;      ///< `!%p`
  std::string_view text;
  std::string_view text2;
  std::uint64_t value = 0;   ///< literal bits / address offset (two's complement)
  std::vector<Operand> elems;
  Offset offset = 0;
};

struct Guard {
  std::string_view reg;      ///< with '%'
  bool negated = false;
  Offset offset = 0;
};

struct Instruction {
  bool has_guard = false;
  Guard guard;
  std::string_view opcode;   ///< full dotted spelling, e.g. "setp.lt.and.s32"
  Offset opcode_offset = 0;
  std::vector<Operand> operands;
  /// `call` only: return operands `(r0)`, the callee name is operands[0] after
  /// call_rets, arguments `(a, b)`; an optional prototype/target list last.
  std::vector<Operand> call_rets;
  std::vector<Operand> call_args;
  bool call_has_rets = false;
  bool call_has_args = false;
  Offset offset = 0;
};

struct Label {
  std::string_view name;
  Offset offset = 0;
};

/// `.reg .b32 %r<10>;`, `.reg .pred p, q;`, `.reg .v4 .f32 %v;`
struct RegDecl {
  std::string_view type;     ///< without dot: "b32"
  std::uint32_t vec = 1;
  struct Name {
    std::string_view name;
    bool has_range = false;
    std::uint32_t count = 0;  ///< `%r<10>` -> count 10
    Offset offset = 0;
  };
  std::vector<Name> names;
  Offset offset = 0;
};

/// A variable declaration in any state space (module scope, function scope,
/// parameter lists).
struct VarDecl {
  std::string_view linkage;  ///< "", "visible", "extern", "weak", "common"
  std::string_view space;    ///< without dot: "global", "shared", "param", "local", "const", "tex", ...
  std::uint32_t align = 0;
  std::uint32_t vec = 1;
  std::string_view type;     ///< without dot
  bool ptr = false;          ///< `.ptr` attribute in kernel parameter lists
  std::string_view ptr_space;
  std::uint32_t ptr_align = 0;
  std::string_view name;
  std::vector<std::uint64_t> dims;  ///< `[16][4]`; `[]` gives 0
  bool has_init = false;
  Operand init;              ///< a value or a (nested) Vector of values
  std::string_view attribute;  ///< text inside `.attribute(...)`, e.g. ".managed"; "" if none
  Offset offset = 0;
  Offset name_offset = 0;
};

/// `.loc FILE LINE COL [, function_name LABEL[+OFF], inlined_at FILE LINE COL]`:
/// the optional part (nvcc -lineinfo) says the position is inside the
/// function whose name the `.debug_str` label holds, inlined at the given
/// position.
struct LocDir {
  std::uint32_t file = 0, line = 0, col = 0;
  Offset offset = 0;
  std::string_view function_name;  ///< the label; empty when absent
  bool inlined = false;            ///< an `inlined_at` part was given
  std::uint32_t inlined_file = 0, inlined_line = 0, inlined_col = 0;
};

struct Pragma {
  std::string_view text;  ///< the string without quotes
  Offset offset = 0;
};

struct ScopeOpen { Offset offset = 0; };
struct ScopeClose { Offset offset = 0; };

/// `$targets: .branchtargets L1, L2;` (label given by the preceding Label
/// statement) and `.calltargets`, `.callprototype`.
/// For `.callprototype (.param .b32 _) _ (.param .b32 _, ...);` names holds
/// two entries: the raw text of the return list and of the parameter list,
/// each with its parentheses ("" when the list is absent), and a third entry
/// "noreturn" when the prototype ends with `.noreturn`.
struct TargetList {
  std::string_view directive;  ///< "branchtargets", "calltargets", "callprototype"
  std::vector<std::string_view> names;
  Offset offset = 0;
};

using Statement = std::variant<Instruction, Label, RegDecl, VarDecl, LocDir, Pragma, ScopeOpen,
                               ScopeClose, TargetList>;

/// A performance directive of a function header, e.g. `.maxntid 256, 1, 1`.
struct FuncDirective {
  std::string_view name;  ///< without dot
  std::vector<std::uint32_t> values;
  Offset offset = 0;
};

struct Function {
  bool is_entry = false;
  std::string_view linkage;       ///< "", "visible", "extern", "weak"
  std::string_view name;
  Offset name_offset = 0;
  bool has_rets = false;          ///< `.func (.param .b32 r) f(...)`
  std::vector<VarDecl> rets;
  std::vector<VarDecl> params;    ///< both `(.param .u32 a, ...)` and old entry `(.param ...)` style
                                  ///< (an `.entry` without a parameter list gets the `.param`
                                  ///< declarations at the top level of its body here)
  std::vector<FuncDirective> directives;
  bool has_body = false;          ///< false for a prototype `... ;`
  std::string_view attribute;     ///< text inside `.func .attribute(...)`; "" if none
  std::vector<Statement> body;
  Offset offset = 0;
};

struct FileDir {
  std::uint32_t index = 0;
  std::string_view name;          ///< without quotes
  Offset offset = 0;
};

/// `.section .debug_info { ... }`: kept only as its name. Legacy `@@DWARF`
/// debug lines are kept the same way, with name "@@DWARF".
struct Section {
  std::string_view name;  ///< as written, with its dot: ".debug_info"
  Offset offset = 0;
  /// `.debug_str` only: (label, string) pairs (debug_str.hpp).
  std::vector<std::pair<std::string_view, std::string>> strings;
};

/// RegDecl at module scope appears in ISA 1.x files (`.reg .u32 %ra<17>;`,
/// the registers of the old calling convention).
using TopLevel = std::variant<Function, VarDecl, FileDir, Section, Pragma, RegDecl>;

struct Module {
  std::uint32_t version_major = 0, version_minor = 0;
  Offset version_offset = 0;
  std::vector<std::string_view> targets;
  Offset target_offset = 0;
  bool has_address_size = false;
  std::uint32_t address_size = 0;
  Offset address_size_offset = 0;
  std::vector<TopLevel> items;
};

}  // namespace lockstep::ptx::ast
