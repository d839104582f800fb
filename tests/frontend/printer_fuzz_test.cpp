// The printer's round trip on small texts, most of them minimised fuzzer
// findings (tests/fuzz): each loads, its printed text loads again to the
// same IR, and printing that IR gives the same text.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "frontend/load.hpp"
#include "frontend/ptx/printer.hpp"
#include "frontend/source.hpp"
#include "tests/frontend/printer_compare.hpp"

namespace lockstep {
namespace {

struct RoundTripCase {
  const char* name;
  std::string text;
};

std::vector<RoundTripCase> cases() {
  return {
      {"percent label (ISA 1.2 entry with in-body parameters)",
       ".version 1.2\n.target sm_10, map_f64_to_f32\n.entry k\n{\n.reg .f32 %f<5>;\n"
       ".reg .pred %p<2>;\n.param .f32 __cudaparm_k_lo;\n%f4$LBB1_k:\n"
       "ld.param.f32 %f4, [__cudaparm_k_lo];\n@%p1 bra %f4$LBB1_k;\n}\n"},
  };
}

TEST(PrinterFuzz, SmallTextsRoundTrip) {
  for (const auto& c : cases()) {
    ir::Module original;
    ASSERT_NO_THROW(original = load_ptx(Source("t.ptx", c.text))) << c.name;
    const std::string printed = ptx::print(original);
    ir::Module again;
    ASSERT_NO_THROW(again = load_ptx(Source("printed.ptx", printed))) << c.name << "\n" << printed;
    EXPECT_EQ(test::module_difference(original, again), "") << c.name << "\n" << printed;
    EXPECT_EQ(ptx::print(again), printed) << c.name;
  }
}

}  // namespace
}  // namespace lockstep
