// PTX printer: ir::Module -> PTX text that re-parses to the same IR and that
// ptxas accepts.
#pragma once

#include <string>

#include "frontend/ir/module.hpp"

namespace lockstep::ptx {

[[nodiscard]] std::string print(const ir::Module& module);

}  // namespace lockstep::ptx
