// The `lockstep` command line: subcommand registration and dispatch.
//
// run_cli() is the whole program minus process setup, so tests can drive it
// in-process with their own streams. Exit statuses: 0 success, 1 any error
// (bad option, unreadable or malformed input), with one clear message on err.
#pragma once

#include <ostream>

namespace lockstep::cli {

int run_cli(int argc, const char* const* argv, std::ostream& out, std::ostream& err);

}  // namespace lockstep::cli
