// Transfer functions of register-to-register instructions (see transfer.hpp).
#include "checker/alias/transfer.hpp"

#include "checker/alias/int_ops.hpp"
#include "frontend/analysis/def_use.hpp"

namespace lockstep::checker::addr {
namespace {

using ir::Opcode;

/// Sources of one instruction, read at their widths.
struct Sources {
  AbsValue v[6];
  unsigned n = 0;
  bool bottom = false;   ///< some source has no value yet
  bool varying = false;  ///< some source differs between threads
  bool any_ptr = false;
  bool definite_ptr = false;
};

Sources read_sources(const Context& ctx, const std::vector<AbsValue>& regs, std::uint32_t pc) {
  const ir::Kernel& k = *ctx.kernel;
  const ir::Instr& in = k.code[pc];
  Sources s;
  for (unsigned i = analysis::dest_count(in); i < in.op_count && s.n < 6; ++i) {
    AbsValue v = operand_value(ctx, regs, k.op(pc, i), source_width(in, s.n));
    s.bottom = s.bottom || v.is_bottom();
    s.varying = s.varying || v.varying;
    s.any_ptr = s.any_ptr || v.is_ptr();
    s.definite_ptr = s.definite_ptr || (v.is_ptr() && v.definite);
    s.v[s.n++] = v;
  }
  return s;
}

/// The rule for operations that do not keep a pointer: an any pointer when
/// some source is certainly an address, else an integer of unknown value.
AbsValue opaque(const Sources& s) noexcept {
  if (s.bottom) return AbsValue::bottom();
  if (s.definite_ptr) return AbsValue::any_pointer(kAllSpaces, s.varying);
  return AbsValue::integer(Interval::full(), s.varying);
}

/// `p + i` / `p - i` with p a pointer and i an integer.
AbsValue move(AbsValue p, const AbsValue& i, bool subtract) noexcept {
  p.varying = p.varying || i.varying;
  if (!p.any) p.off = subtract ? sub(p.off, i.off) : add(p.off, i.off);
  return p;
}

/// The pointer `p` moved by an offset of unknown size.
AbsValue anywhere_in(AbsValue p, bool varying) noexcept {
  p.varying = p.varying || varying;
  if (!p.any) p.off = Interval::full();
  return p;
}

/// a + b or a - b where at least one operand is a pointer.
AbsValue pointer_add(const AbsValue& a, const AbsValue& b, bool subtract) noexcept {
  const bool vary = a.varying || b.varying;
  if (a.is_ptr() && b.is_int()) return move(a, b, subtract);
  if (a.is_int()) {
    if (!subtract) return move(b, a, false);
    return b.definite ? AbsValue::any_pointer(kAllSpaces, vary) : AbsValue::integer(Interval::full(), vary);
  }
  if (a.definite && b.definite) {
    return subtract ? AbsValue::integer(Interval::full(), vary) : AbsValue::any_pointer(kAllSpaces, vary);
  }
  if (a.definite) return anywhere_in(a, b.varying);
  if (b.definite) {
    return subtract ? AbsValue::integer(Interval::full(), vary) : anywhere_in(b, a.varying);
  }
  // Neither is certainly an address: either may be the pointer.
  AbsValue r = join(a, b);
  r.definite = false;
  return anywhere_in(r, vary);
}

/// Integer result, or the pointer rules for add/sub/mad.
AbsValue arithmetic(const ir::Instr& in, const Sources& s) {
  if (s.bottom) return AbsValue::bottom();
  const bool add_like = in.op == Opcode::Add || in.op == Opcode::Sub;
  const bool mad_like = in.op == Opcode::Mad || in.op == Opcode::Mad24;
  if (s.any_ptr && add_like && s.n >= 2) return pointer_add(s.v[0], s.v[1], in.op == Opcode::Sub);
  if (s.any_ptr && mad_like && s.n >= 3 && !s.v[0].is_ptr() && !s.v[1].is_ptr()) {
    ir::Instr mul = in;
    mul.op = in.op == Opcode::Mad ? Opcode::Mul : Opcode::Mul24;
    const Interval ab[2] = {s.v[0].off, s.v[1].off};
    const AbsValue prod = AbsValue::integer(int_result(mul, ab, 2), s.v[0].varying || s.v[1].varying);
    return pointer_add(s.v[2], prod, false);
  }
  if (s.any_ptr) {
    if (!mad_like) return opaque(s);
    // A pointer multiplied: the product is an unknown integer.
    Sources prod = s;
    prod.n = 2;
    prod.definite_ptr = s.v[0].definite || s.v[1].definite;
    const AbsValue p = opaque(prod);
    return s.v[2].is_ptr() ? pointer_add(s.v[2], p, false) : p;
  }
  Interval src[6];
  for (unsigned i = 0; i < s.n; ++i) src[i] = s.v[i].off;
  return AbsValue::integer(int_result(in, src, s.n), s.varying);
}

AbsValue cvta(const ir::Instr& in, const AbsValue& src) noexcept {
  if (src.is_bottom()) return src;
  const std::uint8_t sp = space_bits(in.space);
  if (!src.is_ptr()) return AbsValue::any_pointer(sp, src.varying);
  AbsValue r = src;
  r.space = sp;
  r.definite = true;
  for (std::uint8_t i = 0; i < r.nbases && !r.any; ++i) {
    if ((r.bases[i].space & sp) == 0) r.make_any();
  }
  return r;
}

AbsValue convert(const ir::Instr& in, const Sources& s) {
  if (s.bottom || s.n == 0) return opaque(s);
  const AbsValue& a = s.v[0];
  if (ir::is_float(in.type) || ir::is_float(in.stype)) return AbsValue::integer(Interval::full(), a.varying);
  if (a.is_ptr()) return a;  // an address changing width stays the same address
  const Interval src[1] = {a.off};
  return AbsValue::integer(int_result(in, src, 1), a.varying);
}

}  // namespace

AbsValue operand_value(const Context& ctx, const std::vector<AbsValue>& regs, const ir::Operand& o,
                       unsigned width) {
  using ir::OperandKind;
  switch (o.kind) {
    case OperandKind::Reg: return regs[o.a];
    case OperandKind::ImmInt: return AbsValue::integer(Interval::point(normalise_immediate(o.value, width)), false);
    case OperandKind::Special: {
      const auto r = static_cast<ir::SpecialReg>(o.a);
      return AbsValue::integer(special_range(r, o.b), special_varying(r));
    }
    case OperandKind::Symbol: return ctx.sym_value(o.a, o.scope, o.value);
    case OperandKind::Vector: {
      const ir::Operand* e = ctx.kernel->elems(o);
      Sources s;
      for (std::uint32_t i = 0; i < o.b; ++i) {
        const AbsValue v = operand_value(ctx, regs, e[i], width);
        s.bottom = s.bottom || v.is_bottom();
        s.varying = s.varying || v.varying;
        s.definite_ptr = s.definite_ptr || (v.is_ptr() && v.definite);
      }
      return opaque(s);
    }
    case OperandKind::Sink: return AbsValue::bottom();
    default: return AbsValue::integer(Interval::full(), false);
  }
}

AbsValue unknown_int(const AbsValue& from) noexcept {
  if (from.is_bottom()) return from;
  return AbsValue::integer(Interval::full(), from.varying);
}

AbsValue transfer(const Context& ctx, const std::vector<AbsValue>& regs, std::uint32_t pc) {
  const ir::Instr& in = ctx.kernel->code[pc];
  const Sources s = read_sources(ctx, regs, pc);
  switch (in.op) {
    case Opcode::Mov:
      if (s.n == 0) return AbsValue::bottom();
      return s.v[0].is_ptr() ? s.v[0] : arithmetic(in, s);
    case Opcode::Cvta: return s.n == 0 ? AbsValue::bottom() : cvta(in, s.v[0]);
    case Opcode::Cvt: return convert(in, s);
    case Opcode::Selp:
    case Opcode::Slct: return s.n < 2 ? opaque(s) : join(s.v[0], s.v[1]);
    case Opcode::Shfl: {
      if (s.n == 0 || s.v[0].is_bottom()) return AbsValue::bottom();
      AbsValue r = s.v[0];  // some thread's value of the source
      r.varying = true;
      return r;
    }
    case Opcode::Add:
    case Opcode::Sub:
    case Opcode::Mul:
    case Opcode::Mad:
    case Opcode::Mul24:
    case Opcode::Mad24:
    case Opcode::Shl:
    case Opcode::Shr:
    case Opcode::And:
    case Opcode::Or:
    case Opcode::Xor:
    case Opcode::Not:
    case Opcode::Neg:
    case Opcode::Rem:
    case Opcode::Div:
    case Opcode::Min:
    case Opcode::Max:
    case Opcode::Abs:
    case Opcode::Popc:
    case Opcode::Clz: return arithmetic(in, s);
    default: return opaque(s);
  }
}

}  // namespace lockstep::checker::addr
