// The GPUs with 256-byte instruction-cache lines (GPGPU-Sim's `4:256:4`
// L1I: fx5800-fermi, the thesis's study GPU, and kilotm) simulate bundled
// kernels as `run` executes them, each L1I fill fetching its line with two
// 128-byte requests; a data cache with lines over 128 bytes is still
// refused with the reason.
#include <gtest/gtest.h>

#include <string>

#include "checker/explore/explore_launch.hpp"
#include "semantics/launch/run_model.hpp"
#include "sim_kit.hpp"

namespace lockstep::test {
namespace {

TEST(LongLineGpu, StudyGpusSimulateAsRun) {
  for (const char* model : {"vector_add", "nested_ifelse"}) {
    const auto l = load(std::string("models/kernels/") + model + "/" + model + ".ptx",
                        std::string("models/kernels/") + model + "/launch.toml");
    const sem::RunOutcome run = sem::run_model(*l->setup, sem::ModelKind::Stack, sem::RunOptions{});
    ASSERT_EQ(run.result.status, sem::RunStatus::Completed) << model;
    for (const char* name : {"fx5800-fermi", "kilotm"}) {
      const sim::GpuConfig g = gpu(name);
      ASSERT_EQ(g.core.l1i.line_bytes, 256U) << name;
      ASSERT_FALSE(g.core.perfect_inst_const_cache) << name;
      const sim::SimResult r = simulate(*l, g);
      ASSERT_EQ(r.run.status, sem::RunStatus::Completed) << model << " " << name;
      EXPECT_EQ(checker::final_memory_digest(*l->setup, r.memory), checker::final_memory_digest(*l->setup, run.memory))
          << model << " " << name;
      // Every fill is two requests; the L1I counts accesses, not requests.
      const double requests = stat(r, g, "gpgpu_n_mem_read_inst");
      EXPECT_GT(requests, 0.0) << model << " " << name;
      EXPECT_EQ(static_cast<std::uint64_t>(requests) % 2, 0U) << model << " " << name;
      EXPECT_GE(stat(r, g, "L1I_total_cache_misses"), requests / 2) << model << " " << name;
    }
  }
}

TEST(LongLineGpu, EachSmFetchesTheOneLineOfVectorAdd) {
  // vector_add's 22 instructions (176 bytes) lie in one 256-byte line: each
  // of the two SMs running a block fetches it with two requests.
  const auto l = load("models/kernels/vector_add/vector_add.ptx", "models/kernels/vector_add/launch.toml");
  ASSERT_LE(l->setup->kernel->code.size() * 8, 256U);
  const sim::GpuConfig g = gpu("fx5800-fermi");
  const sim::SimResult r = simulate(*l, g);
  ASSERT_EQ(r.run.status, sem::RunStatus::Completed);
  EXPECT_EQ(stat(r, g, "gpgpu_n_mem_read_inst"), 4.0);
  // With 128-byte lines the same code is two lines, fetched by as many
  // requests of 128 bytes.
  sim::GpuConfig short_lines = g;
  short_lines.core.l1i.line_bytes = 128;
  short_lines.core.l1i.sets = 8;
  const sim::SimResult s = simulate(*l, short_lines);
  ASSERT_EQ(s.run.status, sem::RunStatus::Completed);
  EXPECT_EQ(stat(s, short_lines, "gpgpu_n_mem_read_inst"), 4.0);
}

TEST(LongLineGpu, LongDataCacheLinesAreRefused) {
  const auto l = load("models/kernels/vector_add/vector_add.ptx", "models/kernels/vector_add/launch.toml");
  sim::GpuConfig g = gpu("tiny");
  g.core.l1d.line_bytes = 256;
  g.core.l1d.sets /= 2;
  try {
    (void)simulate(*l, g);
    FAIL() << "accepted";
  } catch (const sim::GpuUnsupported& e) {
    EXPECT_STREQ(e.what(), "tiny cannot be simulated yet: core.l1d.line_bytes = 256: lines longer than 128 bytes are "
                           "filled for read-only caches only (the writeback of a dirty line is not split into "
                           "requests)");
  }
}

}  // namespace
}  // namespace lockstep::test
