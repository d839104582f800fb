// Helpers for the equiv tests: a bundled model and its SSDE output with the
// origin map, modules holding the output, and small launch specs.
#pragma once

#include <gtest/gtest.h>

#include <filesystem>
#include <string>
#include <vector>

#include "checker/equiv/pipeline_origin.hpp"
#include "checker/equiv/refinement.hpp"
#include "checker/pipeline/run_ssde.hpp"
#include "frontend/ir/module.hpp"
#include "frontend/load.hpp"
#include "semantics/spec/launch_spec.hpp"

namespace lockstep::test {

/// A model, its SSDE output (as a module: the input with the kernel
/// replaced) and the origin map.
struct SsdeCase {
  ir::Module input;
  ir::Module output;
  std::vector<std::uint32_t> origin;
  checker::SsdeReport report;
  [[nodiscard]] const ir::Kernel& in() const { return input.kernels.front(); }
  [[nodiscard]] const ir::Kernel& out() const { return output.kernels.front(); }
};

inline std::string model_path(const std::string& name) {
  return (std::filesystem::path(LOCKSTEP_SOURCE_DIR) / "models" / "kernels" / name / (name + ".ptx")).string();
}

inline SsdeCase ssde_case(const std::string& name) {
  SsdeCase c;
  c.input = load_ptx_file(model_path(name));
  const checker::SsdePipelineResult r = checker::run_ssde(c.input, 0, {});
  EXPECT_TRUE(r.transformed) << name;
  c.output = c.input;
  c.output.kernels[0] = r.kernel;
  c.origin = checker::equiv::pipeline_origin(c.input, r);
  c.report = r.report;
  return c;
}

/// Part (a) on a case whose output kernel was replaced by `out` with `origin`.
inline checker::equiv::RefinementResult refine(const SsdeCase& c, const ir::Kernel& out,
                                               const std::vector<std::uint32_t>& origin) {
  ir::Module m = c.output;
  m.kernels[0] = out;
  return checker::equiv::check_refinement(c.input, c.in(), m, m.kernels[0], origin);
}

/// Name of the first check that did not pass ("" when all passed).
inline std::string first_failing(const checker::equiv::RefinementResult& r) {
  const auto* f = r.first_failure();
  return f == nullptr ? std::string() : f->name;
}

/// A spec for `kernel` with `threads` threads in one block (or `blocks`
/// blocks) and zero-initialised s32 buffers named `buffers`, bound in order.
inline sem::LaunchSpec small_spec(const std::string& kernel, unsigned blocks, unsigned threads,
                                  const std::string& params_and_buffers) {
  const std::string text = "kernel = \"" + kernel + "\"\ngrid = [" + std::to_string(blocks) + "]\nblock = [" +
                           std::to_string(threads) + "]\n" + params_and_buffers;
  return sem::parse_launch_spec(text, "test.toml", std::filesystem::path(LOCKSTEP_SOURCE_DIR));
}

}  // namespace lockstep::test
