// The one way a command reports a usage or input error that has no file
// location: "lockstep: error: MESSAGE" on standard error, exit status 1
// (cli/main.cpp prints an InputError).
#pragma once

#include <string>

#include "frontend/diagnostics.hpp"

namespace lockstep::cli {

[[noreturn]] inline void usage_error(const std::string& message) {
  throw InputError(Diagnostic{Severity::Error, "lockstep", {}, message});
}

}  // namespace lockstep::cli
