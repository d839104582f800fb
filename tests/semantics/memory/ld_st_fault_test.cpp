// Faults of ld/st: misaligned accesses, out-of-bounds accesses in every
// space, read-only spaces, null and unmapped generic addresses.
#include <gtest/gtest.h>

#include <string>

#include "tests/semantics/memory/memory_test_kit.hpp"

namespace lockstep::test {
namespace {

using sem::AccessKind;
using sem::FaultKind;

TEST(LdStFault, MisalignedScalarAccesses) {
  struct C {
    const char* instr;
    std::uint64_t offset;
    std::uint64_t size;
  };
  for (const C& c : {C{"ld.global.u16 %rs1, [%rd1];", 1, 2}, C{"ld.global.u32 %r1, [%rd1];", 2, 4},
                     C{"ld.global.u64 %rd2, [%rd1];", 4, 8}, C{"st.global.f64 [%rd1], %fd1;", 12, 8},
                     C{"ld.global.v2.u32 {%r1, %r2}, [%rd1];", 4, 8},
                     C{"ld.global.v4.u32 {%r1, %r2, %r3, %r4}, [%rd1];", 8, 16},
                     C{"st.global.v2.u16 [%rd1], {%rs1, %rs2};", 2, 4}}) {
    MemWarp w(mem_kernel(c.instr));
    const std::uint64_t buf = w.alloc(64, "buf");
    w.set("%rd1", 0, buf + c.offset);
    const auto f = expect_fault([&] { w.exec(0, 1); });
    EXPECT_EQ(f.kind(), FaultKind::Misaligned) << c.instr;
    EXPECT_EQ(f.size(), c.size) << c.instr;
    EXPECT_EQ(f.address(), buf + c.offset);
  }
}

TEST(LdStFault, AlignedByteAccessesNeverMisalign) {
  MemWarp w(mem_kernel("ld.global.u8 %rs1, [%rd1];"));
  const std::uint64_t buf = w.alloc(64, "buf");
  w.set("%rd1", 0, buf + 7);
  EXPECT_NO_THROW(w.exec(0, 1));
}

TEST(LdStFault, MisalignedInSharedSpace) {
  MemWarp w(mem_kernel(".shared .align 4 .b8 sbuf[16];\nst.shared.u32 [sbuf+2], %r1;"));
  const auto f = expect_fault([&] { w.exec(0, 1); });
  EXPECT_EQ(f.kind(), FaultKind::Misaligned);
  EXPECT_EQ(f.space(), ir::Space::Shared);
  EXPECT_EQ(f.access(), AccessKind::Write);
}

TEST(LdStFault, GlobalOutOfBoundsNamesTheBuffer) {
  MemWarp w(mem_kernel("st.global.u32 [%rd1+4], %r1;"));
  const std::uint64_t buf = w.alloc(4, "counter");
  w.set("%rd1", 0, buf);
  const auto f = expect_fault([&] { w.exec(0, 1); });
  EXPECT_EQ(f.kind(), FaultKind::OutOfBounds);
  EXPECT_EQ(f.address(), buf + 4);
  EXPECT_NE(std::string(f.what()).find("just past the end of buffer 'counter' (4 bytes at 0x100000000)"),
            std::string::npos)
      << f.what();
}

TEST(LdStFault, VectorOverrunningTheBufferFaultsBeforeWriting) {
  MemWarp w(mem_kernel("st.global.v4.u32 [%rd1], {%r1, %r2, %r3, %r4};"));
  const std::uint64_t buf = w.alloc(24, "buf");
  w.set("%rd1", 0, buf + 16);
  w.set("%r1", 0, 9);
  const auto f = expect_fault([&] { w.exec(0, 1); });
  EXPECT_EQ(f.kind(), FaultKind::OutOfBounds);
  EXPECT_EQ(f.size(), 16U);
  EXPECT_EQ(w.gread(buf + 16, 4), 0U);
}

TEST(LdStFault, SharedLocalConstParamOutOfBounds) {
  struct C {
    const char* instr;
    ir::Space space;
  };
  for (const C& c : {C{"ld.shared.u32 %r1, [sbuf+16];", ir::Space::Shared},
                     C{"ld.local.u32 %r1, [lbuf+8];", ir::Space::Local},
                     C{"ld.const.u32 %r1, [cw+4];", ir::Space::Const},
                     C{"ld.param.u32 %r1, [k_n+4];", ir::Space::Param}}) {
    MemWarp w(mem_kernel(std::string(".shared .align 4 .b8 sbuf[16];\n.local .align 4 .b8 lbuf[8];\n") + c.instr,
                         ".const .u32 cw = 1;"));
    const auto f = expect_fault([&] { w.exec(0, 1); });
    EXPECT_EQ(f.kind(), FaultKind::OutOfBounds) << c.instr;
    EXPECT_EQ(f.space(), c.space) << c.instr;
    EXPECT_EQ(f.access(), AccessKind::Read);
  }
}

TEST(LdStFault, NegativeOffsetBelowTheSharedSpace) {
  MemWarp w(mem_kernel(".shared .align 4 .b8 sbuf[16];\nld.shared.u32 %r1, [%r2+-4];"));
  w.set("%r2", 0, 0);
  const auto f = expect_fault([&] { w.exec(0, 1); });
  EXPECT_EQ(f.kind(), FaultKind::OutOfBounds);
  EXPECT_EQ(f.detail(), "4 bytes before the start of the .shared space (16 bytes)");
}

TEST(LdStFault, StoreToKernelParamIsReadOnly) {
  MemWarp w(mem_kernel("st.param.u32 [k_n], %r1;"));
  const auto f = expect_fault([&] { w.exec(0, 1); });
  EXPECT_EQ(f.kind(), FaultKind::ReadOnly);
  EXPECT_EQ(f.space(), ir::Space::Param);
  EXPECT_EQ(f.address(), w.layout.param_offset(1));
}

TEST(LdStFault, GenericStoresToConstAndParamAreReadOnly) {
  MemWarp w(mem_kernel("st.u32 [%rd1], %r1;", ".const .u32 cw = 1;"));
  w.set("%rd1", 0, w.map.to_generic(ir::Space::Const, 0));
  const auto f = expect_fault([&] { w.exec(0, 1); });
  EXPECT_EQ(f.kind(), FaultKind::ReadOnly);
  EXPECT_EQ(f.space(), ir::Space::Const);
  ASSERT_TRUE(f.generic().has_value());
  EXPECT_EQ(*f.generic(), w.map.window_base(ir::Space::Const));
  w.set("%rd1", 0, w.map.to_generic(ir::Space::Param, 8));
  const auto g = expect_fault([&] { w.exec(0, 1); });
  EXPECT_EQ(g.kind(), FaultKind::ReadOnly);
  EXPECT_EQ(g.space(), ir::Space::Param);
}

TEST(LdStFault, NullGenericAddress) {
  MemWarp w(mem_kernel("ld.u32 %r1, [%rd1+8];"));
  static_cast<void>(w.alloc(16, "buf"));
  w.set("%rd1", 0, 0);
  const auto f = expect_fault([&] { w.exec(0, 1); });
  EXPECT_EQ(f.kind(), FaultKind::Null);
  EXPECT_EQ(f.address(), 8U);
}

TEST(LdStFault, UnmappedGenericAddressBetweenWindows) {
  MemWarp w(mem_kernel("ld.u32 %r1, [%rd1];"));
  static_cast<void>(w.alloc(16, "buf"));
  w.set("%rd1", 0, 0x0000'5000'0000'0000ULL);
  const auto f = expect_fault([&] { w.exec(0, 1); });
  EXPECT_EQ(f.kind(), FaultKind::Unmapped);
}

TEST(LdStFault, GlobalAddressTruncatedTo32BitsFaults) {
  MemWarp w(mem_kernel("ld.global.u32 %r1, [%rd1];"));
  const std::uint64_t buf = w.alloc(16, "buf");
  w.set("%rd1", 0, buf & 0xffff'ffffULL);
  const auto f = expect_fault([&] { w.exec(0, 1); });
  EXPECT_EQ(f.kind(), FaultKind::Null);
}

TEST(LdStFault, GenericOutOfBoundsInSharedRecordsTheGenericAddress) {
  MemWarp w(mem_kernel(".shared .align 4 .b8 sbuf[16];\nld.u32 %r1, [%rd1];"));
  const std::uint64_t g = w.map.to_generic(ir::Space::Shared, 16);
  w.set("%rd1", 0, g);
  const auto f = expect_fault([&] { w.exec(0, 1); });
  EXPECT_EQ(f.kind(), FaultKind::OutOfBounds);
  EXPECT_EQ(f.space(), ir::Space::Shared);
  EXPECT_EQ(f.address(), 16U);
  EXPECT_EQ(f.generic(), std::optional<std::uint64_t>(g));
  EXPECT_NE(std::string(f.what()).find("generic address 0x100000000010 (.shared offset 0x10)"), std::string::npos)
      << f.what();
}

TEST(LdStFault, LanesBeforeTheFaultingLaneHaveCompleted) {
  MemWarp w(mem_kernel("st.global.u32 [%rd1], %r1;"));
  const std::uint64_t buf = w.alloc(8, "buf");
  w.set("%rd1", 0, buf);
  w.set("%r1", 0, 5);
  w.set("%rd1", 1, buf + 8);
  const auto f = expect_fault([&] { w.exec(0, 0x3); });
  EXPECT_EQ(f.address(), buf + 8);
  EXPECT_EQ(w.gread(buf, 4), 5U);
}

TEST(LdStFault, SymbolOfTheWrongSpaceIsAnError) {
  MemWarp w(mem_kernel(".shared .align 4 .b8 sbuf[16];\nld.global.u32 %r1, [sbuf];"));
  EXPECT_THROW(w.exec(0, 1), sem::ExecError);
}

TEST(LdStFault, PrefetchNeverFaults) {
  MemWarp w(mem_kernel("prefetch.global.L2 [%rd1];\nprefetch.local.L1 [%rd1];\nprefetchu.L1 [%rd1+4];\n"
                       "prefetch.L1 [%rd1];"));
  w.set_all("%rd1", 3);
  EXPECT_NO_THROW(w.run_all(sem::kFullMask));
}

}  // namespace
}  // namespace lockstep::test
