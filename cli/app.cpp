#include "cli/app.hpp"

#include <exception>
#include <string>

#include "cli/commands.hpp"
#include "cli/detect_options.hpp"
#include "frontend/diagnostics.hpp"
#if __has_include("cli/equiv_command.hpp")
#include "cli/equiv_command.hpp"
#define LOCKSTEP_HAS_EQUIV 1
#endif

namespace lockstep::cli {

int run_cli(int argc, const char* const* argv, std::ostream& out, std::ostream& err) {
  CLI::App app{"lockstep: a formal-model checker and reference semantics for SIMT GPUs"};
  app.name("lockstep");
  app.set_version_flag("--version", std::string("lockstep ") + kLockstepVersion);
  app.require_subcommand(1);
  Action action;
  add_parse_command(app, action);
  add_print_command(app, action);
  add_cfg_command(app, action);
  add_run_command(app, action);
  add_detect_command(app, action);
  add_ssde_command(app, action);
  add_verify_command(app, action);
  add_models_command(app, action);
  add_gpu_command(app, action);
  add_sim_command(app, action);
  add_swarm_command(app, action);
#ifdef LOCKSTEP_HAS_EQUIV
  add_equiv_command(app, action);
#endif

  try {
    app.parse(argc, argv);
  } catch (const CLI::CallForHelp&) {
    out << app.help();
    return 0;
  } catch (const CLI::CallForAllHelp&) {
    out << app.help("", CLI::AppFormatMode::All);
    return 0;
  } catch (const CLI::CallForVersion&) {
    out << app.version() << '\n';
    return 0;
  } catch (const CLI::ParseError& e) {
    err << "lockstep: error: " << e.what() << '\n';
    err << "Run 'lockstep --help' for usage.\n";
    return 1;
  }
  try {
    return action ? action(out, err) : 1;
  } catch (const InputError& e) {
    err << e.what() << '\n';
    return 1;
  } catch (const std::exception& e) {
    err << "lockstep: internal error: " << e.what() << '\n';
    return 1;
  }
}

}  // namespace lockstep::cli
