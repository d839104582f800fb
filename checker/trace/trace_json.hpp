// The JSON form of a counterexample trace (docs/trace-format.md): writing,
// and reading back with clear errors.
//
// Reading reports the first problem as one lockstep::InputError:
//   FILE:LINE:COL: error: MESSAGE   for JSON syntax errors (the parser's position)
//   FILE: error: KEY.PATH: WHY      for a well-formed document that is not a trace
// (a missing or mistyped key, a lane mask that is not "0x" hex, a cycle start
// past the last step, an unknown model or kind, a version this build does not read).
#pragma once

#include <nlohmann/json.hpp>

#include <string>
#include <string_view>

#include "checker/trace/trace.hpp"

namespace lockstep::checker {

[[nodiscard]] nlohmann::ordered_json trace_json(const Trace& trace);

/// Parses trace text; `path` names it in errors.
[[nodiscard]] Trace parse_trace(std::string_view text, const std::string& path);

/// Reads and parses a trace file (InputError when it cannot be read).
[[nodiscard]] Trace read_trace_file(const std::string& path);

/// Writes the trace as indented JSON (InputError "cannot write file" on failure).
void write_trace_file(const Trace& trace, const std::string& path);

}  // namespace lockstep::checker
