// libFuzzer target for the semantics: any PTX that loads is launched (one
// block of 40 threads: a full and a partial warp; every pointer parameter
// gets its own 256-byte buffer, every scalar 0) under mimd and stack with a
// step limit. Whatever the program does, the run must end in one of the
// statuses — completed, deadlock, livelock, step-limit or error (a fault
// report) — never a crash, hang, sanitizer report or other exception.
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>

#include "frontend/load.hpp"
#include "semantics/launch/run_model.hpp"
#include "semantics/spec/launch_spec.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  std::string text(reinterpret_cast<const char*>(data), size);
  lockstep::ir::Module m;
  try {
    m = lockstep::load_ptx(lockstep::Source("fuzz.ptx", std::move(text)));
  } catch (const lockstep::InputError&) {
    return 0;
  }
  for (const auto& k : m.kernels) {
    std::string spec = "kernel = \"" + k.name + "\"\ngrid = [1]\nblock = [40]\nshared_bytes = 64\nparams = [";
    std::string buffers;
    for (std::size_t i = 0; i < k.params.size(); ++i) {
      const auto& v = k.vars[k.params[i]];
      const std::uint64_t bytes = v.size_bytes();
      if (bytes == m.address_size / 8 && v.dims.empty()) {
        spec += "\"b" + std::to_string(i) + "\",";
        buffers += "[[buffer]]\nname = \"b" + std::to_string(i) + "\"\ntype = \"u32\"\ncount = 64\ninit = \"iota\"\n";
      } else if (bytes == 1 || bytes == 2 || bytes == 4 || bytes == 8) {
        spec += "{type = \"u" + std::to_string(bytes * 8) + "\", value = 0},";
      } else {
        spec.clear();
        break;
      }
    }
    if (spec.empty()) continue;
    spec += "]\n" + buffers;
    try {
      const auto ls = lockstep::sem::parse_launch_spec(spec, "fuzz.toml", ".");
      const auto setup = lockstep::sem::prepare_launch(m, ls);
      lockstep::sem::RunOptions opt;
      opt.max_steps = 4000;
      for (const auto model : {lockstep::sem::ModelKind::Mimd, lockstep::sem::ModelKind::Stack}) {
        const auto r = lockstep::sem::run_model(*setup, model, opt);
        if (r.result.status == lockstep::sem::RunStatus::Error && !r.result.fault) {
          std::fprintf(stderr, "fuzz_run: error status without a fault report\n");
          std::abort();
        }
      }
    } catch (const lockstep::InputError&) {
      // e.g. a kernel whose variables do not fit the layout
    }
  }
  return 0;
}
