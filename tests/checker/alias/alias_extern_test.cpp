// Dynamic shared memory: every `.extern .shared` array starts at the same
// address, so distinct extern arrays may overlap; static arrays do not
// overlap them.
#include <gtest/gtest.h>

#include <string>

#include "tests/checker/alias/alias_test_kit.hpp"

namespace lockstep::test {
namespace {

using checker::Alias;

const std::string kExtern =
    ".version 8.0\n.target sm_80\n.address_size 64\n"
    ".extern .shared .align 4 .b8 dyn_a[];\n"
    ".extern .shared .align 8 .b8 dyn_b[];\n"
    ".shared .align 4 .b8 fixed[64];\n"
    ".visible .entry k()\n{\n"
    ".reg .b32 %r<8>;\n"
    "st.shared.u32 [dyn_a+4], %r1;\n"
    "ld.shared.u32 %r2, [dyn_b+4];\n"
    "ld.shared.u32 %r3, [fixed+4];\n"
    "ld.shared.u32 %r4, [dyn_a+8];\n"
    "ld.shared.u32 %r5, [dyn_a+4];\n"
    "ret;\n}\n";

TEST(AliasExtern, DistinctExternSharedArraysMayOverlap) {
  const Analysed a(kExtern);
  EXPECT_EQ(a.alias("ld.shared.u32 %r2, [dyn_b+4]", "st.shared.u32 [dyn_a+4]"), Alias::May);
  EXPECT_EQ(a.describe("ld.shared.u32 %r2, [dyn_b+4]"), "shared:dyn_b+4");
}

TEST(AliasExtern, StaticSharedArrayIsSeparate) {
  const Analysed a(kExtern);
  EXPECT_EQ(a.alias("ld.shared.u32 %r3, [fixed+4]", "st.shared.u32 [dyn_a+4]"), Alias::No);
}

TEST(AliasExtern, SameExternArrayUsesOffsets) {
  const Analysed a(kExtern);
  EXPECT_EQ(a.alias("ld.shared.u32 %r4, [dyn_a+8]", "st.shared.u32 [dyn_a+4]"), Alias::No);
  EXPECT_EQ(a.alias("ld.shared.u32 %r5, [dyn_a+4]", "st.shared.u32 [dyn_a+4]"), Alias::Must);
}

TEST(AliasExtern, GenericAccessToALocalSymbolIsLocal) {
  // No local address is made generic here, yet a generic access that names
  // a local variable directly still touches that variable.
  const Analysed a(alias_module(
      "ld.u32 %r1, [l_a+4];\n"
      "st.shared.u32 [s_a+4], %r1;\n"));
  EXPECT_EQ(a.describe("ld.u32 %r1, [l_a+4]"), "local:l_a+4");
  EXPECT_EQ(a.alias("ld.u32 %r1, [l_a+4]", "st.shared.u32 [s_a+4]"), Alias::No);
}

}  // namespace
}  // namespace lockstep::test
