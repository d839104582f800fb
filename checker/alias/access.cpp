// Abstract addresses of accesses, the alias query and the rendering (see access.hpp).
#include "checker/alias/access.hpp"

#include <algorithm>

#include <fmt/format.h>

namespace lockstep::checker::addr {
namespace {

using ir::Opcode;

/// The bytes touched from the first byte's offset interval.
Interval touched(const Access& a) noexcept {
  if (a.addr.off.top) return Interval::full();
  return add(a.addr.off, Interval::range(0, static_cast<std::int64_t>(a.width) - 1));
}

/// Can the bases of two accesses (both not `any`) name the same byte?
/// `shared_spaces` are the cross-thread spaces both accesses may touch.
/// The launch buffer parameter base b points to, or -1.
std::int32_t buffer_of(const Base& b, const AliasOptions& o) noexcept {
  if (b.kind != BaseKind::Param || b.field != 0 || b.id >= o.param_buffers.size()) return -1;
  return o.param_buffers[b.id];
}

bool bases_may_meet(const Access& r, const Access& w, std::uint8_t shared_spaces, const AliasOptions& o) noexcept {
  for (std::uint8_t i = 0; i < r.addr.nbases; ++i) {
    const Base& br = r.addr.bases[i];
    for (std::uint8_t j = 0; j < w.addr.nbases; ++j) {
      const Base& bw = w.addr.bases[j];
      if ((br.space & bw.space & shared_spaces) == 0) continue;  // different objects' spaces
      if (br.kind == BaseKind::Loaded || bw.kind == BaseKind::Loaded) return true;
      if (br == bw) {
        if (overlaps(touched(r), touched(w))) return true;
        continue;
      }
      const std::int32_t buf_r = buffer_of(br, o);
      const std::int32_t buf_w = buffer_of(bw, o);
      if (br.kind == BaseKind::Param && bw.kind == BaseKind::Param) {
        if (buf_r >= 0 && buf_w >= 0) {  // both point at the start of a launch buffer
          if (buf_r == buf_w && overlaps(touched(r), touched(w))) return true;
          continue;
        }
        if (!o.assume_noalias_params) return true;
        continue;
      }
      if (buf_r >= 0 || buf_w >= 0) continue;  // a launch buffer is no module variable
      if (br.kind != bw.kind) return true;  // a parameter may point at a global variable
      if (br.dynamic_shared && bw.dynamic_shared) return true;  // one dynamic shared window
      // two distinct variables never overlap
    }
  }
  return false;
}

std::string base_name(const Context& ctx, const Base& b) {
  switch (b.kind) {
    case BaseKind::Param:
      return b.field == 0 ? fmt::format("param{}", b.id) : fmt::format("param{}.{}", b.id, b.field);
    case BaseKind::Sym: return ctx.var(b.id, b.scope).name;
    case BaseKind::Loaded: return fmt::format("loaded@{}", b.id);
  }
  return "?";
}

}  // namespace

bool is_memory_access(const ir::Kernel& kernel, std::uint32_t pc) noexcept {
  switch (kernel.code[pc].op) {
    case Opcode::Ld:
    case Opcode::Ldu:
    case Opcode::St:
    case Opcode::Atom:
    case Opcode::Red:
    case Opcode::Prefetch:
    case Opcode::Prefetchu: return address_operand(kernel, pc) >= 0;
    default: return false;
  }
}

int address_operand(const ir::Kernel& kernel, std::uint32_t pc) noexcept {
  const ir::Instr& in = kernel.code[pc];
  for (unsigned i = 0; i < in.op_count; ++i) {
    if (kernel.op(pc, i).kind == ir::OperandKind::Address) return static_cast<int>(i);
  }
  return -1;
}

Access resolve_access(const Context& ctx, const std::vector<AbsValue>& regs, std::uint32_t pc) {
  const ir::Kernel& k = *ctx.kernel;
  const ir::Instr& in = k.code[pc];
  Access acc;
  acc.width = std::max(1U, ir::byte_width(in.type)) * std::max<std::uint32_t>(1U, in.vec);
  const int ai = address_operand(k, pc);
  AbsValue v = AbsValue::any_pointer(kAllSpaces, true);
  if (ai >= 0) {
    const ir::Operand& o = k.op(pc, static_cast<unsigned>(ai));
    const Interval imm = Interval::point(o.value);
    switch (o.addr_base()) {
      case ir::AddrBase::Absolute: v = AbsValue::any_pointer(kAllSpaces, false); break;
      case ir::AddrBase::Symbol: v = ctx.sym_value(o.a, o.scope, o.value); break;
      case ir::AddrBase::Reg: {
        const AbsValue& r = regs[o.a];
        if (r.is_ptr()) {
          v = r;
          if (!v.any) v.off = add(v.off, imm);
        } else {
          v = AbsValue::any_pointer(kAllSpaces, r.is_bottom() || r.varying);
        }
        break;
      }
    }
  }
  std::uint8_t sp = space_bits(in.space);
  if (sp == 0) {
    // Unknown pointers reach what generic addresses reach; a known one its own spaces.
    sp = v.space & ctx.generic_space;
    if (sp == 0) sp = v.space != 0 ? v.space : ctx.generic_space;
  }
  v.space = sp;
  for (std::uint8_t i = 0; i < v.nbases && !v.any; ++i) {
    if ((v.bases[i].space & sp) == 0) v.make_any();
  }
  acc.addr = v;
  return acc;
}

Alias alias_of(const Access& read, const Access& write, const AliasOptions& options) noexcept {
  const std::uint8_t shared_spaces = read.addr.space & write.addr.space & kCrossThread;
  if (shared_spaces == 0) return Alias::No;
  if (read.addr.any || write.addr.any) return Alias::May;
  if (!bases_may_meet(read, write, shared_spaces, options)) return Alias::No;
  const AbsValue& r = read.addr;
  const AbsValue& w = write.addr;
  const bool one_fixed_address = r.nbases == 1 && w.nbases == 1 && r.bases[0] == w.bases[0] &&
                                 r.bases[0].kind != BaseKind::Loaded && r.off.is_point() &&
                                 w.off.is_point() && r.off.lo == w.off.lo && !r.varying && !w.varying;
  return one_fixed_address ? Alias::Must : Alias::May;
}

std::string describe(const Context& ctx, const Access& access) {
  const AbsValue& v = access.addr;
  std::string out = space_label(v.space) + ":";
  if (v.any) return out + "any";
  if (v.nbases == 1) {
    out += base_name(ctx, v.bases[0]);
  } else {
    out += '{';
    for (std::uint8_t i = 0; i < v.nbases; ++i) {
      if (i != 0) out += ',';
      out += base_name(ctx, v.bases[i]);
    }
    out += '}';
  }
  if (v.off.is_point() && v.off.lo < 0) return out + to_string(v.off);
  return out + "+" + to_string(v.off);
}

}  // namespace lockstep::checker::addr
