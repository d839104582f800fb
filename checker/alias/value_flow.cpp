// The flow-insensitive fixpoint of the address analysis (see value_flow.hpp).
#include "checker/alias/value_flow.hpp"

#include <algorithm>

#include "checker/alias/access.hpp"
#include "checker/alias/transfer.hpp"
#include "frontend/analysis/def_use.hpp"

namespace lockstep::checker::addr {
namespace {

using ir::Opcode;
using ir::OperandKind;

/// Calls f(reg) for every register an operand reads (registers, vector
/// elements, address bases).
template <class F>
void operand_regs(const ir::Kernel& k, const ir::Operand& o, F&& f) {
  switch (o.kind) {
    case OperandKind::Reg: f(o.a); break;
    case OperandKind::RegPair:
      f(o.a);
      f(o.b);
      break;
    case OperandKind::Vector: {
      const ir::Operand* e = k.elems(o);
      for (std::uint32_t i = 0; i < o.b; ++i) {
        if (e[i].kind == OperandKind::Reg) f(e[i].a);
      }
      break;
    }
    case OperandKind::Address:
      if (o.addr_base() == ir::AddrBase::Reg) f(o.a);
      break;
    default: break;
  }
}

/// The single variable an exact access names: one Sym base, a constant
/// offset. Returns false otherwise.
bool exact_var(const Access& a, Base& base, std::int64_t& offset) noexcept {
  const AbsValue& v = a.addr;
  if (v.any || v.nbases != 1 || v.bases[0].kind != BaseKind::Sym || !v.off.is_point()) return false;
  base = v.bases[0];
  offset = v.off.lo;
  return true;
}

}  // namespace

ValueFlow::ValueFlow(const Context& ctx)
    : ctx_(ctx), regs_(ctx.kernel->regs.size()), changes_(ctx.kernel->regs.size(), 0),
      queued_(ctx.kernel->code.size(), 0) {
  build_users();
  run();
}

void ValueFlow::build_users() {
  const ir::Kernel& k = *ctx_.kernel;
  const std::size_t nregs = k.regs.size();
  user_begin_.assign(nregs + 1, 0);
  auto each_use = [&](auto&& f) {
    for (std::uint32_t pc = 0; pc < k.code.size(); ++pc) {
      const ir::Instr& in = k.code[pc];
      for (unsigned i = analysis::dest_count(in); i < in.op_count; ++i) {
        operand_regs(k, k.op(pc, i), [&](std::uint32_t r) {
          if (r < nregs) f(r, pc);
        });
      }
    }
  };
  each_use([&](std::uint32_t r, std::uint32_t) { ++user_begin_[r + 1]; });
  for (std::size_t r = 0; r < nregs; ++r) user_begin_[r + 1] += user_begin_[r];
  users_.assign(user_begin_[nregs], 0);
  std::vector<std::uint32_t> fill(user_begin_.begin(), user_begin_.end() - 1);
  each_use([&](std::uint32_t r, std::uint32_t pc) { users_[fill[r]++] = pc; });
}

void ValueFlow::enqueue(std::uint32_t pc) {
  if (queued_[pc] != 0) return;
  queued_[pc] = 1;
  queue_.push_back(pc);
}

void ValueFlow::run() {
  const auto n = static_cast<std::uint32_t>(ctx_.kernel->code.size());
  for (std::uint32_t pc = 0; pc < n; ++pc) enqueue(pc);
  while (head_ < queue_.size()) {
    const std::uint32_t pc = queue_[head_++];
    queued_[pc] = 0;
    if (head_ == queue_.size()) {
      queue_.clear();
      head_ = 0;
    }
    eval(pc);
  }
}

void ValueFlow::set(std::uint32_t r, const AbsValue& v) {
  if (r >= regs_.size()) return;
  AbsValue& cur = regs_[r];
  AbsValue next = join(cur, v);
  if (next == cur) return;
  if (!cur.is_bottom() && next.off != cur.off && !next.off.top && ++changes_[r] > kWidenAfter) {
    next.off = Interval::full();
    if (next == cur) return;
  }
  cur = next;
  for (std::uint32_t i = user_begin_[r]; i < user_begin_[r + 1]; ++i) enqueue(users_[i]);
}

void ValueFlow::set_dest(std::uint32_t pc, const AbsValue& v) {
  const ir::Kernel& k = *ctx_.kernel;
  if (k.code[pc].op_count == 0) return;
  const ir::Operand& d = k.op(pc, 0);
  switch (d.kind) {
    case OperandKind::Reg: set(d.a, v); break;
    case OperandKind::RegPair:
      set(d.a, v);
      set(d.b, unknown_int(v));
      break;
    case OperandKind::Vector: {
      const ir::Operand* e = k.elems(d);
      for (std::uint32_t i = 0; i < d.b; ++i) {
        if (e[i].kind == OperandKind::Reg) set(e[i].a, unknown_int(v));
      }
      break;
    }
    default: break;
  }
}

void ValueFlow::eval(std::uint32_t pc) {
  const ir::Instr& in = ctx_.kernel->code[pc];
  switch (in.op) {
    case Opcode::Ld:
    case Opcode::Ldu: load(pc); return;
    case Opcode::St:
    case Opcode::Red: store(pc, in.op == Opcode::St); return;
    case Opcode::Atom:
      set_dest(pc, loaded_value(pc, 0, std::max(1U, ir::byte_width(in.type))));
      store(pc, false);
      return;
    case Opcode::Call: opaque_call(pc); return;
    default:
      if (analysis::dest_count(in) == 0) return;
      set_dest(pc, transfer(ctx_, regs_, pc));
      return;
  }
}

AbsValue ValueFlow::loaded_value(std::uint32_t pc, unsigned k, std::uint32_t elem_bytes) {
  const bool pointer_sized = elem_bytes == ctx_.pointer_bytes;
  const ir::Instr& in = ctx_.kernel->code[pc];
  if (in.op == Opcode::Ld || in.op == Opcode::Ldu) {
    const Access acc = resolve_access(ctx_, regs_, pc);
    Base b;
    std::int64_t off = 0;
    std::int64_t at = 0;
    if (exact_var(acc, b, off) && !__builtin_add_overflow(off, std::int64_t{k} * elem_bytes, &at)) {
      if (b.scope == ir::SymScope::Kernel && ctx_.param_of_var[b.id] >= 0) {
        if (!pointer_sized) return AbsValue::integer(Interval::full(), false);
        const auto index = static_cast<std::uint32_t>(ctx_.param_of_var[b.id]);
        return AbsValue::pointer(Base::param(index, at), kGlobal, false, false);
      }
      if (ctx_.is_cell_var(b.id, b.scope) && (acc.addr.space & ~kPerThread) == 0) {
        const std::uint64_t key = var_key(b.scope, b.id);
        cells_.add_reader(key, at, pc);
        const Cells::Read r = cells_.read(key, at, elem_bytes);
        if (r.state == Cells::ReadState::Value) return r.value;
        if (r.state == Cells::ReadState::Empty) return AbsValue::bottom();
      }
    }
  }
  if (!pointer_sized) return AbsValue::integer(Interval::full(), true);
  return AbsValue::pointer(Base::loaded(pc), ctx_.generic_space, false, true);
}

void ValueFlow::load(std::uint32_t pc) {
  const ir::Kernel& k = *ctx_.kernel;
  const ir::Instr& in = k.code[pc];
  if (in.op_count == 0) return;
  const std::uint32_t elem = std::max(1U, ir::byte_width(in.type));
  const ir::Operand& d = k.op(pc, 0);
  if (d.kind == OperandKind::Reg) {
    set(d.a, loaded_value(pc, 0, elem));
  } else if (d.kind == OperandKind::Vector) {
    const ir::Operand* e = k.elems(d);
    for (std::uint32_t i = 0; i < d.b; ++i) {
      if (e[i].kind == OperandKind::Reg) set(e[i].a, loaded_value(pc, i, elem));
    }
  }
}

void ValueFlow::opaque_call(std::uint32_t pc) {
  const ir::Kernel& k = *ctx_.kernel;
  if (k.code[pc].op_count != 3) return;
  auto each = [&](const ir::Operand& list, auto&& f) {
    if (list.kind != OperandKind::Vector) return;
    for (std::uint32_t i = 0; i < list.b; ++i) f(k.elems(list)[i]);
  };
  each(k.op(pc, 0), [&](const ir::Operand& o) {
    if (o.kind != OperandKind::Reg) return;
    const bool pointer_sized = ir::byte_width(k.regs[o.a].type) == ctx_.pointer_bytes;
    set(o.a, pointer_sized ? AbsValue::pointer(Base::loaded(pc), ctx_.generic_space, false, true)
                           : AbsValue::integer(Interval::full(), true));
  });
  if ((ctx_.generic_space & kLocal) != 0) {
    if (cells_.poison_all()) cells_.for_each_reader([&](std::uint32_t r) { enqueue(r); });
    return;
  }
  auto poison = [&](const ir::Operand& o) {
    if (o.kind != OperandKind::Symbol || !ctx_.is_cell_var(o.a, o.scope)) return;
    const std::uint64_t key = var_key(o.scope, o.a);
    if (cells_.poison(key)) cells_.for_each_reader(key, [&](std::uint32_t r) { enqueue(r); });
  };
  each(k.op(pc, 0), poison);
  each(k.op(pc, 2), poison);
}

void ValueFlow::store(std::uint32_t pc, bool exact_allowed) {
  const Access acc = resolve_access(ctx_, regs_, pc);
  if ((acc.addr.space & kPerThread) == 0) return;
  auto wake_all = [&] { cells_.for_each_reader([&](std::uint32_t r) { enqueue(r); }); };
  Base b;
  std::int64_t off = 0;
  const bool exact = exact_var(acc, b, off);
  if (exact && !ctx_.is_cell_var(b.id, b.scope)) return;  // not a tracked variable
  const std::uint64_t key = exact ? var_key(b.scope, b.id) : 0;
  if (exact && exact_allowed) {
    const ir::Kernel& k = *ctx_.kernel;
    const ir::Instr& in = k.code[pc];
    const std::uint32_t elem = std::max(1U, ir::byte_width(in.type));
    const ir::Operand& src = k.op(pc, 1);
    const unsigned width = ir::bit_width(in.type);
    const std::uint32_t n = src.kind == OperandKind::Vector ? src.b : 1;
    for (std::uint32_t i = 0; i < n; ++i) {
      const ir::Operand& o = src.kind == OperandKind::Vector ? k.elems(src)[i] : src;
      // A value not known yet still occupies the slot (overlaps must be seen).
      const AbsValue v = operand_value(ctx_, regs_, o, width);
      std::int64_t at = 0;
      const Cells::WriteResult w = __builtin_add_overflow(off, std::int64_t{i} * elem, &at)
                                       ? (cells_.poison(key) ? Cells::WriteResult::Poisoned
                                                             : Cells::WriteResult::Unchanged)
                                       : cells_.write(key, at, elem, v);
      if (w == Cells::WriteResult::Changed) {
        cells_.for_each_reader_near(key, at, elem, [&](std::uint32_t r) { enqueue(r); });
      } else if (w == Cells::WriteResult::Poisoned) {
        cells_.for_each_reader(key, [&](std::uint32_t r) { enqueue(r); });
      }
    }
    return;
  }
  if (exact) {
    if (cells_.poison(key)) cells_.for_each_reader(key, [&](std::uint32_t r) { enqueue(r); });
    return;
  }
  bool all = acc.addr.any;
  for (std::uint8_t i = 0; i < acc.addr.nbases; ++i) {
    const Base& base = acc.addr.bases[i];
    if (base.kind == BaseKind::Loaded) all = true;
    if (base.kind == BaseKind::Sym && ctx_.is_cell_var(base.id, base.scope)) {
      const std::uint64_t vk = var_key(base.scope, base.id);
      if (cells_.poison(vk)) cells_.for_each_reader(vk, [&](std::uint32_t r) { enqueue(r); });
    }
  }
  if (all && cells_.poison_all()) wake_all();
}

}  // namespace lockstep::checker::addr
