#include "frontend/ptx/debug_str.hpp"

#include <cctype>
#include <cstdint>

namespace lockstep::ptx {
namespace {

[[nodiscard]] bool ident_char(char c) noexcept {
  return std::isalnum(static_cast<unsigned char>(c)) != 0 || c == '_' || c == '$' || c == '%';
}

}  // namespace

std::vector<std::pair<std::string_view, std::string>> parse_debug_str(std::string_view body) {
  std::vector<std::pair<std::string_view, std::string>> out;
  std::string current;
  std::string_view label;
  bool open = false;  // a label seen, its string not yet terminated
  std::size_t i = 0;
  const auto skip_space = [&] {
    while (i < body.size() && (std::isspace(static_cast<unsigned char>(body[i])) != 0 || body[i] == ',')) ++i;
  };
  while (i < body.size()) {
    skip_space();
    if (i >= body.size()) break;
    if (body.compare(i, 3, ".b8") == 0) {
      i += 3;
      while (true) {
        skip_space();
        std::uint32_t v = 0;
        std::size_t digits = 0;
        while (i < body.size() && std::isdigit(static_cast<unsigned char>(body[i])) != 0 && digits < 4) {
          v = v * 10 + static_cast<std::uint32_t>(body[i] - '0');
          ++i;
          ++digits;
        }
        if (digits == 0) break;
        if (!open) continue;
        if (v == 0) {
          out.emplace_back(label, std::move(current));
          current.clear();
          open = false;
        } else if (v < 256) {
          current.push_back(static_cast<char>(v));
        }
      }
      continue;
    }
    const std::size_t start = i;
    while (i < body.size() && ident_char(body[i])) ++i;
    if (i > start && i < body.size() && body[i] == ':') {
      label = body.substr(start, i - start);
      current.clear();
      open = true;
      ++i;
      continue;
    }
    // Anything else (other directives, comments): skip to the end of the line.
    while (i < body.size() && body[i] != '\n') ++i;
  }
  return out;
}

}  // namespace lockstep::ptx
