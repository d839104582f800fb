// What the frontend analyses make of an opaque call (ir::Opcode::Call: an
// external function without a body, an indirect call): its registers and
// memory pseudo registers in def-use, and uniformity (its results may differ
// between threads; it may write any memory that later loads read).
#include <algorithm>
#include <string>

#include <gtest/gtest.h>

#include "frontend/analysis/def_use.hpp"
#include "frontend/analysis/kernel_analysis.hpp"
#include "tests/frontend/lower_test_kit.hpp"

namespace lockstep::test {
namespace {

using analysis::DivergenceCause;
using analysis::PseudoReg;

std::string module(const std::string& body) {
  return ".version 8.0\n.target sm_80\n.address_size 64\n"
         ".extern .func (.param .b32 r) ext(.param .b32 a);\n"
         ".visible .entry k(.param .u64 k_p0, .param .u32 k_n)\n{\n"
         ".reg .pred %p<4>;\n.reg .b32 %r<8>;\n.reg .b64 %rd<8>;\n.local .b8 depot[8];\n" +
         body + "\nret;\n}\n";
}

std::uint32_t reg_id(const Lowered& l, const std::string& name) {
  const auto& regs = l.kernel().regs;
  const auto it = std::find_if(regs.begin(), regs.end(), [&](const ir::RegInfo& r) { return r.name == name; });
  EXPECT_NE(it, regs.end()) << name;
  return static_cast<std::uint32_t>(it - regs.begin());
}

std::uint32_t call_pc(const Lowered& l) {
  for (std::uint32_t pc = 0; pc < l.kernel().code.size(); ++pc) {
    if (l.kernel().code[pc].op == ir::Opcode::Call) return pc;
  }
  ADD_FAILURE() << "no call";
  return 0;
}

const char* const kCallSeq =
    "{\n.param .b32 param0;\nst.param.b32 [param0], %r1;\n.param .b32 retval0;\n"
    "call.uni (retval0), ext, (param0);\nld.param.b32 %r2, [retval0];\n}\n";

TEST(AnalysisOpaqueCall, DefsAndUses) {
  const Lowered l(module("mov.u64 %rd1, 0;\n@%p1 call (%r3), ext, (%r4);\n"));
  const ir::Kernel& k = l.kernel();
  const std::uint32_t pc = call_pc(l);
  std::vector<analysis::RegDef> defs;
  analysis::defs(k, pc, defs, analysis::GenericReach{false});
  EXPECT_EQ(defs, (std::vector<analysis::RegDef>{{reg_id(l, "%r3"), false},
                                                 {analysis::pseudo_reg(k, PseudoReg::ParamMemory), false}}));
  std::vector<analysis::RegUse> uses;
  analysis::uses(k, pc, uses, analysis::GenericReach{false});
  EXPECT_EQ(uses, (std::vector<analysis::RegUse>{{reg_id(l, "%p1"), analysis::UseKind::Guard},
                                                 {reg_id(l, "%r4"), analysis::UseKind::Value},
                                                 {analysis::pseudo_reg(k, PseudoReg::ParamMemory),
                                                  analysis::UseKind::Memory}}));
  // When local addresses can escape, the callee may read and write them.
  analysis::defs(k, pc, defs, analysis::GenericReach{true});
  EXPECT_EQ(defs.size(), 3U);
  EXPECT_EQ(defs[1].reg, analysis::pseudo_reg(k, PseudoReg::LocalMemory));
}

TEST(AnalysisOpaqueCall, ResultsDiverge) {
  const Lowered l(module(std::string("ld.param.u32 %r1, [k_n];\n") + kCallSeq +
                         "call (%r5), ext, (%r1);\n"
                         "ld.param.u32 %r6, [k_n];\nsetp.eq.u32 %p2, %r6, 0;\n"));
  const auto a = analysis::analyze_kernel(l.kernel());
  EXPECT_FALSE(a.uniformity.divergent(reg_id(l, "%r1")));  // what is passed is uniform
  EXPECT_TRUE(a.uniformity.divergent(reg_id(l, "%r2")));   // what comes back is not
  EXPECT_EQ(a.uniformity.cause(reg_id(l, "%r5")).cause, DivergenceCause::Call);
  // Kernel parameters are read-only: a call does not make them divergent.
  EXPECT_FALSE(a.uniformity.divergent(reg_id(l, "%r6")));
  EXPECT_FALSE(a.uniformity.divergent(reg_id(l, "%p2")));
}

TEST(AnalysisOpaqueCall, ACallMayWriteWhatLaterLoadsRead) {
  const std::string load = "ld.param.u64 %rd1, [k_p0];\nld.global.u32 %r4, [%rd1];\n";
  const Lowered with_call(module(load + "call ext, (%r1);\n"));
  EXPECT_EQ(analysis::analyze_kernel(with_call.kernel()).uniformity.cause(reg_id(with_call, "%r4")).cause,
            DivergenceCause::Memory);
  // The near miss: nothing writes memory, so the load is uniform.
  const Lowered without(module(load));
  EXPECT_FALSE(analysis::analyze_kernel(without.kernel()).uniformity.divergent(reg_id(without, "%r4")));
}

}  // namespace
}  // namespace lockstep::test
