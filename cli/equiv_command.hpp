// `lockstep equiv ORIGINAL.ptx TRANSFORMED.ptx --launch SPEC [--origin FILE]
//  [--part a|b|c|all] [--model M] [--max-states N] [--max-depth N] [--max-memory MiB]
//  [--timeout S] [--stats] [--json]`: is TRANSFORMED (an SSDE output) a
// correct transformation of ORIGINAL for the launch (docs/equiv.md)?
// Exit 0 proved, 3 counterexample, 4 inconclusive, 1 error.
//
// The bounds and the reporting are shared with `lockstep ssde --verify`.
#pragma once

#include <cstdint>
#include <ostream>

#include <CLI/CLI.hpp>

#include "checker/equiv/equiv.hpp"
#include "cli/commands.hpp"

namespace lockstep::cli {

/// Registers the `equiv` subcommand.
void add_equiv_command(CLI::App& app, Action& action);

/// The exploration bounds of equiv, as on the command line.
struct EquivBoundsCli {
  std::uint64_t max_states = 10'000'000;
  std::uint64_t max_depth = 1'000'000;
  std::uint64_t max_memory_mib = 4096;
  double timeout_seconds = 600;  ///< per exploration; a default so an unattended run ends with a verdict
  bool stats = false;
};

/// Adds --max-states, --max-depth, --max-memory, --timeout and --stats to `cmd`.
void add_equiv_bounds(CLI::App* cmd, EquivBoundsCli& bounds);

/// The explorer options the bounds give.
[[nodiscard]] checker::ExploreOptions equiv_explore_options(const EquivBoundsCli& bounds);

/// Prints the result (text or JSON) and returns its exit status.
int print_equiv(std::ostream& out, const checker::equiv::EquivResult& r, bool json, bool stats);

}  // namespace lockstep::cli
