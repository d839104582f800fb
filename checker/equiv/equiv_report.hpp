// Renderings of an equiv result (equiv.hpp) for `lockstep equiv` and
// `lockstep ssde --verify`.
//
// Text: the verdict line ("equiv: proved", "equiv: counterexample (part b,
// termination)", "equiv: inconclusive (part c, precondition)"), the reason,
// then one line per part, one per part-(a) check, and one per exploration.
// With `stats`, the explorations' counts (states, transitions, final
// states, seconds) are added.
//
// JSON: {"verdict", "kernel", "origin": "given"|"recovered", "origin_error"
// (when recovery failed), "deciding": null|{"part", "check", "detail"},
// "parts": [{"part", "status", "check", "detail"}], "checks": [{"name",
// "status", "detail"}], "solver_queries", "explorations": [{"what",
// "model", "fairness", "exhaustive", "bound": null|{"kind", "limit",
// "detail"}, "finding": null|{"kind", "steps", "cycle_start", "detail"}}],
// "final_states": {"original", "transformed", "missing"}}; with `stats`
// each exploration has "stats": {"states", "transitions", "terminal",
// "final_states", "max_depth", "seconds"}.
#pragma once

#include <nlohmann/json.hpp>

#include <ostream>

#include "checker/equiv/equiv.hpp"

namespace lockstep::checker::equiv {

void equiv_text(std::ostream& out, const EquivResult& r, bool stats);
[[nodiscard]] nlohmann::json equiv_json(const EquivResult& r, bool stats);

}  // namespace lockstep::checker::equiv
