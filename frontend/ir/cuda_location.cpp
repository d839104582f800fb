#include "frontend/ir/cuda_location.hpp"

#include <fmt/format.h>

namespace lockstep::ir {

std::string cuda_location(const Module& module, const CudaLoc& loc) {
  if (!has_source_line(loc)) return {};
  const auto f = module.files.find(loc.file);
  return fmt::format("{}:{}", f == module.files.end() ? std::string("?") : f->second, loc.line);
}

}  // namespace lockstep::ir
