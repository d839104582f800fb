// SpaceMemory bounds faults and the MemoryFault message, context and
// generic-address note.
#include <gtest/gtest.h>

#include "semantics/memory/space_memory.hpp"
#include "tests/semantics/memory/memory_test_kit.hpp"

namespace lockstep::test {
namespace {

using sem::AccessKind;
using sem::FaultKind;
using sem::SpaceMemory;

TEST(SpaceMemory, NewMemoryIsZeroAndSized) {
  const SpaceMemory m(ir::Space::Shared, 64);
  EXPECT_EQ(m.size(), 64U);
  EXPECT_EQ(m.space(), ir::Space::Shared);
  for (std::uint64_t i = 0; i < 64; ++i) EXPECT_EQ(m.data()[i], 0);
}

TEST(SpaceMemory, ReadBackWhatWasWritten) {
  SpaceMemory m(ir::Space::Local, 16);
  MemWarp::swrite(m, 12, 4, 0xdeadbeef);
  EXPECT_EQ(MemWarp::sread(m, 12, 4), 0xdeadbeefU);
  EXPECT_EQ(MemWarp::sread(m, 14, 2), 0xdeadU);
}

TEST(SpaceMemory, PastTheEndFault) {
  SpaceMemory m(ir::Space::Shared, 64);
  const auto f = expect_fault([&] { static_cast<void>(MemWarp::sread(m, 64, 4)); });
  EXPECT_EQ(f.kind(), FaultKind::OutOfBounds);
  EXPECT_EQ(f.space(), ir::Space::Shared);
  EXPECT_EQ(f.address(), 64U);
  EXPECT_EQ(f.size(), 4U);
  EXPECT_EQ(f.detail(), "just past the end of the .shared space (64 bytes)");
  EXPECT_EQ(std::string(f.what()),
            "memory fault (out of bounds): 4-byte read at .shared offset 0x40: just past the end of the "
            ".shared space (64 bytes)");
}

TEST(SpaceMemory, OverrunAndFarFaults) {
  SpaceMemory m(ir::Space::Local, 32);
  const auto f = expect_fault([&] { MemWarp::swrite(m, 28, 8, 1); });
  EXPECT_EQ(f.access(), AccessKind::Write);
  EXPECT_EQ(f.detail(), "overruns the end of the .local space (32 bytes) by 4 bytes");
  const auto g = expect_fault([&] { static_cast<void>(MemWarp::sread(m, 40, 1)); });
  EXPECT_EQ(g.detail(), "8 bytes past the end of the .local space (32 bytes)");
}

TEST(SpaceMemory, NegativeOffsetFault) {
  SpaceMemory m(ir::Space::Shared, 32);
  const auto f = expect_fault([&] { static_cast<void>(MemWarp::sread(m, ~std::uint64_t{0} - 3, 4)); });
  EXPECT_EQ(f.detail(), "4 bytes before the start of the .shared space (32 bytes)");
}

TEST(SpaceMemory, EmptySpaceFaultsOnEveryAccess) {
  SpaceMemory m(ir::Space::Param, 0);
  EXPECT_THROW(static_cast<void>(MemWarp::sread(m, 0, 1)), sem::MemoryFault);
}

TEST(SpaceMemory, EqualityAndHash) {
  SpaceMemory a(ir::Space::Shared, 8), b(ir::Space::Shared, 8);
  EXPECT_EQ(a, b);
  MemWarp::swrite(a, 0, 1, 1);
  EXPECT_NE(a, b);
  std::size_t fed = 0;
  a.hash_append([&](const void*, std::size_t n) { fed += n; });
  EXPECT_EQ(fed, 16U);
}

TEST(MemoryFault, ContextAndGenericAddressAreInTheMessage) {
  sem::MemoryFault f(FaultKind::Misaligned, ir::Space::Shared, 0x42, 4, AccessKind::Write, "misaligned");
  f.set_generic(0x0000100000000042ULL);
  EXPECT_EQ(std::string(f.what()),
            "memory fault (misaligned): 4-byte write at generic address 0x100000000042 (.shared offset 0x42): "
            "misaligned");
  f.add_context("thread 3 of block (0,0,0), pc 7 (k.ptx:20:3)");
  EXPECT_EQ(f.context(), "thread 3 of block (0,0,0), pc 7 (k.ptx:20:3)");
  EXPECT_EQ(std::string(f.what()).rfind("thread 3 of block (0,0,0), pc 7 (k.ptx:20:3): memory fault", 0), 0U);
  EXPECT_EQ(f.detail(), "misaligned");
}

TEST(MemoryFault, KindNames) {
  EXPECT_STREQ(sem::fault_kind_name(FaultKind::ReadOnly), "write to read-only space");
  EXPECT_STREQ(sem::fault_kind_name(FaultKind::Null), "null address");
  EXPECT_STREQ(sem::access_kind_name(AccessKind::Atomic), "atomic");
}

}  // namespace
}  // namespace lockstep::test
