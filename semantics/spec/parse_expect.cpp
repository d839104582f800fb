// The `[constants]` and `[expect]` tables of a launch spec: values named by
// a module variable (typed later) or by a buffer (typed by the buffer).
#include <fmt/format.h>

#include <cmath>

#include "semantics/spec/parse_parts.hpp"

namespace lockstep::sem::spec_detail {
namespace {

bool is_scalar_number(const toml::node& n) { return n.is_integer() || n.is_floating_point() || n.is_string(); }

ExpectedValue expected_value(const TomlReader& r, const toml::node& n, ir::Type t, const std::string& path) {
  if (const auto* f = n.as_floating_point(); f != nullptr && std::isnan(f->get()) && ir::is_float(t)) {
    return ExpectedValue{0, true};
  }
  return ExpectedValue{r.encoded(n, t, path), false};
}

}  // namespace

void parse_constants(const TomlReader& r, const toml::table& root, LaunchSpec& s) {
  const toml::node* n = root.get("constants");
  if (n == nullptr) return;
  const toml::table& t = r.table(*n, "constants");
  for (const auto& [key, value] : TomlReader::members(t)) {
    const std::string path = member_path("constants", key->str());
    ConstantSpec c;
    c.name = std::string(key->str());
    c.loc = TomlReader::loc(key->source());
    if (const auto* arr = value->as_array()) {
      if (arr->empty()) r.fail(*value, path, "the array is empty");
      c.is_array = true;
      for (std::size_t i = 0; i < arr->size(); ++i) c.values.push_back(r.number(*arr->get(i), index_path(path, i)));
    } else if (is_scalar_number(*value)) {
      c.values.push_back(r.number(*value, path));
    } else {
      r.fail(*value, path, fmt::format("expected a number or an array of numbers, got {}", node_kind(*value)));
    }
    s.constants.push_back(std::move(c));
  }
}

void parse_expect(const TomlReader& r, const toml::table& root, LaunchSpec& s) {
  const toml::node* n = root.get("expect");
  if (n == nullptr) return;
  const toml::table& t = r.table(*n, "expect");
  for (const auto& [key, value] : TomlReader::members(t)) {
    const std::string path = member_path("expect", key->str());
    const auto idx = s.find_buffer(key->str());
    if (!idx) {
      r.fail(TomlReader::loc(key->source()), path,
             fmt::format("unknown buffer '{}'{}", key->str(), buffer_hint(s, key->str())));
    }
    const BufferSpec& b = s.buffers[*idx];
    ExpectSpec e;
    e.buffer = *idx;
    e.loc = TomlReader::loc(key->source());
    if (const auto* arr = value->as_array()) {
      if (arr->size() != b.count) {
        r.fail(*value, path,
               fmt::format("the array has {} but buffer '{}' has {}", count_text(arr->size(), "value"), b.name,
                           count_text(b.count, "element")));
      }
      e.values.reserve(arr->size());
      for (std::size_t i = 0; i < arr->size(); ++i) {
        e.values.push_back(expected_value(r, *arr->get(i), b.type, index_path(path, i)));
      }
    } else if (is_scalar_number(*value)) {
      e.values.assign(b.count, expected_value(r, *value, b.type, path));
    } else {
      r.fail(*value, path, fmt::format("expected a number or an array of numbers, got {}", node_kind(*value)));
    }
    s.expects.push_back(std::move(e));
  }
}

}  // namespace lockstep::sem::spec_detail
