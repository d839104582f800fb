// The analysis stays linear in the kernel's size: a long kernel whose loop
// makes every register and spill slot change several times is analysed
// well within a second.
#include <gtest/gtest.h>

#include <chrono>
#include <string>

#include "checker/alias/alias.hpp"
#include "frontend/load.hpp"

namespace lockstep::test {
namespace {

/// `n` steps of: index += 1; spill param0 + 4*index; reload another slot;
/// load through it; all inside one loop whose back edge feeds the chain.
std::string long_kernel(int n) {
  std::string s = std::string(
                      ".version 8.0\n.target sm_80\n.address_size 64\n"
                      ".visible .entry big(.param .u64 p0)\n{\n") +
                  ".reg .b32 %r<" + std::to_string(n + 4) + ">;\n.reg .b64 %rd<" + std::to_string(4 * n + 4) +
      ">;\n.reg .pred %p1;\n.reg .b64 %SP;\n.local .align 8 .b8 __local_depot0[4096];\n"
      "mov.u64 %SP, __local_depot0;\n"
      "ld.param.u64 %rd1, [p0];\ncvta.to.global.u64 %rd2, %rd1;\n"
      "mov.u32 %r2, %tid.x;\n$L_top:\n";
  for (int i = 3; i < n; ++i) {
    const std::string r = std::to_string(i);
    s += "add.s32 %r" + r + ", %r" + std::to_string(i - 1) + ", 1;\n";
    s += "mul.wide.s32 %rd" + std::to_string(4 * i) + ", %r" + r + ", 4;\n";
    s += "add.s64 %rd" + std::to_string(4 * i + 1) + ", %rd2, %rd" + std::to_string(4 * i) + ";\n";
    s += "st.local.u64 [%SP+" + std::to_string((i % 500) * 8) + "], %rd" + std::to_string(4 * i + 1) + ";\n";
    s += "ld.local.u64 %rd" + std::to_string(4 * i + 2) + ", [%SP+" + std::to_string(((i + 7) % 500) * 8) +
         "];\n";
    s += "ld.global.u32 %r" + r + ", [%rd" + std::to_string(4 * i + 2) + "];\n";
  }
  s += "mov.u32 %r2, %r" + std::to_string(n - 1) + ";\nsetp.lt.u32 %p1, %r2, 100;\n@%p1 bra $L_top;\nret;\n}\n";
  return s;
}

TEST(AliasScale, LongKernelIsAnalysedQuickly) {
  const ir::Module m = load_ptx(Source("big.ptx", long_kernel(4000)));
  const ir::Kernel& k = m.kernels.at(0);
  ASSERT_GT(k.code.size(), 20000U);
  const auto start = std::chrono::steady_clock::now();
  const checker::AddressAnalysis aa(m, k);
  const auto ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
  EXPECT_LT(ms, 1000.0);
  // The last global load goes through a reloaded spill slot: the parameter
  // plus a widened index.
  std::uint32_t last = 0;
  for (std::uint32_t pc = 0; pc < k.code.size(); ++pc) {
    if (k.code[pc].op == ir::Opcode::Ld && k.code[pc].space == ir::Space::Global) last = pc;
  }
  EXPECT_EQ(aa.describe(last), "global:param0+?");
}

}  // namespace
}  // namespace lockstep::test
