#include "frontend/load.hpp"

#include "frontend/ptx/lower.hpp"
#include "frontend/ptx/parser.hpp"

namespace lockstep {

ir::Module load_ptx(const Source& source) {
  const ptx::ast::Module tree = ptx::parse(source);
  return ptx::lower(tree, source);
}

ir::Module load_ptx_file(const std::string& path) { return load_ptx(Source::read_file(path)); }

}  // namespace lockstep
