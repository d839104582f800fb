// libFuzzer target for the checker's static side. Any PTX that loads must go
// through detection (both modes, both tables), SafePDom for the stack and
// for AWARE, and the SSDE pipeline without a crash, hang, sanitizer report
// or exception; the SSDE output must print and load again. Inputs the
// frontend rejects are fine.
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <exception>
#include <string>

#include "checker/detect/detect.hpp"
#include "checker/detect/safepdom.hpp"
#include "checker/pipeline/run_ssde.hpp"
#include "frontend/analysis/kernel_analysis.hpp"
#include "frontend/load.hpp"
#include "frontend/ptx/printer.hpp"

namespace {

[[noreturn]] void fail(const char* what, const std::string& detail) {
  std::fprintf(stderr, "fuzz_detect: %s\n%s\n", what, detail.c_str());
  std::abort();
}

void check_kernel(const lockstep::ir::Module& m, std::size_t index) {
  namespace checker = lockstep::checker;
  const auto& k = m.kernels[index];
  const auto a = lockstep::analysis::analyze_kernel(k);
  for (auto mode : {checker::DetectMode::Thesis, checker::DetectMode::Refined}) {
    for (auto table : {checker::TableChoice::Nvidia, checker::TableChoice::Ipdom}) {
      checker::DetectOptions o;
      o.mode = mode;
      o.table = table;
      const auto d = checker::detect(m, k, a, o);
      (void)checker::safe_pdoms(m, k, a, d, o, checker::SafeTarget::Stack);
      (void)checker::safe_pdoms(m, k, a, d, o, checker::SafeTarget::Aware);
    }
  }
  const auto r = checker::run_ssde(m, index, checker::DetectOptions{});
  if (!r.transformed) return;
  lockstep::ir::Module out = m;
  out.kernels[index] = r.kernel;
  const std::string printed = lockstep::ptx::print(out);
  try {
    (void)lockstep::load_ptx(lockstep::Source("ssde.ptx", printed));
  } catch (const lockstep::InputError& e) {
    fail("SSDE output does not load", std::string(e.what()) + "\n" + printed);
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  std::string text(reinterpret_cast<const char*>(data), size);
  lockstep::ir::Module m;
  try {
    m = lockstep::load_ptx(lockstep::Source("fuzz.ptx", std::move(text)));
  } catch (const lockstep::InputError&) {
    return 0;
  }
  for (std::size_t i = 0; i < m.kernels.size(); ++i) {
    try {
      check_kernel(m, i);
    } catch (const std::exception& e) {
      fail("exception", e.what());
    }
  }
  return 0;
}
