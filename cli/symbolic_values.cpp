#include "cli/symbolic_values.hpp"

#include <charconv>
#include <optional>

#include <fmt/format.h>

#include "frontend/diagnostics.hpp"

namespace lockstep::cli {
namespace {

std::optional<std::uint64_t> parse_value(std::string_view s) {
  bool negative = false;
  if (!s.empty() && (s[0] == '-' || s[0] == '+')) {
    negative = s[0] == '-';
    s.remove_prefix(1);
  }
  int base = 10;
  if (s.size() > 2 && s[0] == '0' && (s[1] == 'x' || s[1] == 'X')) {
    base = 16;
    s.remove_prefix(2);
  }
  std::uint64_t v = 0;
  const auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), v, base);
  if (s.empty() || ec != std::errc{} || end != s.data() + s.size()) return std::nullopt;
  return negative ? ~v + 1 : v;
}

[[noreturn]] void bad(const std::string& where, const std::string& msg) {
  throw InputError(Diagnostic{Severity::Error, where, {}, msg});
}

}  // namespace

InputValues parse_inputs_option(const std::string& text) {
  InputValues out;
  std::size_t pos = 0;
  while (pos <= text.size()) {
    const std::size_t comma = std::min(text.find(',', pos), text.size());
    const std::string item = text.substr(pos, comma - pos);
    const std::size_t eq = item.find('=');
    if (eq == std::string::npos || eq == 0) {
      bad("lockstep", fmt::format("--inputs: '{}' is not NAME=VALUE", item));
    }
    const auto v = parse_value(std::string_view(item).substr(eq + 1));
    if (!v) bad("lockstep", fmt::format("--inputs: '{}' is not an integer", item.substr(eq + 1)));
    out.emplace_back(item.substr(0, eq), *v);
    pos = comma + 1;
  }
  return out;
}

InputValues from_trace_inputs(const std::vector<checker::TraceInput>& inputs, const std::string& trace_path) {
  InputValues out;
  for (const checker::TraceInput& in : inputs) {
    const auto v = parse_value(in.value);
    if (!v) bad(trace_path, fmt::format("inputs.{}: '{}' is not an integer", in.name, in.value));
    out.emplace_back(in.name, *v);
  }
  return out;
}

}  // namespace lockstep::cli
