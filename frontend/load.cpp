#include "frontend/load.hpp"

#include "frontend/diagnostics.hpp"
#include "frontend/ptx/lower.hpp"
#include "frontend/ptx/parser.hpp"

namespace lockstep {

ir::Module load_ptx(const Source& source) {
  const ptx::ast::Module tree = ptx::parse(source);
  return ptx::lower(tree, source);
}

ir::Module load_ptx_file(const std::string& path) { return load_ptx(Source::read_file(path)); }

void require_kernels(const ir::Module& module) {
  if (!module.kernels.empty()) return;
  throw InputError(Diagnostic{Severity::Error, module.path, {},
                              "no kernels: the file declares no .entry (device functions are analysed and run "
                              "only inlined into a kernel that calls them)"});
}

}  // namespace lockstep
