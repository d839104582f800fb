// Subcommands of `lockstep`. Each registers its options on the app and
// returns the action to run after parsing.
#pragma once

#include <functional>
#include <ostream>

#include <CLI/CLI.hpp>

namespace lockstep::cli {

/// An action run after a successful command-line parse; returns the exit status.
using Action = std::function<int(std::ostream& out, std::ostream& err)>;

/// `lockstep parse FILE...`: validate PTX files, print a summary table.
void add_parse_command(CLI::App& app, Action& action);
/// `lockstep print FILE [-o OUT]`: print the IR back as PTX.
void add_print_command(CLI::App& app, Action& action);
/// `lockstep cfg FILE [--kernel NAME] [--json | --dot]`: CFGs and analyses.
void add_cfg_command(CLI::App& app, Action& action);
/// `lockstep run FILE --launch SPEC [--model M] [--schedule S] ...`: execute a
/// launch; `lockstep run FILE --replay TRACE`: replay a counterexample trace.
void add_run_command(CLI::App& app, Action& action);
/// `lockstep detect FILE [--kernel NAME] [--mode M] [--table T] [--json | --sarif]`:
/// static SIMT-deadlock detection.
void add_detect_command(CLI::App& app, Action& action);
/// `lockstep ssde FILE -o OUT [--kernel NAME] [--mode M] [--report] [--json]`:
/// the SSDE transformation.
void add_ssde_command(CLI::App& app, Action& action);
/// `lockstep verify FILE --launch SPEC [--model M] [bounds] [--json]`: explore
/// every schedule of a launch; verified (0), counterexample (3), inconclusive (4).
void add_verify_command(CLI::App& app, Action& action);
/// `lockstep models [--json]`: the divergence models, their options and fairness units.
void add_models_command(CLI::App& app, Action& action);
/// `lockstep gpu show NAME|FILE [--toml | --json]`, `lockstep gpu list`: GPU
/// configurations for the simulator.
void add_gpu_command(CLI::App& app, Action& action);
/// `lockstep sim FILE --launch SPEC --gpu NAME|FILE [--model M] [--max-cycles N]
/// [--stats F] [--timeline OUT] [--schedule-out TRACE] [--json] [--quiet]`:
/// simulate a launch on a cycle-level GPU model.
void add_sim_command(CLI::App& app, Action& action);
/// `lockstep swarm plan FILE --launch SPEC [--jobs N] ...`, `lockstep swarm
/// merge DIR [--json]`: swarm search over many bounded, differently ordered
/// verify jobs.
void add_swarm_command(CLI::App& app, Action& action);

}  // namespace lockstep::cli
