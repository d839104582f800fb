// Command-line helpers of the benchmark programs: their own flags, taken
// out of argv before Google Benchmark sees it, and where the summary goes.
#pragma once

#include <optional>
#include <ostream>
#include <string>
#include <string_view>

namespace lockstep::bench {

/// Removes every `--NAME=VALUE` from argv and returns the last VALUE.
[[nodiscard]] std::optional<std::string> take_flag(int& argc, char** argv, std::string_view name);

/// std::cout, or std::cerr when --benchmark_format asks for json or csv
/// (so that standard output stays one machine-readable document).
[[nodiscard]] std::ostream& summary_stream(int argc, char** argv);

/// Writes text to a file; throws std::runtime_error on failure.
void write_text_file(const std::string& path, std::string_view text);

}  // namespace lockstep::bench
