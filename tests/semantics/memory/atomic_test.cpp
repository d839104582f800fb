// atom/red integer and bit operations: every op and type, the inc/dec wrap
// rules, cas/exch, lane-order serialisation, spaces and faults.
#include <gtest/gtest.h>

#include <string>

#include "tests/semantics/memory/memory_test_kit.hpp"

namespace lockstep::test {
namespace {

using sem::FaultKind;

/// Runs `atom.global.<op>.<type> D, [%rd1], B` on lane 0 with memory `old`;
/// returns {old value written to D, new memory value}.
struct Result {
  std::uint64_t d;
  std::uint64_t mem;
};
Result atom1(const std::string& op_type, const std::string& dreg, const std::string& breg, std::uint64_t old,
             std::uint64_t b, unsigned bytes) {
  MemWarp w(mem_kernel("atom.global." + op_type + " " + dreg + ", [%rd1], " + breg + ";"));
  const std::uint64_t buf = w.alloc(16, "a");
  w.gwrite(buf, bytes, old);
  w.set("%rd1", 0, buf);
  w.set(breg, 0, b);
  EXPECT_TRUE(w.exec(0, 1));
  return Result{w.get(dreg, 0), w.gread(buf, bytes)};
}

TEST(Atom, AddWrapsForEveryIntegerType) {
  const Result u32 = atom1("add.u32", "%r1", "%r2", 0xfffffffeU, 5, 4);
  EXPECT_EQ(u32.d, 0xfffffffeU);
  EXPECT_EQ(u32.mem, 3U);
  const Result s32 = atom1("add.s32", "%r1", "%r2", 0x7fffffffU, 1, 4);
  EXPECT_EQ(s32.mem, 0x80000000U);
  const Result u64 = atom1("add.u64", "%rd2", "%rd3", ~std::uint64_t{0}, 2, 8);
  EXPECT_EQ(u64.d, ~std::uint64_t{0});
  EXPECT_EQ(u64.mem, 1U);
  const Result s64 = atom1("add.s64", "%rd2", "%rd3", 10, static_cast<std::uint64_t>(-15), 8);
  EXPECT_EQ(s64.mem, static_cast<std::uint64_t>(-5));
}

TEST(Atom, BitOperations) {
  EXPECT_EQ(atom1("and.b32", "%r1", "%r2", 0xff00ff00U, 0x0ff00ff0U, 4).mem, 0x0f000f00U);
  EXPECT_EQ(atom1("or.b32", "%r1", "%r2", 0xff00ff00U, 0x0ff00ff0U, 4).mem, 0xfff0fff0U);
  EXPECT_EQ(atom1("xor.b32", "%r1", "%r2", 0xff00ff00U, 0x0ff00ff0U, 4).mem, 0xf0f0f0f0U);
  EXPECT_EQ(atom1("and.b64", "%rd2", "%rd3", 0xff00ff00'12345678ULL, 0xffffffff'0000ffffULL, 8).mem,
            0xff00ff00'00005678ULL);
  EXPECT_EQ(atom1("or.b64", "%rd2", "%rd3", 1, 0x80000000'00000000ULL, 8).mem, 0x80000000'00000001ULL);
  const Result x = atom1("xor.b64", "%rd2", "%rd3", 0xaaaa'aaaa'aaaa'aaaaULL, ~std::uint64_t{0}, 8);
  EXPECT_EQ(x.d, 0xaaaa'aaaa'aaaa'aaaaULL);
  EXPECT_EQ(x.mem, 0x5555'5555'5555'5555ULL);
}

TEST(Atom, Exchange) {
  const Result r = atom1("exch.b32", "%r1", "%r2", 11, 22, 4);
  EXPECT_EQ(r.d, 11U);
  EXPECT_EQ(r.mem, 22U);
  const Result r64 = atom1("exch.b64", "%rd2", "%rd3", 0x1'0000'0000ULL, 7, 8);
  EXPECT_EQ(r64.d, 0x1'0000'0000ULL);
  EXPECT_EQ(r64.mem, 7U);
}

TEST(Atom, IncWrapRule) {
  // inc(r, s) = (r >= s) ? 0 : r + 1
  struct C {
    std::uint64_t old, b, now;
  };
  for (const C& c : {C{0, 5, 1}, C{4, 5, 5}, C{5, 5, 0}, C{9, 5, 0}, C{0, 0, 0}, C{7, 0, 0},
                     C{0xfffffffeU, 0xffffffffU, 0xffffffffU}, C{0xffffffffU, 0xffffffffU, 0}}) {
    const Result r = atom1("inc.u32", "%r1", "%r2", c.old, c.b, 4);
    EXPECT_EQ(r.d, c.old);
    EXPECT_EQ(r.mem, c.now) << c.old << " inc " << c.b;
  }
}

TEST(Atom, DecWrapRule) {
  // dec(r, s) = (r == 0 || r > s) ? s : r - 1
  struct C {
    std::uint64_t old, b, now;
  };
  for (const C& c : {C{0, 5, 5}, C{1, 5, 0}, C{5, 5, 4}, C{6, 5, 5}, C{0, 0, 0}, C{3, 0, 0},
                     C{0xffffffffU, 0xffffffffU, 0xfffffffeU}, C{0, 0xffffffffU, 0xffffffffU}}) {
    const Result r = atom1("dec.u32", "%r1", "%r2", c.old, c.b, 4);
    EXPECT_EQ(r.d, c.old);
    EXPECT_EQ(r.mem, c.now) << c.old << " dec " << c.b;
  }
}

TEST(Atom, MinMaxSignedAndUnsigned) {
  EXPECT_EQ(atom1("min.u32", "%r1", "%r2", 0xfffffff0U, 5, 4).mem, 5U);
  EXPECT_EQ(atom1("min.s32", "%r1", "%r2", 0xfffffff0U, 5, 4).mem, 0xfffffff0U);
  EXPECT_EQ(atom1("max.u32", "%r1", "%r2", 0xfffffff0U, 5, 4).mem, 0xfffffff0U);
  EXPECT_EQ(atom1("max.s32", "%r1", "%r2", 0xfffffff0U, 5, 4).mem, 5U);
  EXPECT_EQ(atom1("min.u64", "%rd2", "%rd3", 1ULL << 63, 3, 8).mem, 3U);
  EXPECT_EQ(atom1("min.s64", "%rd2", "%rd3", 1ULL << 63, 3, 8).mem, 1ULL << 63);
  EXPECT_EQ(atom1("max.u64", "%rd2", "%rd3", 1ULL << 63, 3, 8).mem, 1ULL << 63);
  EXPECT_EQ(atom1("max.s64", "%rd2", "%rd3", static_cast<std::uint64_t>(-2), static_cast<std::uint64_t>(-7), 8).mem,
            static_cast<std::uint64_t>(-2));
}

TEST(Atom, CompareAndSwap) {
  for (const bool hit : {true, false}) {
    MemWarp w(mem_kernel("atom.global.cas.b32 %r1, [%rd1], %r2, %r3;\natom.global.cas.b64 %rd2, [%rd1+8], %rd3, %rd4;\n"
                         "atom.global.cas.b16 %rs1, [%rd1+16], %rs2, %rs3;"));
    const std::uint64_t buf = w.alloc(32, "a");
    w.gwrite(buf, 4, 10);
    w.gwrite(buf + 8, 8, 0x1'0000'0010ULL);
    w.gwrite(buf + 16, 2, 0xbeef);
    w.set("%rd1", 0, buf);
    w.set("%r2", 0, hit ? 10 : 11);
    w.set("%r3", 0, 99);
    w.set("%rd3", 0, hit ? 0x1'0000'0010ULL : 0x10);
    w.set("%rd4", 0, 0x2'0000'0000ULL);
    w.set("%rs2", 0, hit ? 0xbeef : 0xbeee);
    w.set("%rs3", 0, 0x1234);
    w.run_all();
    EXPECT_EQ(w.get("%r1", 0), 10U);
    EXPECT_EQ(w.get("%rd2", 0), 0x1'0000'0010ULL);
    EXPECT_EQ(w.get("%rs1", 0), 0xbeefU);
    EXPECT_EQ(w.gread(buf, 4), hit ? 99U : 10U);
    EXPECT_EQ(w.gread(buf + 8, 8), hit ? 0x2'0000'0000ULL : 0x1'0000'0010ULL);
    EXPECT_EQ(w.gread(buf + 16, 2), hit ? 0x1234U : 0xbeefU);
  }
}

TEST(Atom, ImmediateOperand) {
  MemWarp w(mem_kernel("atom.global.add.u32 %r1, [%rd1], 1;"));
  const std::uint64_t buf = w.alloc(4, "counter");
  w.set_all("%rd1", buf);
  w.exec(0, sem::kFullMask);
  for (unsigned l = 0; l < 32; ++l) EXPECT_EQ(w.get("%r1", l), l);
  EXPECT_EQ(w.gread(buf, 4), 32U);
}

TEST(Atom, LanesToOneAddressSerialiseInLaneOrder) {
  MemWarp w(mem_kernel("atom.global.exch.b32 %r1, [%rd1], %r2;"));
  const std::uint64_t buf = w.alloc(4, "x");
  w.gwrite(buf, 4, 1000);
  w.set_all("%rd1", buf);
  for (unsigned l = 0; l < 32; ++l) w.set("%r2", l, l);
  const sem::Mask m = 0x80000111U;  // lanes 0, 4, 8, 31
  w.exec(0, m);
  EXPECT_EQ(w.get("%r1", 0), 1000U);
  EXPECT_EQ(w.get("%r1", 4), 0U);
  EXPECT_EQ(w.get("%r1", 8), 4U);
  EXPECT_EQ(w.get("%r1", 31), 8U);
  EXPECT_EQ(w.gread(buf, 4), 31U);
}

TEST(Atom, CasLockOnlyTheLowestLaneWins) {
  MemWarp w(mem_kernel("atom.global.cas.b32 %r1, [%rd1], 0, %r2;"));
  const std::uint64_t buf = w.alloc(4, "lock");
  w.set_all("%rd1", buf);
  for (unsigned l = 0; l < 32; ++l) w.set("%r2", l, l + 1);
  w.exec(0, 0xfffffff0U);
  EXPECT_EQ(w.gread(buf, 4), 5U);
  EXPECT_EQ(w.get("%r1", 4), 0U);
  for (unsigned l = 5; l < 32; ++l) EXPECT_EQ(w.get("%r1", l), 5U);
}

TEST(Atom, SharedThroughSymbolAndGeneric) {
  MemWarp w(mem_kernel(".shared .align 4 .b8 hist[16];\natom.shared.add.u32 %r1, [hist+4], %r2;\n"
                       "atom.add.u32 %r3, [%rd1], %r2;"));
  w.set_all("%r2", 2);
  w.set_all("%rd1", w.map.to_generic(ir::Space::Shared, w.kvar("hist").address + 4));
  w.run_all(sem::kFullMask);
  EXPECT_EQ(MemWarp::sread(w.shared, w.kvar("hist").address + 4, 4), 128U);
  EXPECT_EQ(w.get("%r3", 31), 126U);
  EXPECT_EQ(w.get("%r1", 31), 62U);
}

TEST(Atom, SharedClusterIsShared) {
  MemWarp w(mem_kernel(".shared .align 4 .b8 s[8];\nred.shared::cluster.add.u32 [%r1], %r2;"));
  w.set("%r1", 0, 4);
  w.set("%r2", 0, 9);
  w.exec(0, 1);
  EXPECT_EQ(MemWarp::sread(w.shared, 4, 4), 9U);
}

TEST(Red, NoDestinationAndEveryLaneContributes) {
  MemWarp w(mem_kernel("red.global.add.u32 [%rd1], %r1;\nred.global.min.s32 [%rd1+4], %r1;\n"
                       "red.global.max.u64 [%rd1+8], %rd2;\nred.global.inc.u32 [%rd1+16], 3;\n"
                       "red.global.dec.u32 [%rd1+20], 3;\nred.global.xor.b32 [%rd1+24], %r1;"));
  const std::uint64_t buf = w.alloc(32, "acc");
  w.set_all("%rd1", buf);
  for (unsigned l = 0; l < 32; ++l) {
    w.set("%r1", l, static_cast<std::uint64_t>(static_cast<std::int64_t>(l) - 16));
    w.set("%rd2", l, std::uint64_t{l} << 40);
  }
  w.run_all(sem::kFullMask);
  std::uint32_t sum = 0, x = 0;
  for (unsigned l = 0; l < 32; ++l) {
    sum += static_cast<std::uint32_t>(static_cast<std::int32_t>(l) - 16);
    x ^= static_cast<std::uint32_t>(static_cast<std::int32_t>(l) - 16);
  }
  EXPECT_EQ(w.gread(buf, 4), sum);
  EXPECT_EQ(w.gread(buf + 4, 4), 0xfffffff0U);  // min(0, -16 .. 15)
  EXPECT_EQ(w.gread(buf + 8, 8), std::uint64_t{31} << 40);
  EXPECT_EQ(w.gread(buf + 16, 4), 0U);  // 0 1 2 3 0 1 2 3 ... 32 increments: 32 % 4 = 0
  EXPECT_EQ(w.gread(buf + 20, 4), 0U);  // 0 -> 3 2 1 0 3 2 1 0 ...: 32 decrements end on 0
  EXPECT_EQ(w.gread(buf + 24, 4), x);
}

TEST(AtomFault, Misaligned) {
  MemWarp w(mem_kernel("atom.global.add.u32 %r1, [%rd1], 1;"));
  const std::uint64_t buf = w.alloc(8, "a");
  w.set("%rd1", 0, buf + 2);
  const auto f = expect_fault([&] { w.exec(0, 1); });
  EXPECT_EQ(f.kind(), FaultKind::Misaligned);
  EXPECT_EQ(f.access(), sem::AccessKind::Atomic);
}

TEST(AtomFault, OutOfBounds) {
  MemWarp w(mem_kernel("red.global.add.u64 [%rd1], 1;"));
  const std::uint64_t buf = w.alloc(8, "a");
  w.set("%rd1", 0, buf + 8);
  const auto f = expect_fault([&] { w.exec(0, 1); });
  EXPECT_EQ(f.kind(), FaultKind::OutOfBounds);
  EXPECT_EQ(f.size(), 8U);
}

TEST(AtomFault, GenericLocalConstAndParamAddresses) {
  MemWarp w(mem_kernel(".local .align 4 .b8 l[8];\natom.add.u32 %r1, [%rd1], 1;", ".const .u32 cw = 1;"));
  w.set("%rd1", 0, w.map.to_generic(ir::Space::Local, 0));
  EXPECT_EQ(expect_fault([&] { w.exec(0, 1); }).kind(), FaultKind::WrongSpace);
  w.set("%rd1", 0, w.map.to_generic(ir::Space::Const, 0));
  EXPECT_EQ(expect_fault([&] { w.exec(0, 1); }).kind(), FaultKind::ReadOnly);
  w.set("%rd1", 0, w.map.to_generic(ir::Space::Param, 0));
  EXPECT_EQ(expect_fault([&] { w.exec(0, 1); }).kind(), FaultKind::ReadOnly);
  EXPECT_EQ(MemWarp::sread(w.locals[0], 0, 4), 0U);
}

}  // namespace
}  // namespace lockstep::test
