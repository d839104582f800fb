// AddressMap: the documented windows, classification, and cvta round trips
// for 32- and 64-bit modules.
#include <gtest/gtest.h>

#include "semantics/memory/address_map.hpp"

namespace lockstep::test {
namespace {

using ir::Space;
using sem::AddressMap;
using sem::SpaceAddress;

constexpr Space kWindowed[] = {Space::Shared, Space::Local, Space::Const, Space::Param};

TEST(AddressMap, Layout64) {
  const AddressMap m(64);
  EXPECT_EQ(m.address_bits(), 64U);
  EXPECT_EQ(m.global_base(), 0x1'0000'0000ULL);
  EXPECT_EQ(m.window_base(Space::Shared), 0x0000'1000'0000'0000ULL);
  EXPECT_EQ(m.window_base(Space::Local), 0x0000'2000'0000'0000ULL);
  EXPECT_EQ(m.window_base(Space::Const), 0x0000'3000'0000'0000ULL);
  EXPECT_EQ(m.window_base(Space::Param), 0x0000'4000'0000'0000ULL);
  EXPECT_EQ(m.window_size(), 0x1'0000'0000ULL);
  EXPECT_EQ(m.window_base(Space::Global), 0U);
  EXPECT_LE(m.global_limit(), m.window_base(Space::Shared));
}

TEST(AddressMap, Layout32) {
  const AddressMap m(32);
  EXPECT_EQ(m.global_base(), 0x1000'0000ULL);
  EXPECT_EQ(m.window_base(Space::Shared), 0xC000'0000ULL);
  EXPECT_EQ(m.window_base(Space::Local), 0xD000'0000ULL);
  EXPECT_EQ(m.window_base(Space::Const), 0xE000'0000ULL);
  EXPECT_EQ(m.window_base(Space::Param), 0xF000'0000ULL);
  EXPECT_EQ(m.window_size(), 0x1000'0000ULL);
  EXPECT_EQ(m.global_limit(), 0xC000'0000ULL);
}

TEST(AddressMap, ForModuleUsesTheAddressSize) {
  ir::Module mod;
  mod.address_size = 32;
  EXPECT_EQ(AddressMap::for_module(mod).address_bits(), 32U);
  mod.address_size = 64;
  EXPECT_EQ(AddressMap::for_module(mod).address_bits(), 64U);
}

TEST(AddressMap, RoundTripEveryWindow) {
  for (const unsigned bits : {32U, 64U}) {
    const AddressMap m(bits);
    for (const Space s : kWindowed) {
      for (const std::uint64_t off : {std::uint64_t{0}, std::uint64_t{4}, std::uint64_t{0xffff},
                                      m.window_size() - 1}) {
        const std::uint64_t g = m.to_generic(s, off);
        EXPECT_EQ(m.classify(g), (SpaceAddress{s, off})) << bits << " " << ir::space_name(s);
        EXPECT_EQ(m.from_generic(s, g), off);
        EXPECT_TRUE(m.in_space(s, g));
      }
    }
  }
}

TEST(AddressMap, GlobalIsIdentity) {
  for (const unsigned bits : {32U, 64U}) {
    const AddressMap m(bits);
    const std::uint64_t a = m.global_base() + 0x123;
    EXPECT_EQ(m.to_generic(Space::Global, a), a);
    EXPECT_EQ(m.from_generic(Space::Global, a), a);
    EXPECT_EQ(m.classify(a), (SpaceAddress{Space::Global, a}));
    EXPECT_TRUE(m.in_space(Space::Global, a));
    EXPECT_FALSE(m.in_space(Space::Shared, a));
  }
}

TEST(AddressMap, WindowEdges64) {
  const AddressMap m(64);
  const std::uint64_t sh = m.window_base(Space::Shared);
  EXPECT_EQ(m.classify(sh - 1).space, Space::Global);
  EXPECT_EQ(m.classify(sh + m.window_size()).space, Space::Global);  // gap after the window
  EXPECT_EQ(m.classify(m.window_base(Space::Param) + 0x10).space, Space::Param);
  EXPECT_EQ(m.classify(0x0000'5000'0000'0000ULL).space, Space::Global);
}

TEST(AddressMap, WindowEdges32) {
  const AddressMap m(32);
  EXPECT_EQ(m.classify(0xBFFF'FFFFULL).space, Space::Global);
  EXPECT_EQ(m.classify(0xC000'0000ULL), (SpaceAddress{Space::Shared, 0}));
  EXPECT_EQ(m.classify(0xCFFF'FFFFULL), (SpaceAddress{Space::Shared, 0x0FFF'FFFF}));
  EXPECT_EQ(m.classify(0xD000'0000ULL).space, Space::Local);
  EXPECT_EQ(m.classify(0xFFFF'FFFFULL), (SpaceAddress{Space::Param, 0x0FFF'FFFF}));
}

TEST(AddressMap, ThirtyTwoBitAddressesWrap) {
  const AddressMap m(32);
  EXPECT_EQ(m.wrap(0x1'C000'0010ULL), 0xC000'0010ULL);
  EXPECT_EQ(m.classify(0x1'C000'0010ULL), (SpaceAddress{Space::Shared, 0x10}));
  EXPECT_EQ(m.from_generic(Space::Shared, 0x1000'0000ULL), 0x5000'0000ULL);  // wrong space: far away
}

TEST(AddressMap, SharedClusterIsShared) {
  const AddressMap m(64);
  EXPECT_EQ(m.window_base(Space::SharedCluster), m.window_base(Space::Shared));
  EXPECT_TRUE(m.in_space(Space::SharedCluster, m.to_generic(Space::Shared, 8)));
}

TEST(AddressMap, IsspacepGlobalIncludesTheParamWindow) {
  const AddressMap m(64);
  EXPECT_TRUE(m.in_space(Space::Global, m.to_generic(Space::Param, 0)));
  EXPECT_FALSE(m.in_space(Space::Global, m.to_generic(Space::Shared, 0)));
  EXPECT_FALSE(m.in_space(Space::Global, m.to_generic(Space::Local, 0)));
  EXPECT_FALSE(m.in_space(Space::Global, m.to_generic(Space::Const, 0)));
  EXPECT_FALSE(m.in_space(Space::Local, m.to_generic(Space::Shared, 0)));
}

TEST(AddressMap, TruncatedGlobalAddressIsNotMapped) {
  const AddressMap m(64);
  const std::uint64_t a = m.global_base() + 0x40;
  EXPECT_LT(a & 0xffff'ffffULL, m.global_base());  // a 32-bit truncation falls below every region
}

}  // namespace
}  // namespace lockstep::test
