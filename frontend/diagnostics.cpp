#include "frontend/diagnostics.hpp"

#include <fmt/format.h>

namespace lockstep {

std::string Diagnostic::format() const {
  const char* sev = severity == Severity::Error ? "error" : severity == Severity::Warning ? "warning" : "note";
  if (loc.line == 0) return fmt::format("{}: {}: {}", file, sev, message);
  return fmt::format("{}:{}:{}: {}: {}", file, loc.line, loc.col, sev, message);
}

}  // namespace lockstep
