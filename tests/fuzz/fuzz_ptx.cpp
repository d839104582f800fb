// libFuzzer target: any input must either load (parse + lower) or be rejected
// with an InputError; nothing else (crash, hang, sanitizer report, other
// exception) is acceptable.
#include <cstddef>
#include <cstdint>
#include <string>

#include "frontend/load.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  std::string text(reinterpret_cast<const char*>(data), size);
  try {
    const lockstep::ir::Module m = lockstep::load_ptx(lockstep::Source("fuzz.ptx", std::move(text)));
    (void)m;
  } catch (const lockstep::InputError&) {
    // Rejected with a diagnostic: fine.
  }
  return 0;
}
