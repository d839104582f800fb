// libFuzzer target for the launch-spec parser and its resolution against a
// module. Any input must be rejected with one InputError or parse into a
// spec whose buffers and expectations are consistent; a parsed spec is then
// resolved against the vector_add model (kernel, parameters, constants),
// which again may only fail with an InputError.
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>

#include "frontend/load.hpp"
#include "semantics/launch/launch_setup.hpp"
#include "semantics/spec/launch_spec.hpp"

namespace {

[[noreturn]] void fail(const char* what) {
  std::fprintf(stderr, "fuzz_launch_spec: %s\n", what);
  std::abort();
}

const char* const kModule = R"(
.version 7.0
.target sm_75
.address_size 64
.const .align 4 .b8 c_table[16];
.visible .entry k(.param .u64 a, .param .u64 b, .param .u32 n)
{
  ret;
}
)";

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  lockstep::sem::LaunchSpec spec;
  try {
    spec = lockstep::sem::parse_launch_spec(text, "fuzz.toml", ".");
  } catch (const lockstep::InputError&) {
    return 0;
  }
  for (const auto& b : spec.buffers) {
    if (b.bytes.size() != b.count * lockstep::ir::byte_width(b.type)) fail("buffer bytes do not match count");
  }
  for (const auto& e : spec.expects) {
    if (e.buffer >= spec.buffers.size() || e.values.size() != spec.buffers[e.buffer].count) {
      fail("expectation does not match its buffer");
    }
  }
  std::uint64_t total = 0;
  for (const auto& b : spec.buffers) total += b.bytes.size();
  if (total > (64U << 20)) return 0;  // keep resolution cheap
  const lockstep::ir::Module m = lockstep::load_ptx(lockstep::Source("k.ptx", kModule));
  try {
    (void)lockstep::sem::prepare_launch(m, spec);
  } catch (const lockstep::InputError&) {
  }
  return 0;
}
