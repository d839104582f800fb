// Text of the explorer throughput kernel (explore_loop_kernel.hpp).
#include "bench/support/explore_loop_kernel.hpp"

#include <fmt/format.h>

#include <iterator>

namespace lockstep::bench {

ExploreLoopKernel explore_loop_kernel(std::uint32_t iterations, std::uint32_t alu_per_round) {
  if (alu_per_round == 0) alu_per_round = 1;
  ExploreLoopKernel k;
  k.alu_per_round = alu_per_round;
  std::string& s = k.ptx;
  s =
      ".version 7.0\n.target sm_75\n.address_size 64\n\n"
      ".visible .entry explore_loop(.param .u64 explore_loop_param_0, .param .u32 explore_loop_param_1)\n{\n"
      "\t.reg .pred %p<2>;\n\t.reg .b32 %r<12>;\n\t.reg .b64 %rd<5>;\n"
      "\t.shared .align 4 .b8 explore_counters[8];\n\n"
      "\tmov.u32 %r1, %tid.x;\n"
      "\tshr.u32 %r2, %r1, 5;\n"         // warp index
      "\tshl.b32 %r3, %r2, 2;\n"
      "\tmov.u32 %r4, explore_counters;\n"
      "\tadd.s32 %r5, %r4, %r3;\n"       // &counters[warp]
      "\tld.param.u32 %r6, [explore_loop_param_1];\n"
      "\tmov.u32 %r7, 0;\n"              // round
      "\tmov.u32 %r8, %r1;\n"            // accumulator
      "$L__loop:\n";
  // Private ALU work on the accumulator: a multiply-add, then xor / add /
  // shift-add with the thread index and the round, cycled.
  for (std::uint32_t i = 0; i < alu_per_round; ++i) {
    switch (i % 4) {
      case 0: s += "\tmad.lo.s32 %r8, %r8, 1664525, 1013904223;\n"; break;
      case 1: s += "\txor.b32 %r8, %r8, %r1;\n"; break;
      case 2: s += "\tadd.s32 %r8, %r8, %r7;\n"; break;
      default: s += "\tshl.b32 %r10, %r8, 3;\n\tadd.s32 %r8, %r8, %r10;\n"; break;
    }
  }
  s +=
      "\tatom.shared.add.u32 %r9, [%r5], 1;\n"
      "\tadd.s32 %r7, %r7, 1;\n"
      "\tsetp.lt.u32 %p1, %r7, %r6;\n"
      "\t@%p1 bra $L__loop;\n\n"
      "\tld.param.u64 %rd1, [explore_loop_param_0];\n"
      "\tcvta.to.global.u64 %rd2, %rd1;\n"
      "\tmul.wide.u32 %rd3, %r1, 4;\n"
      "\tadd.s64 %rd4, %rd2, %rd3;\n"
      "\tst.global.u32 [%rd4], %r8;\n"
      "\tret;\n}\n";
  k.spec = fmt::format(
      "kernel = \"explore_loop\"\ngrid = [1]\nblock = [64]\n"
      "params = [\"out\", {{type = \"u32\", value = {}}}]\n"
      "[[buffer]]\nname = \"out\"\ntype = \"u32\"\ncount = 64\ninit = \"zeros\"\n",
      iterations);
  return k;
}

}  // namespace lockstep::bench
