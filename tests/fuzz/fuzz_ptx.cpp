// libFuzzer target for the PTX frontend. Any input must either be rejected
// with an InputError or load; nothing else (crash, hang, sanitizer report,
// other exception) is acceptable. An input that loads must also survive every
// CFG analysis, and its printed PTX must load again and print identically
// (the printer's round trip).
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>

#include "frontend/analysis/kernel_analysis.hpp"
#include "frontend/load.hpp"
#include "frontend/ptx/printer.hpp"

namespace {

[[noreturn]] void fail(const char* what, const std::string& detail) {
  std::fprintf(stderr, "fuzz_ptx: %s\n%s\n", what, detail.c_str());
  std::abort();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  std::string text(reinterpret_cast<const char*>(data), size);
  lockstep::ir::Module m;
  try {
    m = lockstep::load_ptx(lockstep::Source("fuzz.ptx", std::move(text)));
  } catch (const lockstep::InputError&) {
    return 0;  // rejected with a diagnostic: fine
  }
  for (const auto& k : m.kernels) (void)lockstep::analysis::analyze_kernel(k);
  const std::string printed = lockstep::ptx::print(m);
  try {
    const lockstep::ir::Module again = lockstep::load_ptx(lockstep::Source("printed.ptx", printed));
    if (lockstep::ptx::print(again) != printed) fail("printing is not idempotent", printed);
  } catch (const lockstep::InputError& e) {
    fail("printed PTX does not load again", std::string(e.what()) + "\n" + printed);
  }
  return 0;
}
