#include "cli/kernel_select.hpp"

#include <fmt/format.h>

#include "frontend/diagnostics.hpp"
#include "frontend/load.hpp"

namespace lockstep::cli {

std::vector<const ir::Kernel*> select_kernels(const ir::Module& module, const std::string& name) {
  require_kernels(module);
  std::vector<const ir::Kernel*> out;
  for (const auto& k : module.kernels) {
    if (name.empty() || k.name == name) out.push_back(&k);
  }
  if (!name.empty() && out.empty()) {
    std::string names;
    for (const auto& k : module.kernels) names += (names.empty() ? "" : ", ") + k.name;
    Diagnostic d;
    d.file = "lockstep";
    d.message = fmt::format("no kernel named '{}' in {} (kernels: {})", name, module.path,
                            names.empty() ? "none" : names);
    throw InputError(std::move(d));
  }
  return out;
}

}  // namespace lockstep::cli
