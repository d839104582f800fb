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
    } else if (const auto* tab = value->as_table()) {
      r.check_keys(*tab, path, {"type", "values", "value"});
      const toml::node& type_node = r.require(*tab, "type", path, c.loc);
      const std::string type_path = member_path(path, "type");
      const std::string& type_name = r.string(type_node, type_path);
      c.type = parse_element_type(type_name);
      if (!c.type) {
        r.fail(type_node, type_path, fmt::format("unknown type '{}' (expected one of {})", type_name, element_type_list()));
      }
      const toml::node* vals = tab->get("values");
      const toml::node* val = tab->get("value");
      if ((vals == nullptr) == (val == nullptr)) r.fail(*value, path, "needs exactly one of 'values' (an array) or 'value'");
      if (val != nullptr) {
        c.values.push_back(r.number(*val, member_path(path, "value")));
      } else {
        const std::string vpath = member_path(path, "values");
        const auto* list = vals->as_array();
        if (list == nullptr || list->empty()) r.fail(*vals, vpath, "expected a non-empty array of numbers");
        c.is_array = true;
        for (std::size_t i = 0; i < list->size(); ++i) c.values.push_back(r.number(*list->get(i), index_path(vpath, i)));
      }
    } else {
      r.fail(*value, path,
             fmt::format("expected a number, an array of numbers or {{type = ..., values = [...]}}, got {}",
                         node_kind(*value)));
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
