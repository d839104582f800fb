// Search bounds as written on the command line (`verify --max-states`,
// `detect --evidence-timeout`, ...): every malformed value is a usage error
// (InputError "lockstep: error: OPTION: 'TEXT' is not ...", exit 1).
#pragma once

#include <cstdint>
#include <string>

namespace lockstep::cli {

/// A decimal count from `min` to 2^64-1 ("--max-states: 'x' is not a number
/// from 1 to 18446744073709551615").
[[nodiscard]] std::uint64_t parse_count_option(const std::string& option, const std::string& text, std::uint64_t min);

/// A number of seconds from 0 (no bound) to a year (a deadline on the
/// steady clock must not overflow): "--timeout: 'x' is not a number of
/// seconds (0 = none)" for anything else (negative, NaN, infinite, words).
[[nodiscard]] double parse_seconds_option(const std::string& option, const std::string& text);

}  // namespace lockstep::cli
