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

/// The exploration bounds of equiv, as on the command line (text, checked
/// by cli/bound_options as verify's are).
struct EquivBoundsCli {
  std::string max_states = "10000000";
  std::string max_depth = "1000000";
  std::string max_memory = "auto";  ///< MiB; auto: as verify's default
  std::string timeout = "600";      ///< seconds per exploration; a default so an unattended run ends with a verdict
  bool stats = false;
};

/// Adds --max-states, --max-depth, --max-memory, --timeout and --stats to `cmd`.
void add_equiv_bounds(CLI::App* cmd, EquivBoundsCli& bounds);

/// The explorer options the bounds give; a usage error for a malformed value.
[[nodiscard]] checker::ExploreOptions equiv_explore_options(const EquivBoundsCli& bounds);

/// Prints the result (text or JSON) and returns its exit status.
int print_equiv(std::ostream& out, const checker::equiv::EquivResult& r, bool json, bool stats);

}  // namespace lockstep::cli
