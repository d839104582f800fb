// A decoded IR instruction.
//
// Everything an interpreter needs is decoded: the opcode, its types, space,
// sub-operation and flags, the guard predicate and the operand range in
// Kernel::operands. Destinations come first in the operand range, in PTX
// order (`add.s32 d, a, b` -> operands d, a, b; `st [addr], v` -> addr, v).
// Source locations (and the inlined call it came from) are kept for
// diagnostics and traces only.
#pragma once

#include <cstdint>

#include "frontend/ir/opcode.hpp"
#include "frontend/ir/types.hpp"

namespace lockstep::ir {

/// A position in the PTX text (1-based line and column).
struct SrcLoc {
  std::uint32_t line = 0;
  std::uint32_t col = 0;
  friend bool operator==(const SrcLoc&, const SrcLoc&) = default;
};

/// The CUDA source position from the closest preceding `.loc` (file 0 = none;
/// lowering stores `.loc F 0 C`, "no source line", as none too).
struct CudaLoc {
  std::uint32_t file = 0;  ///< index in Module::files (the `.file` number)
  std::uint32_t line = 0;
  std::uint32_t col = 0;
  friend bool operator==(const CudaLoc&, const CudaLoc&) = default;
};

inline constexpr std::uint32_t kNoReg = 0xffffffffU;
/// Instr::frame of an instruction of the kernel's own body (ir/inline_frame.hpp).
inline constexpr std::uint32_t kNoFrame = 0xffffffffU;

struct Instr {
  Opcode op = Opcode::Trap;
  Type type = Type::None;    ///< main type (destination type; ld/st data type; atom type)
  Type stype = Type::None;   ///< second type: cvt/set source, slct/selp condition, mul.wide etc. unused
  Space space = Space::None; ///< ld/st/atom/red/cvta/isspacep/prefetch/Symbol-space of mov
  std::uint8_t vec = 1;      ///< vector width of ld/st/atom (1, 2, 4, 8)
  CmpOp cmp = CmpOp::None;
  BoolOp bop = BoolOp::None;
  AtomOp aop = AtomOp::None;
  Rounding rnd = Rounding::None;
  MemSem sem = MemSem::None;
  Scope scope = Scope::None;
  VoteMode vote = VoteMode::None;
  ShflMode shfl = ShflMode::None;
  BarOp bar = BarOp::None;
  MatchMode match = MatchMode::None;
  PrmtMode prmt = PrmtMode::None;
  TestClass testp = TestClass::None;
  ShfMode shf = ShfMode::None;
  bool guard_negated = false;
  std::uint32_t guard = kNoReg;    ///< predicate register id, or kNoReg
  std::uint32_t flags = 0;         ///< InstrFlag bits
  std::uint32_t op_begin = 0;      ///< first operand in Kernel::operands
  std::uint16_t op_count = 0;      ///< number of top-level operands
  SrcLoc loc;                      ///< where in the PTX text
  CudaLoc cuda;                    ///< where in the CUDA source
  std::uint32_t frame = kNoFrame;  ///< inlined copy it belongs to: index in Kernel::frames

  [[nodiscard]] bool has(InstrFlag f) const noexcept {
    return (flags & static_cast<std::uint32_t>(f)) != 0;
  }
  void set(InstrFlag f) noexcept { flags |= static_cast<std::uint32_t>(f); }
  [[nodiscard]] bool guarded() const noexcept { return guard != kNoReg; }
  /// True for instructions that may transfer control (bra, brx.idx, ret, exit, trap).
  [[nodiscard]] bool is_branch() const noexcept {
    return op == Opcode::Bra || op == Opcode::BrxIdx;
  }
  /// True when execution never falls through to PC+1 (unguarded bra/ret/exit/trap).
  [[nodiscard]] bool ends_flow() const noexcept;
};

/// Equality of the decoded meaning, ignoring source locations.
[[nodiscard]] bool same_meaning(const Instr& a, const Instr& b) noexcept;

}  // namespace lockstep::ir
