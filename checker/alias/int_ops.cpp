// Integer intervals of instructions and special registers (see int_ops.hpp).
#include "checker/alias/int_ops.hpp"

#include <algorithm>

namespace lockstep::checker::addr {
namespace {

using ir::Opcode;

bool wide(const ir::Instr& in) noexcept { return in.has(ir::InstrFlag::Wide); }

/// Reads `a` under the signedness of `in`'s type.
Interval typed(const ir::Instr& in, const Interval& a, unsigned width) noexcept {
  return ir::is_signed(in.type) ? as_signed(a, width) : as_unsigned(a, width);
}

/// The constant value of a source, if it is one (under the type's signedness).
bool constant(const ir::Instr& in, const Interval& a, unsigned width, std::int64_t& out) noexcept {
  const Interval t = typed(in, a, width);
  if (!t.is_point()) return false;
  out = t.lo;
  return true;
}

Interval product(const ir::Instr& in, const Interval& a, const Interval& b, unsigned w) noexcept {
  if (in.has(ir::InstrFlag::Hi)) return Interval::full();
  if (wide(in)) return mul(typed(in, a, w), typed(in, b, w));
  return mul(a, b);
}

Interval product24(const ir::Instr& in, const Interval& a, const Interval& b, unsigned w) noexcept {
  if (in.has(ir::InstrFlag::Hi)) return Interval::full();
  const Interval lim = Interval::range(-(std::int64_t{1} << 23), (std::int64_t{1} << 23) - 1);
  const Interval sa = typed(in, a, w);
  const Interval sb = typed(in, b, w);
  if (sa.top || sb.top || sa.lo < lim.lo || sa.hi > lim.hi || sb.lo < lim.lo || sb.hi > lim.hi) {
    return Interval::full();
  }
  return mul(sa, sb);
}

Interval bit_and(const Interval& a, const Interval& b, unsigned w) noexcept {
  const Interval ua = as_unsigned(a, w);
  const Interval ub = as_unsigned(b, w);
  if (ua.top && ub.top) return Interval::full();
  const std::int64_t hi = ua.top ? ub.hi : ub.top ? ua.hi : std::min(ua.hi, ub.hi);
  return Interval::range(0, hi);
}

Interval bit_or(const Interval& a, const Interval& b, unsigned w) noexcept {
  const Interval ua = as_unsigned(a, w);
  const Interval ub = as_unsigned(b, w);
  if (ua.top || ub.top) return Interval::full();
  return below_pow2(std::max(ua.hi, ub.hi));
}

Interval shift(const ir::Instr& in, const Interval& a, const Interval& b, unsigned w) noexcept {
  if (!b.is_point() || b.lo < 0 || b.lo >= static_cast<std::int64_t>(w)) return Interval::full();
  const auto k = static_cast<unsigned>(b.lo);
  if (in.op == Opcode::Shl) return k > 62 ? Interval::full() : mul(a, Interval::point(std::int64_t{1} << k));
  return shr_const(typed(in, a, w), k);
}

Interval remainder(const ir::Instr& in, const Interval& a, const Interval& b, unsigned w) noexcept {
  std::int64_t c = 0;
  if (!constant(in, b, w, c) || c == 0) return Interval::full();
  if (c < 0) {
    if (c == INT64_MIN) return Interval::full();
    c = -c;
  }
  const Interval ta = typed(in, a, w);
  if (ta.top || ta.lo < 0) {
    return ir::is_signed(in.type) ? Interval::range(-(c - 1), c - 1) : Interval::range(0, c - 1);
  }
  return Interval::range(0, std::min(c - 1, ta.hi));
}

Interval quotient(const ir::Instr& in, const Interval& a, const Interval& b, unsigned w) noexcept {
  std::int64_t c = 0;
  if (!constant(in, b, w, c) || c <= 0) return Interval::full();
  return div_const(typed(in, a, w), c);
}

Interval absolute(const Interval& a, unsigned w) noexcept {
  const Interval s = as_signed(a, w);
  if (s.top || s.lo == INT64_MIN) return Interval::full();
  if (s.lo >= 0) return s;
  if (s.hi <= 0) return Interval::range(-s.hi, -s.lo);
  return Interval::range(0, std::max(-s.lo, s.hi));
}

Interval convert(const ir::Instr& in, const Interval& a) noexcept {
  if (ir::is_float(in.type) || ir::is_float(in.stype) || in.has(ir::InstrFlag::Sat)) return Interval::full();
  const unsigned sw = ir::bit_width(in.stype);
  return ir::is_signed(in.stype) ? as_signed(a, sw) : as_unsigned(a, sw);
}

}  // namespace

unsigned dest_width(const ir::Instr& in) noexcept {
  const unsigned w = ir::bit_width(in.type);
  switch (in.op) {
    case Opcode::Mul:
    case Opcode::Mad:
    case Opcode::Mul24:
    case Opcode::Mad24: return wide(in) ? 2 * w : w;
    case Opcode::Popc:
    case Opcode::Clz:
    case Opcode::Bfind: return 32;
    default: return w;
  }
}

unsigned source_width(const ir::Instr& in, unsigned index) noexcept {
  const unsigned w = ir::bit_width(in.type);
  switch (in.op) {
    case Opcode::Cvt: return index == 0 ? ir::bit_width(in.stype) : w;
    case Opcode::Mad:
    case Opcode::Mad24: return index == 2 && wide(in) ? 2 * w : w;
    case Opcode::Shl:
    case Opcode::Shr: return index == 1 ? 32 : w;
    default: return w;
  }
}

Interval int_result(const ir::Instr& in, const Interval* src, unsigned n) noexcept {
  if (ir::is_float(in.type) && in.op != Opcode::Cvt) return Interval::full();
  Interval s[3] = {Interval::full(), Interval::full(), Interval::full()};
  for (unsigned i = 0; i < n && i < 3; ++i) s[i] = fit(src[i], source_width(in, i));
  const unsigned w = ir::bit_width(in.type);
  Interval r = Interval::full();
  switch (in.op) {
    case Opcode::Mov: r = s[0]; break;
    case Opcode::Add: r = add(s[0], s[1]); break;
    case Opcode::Sub: r = sub(s[0], s[1]); break;
    case Opcode::Mul: r = product(in, s[0], s[1], w); break;
    case Opcode::Mad: r = add(product(in, s[0], s[1], w), s[2]); break;
    case Opcode::Mul24: r = product24(in, s[0], s[1], w); break;
    case Opcode::Mad24: r = add(product24(in, s[0], s[1], w), s[2]); break;
    case Opcode::Shl:
    case Opcode::Shr: r = shift(in, s[0], s[1], w); break;
    case Opcode::And: r = bit_and(s[0], s[1], w); break;
    case Opcode::Or:
    case Opcode::Xor: r = bit_or(s[0], s[1], w); break;
    case Opcode::Not: r = bit_not(s[0]); break;
    case Opcode::Neg: r = neg(s[0]); break;
    case Opcode::Rem: r = remainder(in, s[0], s[1], w); break;
    case Opcode::Div: r = quotient(in, s[0], s[1], w); break;
    case Opcode::Min:
      r = min_of(typed(in, s[0], w), typed(in, s[1], w));
      break;
    case Opcode::Max:
      r = max_of(typed(in, s[0], w), typed(in, s[1], w));
      break;
    case Opcode::Abs: r = absolute(s[0], w); break;
    case Opcode::Popc:
    case Opcode::Clz: r = Interval::range(0, static_cast<std::int64_t>(w)); break;
    case Opcode::Cvt: r = convert(in, s[0]); break;
    default: break;
  }
  return fit(r, dest_width(in));
}

Interval special_range(ir::SpecialReg r, std::uint32_t component) noexcept {
  using ir::SpecialReg;
  const bool z = component == 3;
  const bool x = component == 1;
  switch (r) {
    case SpecialReg::Tid: return Interval::range(0, z ? 63 : 1023);
    case SpecialReg::Ntid: return Interval::range(1, z ? 64 : 1024);
    case SpecialReg::Laneid: return Interval::range(0, 31);
    case SpecialReg::Ctaid: return Interval::range(0, x ? 0x7fffffff : 0xffff);
    case SpecialReg::Nctaid: return Interval::range(1, x ? 0x7fffffff : 0xffff);
    default: return Interval::full();
  }
}

bool special_varying(ir::SpecialReg r) noexcept {
  using ir::SpecialReg;
  switch (r) {
    case SpecialReg::Tid:
    case SpecialReg::Laneid:
    case SpecialReg::LanemaskEq:
    case SpecialReg::LanemaskLe:
    case SpecialReg::LanemaskLt:
    case SpecialReg::LanemaskGe:
    case SpecialReg::LanemaskGt:
    case SpecialReg::Clock:
    case SpecialReg::ClockHi:
    case SpecialReg::Clock64:
    case SpecialReg::Globaltimer:
    case SpecialReg::GlobaltimerLo:
    case SpecialReg::GlobaltimerHi: return true;
    default: return false;
  }
}

}  // namespace lockstep::checker::addr
