// Operands of IR instructions.
//
// An Operand is a small tagged value. Registers are numbered densely per
// kernel (ir::Kernel::regs); symbols refer to a variable of the kernel or of
// the module (SymRef); labels are already resolved to PCs. Vector operands
// (`{%r1, %r2}`) and label lists (brx.idx) point at a run of further operands
// stored after the instruction's own operands in Kernel::operands. A
// Function operand names a function that is not inlined (ir/function.hpp).
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>

namespace lockstep::ir {

enum class SpecialReg : std::uint8_t {
  Tid, Ntid, Ctaid, Nctaid, Laneid, Warpid, Nwarpid, Smid, Nsmid, Gridid,
  LanemaskEq, LanemaskLe, LanemaskLt, LanemaskGe, LanemaskGt,
  Clock, ClockHi, Clock64, Globaltimer, GlobaltimerLo, GlobaltimerHi,
  TotalSmemSize, DynamicSmemSize, AggrSmemSize,
  Pm0, Pm1, Pm2, Pm3, Pm4, Pm5, Pm6, Pm7,
  Pm0_64, Pm1_64, Pm2_64, Pm3_64, Pm4_64, Pm5_64, Pm6_64, Pm7_64,
  Envreg,  ///< %envreg<N>: index in Operand::b
  Count_
};

/// Spelling without the component, e.g. "%tid", "%lanemask_eq", "%envreg".
[[nodiscard]] const char* special_reg_name(SpecialReg r) noexcept;
/// Parses a spelling without the component ("%tid", "%clock64"); %envreg<N>
/// is returned as Envreg (the caller reads N).
[[nodiscard]] std::optional<SpecialReg> parse_special_reg(std::string_view name) noexcept;
/// True for the registers that take a .x/.y/.z component.
[[nodiscard]] bool special_reg_has_component(SpecialReg r) noexcept;

/// Where a symbol lives: a variable of the kernel (Kernel::vars) or of the
/// module (Module::globals).
enum class SymScope : std::uint8_t { Kernel, Module };

enum class OperandKind : std::uint8_t {
  Reg,      ///< a = register id
  RegPair,  ///< `%a|%b` (setp, shfl.sync destinations): a, b = register ids
  Sink,     ///< `_` (discarded destination)
  ImmInt,   ///< value = the integer's bits (two's complement, 64-bit)
  ImmF32,   ///< value = IEEE single bits (from `0fXXXXXXXX`)
  ImmF64,   ///< value = IEEE double bits (from `0dXXXXXXXXXXXXXXXX` or a decimal literal)
  Special,  ///< a = SpecialReg, b = component (0 none, 1 x, 2 y, 3 z) or envreg index
  Symbol,   ///< address of a variable: a = variable index, b = SymScope; value = offset
  Address,  ///< memory operand `[base+offset]`: see AddrBase; value = byte offset
  Label,    ///< value = target PC
  Vector,   ///< a = index in Kernel::operands of the first element, b = element count
  Function, ///< a function's name: the callee of a Call, or its address (mov); a = index in Module::functions
};

/// Base of an Address operand, stored in Operand::b.
enum class AddrBase : std::uint8_t {
  Absolute,  ///< `[imm]`: a unused
  Reg,       ///< `[%rd1+off]`: a = register id
  Symbol,    ///< `[sym+off]` (module variable: Operand::scope = Module)
};

struct Operand {
  OperandKind kind = OperandKind::Sink;
  bool negated = false;       ///< `!%p` as a source predicate
  SymScope scope = SymScope::Kernel;  ///< for Symbol and Address(Symbol)
  std::uint32_t a = 0;
  std::uint32_t b = 0;
  std::int64_t value = 0;

  friend bool operator==(const Operand&, const Operand&) = default;

  [[nodiscard]] static Operand reg(std::uint32_t id, bool neg = false) {
    Operand o; o.kind = OperandKind::Reg; o.a = id; o.negated = neg; return o;
  }
  [[nodiscard]] static Operand imm(std::int64_t v) {
    Operand o; o.kind = OperandKind::ImmInt; o.value = v; return o;
  }
  [[nodiscard]] static Operand label(std::uint32_t pc) {
    Operand o; o.kind = OperandKind::Label; o.value = pc; return o;
  }
  [[nodiscard]] AddrBase addr_base() const noexcept { return static_cast<AddrBase>(b); }
  [[nodiscard]] std::uint32_t label_pc() const noexcept { return static_cast<std::uint32_t>(value); }
};

}  // namespace lockstep::ir
