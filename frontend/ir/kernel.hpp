// A kernel: an `.entry` with device functions inlined, as a linear array of
// decoded instructions (the PC is the index) plus its registers, variables,
// labels and basic blocks.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "frontend/ir/block.hpp"
#include "frontend/ir/inline_frame.hpp"
#include "frontend/ir/instr.hpp"
#include "frontend/ir/operand.hpp"
#include "frontend/ir/variable.hpp"

namespace lockstep::ir {

struct RegInfo {
  std::string name;  ///< PTX spelling including '%', e.g. "%r12" (inlined: "%r4_i1")
  Type type = Type::None;
  friend bool operator==(const RegInfo&, const RegInfo&) = default;
};

struct LabelInfo {
  std::string name;
  std::uint32_t pc = 0;  ///< the instruction the label stands before (== size() for a label at the end)
  friend bool operator==(const LabelInfo&, const LabelInfo&) = default;
};

/// Performance-tuning directives of an entry.
struct EntryDirectives {
  std::vector<std::uint32_t> maxntid, reqntid, reqnctapercluster;
  std::optional<std::uint32_t> minnctapersm, maxnctapersm, maxnreg, maxclusterrank;
  bool noreturn = false;
  bool explicitcluster = false;
  friend bool operator==(const EntryDirectives&, const EntryDirectives&) = default;
};

struct Kernel {
  std::string name;
  Linkage linkage = Linkage::None;
  SrcLoc loc;
  EntryDirectives directives;

  std::vector<Instr> code;            ///< PC = index
  std::vector<Operand> operands;      ///< operand storage for code
  std::vector<RegInfo> regs;          ///< dense register ids
  std::vector<Variable> vars;         ///< kernel-scope variables (params first, in order)
  std::vector<std::uint32_t> params;  ///< indices in vars of the entry parameters, in order
  std::vector<LabelInfo> labels;      ///< every label, ordered by pc
  std::vector<Block> blocks;          ///< built by build_blocks(); ordered by first_pc
  std::vector<InlineFrame> frames;    ///< inlined copies of device functions (Instr::frame)

  /// The operands of the instruction at pc.
  [[nodiscard]] const Operand* ops(std::uint32_t pc) const noexcept {
    return operands.data() + code[pc].op_begin;
  }
  [[nodiscard]] const Operand& op(std::uint32_t pc, unsigned i) const noexcept {
    return operands[code[pc].op_begin + i];
  }
  /// Elements of a Vector operand.
  [[nodiscard]] const Operand* elems(const Operand& vec) const noexcept { return operands.data() + vec.a; }
  /// The inlined call depth of the instruction at pc: 0 in the kernel's own
  /// body, 1 in a function the kernel calls, and so on.
  [[nodiscard]] std::uint32_t call_depth(std::uint32_t pc) const noexcept {
    const std::uint32_t f = code[pc].frame;
    return f < frames.size() ? frames[f].depth : 0;
  }
  /// Block containing pc (binary search over blocks).
  [[nodiscard]] std::uint32_t block_of(std::uint32_t pc) const noexcept;
};

/// (Re)computes kernel.blocks from the code and labels: leaders are PC 0,
/// branch targets, and instructions after a branch, ret, exit or trap.
void build_blocks(Kernel& kernel);

}  // namespace lockstep::ir
