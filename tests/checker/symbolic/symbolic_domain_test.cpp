// The symbolic domain against the concrete one: every integer operation,
// given symbolic operands that the path condition pins to random constants,
// must simplify to exactly the concrete result (differential test through
// Z3's simplifier), and the memory hooks and decisions behave as documented.
#include <gtest/gtest.h>

#include <cstdint>
#include <random>
#include <vector>

#include "checker/symbolic/sym_context_impl.hpp"
#include "checker/symbolic/symbolic_domain.hpp"
#include "semantics/value/concrete_domain.hpp"

namespace lockstep::checker {
namespace {

using C = sem::ConcreteDomain;

/// A symbolic handle on the term (a - a) + v: the domain must build terms for
/// it, which Z3's simplifier then folds to the result's value.
SymVal disguised(SymContext& ctx, std::uint64_t v) {
  SymContextImpl& c = ctx.impl();
  const z3::expr a = c.z3.bv_const("a", 64);
  return SymVal::of_term(c.intern((a - a) + c.bv(v)));
}

/// The value of a symbolic result: its term must simplify to a constant.
std::uint64_t value_of(SymContext& ctx, SymVal v) {
  if (v.concrete()) return v.bits;
  const z3::expr e = ctx.impl().term(v.term).simplify();
  std::uint64_t out = 0;
  EXPECT_TRUE(e.is_numeral_u64(out)) << e;
  return out;
}

TEST(SymbolicDomain, ConcreteOperandsTakeTheConcretePath) {
  SymContext ctx;
  SymbolicDomain d(&ctx, {}, {});
  const SymVal r = d.div_u(SymVal::of(7), SymVal::of(0), 32);
  EXPECT_TRUE(r.concrete());
  EXPECT_EQ(r.bits, 0xffffffffU);  // lockstep: x / 0 = all ones
}

TEST(SymbolicDomain, IntegerOperationsMatchTheConcreteDomain) {
  SymContext ctx;
  SymbolicDomain d(&ctx, {}, {});
  std::mt19937_64 rng(12345);
  const std::vector<std::uint64_t> special = {0, 1, 2, 31, 32, 33, 63, 64, 0x7fffffff, 0x80000000, 0xffffffff,
                                              0x8000000000000000ULL, ~std::uint64_t{0}};
  const auto pick = [&](unsigned i) { return i < special.size() ? special[i] : rng(); };
  std::uint64_t checked = 0;
  for (unsigned i = 0; i < 40; ++i) {
    for (const unsigned w : {8U, 16U, 32U, 64U}) {
      const std::uint64_t a = pick(i), b = pick((i * 7 + 3) % 50), c = rng() & 1U;
      // A symbolic a against a concrete b, so the term path is taken.
      const SymVal A = disguised(ctx, a);
      ASSERT_FALSE(A.concrete());
      const SymVal B = SymVal::of(b), Cc = SymVal::of(c);
      const auto same = [&](SymVal got, std::uint64_t want, const char* what) {
        EXPECT_EQ(value_of(ctx, got), want) << what << " a=" << a << " b=" << b << " w=" << w;
        ++checked;
      };
      same(d.add(A, B, w), C::add(a, b, w), "add");
      same(d.sub(A, B, w), C::sub(a, b, w), "sub");
      same(d.mul_lo(A, B, w), C::mul_lo(a, b, w), "mul_lo");
      same(d.mul_hi_u(A, B, w), C::mul_hi_u(a, b, w), "mul_hi_u");
      same(d.mul_hi_s(A, B, w), C::mul_hi_s(a, b, w), "mul_hi_s");
      same(d.div_u(A, B, w), C::div_u(a, b, w), "div_u");
      same(d.div_s(A, B, w), C::div_s(a, b, w), "div_s");
      same(d.rem_u(A, B, w), C::rem_u(a, b, w), "rem_u");
      same(d.rem_s(A, B, w), C::rem_s(a, b, w), "rem_s");
      same(d.div_u(A, SymVal::of(0), w), C::div_u(a, 0, w), "div_u by 0");
      same(d.rem_s(A, SymVal::of(0), w), C::rem_s(a, 0, w), "rem_s by 0");
      same(d.add_sat_s(A, B, w), C::add_sat_s(a, b, w), "add_sat_s");
      same(d.sub_sat_s(A, B, w), C::sub_sat_s(a, b, w), "sub_sat_s");
      same(d.add_carry(A, B, Cc, w), C::add_carry(a, b, c, w), "add_carry");
      same(d.sub_borrow(A, B, Cc, w), C::sub_borrow(a, b, c, w), "sub_borrow");
      same(d.shl(A, B, w), C::shl(a, b, w), "shl");
      same(d.shr_u(A, B, w), C::shr_u(a, b, w), "shr_u");
      same(d.shr_s(A, B, w), C::shr_s(a, b, w), "shr_s");
      same(d.shl(A, SymVal::of(b & 127U), w), C::shl(a, b & 127U, w), "shl small");
      same(d.shr_s(A, SymVal::of(b & 127U), w), C::shr_s(a, b & 127U, w), "shr_s small");
      same(d.eq(A, B, w), C::eq(a, b, w), "eq");
      same(d.lt_u(A, B, w), C::lt_u(a, b, w), "lt_u");
      same(d.le_s(A, B, w), C::le_s(a, b, w), "le_s");
      same(d.lt_s(A, B, w), C::lt_s(a, b, w), "lt_s");
      same(d.and_(A, B, w), C::and_(a, b, w), "and");
      same(d.xor_(A, B, w), C::xor_(a, b, w), "xor");
      same(d.not_(A, w), C::not_(a, w), "not");
      same(d.neg(A, w), C::neg(a, w), "neg");
      same(d.popc(A, w), C::popc(a, w), "popc");
      same(d.clz(A, w), C::clz(a, w), "clz");
      same(d.bfind_u(A, w), C::bfind_u(a, w), "bfind_u");
      same(d.bfind_s(A, w), C::bfind_s(a, w), "bfind_s");
      same(d.brev(A, w), C::brev(a, w), "brev");
      same(d.sext(A, w, 64), C::sext(a, w, 64), "sext");
      same(d.zext(A, w), C::zext(a, w), "zext");
      same(d.bfe_u(A, SymVal::of(b & 63U), SymVal::of(13), w), C::bfe_u(a, b & 63U, 13, w), "bfe_u");
      same(d.bfe_s(A, SymVal::of(b & 63U), SymVal::of(13), w), C::bfe_s(a, b & 63U, 13, w), "bfe_s");
      same(d.bfi(A, B, SymVal::of(5), SymVal::of(9), w), C::bfi(a, b, 5, 9, w), "bfi");
      same(d.cvt_i2i(A, w, true, 16, false, true), C::cvt_i2i(a, w, true, 16, false, true), "cvt.sat");
      same(d.cvt_i2i(A, w, false, 8, true, false), C::cvt_i2i(a, w, false, 8, true, false), "cvt");
      if (w <= 32) {
        same(d.mul_wide_u(A, B, w), C::mul_wide_u(a, b, w), "mul_wide_u");
        same(d.mul_wide_s(A, B, w), C::mul_wide_s(a, b, w), "mul_wide_s");
      }
    }
    const std::uint64_t a = pick(i), b = rng(), c = rng();
    const SymVal A = disguised(ctx, a);
    EXPECT_EQ(value_of(ctx, d.lop3(A, SymVal::of(b), SymVal::of(c), 0xe8)), C::lop3(a, b, c, 0xe8));
    EXPECT_EQ(value_of(ctx, d.shf_l(A, SymVal::of(b), SymVal::of(c & 63U), true)), C::shf_l(a, b, c & 63U, true));
    EXPECT_EQ(value_of(ctx, d.shf_r(A, SymVal::of(b), SymVal::of(c & 63U), false)), C::shf_r(a, b, c & 63U, false));
    EXPECT_EQ(value_of(ctx, d.prmt(A, SymVal::of(b), SymVal::of(c & 0xffffU), ir::PrmtMode::None)),
              C::prmt(a, b, c & 0xffffU, ir::PrmtMode::None));
    EXPECT_EQ(value_of(ctx, d.szext(A, SymVal::of(c & 63U), true, true)), C::szext(a, c & 63U, true, true));
  }
  EXPECT_GT(checked, 1000U);
}

TEST(SymbolicDomain, FloatOperationOnASymbolicValueIsRejectedWithItsPc) {
  SymContext ctx;
  SymbolicDomain d(&ctx, {}, {});
  d.enter(0, 0, 12);
  std::vector<std::uint32_t> pc;
  ctx.add_input("x", 32, false, std::nullopt, std::nullopt, pc);
  const SymVal x = SymVal::of_term(ctx.inputs()[0].value);
  try {
    (void)d.fadd(x, SymVal::of(0), sem::FpFormat::F32, sem::FpRounding::Rn);
    FAIL() << "no rejection";
  } catch (const SymbolicStop& e) {
    EXPECT_EQ(e.kind(), StopKind::Unsupported);
    EXPECT_EQ(std::string(e.what()), "unsupported on symbolic values: fadd at pc 12 (make this input concrete)");
  }
  EXPECT_EQ(d.fadd(SymVal::of(0x3f800000U), SymVal::of(0x3f800000U), sem::FpFormat::F32, sem::FpRounding::Rn).bits,
            0x40000000U);  // 1 + 1 = 2, concretely
}

TEST(SymbolicDomain, StoredSymbolicBytesLoadBackAsTheirTerm) {
  struct Target {
    ir::Space space = ir::Space::Global;
    std::uint64_t addr = 0;
  };
  SymContext ctx;
  std::vector<std::uint32_t> pc;
  ctx.add_input("x", 32, true, std::nullopt, std::nullopt, pc);
  SymbolicDomain d(&ctx, pc, {});
  const SymVal x = SymVal::of_term(ctx.inputs()[0].value);
  EXPECT_EQ(d.store_value(Target{ir::Space::Global, 0x1000}, 0, 4, x), 0U);
  const SymVal back = d.load_value(Target{ir::Space::Global, 0x1000}, 0, 4, 0, false);
  EXPECT_EQ(back, x);  // zext32(x) is the input's own term
  const SymVal other = d.load_value(Target{ir::Space::Global, 0x2000}, 0, 4, 7, false);
  EXPECT_EQ(other, SymVal::of(7));
  EXPECT_EQ(d.store_value(Target{ir::Space::Global, 0x1000}, 0, 4, SymVal::of(5)), 5U);
  EXPECT_TRUE(d.shadow().empty());
}

TEST(SymbolicDomain, DecisionsForkOnlyWhenBothSidesAreFeasible) {
  SymContext ctx;
  std::vector<std::uint32_t> pc;
  ctx.add_input("n", 32, false, 0, 10, pc);
  SymbolicDomain d(&ctx, pc, {});
  Choices ch;
  d.set_choices(&ch);
  ch.start({});
  const SymVal n = SymVal::of_term(ctx.inputs()[0].value);
  EXPECT_TRUE(d.truth(d.lt_u(n, SymVal::of(11), 32)));  // implied by the range: no fork
  EXPECT_TRUE(ch.taken.empty());
  EXPECT_TRUE(d.truth(d.lt_u(n, SymVal::of(5), 32)));   // both feasible: alternative 0 = true
  EXPECT_EQ(ch.arity, (std::vector<std::uint32_t>{2}));
  EXPECT_TRUE(d.truth(d.lt_u(n, SymVal::of(5), 32)));   // the same condition again: memoised
  EXPECT_EQ(ch.taken.size(), 1U);
  EXPECT_EQ(d.path_condition().size(), pc.size() + 1);
  ch.start({1});
  SymbolicDomain e(&ctx, pc, {});
  e.set_choices(&ch);
  EXPECT_FALSE(e.truth(e.lt_u(n, SymVal::of(5), 32)));  // the script takes the other side
}

}  // namespace
}  // namespace lockstep::checker
