// libFuzzer target for both GPU configuration readers: every input is read
// as lockstep's TOML and as a GPGPU-Sim option file, whose interconnect file
// (whatever -inter_config_file names) is the text after a line "@@icnt" in
// the input, or absent. Each reading must either be rejected with one
// InputError or give a configuration that passes check_gpu_config and whose
// TOML reads back to the same value and the same text. Seeds: the bundled
// GPUs and tests/fuzz/corpus_gpu/ (the test configurations with their
// interconnect files).
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <optional>
#include <string>

#include "frontend/diagnostics.hpp"
#include "sim/config/check_gpu_config.hpp"
#include "sim/config/gpgpusim_config.hpp"
#include "sim/config/gpu_toml.hpp"

namespace {

[[noreturn]] void fail(const char* what) {
  std::fprintf(stderr, "fuzz_gpu_config: %s\n", what);
  std::abort();
}

void check(const lockstep::sim::GpuConfig& c) {
  if (lockstep::sim::check_gpu_config(c)) fail("a configuration that was read does not pass check_gpu_config");
  const std::string text = lockstep::sim::format_gpu_toml(c);
  lockstep::sim::GpuConfig again;
  try {
    again = lockstep::sim::parse_gpu_toml(text, "again.toml");
  } catch (const lockstep::InputError& e) {
    std::fprintf(stderr, "%s\n", e.what());
    fail("the TOML written for a configuration does not read back");
  }
  if (!(again == c)) fail("the TOML written for a configuration reads back to another value");
  if (lockstep::sim::format_gpu_toml(again) != text) fail("the TOML is not written the same way twice");
  (void)lockstep::sim::format_gpu_json(c);
  (void)lockstep::sim::format_gpu_text(c);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  std::string text(reinterpret_cast<const char*>(data), size);
  try {
    check(lockstep::sim::parse_gpu_toml(text, "fuzz.toml"));
  } catch (const lockstep::InputError&) {
  }
  std::optional<std::string> icnt;
  const std::size_t mark = text.find("\n@@icnt\n");
  if (mark != std::string::npos) {
    icnt = text.substr(mark + 8);
    text.resize(mark);
  }
  const lockstep::sim::ConfigFileReader reader = [&icnt](const std::string&) { return icnt; };
  try {
    const lockstep::sim::ImportedGpu g = lockstep::sim::parse_gpgpusim_config(text, "fuzz/gpgpusim.config", reader);
    for (const lockstep::Diagnostic& w : g.warnings) {
      if (w.severity != lockstep::Severity::Warning) fail("a warning that is not a warning");
    }
    check(g.config);
  } catch (const lockstep::InputError&) {
  }
  return 0;
}
