// An original kernel, its transformed version and the origin map between
// them, with what every refinement check needs (docs/equiv.md):
//  - register correspondence by name (the two kernels may come from two
//    PTX files, whose register numbering differs); an output register whose
//    name the input does not have is *fresh*;
//  - instruction equality modulo branch targets ("copy");
//  - the control successors of an instruction, as edges of a kind (taken
//    target k, fall-through) with kEdgeExit for leaving the kernel.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "frontend/analysis/def_use.hpp"
#include "frontend/ir/kernel.hpp"
#include "frontend/ir/module.hpp"

namespace lockstep::checker::equiv {

/// Target of an edge that leaves the kernel (ret, exit, trap, falling off the end).
inline constexpr std::uint32_t kEdgeExit = 0xfffffffeU;

/// One control successor of an instruction. Edges of a copy and of its
/// origin correspond by position in successors()'s order: the branch targets
/// (or the exit of a ret/exit/trap) first, then the fall-through.
struct CtrlEdge {
  bool fall = false;        ///< the fall-through (PC + 1, or the exit past the end)
  std::uint32_t target = 0; ///< a PC or kEdgeExit
};

/// The successors of `pc` in `kernel`.
[[nodiscard]] std::vector<CtrlEdge> successors(const ir::Kernel& kernel, std::uint32_t pc);

class KernelPair {
 public:
  KernelPair(const ir::Module& in_module, const ir::Kernel& in, const ir::Module& out_module, const ir::Kernel& out,
             std::span<const std::uint32_t> origin);

  [[nodiscard]] const ir::Kernel& in() const noexcept { return *in_; }
  [[nodiscard]] const ir::Kernel& out() const noexcept { return *out_; }
  [[nodiscard]] std::span<const std::uint32_t> origin() const noexcept { return origin_; }
  [[nodiscard]] bool added(std::uint32_t out_pc) const noexcept;

  /// True when output register `reg` has no namesake in the input.
  [[nodiscard]] bool fresh(std::uint32_t reg) const noexcept { return in_reg_[reg] == ir::kNoReg; }
  /// The input register with the name of output register `reg` (kNoReg: fresh).
  [[nodiscard]] std::uint32_t in_reg(std::uint32_t reg) const noexcept { return in_reg_[reg]; }

  /// Empty when output instruction `out_pc` equals input instruction
  /// `in_pc` modulo branch targets (a `ret`/`exit` may have become a `bra`
  /// with the same guard); else what differs.
  [[nodiscard]] std::string copy_mismatch(std::uint32_t out_pc, std::uint32_t in_pc) const;

  /// Calls f(reg) for every output register the instruction reads (guard,
  /// sources, address bases, vector elements) and w(reg) for every one it writes.
  template <class R, class W>
  void for_each_reg(std::uint32_t out_pc, R&& read, W&& write) const;

  /// "pc 12 (line 40)" for an output PC, "input pc 7 (line 33)" for an input one.
  [[nodiscard]] std::string where_out(std::uint32_t pc) const;
  [[nodiscard]] std::string where_in(std::uint32_t pc) const;

 private:
  [[nodiscard]] std::string operand_mismatch(const ir::Operand& o, const ir::Operand& i, bool branch) const;

  const ir::Module* in_module_;
  const ir::Kernel* in_;
  const ir::Module* out_module_;
  const ir::Kernel* out_;
  std::span<const std::uint32_t> origin_;
  std::vector<std::uint32_t> in_reg_;
};

template <class R, class W>
void KernelPair::for_each_reg(std::uint32_t out_pc, R&& read, W&& write) const {
  const ir::Instr& instr = out_->code[out_pc];
  if (instr.guarded()) read(instr.guard);
  const unsigned dests = analysis::dest_count(instr);
  auto visit = [&](const ir::Operand& o, bool dest, auto& self) -> void {
    switch (o.kind) {
      case ir::OperandKind::Reg:
        if (dest) write(o.a); else read(o.a);
        break;
      case ir::OperandKind::RegPair:
        if (dest) { write(o.a); write(o.b); } else { read(o.a); read(o.b); }
        break;
      case ir::OperandKind::Address:
        if (o.addr_base() == ir::AddrBase::Reg) read(o.a);
        break;
      case ir::OperandKind::Vector:
        for (std::uint32_t j = 0; j < o.b; ++j) self(out_->operands[o.a + j], dest, self);
        break;
      default:
        break;
    }
  };
  for (unsigned i = 0; i < instr.op_count; ++i) visit(out_->op(out_pc, i), i < dests, visit);
}

}  // namespace lockstep::checker::equiv
