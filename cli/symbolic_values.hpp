// Values of a launch spec's symbolic inputs on the command line and in
// traces: `--inputs n=5,data[0]=-3` (decimal or 0x hexadecimal; negative
// numbers are two's complement, truncated to the input's type by
// sem::concretize) and the trace's `inputs` (the raw bits in decimal).
#pragma once

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "checker/trace/trace.hpp"

namespace lockstep::cli {

using InputValues = std::vector<std::pair<std::string, std::uint64_t>>;

/// Parses `--inputs` text; throws InputError naming the bad item.
[[nodiscard]] InputValues parse_inputs_option(const std::string& text);

/// Input values from a trace; throws InputError (naming `trace_path`) for a value that is no number.
[[nodiscard]] InputValues from_trace_inputs(const std::vector<checker::TraceInput>& inputs,
                                            const std::string& trace_path);

}  // namespace lockstep::cli
