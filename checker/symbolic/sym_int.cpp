#include "checker/symbolic/sym_int.hpp"

#include <algorithm>
#include <string>

#include <fmt/format.h>

#include "checker/symbolic/sym_context_impl.hpp"
#include "checker/symbolic/sym_stop.hpp"
#include "frontend/ir/opcode.hpp"
#include "semantics/value/fp_mode.hpp"

namespace lockstep::checker {
namespace {

using z3::expr;
__extension__ typedef unsigned __int128 U128;

constexpr std::uint64_t ones(unsigned w) noexcept { return w >= 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << w) - 1; }

/// The decimal text of a 128-bit two's-complement constant.
std::string u128_text(U128 v) {
  std::string s;
  do {
    s.push_back(static_cast<char>('0' + static_cast<int>(v % 10)));
    v /= 10;
  } while (v != 0);
  std::reverse(s.begin(), s.end());
  return s;
}

class Builder {
 public:
  Builder(SymContextImpl& c, const IntCall& call) : c_(c), k_(call) {}

  SymVal run() { return finish(build()); }

 private:
  [[nodiscard]] expr A(unsigned i) const {
    const SymVal v = k_.a[i];
    return v.concrete() ? c_.bv(v.bits) : c_.term(v.term);
  }
  [[nodiscard]] bool is_const(unsigned i) const noexcept { return k_.a[i].concrete(); }
  [[nodiscard]] std::uint64_t K(unsigned i) const noexcept { return k_.a[i].bits; }
  [[nodiscard]] unsigned P(unsigned i) const noexcept { return static_cast<unsigned>(k_.p[i]); }
  [[nodiscard]] expr bv(std::uint64_t v, unsigned w = 64) const { return c_.bv(v, w); }
  /// The low w bits of a 64-bit term (a term of width w).
  [[nodiscard]] static expr lo(const expr& x, unsigned w) {
    return w >= x.get_sort().bv_size() ? x : x.extract(w - 1, 0);
  }
  /// Zero-/sign-extension of a term to `to` bits.
  [[nodiscard]] static expr zx(const expr& x, unsigned to) {
    const unsigned w = x.get_sort().bv_size();
    return w >= to ? x : z3::zext(x, to - w);
  }
  [[nodiscard]] static expr sx(const expr& x, unsigned to) {
    const unsigned w = x.get_sort().bv_size();
    return w >= to ? x : z3::sext(x, to - w);
  }
  [[nodiscard]] expr bit(const expr& x, unsigned i) const { return x.extract(i, i) == bv(1, 1); }
  [[nodiscard]] expr flag(const expr& b) const { return z3::ite(b, bv(1), bv(0)); }
  /// The concrete operand i, or unsupported when it is symbolic.
  [[nodiscard]] std::uint64_t need(unsigned i, const char* what) const {
    if (!is_const(i)) symbolic_unsupported(fmt::format("{} with a symbolic {}", int_op_name(k_.op), what));
    return K(i);
  }

  SymVal finish(const expr& e) {
    const expr s = zx(e, 64).simplify();
    std::uint64_t v = 0;
    if (s.is_numeral_u64(v)) return SymVal::of(v);
    return SymVal::of_term(c_.intern(s));
  }

  expr wide_mul(bool is_signed, unsigned w) const {
    const expr x = lo(A(0), w), y = lo(A(1), w);
    return is_signed ? sx(x, 2 * w) * sx(y, 2 * w) : zx(x, 2 * w) * zx(y, 2 * w);
  }
  expr saturate(bool add, unsigned w) const {
    const expr x = sx(lo(A(0), w), w + 1), y = sx(lo(A(1), w), w + 1);
    const expr s = add ? x + y : x - y;
    const expr mx = sx(bv(ones(w - 1), w), w + 1);          // INT_MAX of width w
    const expr mn = sx(bv(std::uint64_t{1} << (w - 1), w), w + 1);  // INT_MIN
    return lo(z3::ite(s > mx, mx, z3::ite(s < mn, mn, s)), w);
  }
  expr shf(bool left) const {
    const expr v = z3::concat(lo(A(1), 32), lo(A(0), 32));
    const expr n32 = lo(A(2), 32);
    const expr n = k_.p[0] != 0 ? z3::ite(z3::ugt(n32, bv(32, 32)), bv(32, 32), n32) : (n32 & bv(31, 32));
    const expr amount = zx(n, 64);
    return left ? lo(z3::lshr(z3::shl(v, amount), bv(32)), 32) : lo(z3::lshr(v, amount), 32);
  }
  expr bfind(const expr& x, unsigned w) const {
    expr r = bv(0xffffffffU);
    for (unsigned i = 0; i < w; ++i) r = z3::ite(bit(x, i), bv(i), r);
    return r;
  }
  expr bfe(bool is_signed, unsigned w) const {
    const std::uint64_t p = need(1, "position") & 0xffU, l = need(2, "length") & 0xffU;
    if (l == 0) return bv(0);
    const std::uint64_t msb = w - 1;
    const std::uint64_t n = p <= msb ? std::min<std::uint64_t>(l, w - p) : 0;
    const expr a = A(0);
    const expr field = n == 0 ? bv(0) : zx(lo(z3::lshr(a, bv(p)), static_cast<unsigned>(n)), 64);
    if (!is_signed) return field;
    const auto sbit_pos = static_cast<unsigned>(std::min<std::uint64_t>(p + l - 1, msb));
    const std::uint64_t fill = ones(w) & ~ones(static_cast<unsigned>(n));
    return field | z3::ite(bit(a, sbit_pos), bv(fill), bv(0));
  }
  expr prmt() const {
    const std::uint64_t c = need(2, "selector");
    const auto mode = static_cast<ir::PrmtMode>(k_.p[0]);
    const expr src = z3::concat(lo(A(1), 32), lo(A(0), 32));
    const auto s = static_cast<unsigned>(c & 3U);
    expr r = bv(0, 0 + 8);
    for (unsigned i = 0; i < 4; ++i) {
      unsigned sel = 0;
      bool replicate = false;
      switch (mode) {
        case ir::PrmtMode::None: {
          const auto ctl = static_cast<unsigned>((c >> (4 * i)) & 0xfU);
          sel = ctl & 7U;
          replicate = (ctl & 8U) != 0;
          break;
        }
        case ir::PrmtMode::F4e: sel = (s + i) & 7U; break;
        case ir::PrmtMode::B4e: sel = (s + 8U - i) & 7U; break;
        case ir::PrmtMode::Rc8: sel = s; break;
        case ir::PrmtMode::Ecl: sel = std::max(i, s); break;
        case ir::PrmtMode::Ecr: sel = std::min(i, s); break;
        case ir::PrmtMode::Rc16: sel = ((s & 1U) << 1) | (i & 1U); break;
      }
      expr byte = src.extract(8 * sel + 7, 8 * sel);
      if (replicate) byte = z3::ite(bit(byte, 7), bv(0xff, 8), bv(0, 8));
      r = i == 0 ? byte : z3::concat(byte, r);
    }
    return r;
  }
  expr cvt_i2i() const {
    const unsigned fb = P(0), tb = P(2);
    const bool fs = k_.p[1] != 0, ts = k_.p[3] != 0, sat = k_.p[4] != 0;
    const expr x = lo(A(0), fb);
    expr v = fs ? sx(x, 128) : zx(x, 128);
    if (sat) {
      using U = U128;
      const U mn = ts ? ~((U{1} << (tb - 1)) - 1) : U{0};
      const U mx = ts ? (U{1} << (tb - 1)) - 1 : (U{1} << tb) - 1;
      const expr emn = c_.z3.bv_val(u128_text(mn).c_str(), 128), emx = c_.z3.bv_val(u128_text(mx).c_str(), 128);
      v = z3::ite(v < emn, emn, z3::ite(v > emx, emx, v));
    }
    const expr r = lo(v, tb);
    return ts ? sx(r, 64) : zx(r, 64);
  }

  expr build() const {
    const unsigned w = P(0);
    switch (k_.op) {
      case IntOp::Zext: return lo(A(0), w);
      case IntOp::Sext: return lo(sx(lo(A(0), w), 64), P(1));
      case IntOp::Extract: return lo(z3::lshr(A(0), bv(w)), P(1));
      case IntOp::Concat: {
        const expr low = zx(lo(A(1), w), 64);
        return w >= 64 ? low : (z3::shl(A(0), bv(w)) | low);
      }
      case IntOp::Add: return lo(A(0) + A(1), w);
      case IntOp::Sub: return lo(A(0) - A(1), w);
      case IntOp::Neg: return lo(-A(0), w);
      case IntOp::MulLo: return lo(lo(A(0), w) * lo(A(1), w), w);
      case IntOp::MulHiU: return wide_mul(false, w).extract(2 * w - 1, w);
      case IntOp::MulHiS: return wide_mul(true, w).extract(2 * w - 1, w);
      case IntOp::MulWideU: return wide_mul(false, w);
      case IntOp::MulWideS: return wide_mul(true, w);
      case IntOp::AddSatS: return saturate(true, w);
      case IntOp::SubSatS: return saturate(false, w);
      case IntOp::AddCarry: {
        const expr s = zx(lo(A(0), w), w + 1) + zx(lo(A(1), w), w + 1) + zx(lo(A(2), 1), w + 1);
        return s.extract(w, w);
      }
      case IntOp::SubBorrow: {
        const expr x = zx(lo(A(0), w), w + 1), y = zx(lo(A(1), w), w + 1), c = zx(lo(A(2), 1), w + 1);
        return flag(z3::ult(x, y + c));
      }
      case IntOp::DivU:
      case IntOp::DivS:
      case IntOp::RemU:
      case IntOp::RemS: {
        const expr x = lo(A(0), w), y = lo(A(1), w);
        const expr zero = bv(0, w), all = bv(ones(w), w);
        switch (k_.op) {
          case IntOp::DivU: return z3::ite(y == zero, all, z3::udiv(x, y));
          case IntOp::RemU: return z3::ite(y == zero, all, z3::urem(x, y));
          case IntOp::DivS: return z3::ite(y == zero, all, z3::ite(y == all, -x, x / y));
          default: return z3::ite(y == zero, all, z3::ite(y == all, zero, z3::srem(x, y)));
        }
      }
      case IntOp::Eq: return flag(lo(A(0), w) == lo(A(1), w));
      case IntOp::LtU: return flag(z3::ult(lo(A(0), w), lo(A(1), w)));
      case IntOp::LeU: return flag(z3::ule(lo(A(0), w), lo(A(1), w)));
      case IntOp::LtS: return flag(lo(A(0), w) < lo(A(1), w));
      case IntOp::LeS: return flag(lo(A(0), w) <= lo(A(1), w));
      case IntOp::Select: return z3::ite(bit(A(0), 0), A(1), A(2));
      case IntOp::And: return lo(A(0) & A(1), w);
      case IntOp::Or: return lo(A(0) | A(1), w);
      case IntOp::Xor: return lo(A(0) ^ A(1), w);
      case IntOp::Not: return lo(~A(0), w);
      case IntOp::Lop3: {
        expr r = bv(0);
        for (unsigned m = 0; m < 8; ++m) {
          if (((k_.p[0] >> m) & 1U) == 0) continue;
          r = r | (((m & 4U) != 0 ? A(0) : ~A(0)) & ((m & 2U) != 0 ? A(1) : ~A(1)) & ((m & 1U) != 0 ? A(2) : ~A(2)));
        }
        return lo(r, 32);
      }
      case IntOp::Shl:
      case IntOp::ShrU:
      case IntOp::ShrS: {
        const expr k = zx(lo(A(1), 32), 64);
        const expr x = zx(lo(A(0), w), 64);
        if (k_.op == IntOp::Shl) return z3::ite(z3::uge(k, bv(w)), bv(0), zx(lo(z3::shl(x, k), w), 64));
        if (k_.op == IntOp::ShrU) return z3::ite(z3::uge(k, bv(w)), bv(0), z3::lshr(x, k));
        const expr kk = z3::ite(z3::ugt(k, bv(w - 1)), bv(w - 1), k);
        return lo(z3::ashr(sx(lo(A(0), w), 64), kk), w);
      }
      case IntOp::ShfL: return shf(true);
      case IntOp::ShfR: return shf(false);
      case IntOp::Popc: {
        const expr x = A(0);
        expr r = bv(0);
        for (unsigned i = 0; i < w; ++i) r = r + zx(x.extract(i, i), 64);
        return r;
      }
      case IntOp::Clz: {
        const expr x = A(0);
        expr r = bv(w);
        for (unsigned i = 0; i < w; ++i) r = z3::ite(bit(x, i), bv(w - 1 - i), r);
        return r;
      }
      case IntOp::BfindU: return bfind(A(0), w);
      case IntOp::BfindS: return bfind(z3::ite(lo(A(0), w) < bv(0, w), ~A(0), A(0)), w);
      case IntOp::Brev: {
        const expr x = A(0);
        expr r = x.extract(0, 0);
        for (unsigned i = 1; i < w; ++i) r = z3::concat(r, x.extract(i, i));
        return r;
      }
      case IntOp::Fns:
        symbolic_unsupported("fns with a symbolic operand");
      case IntOp::BfeU: return bfe(false, w);
      case IntOp::BfeS: return bfe(true, w);
      case IntOp::Bfi: {
        const std::uint64_t p = need(2, "position") & 0xffU, l = need(3, "length") & 0xffU;
        const std::uint64_t n = p < w ? std::min<std::uint64_t>(l, w - p) : 0;
        if (n == 0) return lo(A(1), w);
        const std::uint64_t m = ones(static_cast<unsigned>(n)) << p;
        return lo((A(1) & bv(~m)) | (z3::shl(A(0), bv(p)) & bv(m)), w);
      }
      case IntOp::Bmsk:
        symbolic_unsupported("bmsk with a symbolic operand");
      case IntOp::Szext: {
        const std::uint64_t b32 = need(1, "width") & 0xffffffffU;
        const bool clamp = k_.p[0] != 0, is_signed = k_.p[1] != 0;
        const std::uint64_t b1 = b32 & 0x1fU;
        const bool too_large = b32 >= 32 && clamp;
        const std::uint64_t mask = too_large ? 0 : ((~std::uint64_t{0} << b1) & 0xffffffffU);
        const auto sign_pos = static_cast<unsigned>((b1 - 1) & 0x1fU);
        const expr a32 = zx(lo(A(0), 32), 64);
        const expr base = a32 & bv(~mask & 0xffffffffU);
        if (b1 == 0 || too_large || !is_signed) return base;
        return base | z3::ite(bit(a32, sign_pos), bv(mask), bv(0));
      }
      case IntOp::Prmt: return prmt();
      case IntOp::CvtI2I: return cvt_i2i();
      case IntOp::CvtPack: {
        const std::uint64_t m = ones(w);
        expr d = z3::shl(A(0) & bv(m), bv(w)) | (A(1) & bv(m));
        if (w < 16) d = d | z3::shl(A(2), bv(2 * w));
        return lo(d, 32);
      }
      case IntOp::PredCombine: {
        switch (static_cast<sem::PredOp>(k_.p[0])) {
          case sem::PredOp::And: return A(0) & A(1) & bv(1);
          case sem::PredOp::Or: return (A(0) | A(1)) & bv(1);
          case sem::PredOp::Xor: return (A(0) ^ A(1)) & bv(1);
        }
        return bv(0);
      }
      case IntOp::Fhalf: return lo(z3::lshr(A(0), bv(16 * w)), 16);
      case IntOp::Fpack2: return (A(0) & bv(0xffff)) | z3::shl(A(1) & bv(0xffff), bv(16));
    }
    return bv(0);
  }

  SymContextImpl& c_;
  const IntCall& k_;
};

}  // namespace

const char* int_op_name(IntOp op) noexcept {
  static constexpr const char* kNames[] = {
      "zext", "sext", "extract", "concat", "add", "sub", "neg", "mul.lo", "mul.hi.u", "mul.hi.s", "mul.wide.u",
      "mul.wide.s", "add.sat.s", "sub.sat.s", "add.cc", "sub.cc", "div.u", "div.s", "rem.u", "rem.s", "setp.eq",
      "setp.lt.u", "setp.le.u", "setp.lt.s", "setp.le.s", "selp", "and", "or", "xor", "not", "lop3", "shl",
      "shr.u", "shr.s", "shf.l", "shf.r", "popc", "clz", "bfind.u", "bfind.s", "brev", "fns", "bfe.u", "bfe.s",
      "bfi", "bmsk", "szext", "prmt", "cvt", "cvt.pack", "set.bool", "half", "pack2"};
  return kNames[static_cast<unsigned>(op)];
}

SymVal sym_int(SymContext& ctx, const IntCall& call) { return Builder(ctx.impl(), call).run(); }

}  // namespace lockstep::checker
