#include "bench/support/synthetic_module.hpp"

#include <stdexcept>
#include <string>

#include "frontend/diagnostics.hpp"
#include "frontend/load.hpp"

namespace lockstep::bench {

ir::Module load_synthesised(const Source& source) {
  ir::Module module;
  try {
    module = load_ptx(source);
  } catch (const InputError& e) {
    throw std::runtime_error("the synthesised kernel does not load (write it out with --write-ptx=PATH to inspect it):\n" +
                             std::string(e.what()));
  }
  if (module.kernels.size() != 1)
    throw std::runtime_error("expected one kernel, loaded " + std::to_string(module.kernels.size()));
  return module;
}

}  // namespace lockstep::bench
