// The transactions part of `run`'s report (docs/tm.md): commits, aborts by
// cause and the retries of each thread that retried. Printed only when the
// launch ran transactions (a kernel with them under a model with the TM
// extension), so every other report is unchanged.
#pragma once

#include <ostream>

#include <nlohmann/json.hpp>

#include "semantics/launch/launch_setup.hpp"
#include "semantics/launch/launch_stats.hpp"

namespace lockstep::cli {

/// "transactions: 64 committed, 8 aborted (validation 8, explicit 0, watchdog 0), 8 threads retried" and one
/// line per retried thread (the first 32).
void tx_text(std::ostream& out, const sem::TxStats& tx, const sem::LaunchSetup& s);
/// j["transactions"] = {commits, aborts: {validation, explicit, watchdog}, retries: [{block, thread, retries}]}.
void tx_json(nlohmann::ordered_json& j, const sem::TxStats& tx, const sem::LaunchSetup& s);

}  // namespace lockstep::cli
