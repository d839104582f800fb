#include "cli/bound_options.hpp"

#include <cmath>
#include <cstdlib>

#include <fmt/format.h>

#include "cli/usage_error.hpp"
#include "frontend/diagnostics.hpp"
#include "semantics/spec/element.hpp"

namespace lockstep::cli {
std::uint64_t parse_count_option(const std::string& option, const std::string& text, std::uint64_t min) {
  const auto v = sem::parse_u64_text(text);
  if (!v || text.starts_with("0x") || *v < min) {
    usage_error(fmt::format("{}: '{}' is not a number from {} to 18446744073709551615", option, text, min));
  }
  return *v;
}

double parse_seconds_option(const std::string& option, const std::string& text) {
  char* end = nullptr;
  const double t = std::strtod(text.c_str(), &end);
  // Seconds become a steady_clock deadline: a year is far beyond any search.
  constexpr double kYear = 365.0 * 24 * 3600;
  if (text.empty() || end != text.c_str() + text.size() || !std::isfinite(t) || t < 0 || t > kYear) {
    usage_error(fmt::format("{}: '{}' is not a number of seconds (0 = none)", option, text));
  }
  return t;
}

}  // namespace lockstep::cli
