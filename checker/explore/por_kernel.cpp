#include "checker/explore/por_kernel.hpp"

#include <algorithm>

#include "checker/alias/alias.hpp"
#include "frontend/analysis/def_use_table.hpp"

namespace lockstep::checker {
namespace {

using ir::Opcode;

bool test(const std::vector<std::uint64_t>& bits, std::size_t base, std::uint32_t i) noexcept {
  return ((bits[base + i / 64] >> (i % 64)) & 1U) != 0;
}
void set(std::vector<std::uint64_t>& bits, std::size_t base, std::uint32_t i) noexcept {
  bits[base + i / 64] |= std::uint64_t{1} << (i % 64);
}

/// The memory accesses footprint.cpp gives bytes to: other threads can see them.
bool visible_access(const ir::Instr& in) noexcept {
  switch (in.op) {
    case Opcode::Ld: case Opcode::Ldu: case Opcode::St: case Opcode::Atom: case Opcode::Red: break;
    default: return false;
  }
  return in.space != ir::Space::Local && in.space != ir::Space::Param && in.space != ir::Space::Const;
}

/// The buffer each parameter points to (its value is a buffer's address), or -1.
std::vector<std::int32_t> param_buffers(const sem::LaunchSetup& setup) {
  const ir::Kernel& k = *setup.kernel;
  std::vector<std::int32_t> out(k.params.size(), -1);
  for (std::size_t i = 0; i < k.params.size(); ++i) {
    const ir::Variable& v = k.vars[k.params[i]];
    const std::uint64_t bytes = v.size_bytes();
    if (bytes != 8 && bytes != 4) continue;
    std::uint64_t value = 0;
    setup.params.read(setup.layout->symbol_address(ir::SymScope::Kernel, k.params[i]), bytes, &value);
    for (std::size_t b = 0; b < setup.buffers.size(); ++b) {
      if (setup.buffers[b].address == value) out[i] = static_cast<std::int32_t>(b);
    }
  }
  return out;
}

}  // namespace

PorKernel::PorKernel(const sem::LaunchSetup& setup) : setup_(setup) {
  const ir::Kernel& k = *setup.kernel;
  const auto n = static_cast<std::uint32_t>(k.code.size());
  for (const ir::Instr& in : k.code) {
    if (in.op == Opcode::TmBegin || in.op == Opcode::TmCommit || in.op == Opcode::TmAbort) {
      why_not_ = "the kernel has transactional-memory markers";
    } else if (in.op == Opcode::Call) {
      why_not_ = "the kernel makes opaque calls";
    }
  }
  if (!why_not_.empty() || k.blocks.empty()) {
    if (why_not_.empty()) why_not_ = "the kernel's blocks are not built";
    return;
  }
  const auto nb = static_cast<std::uint32_t>(k.blocks.size());
  block_words_ = (nb + 63) / 64;
  block_of_.assign(n, 0);
  for (const ir::Block& b : k.blocks) {
    for (std::uint32_t pc = b.first_pc; pc <= b.last_pc && pc < n; ++pc) block_of_[pc] = b.id;
  }
  // Blocks reachable through successors: iterate to a fixpoint (kernels are small).
  reach_.assign(std::size_t{nb} * block_words_, 0);
  for (const ir::Block& b : k.blocks) {
    for (const std::uint32_t s : b.succs) set(reach_, std::size_t{b.id} * block_words_, s);
  }
  for (bool changed = true; changed;) {
    changed = false;
    for (std::uint32_t b = 0; b < nb; ++b) {
      const std::size_t base = std::size_t{b} * block_words_;
      for (std::uint32_t c = 0; c < nb; ++c) {
        if (!test(reach_, base, c)) continue;
        for (std::size_t w = 0; w < block_words_; ++w) {
          const std::uint64_t add = reach_[std::size_t{c} * block_words_ + w] & ~reach_[base + w];
          if (add != 0) {
            reach_[base + w] |= add;
            changed = true;
          }
        }
      }
    }
  }
  cyclic_.assign(nb, false);
  for (std::uint32_t b = 0; b < nb; ++b) cyclic_[b] = test(reach_, std::size_t{b} * block_words_, b);

  const analysis::DefUseTable du(k);
  const auto regs = static_cast<std::uint32_t>(k.regs.size());
  reg_words_ = (std::size_t{regs} + 63) / 64 + 1;
  defs_.assign(std::size_t{n} * reg_words_, 0);
  for (std::uint32_t pc = 0; pc < n; ++pc) {
    for (const analysis::RegDef& d : du.defs(pc)) {
      if (d.reg < regs) set(defs_, std::size_t{pc} * reg_words_, d.reg);
    }
    if (visible_access(k.code[pc])) accesses_.push_back(pc);
  }
  future_.resize(n);

  AliasOptions ao;
  ao.param_buffers = param_buffers(setup);
  alias_ = std::make_unique<AddressAnalysis>(*setup.module, k, ao);
  buffers_.resize(n);
  for (const ParamAccesses& pa : alias_->param_accesses()) {
    if (pa.param >= ao.param_buffers.size() || ao.param_buffers[pa.param] < 0) continue;
    const sem::BufferBinding& b = setup.buffers[static_cast<std::size_t>(ao.param_buffers[pa.param])];
    for (const std::uint32_t pc : pa.pcs) {
      if (pc < n) buffers_[pc].push_back(Range{b.address, b.address + b.bytes()});
    }
  }
}

PorKernel::~PorKernel() = default;

bool PorKernel::cyclic(std::uint32_t pc) const noexcept {
  return pc >= block_of_.size() || cyclic_[block_of_[pc]];
}

const std::vector<FutureAccess>& PorKernel::future(std::uint32_t pc) const {
  std::unique_ptr<std::vector<FutureAccess>>& slot = future_[pc];
  if (slot) return *slot;
  slot = std::make_unique<std::vector<FutureAccess>>();
  const ir::Kernel& k = *setup_.kernel;
  const std::uint32_t b = block_of_[pc];
  const std::size_t rbase = std::size_t{b} * block_words_;
  const auto reachable = [&](std::uint32_t q) {
    return (q >= pc && block_of_[q] == b) || test(reach_, rbase, block_of_[q]);
  };
  // Registers some instruction reachable from pc writes.
  std::vector<std::uint64_t> written(reg_words_, 0);
  for (std::uint32_t q = 0; q < k.code.size(); ++q) {
    if (!reachable(q)) continue;
    for (std::size_t w = 0; w < reg_words_; ++w) written[w] |= defs_[std::size_t{q} * reg_words_ + w];
  }
  for (const std::uint32_t q : accesses_) {
    if (!reachable(q)) continue;
    const ir::Instr& in = k.code[q];
    FutureAccess f;
    f.pc = q;
    f.write = in.op != Opcode::Ld && in.op != Opcode::Ldu;
    f.global = in.space == ir::Space::Global;
    f.fixed = true;
    for (unsigned i = 0; i < in.op_count; ++i) {
      const ir::Operand& o = k.op(q, i);
      if (o.kind == ir::OperandKind::Address && o.addr_base() == ir::AddrBase::Reg && test(written, 0, o.a)) {
        f.fixed = false;
      }
    }
    slot->push_back(f);
  }
  return *slot;
}

bool PorKernel::may_conflict(std::uint32_t a, bool a_writes, std::uint32_t b, bool b_writes) const {
  if (!a_writes && !b_writes) return false;
  if (buffers_[a].empty() || buffers_[b].empty()) return true;  // not (only) through parameters
  if (b_writes && alias_->alias(a, b) != Alias::No) return true;
  return a_writes && alias_->alias(b, a) != Alias::No;
}

bool PorKernel::inside_buffers(std::uint32_t pc, bool global, std::uint64_t lo, std::uint64_t hi) const noexcept {
  if (pc >= buffers_.size() || buffers_[pc].empty()) return true;
  if (!global) return false;
  return std::any_of(buffers_[pc].begin(), buffers_[pc].end(),
                     [&](const Range& r) { return lo >= r.lo && hi <= r.hi; });
}

}  // namespace lockstep::checker
