// The PTX grammar (Boost.Spirit X3): text -> ast::Module.
#pragma once

#include "frontend/ptx/ast.hpp"
#include "frontend/source.hpp"

namespace lockstep::ptx {

/// Parses a whole PTX file. Throws InputError at the first syntax error,
/// naming the offending token ("FILE:LINE:COL: error: expected ';' after
/// instruction, found 'add'"); no partial tree is returned.
/// The returned tree points into source.text(); keep the Source alive.
[[nodiscard]] ast::Module parse(const Source& source);

}  // namespace lockstep::ptx
