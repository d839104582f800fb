#include "frontend/ptx/callee_name.hpp"

#include <cstddef>

namespace lockstep::ptx {
namespace {

/// Reads `<length><identifier>` at pos; empty on failure.
std::string_view source_name(std::string_view s, std::size_t& pos) noexcept {
  std::size_t len = 0;
  const std::size_t start = pos;
  while (pos < s.size() && s[pos] >= '0' && s[pos] <= '9' && pos - start < 6) {
    len = len * 10 + static_cast<std::size_t>(s[pos] - '0');
    ++pos;
  }
  if (pos == start || len == 0 || len > s.size() - pos) return {};
  const std::string_view id = s.substr(pos, len);
  pos += len;
  return id;
}

}  // namespace

std::string_view callee_base_name(std::string_view name) noexcept {
  if (!name.starts_with("_Z")) return name;
  std::size_t pos = 2;
  if (pos < name.size() && name[pos] == 'L') ++pos;  // internal linkage
  if (pos < name.size() && name[pos] == 'N') {
    ++pos;
    while (pos < name.size() && (name[pos] == 'r' || name[pos] == 'V' || name[pos] == 'K')) ++pos;
    std::string_view last;
    while (pos < name.size() && name[pos] != 'E') {
      const std::string_view id = source_name(name, pos);
      if (id.empty()) return name;
      last = id;
    }
    return last.empty() ? name : last;
  }
  const std::string_view id = source_name(name, pos);
  return id.empty() ? name : id;
}

}  // namespace lockstep::ptx
