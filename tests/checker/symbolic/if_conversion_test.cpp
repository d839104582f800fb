// If-conversion of branch regions (checker/symbolic/if_conversion.hpp):
// which regions qualify, and that the converted kernel computes exactly
// what the original does (every model, random data, byte-identical final
// memory); and end to end, that a full warp of per-lane symbolic data
// verifies a branch on it that only chooses values, while a barrier under
// such a branch is found as a deadlock whose trace replays on the original.
#include <gtest/gtest.h>

#include <string>

#include "checker/explore/explore_launch.hpp"
#include "checker/symbolic/explore_symbolic.hpp"
#include "checker/symbolic/if_conversion.hpp"
#include "frontend/load.hpp"
#include "semantics/launch/launch_setup.hpp"
#include "semantics/launch/run_model.hpp"

namespace lockstep::checker {
namespace {

constexpr const char* kHeader = ".version 7.0\n.target sm_70\n.address_size 64\n";

std::string kernel(const std::string& body) {
  return std::string(kHeader) +
         ".visible .entry k(.param .u64 in, .param .u64 out)\n{\n"
         "  .reg .pred %p<8>;\n  .reg .b32 %r<32>;\n  .reg .b64 %rd<8>;\n"
         "  ld.param.u64 %rd1, [in];\n  ld.param.u64 %rd2, [out];\n"
         "  cvta.to.global.u64 %rd1, %rd1;\n  cvta.to.global.u64 %rd2, %rd2;\n"
         "  mov.u32 %r1, %tid.x;\n  mul.wide.u32 %rd3, %r1, 4;\n"
         "  add.s64 %rd4, %rd1, %rd3;\n  add.s64 %rd5, %rd2, %rd3;\n"
         "  ld.global.u32 %r2, [%rd4];\n" +
         body + "  st.global.u32 [%rd5], %r10;\n  ret;\n}\n";
}

// Nested diamonds; a guarded instruction and a predicate written in arms;
// the branch predicate itself redefined in an arm.
const char* const kNested =
    "  mov.u32 %r10, 7;\n"
    "  setp.lt.s32 %p1, %r2, 100;\n"
    "  @%p1 bra A;\n"
    "  mul.lo.s32 %r10, %r2, 3;\n"
    "  setp.gt.s32 %p1, %r10, 500;\n"
    "  bra.uni J;\n"
    "A:\n"
    "  and.b32 %r3, %r2, 1;\n"
    "  setp.eq.s32 %p2, %r3, 0;\n"
    "  @!%p2 bra ODD;\n"
    "  shr.u32 %r10, %r2, 1;\n"
    "  setp.gt.u32 %p3, %r10, 10;\n"
    "  @%p3 add.s32 %r10, %r10, 1000;\n"
    "  bra.uni J2;\n"
    "ODD:\n"
    "  sub.s32 %r10, 0, %r2;\n"
    "J2:\n"
    "  add.s32 %r10, %r10, %r2;\n"
    "J:\n"
    "  selp.b32 %r11, 1, 0, %p1;\n"
    "  add.s32 %r10, %r10, %r11;\n";

// A store inside the arm: not convertible.
const char* const kStoreInArm =
    "  mov.u32 %r10, 1;\n"
    "  setp.lt.s32 %p1, %r2, 100;\n"
    "  @%p1 bra J;\n"
    "  st.global.u32 [%rd5], %r2;\n"
    "J:\n";

// A loop inside the arm: not convertible.
const char* const kLoopInArm =
    "  mov.u32 %r10, 0;\n"
    "  setp.lt.s32 %p1, %r2, 100;\n"
    "  @%p1 bra J;\n"
    "L:\n"
    "  add.s32 %r10, %r10, 1;\n"
    "  setp.lt.u32 %p2, %r10, 3;\n"
    "  @%p2 bra L;\n"
    "J:\n";

std::string spec(std::uint32_t threads, std::uint64_t seed) {
  return "kernel = \"k\"\ngrid = [1]\nblock = [" + std::to_string(threads) +
         "]\nparams = [\"in\", \"out\"]\n[[buffer]]\nname = \"in\"\ntype = \"s32\"\ncount = " +
         std::to_string(threads) + "\ninit = \"random:" + std::to_string(seed) +
         "\"\n[[buffer]]\nname = \"out\"\ntype = \"s32\"\ncount = " + std::to_string(threads) + "\n";
}

std::vector<std::uint8_t> out_bytes(const sem::LaunchSetup& s, const sem::RunOutcome& r) {
  const sem::BufferBinding& b = s.buffers[1];
  std::vector<std::uint8_t> bytes(b.bytes());
  r.memory.read(b.address, bytes.size(), bytes.data());
  return bytes;
}

TEST(IfConversion, ConvertsValueOnlyRegionsInnermostFirst) {
  const ir::Module m = load_ptx(Source("k.ptx", kernel(kNested)));
  const auto setup = sem::prepare_launch(m, sem::parse_launch_spec(spec(8, 1), "t.toml", "."));
  const IfConversion c = if_convert(*setup->kernel, setup->table);
  EXPECT_EQ(c.regions, 2U);
  EXPECT_GT(c.kernel.code.size(), setup->kernel->code.size());
}

TEST(IfConversion, LeavesMemoryAccessesAndLoopsAlone) {
  for (const char* body : {kStoreInArm, kLoopInArm}) {
    const ir::Module m = load_ptx(Source("k.ptx", kernel(body)));
    const auto setup = sem::prepare_launch(m, sem::parse_launch_spec(spec(8, 1), "t.toml", "."));
    EXPECT_EQ(if_convert(*setup->kernel, setup->table).regions, 0U);
  }
}

/// The converted kernel's final memory equals the original's for random
/// data under every model (threads 0..39: a full and a partial warp).
TEST(IfConversion, ConvertedKernelComputesWhatTheOriginalDoes) {
  const ir::Module m = load_ptx(Source("k.ptx", kernel(kNested)));
  for (std::uint64_t seed = 1; seed <= 25; ++seed) {
    const sem::LaunchSpec sp = sem::parse_launch_spec(spec(40, seed), "t.toml", ".");
    const auto original = sem::prepare_launch(m, sp);
    ir::Module converted = m;
    converted.kernels[0] = if_convert(*original->kernel, original->table).kernel;
    const auto setup2 = sem::prepare_launch(converted, sp);
    setup2->use_table(original->table);
    for (const auto model : {sem::ModelKind::Mimd, sem::ModelKind::Stack, sem::ModelKind::StackAmd,
                             sem::ModelKind::StackNt}) {
      const sem::RunOutcome a = sem::run_model(*original, model, {});
      const sem::RunOutcome b = sem::run_model(*setup2, model, {});
      ASSERT_EQ(a.result.status, sem::RunStatus::Completed);
      ASSERT_EQ(b.result.status, sem::RunStatus::Completed);
      EXPECT_EQ(out_bytes(*original, a), out_bytes(*setup2, b)) << "seed " << seed;
    }
  }
}

std::string symbolic_spec(std::uint32_t threads) {
  return "kernel = \"k\"\ngrid = [1]\nblock = [" + std::to_string(threads) +
         "]\nparams = [\"in\", \"out\"]\n[[buffer]]\nname = \"in\"\ntype = \"s32\"\ncount = " +
         std::to_string(threads) + "\ninit = \"symbolic\"\n[[buffer]]\nname = \"out\"\ntype = \"s32\"\ncount = " +
         std::to_string(threads) + "\n";
}

TEST(IfConversion, AFullWarpOfPerLaneDataVerifiesAValueChoice) {
  const ir::Module m = load_ptx(Source("k.ptx", kernel(kNested)));
  const sem::LaunchSpec sp = sem::parse_launch_spec(symbolic_spec(32), "t.toml", ".");
  ExploreRequest req;
  req.model = sem::ModelKind::Stack;
  const SymbolicExploration r = explore_symbolic(m, sp, req);
  EXPECT_EQ(r.if_converted, 2U);
  EXPECT_FALSE(r.exploration.finding);
  EXPECT_TRUE(r.exploration.exhaustive()) << bound_kind_name(r.exploration.bound) << " " << r.exploration.bound_detail;
}

// A barrier under a branch on each thread's element.
const char* const kBarrierUnderData =
    "  mov.u32 %r10, 0;\n"
    "  setp.lt.s32 %p1, %r2, 1;\n"
    "  @%p1 bra J;\n"
    "  bar.sync 0;\n"
    "  mov.u32 %r10, 1;\n"
    "J:\n";

TEST(IfConversion, ABarrierUnderPerLaneDataIsADeadlockBeyondTheForkBound) {
  const ir::Module m = load_ptx(Source("k.ptx", kernel(kBarrierUnderData)));
  const sem::LaunchSpec sp = sem::parse_launch_spec(symbolic_spec(32), "t.toml", ".");
  ExploreRequest req;
  req.model = sem::ModelKind::Stack;
  const SymbolicExploration r = explore_symbolic(m, sp, req);
  EXPECT_EQ(r.if_converted, 0U);
  ASSERT_TRUE(r.exploration.finding);
  EXPECT_EQ(r.exploration.finding->kind, FindingKind::Deadlock);
  // The model's inputs replay it concretely.
  const sem::LaunchSpec concrete = sem::concretize(sp, r.inputs);
  const auto setup = sem::prepare_launch(m, concrete);
  const ReplayOutcome p = replay_launch(*setup, sem::ModelKind::Stack, r.exploration.finding->steps, std::nullopt);
  ASSERT_TRUE(p.ok) << p.error;
  EXPECT_EQ(p.status, sem::LaunchStatus::Running);
  EXPECT_FALSE(p.any_enabled);
}

/// Without a finding, more outcomes than the fork bound leave the search
/// inconclusive, never verified.
TEST(IfConversion, ACutStepIsNeverVerified) {
  const ir::Module m = load_ptx(Source("k.ptx", kernel(kStoreInArm)));
  const sem::LaunchSpec sp = sem::parse_launch_spec(symbolic_spec(32), "t.toml", ".");
  ExploreRequest req;
  req.model = sem::ModelKind::Stack;
  const SymbolicExploration r = explore_symbolic(m, sp, req);
  EXPECT_FALSE(r.exploration.finding);
  EXPECT_EQ(r.exploration.bound, BoundKind::Forks);
}

}  // namespace
}  // namespace lockstep::checker
