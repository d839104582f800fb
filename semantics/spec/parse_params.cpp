// The `params` array of a launch spec: buffer names and inline scalars.
#include <fmt/format.h>

#include "semantics/spec/parse_parts.hpp"

namespace lockstep::sem::spec_detail {
namespace {

ParamSpec parse_param(const TomlReader& r, const toml::node& n, const std::string& path, const LaunchSpec& s) {
  ParamSpec p;
  p.loc = TomlReader::loc(n);
  if (const auto* str = n.as_string()) {
    const auto idx = s.find_buffer(str->get());
    if (!idx) r.fail(n, path, fmt::format("unknown buffer '{}'{}", str->get(), buffer_hint(s, str->get())));
    p.value = BufferParam{*idx};
    return p;
  }
  const auto* t = n.as_table();
  if (t == nullptr) {
    r.fail(n, path,
           fmt::format("expected a buffer name or an inline table {{type = ..., value = ...}}, got {}", node_kind(n)));
  }
  r.check_keys(*t, path, {"type", "value"});
  const toml::node& type_node = r.require(*t, "type", path, p.loc);
  const toml::node& value_node = r.require(*t, "value", path, p.loc);
  const std::string type_path = member_path(path, "type");
  const std::string& type_name = r.string(type_node, type_path);
  const auto type = parse_element_type(type_name);
  if (!type) {
    r.fail(type_node, type_path, fmt::format("unknown type '{}' (expected one of {})", type_name, element_type_list()));
  }
  p.value = ScalarParam{*type, r.encoded(value_node, *type, member_path(path, "value"))};
  return p;
}

}  // namespace

void parse_params(const TomlReader& r, const toml::table& root, LaunchSpec& s) {
  const toml::node* n = root.get("params");
  if (n == nullptr) return;
  const auto* arr = n->as_array();
  if (arr == nullptr) r.fail(*n, "params", fmt::format("expected an array, got {}", node_kind(*n)));
  for (std::size_t i = 0; i < arr->size(); ++i) {
    s.params.push_back(parse_param(r, *arr->get(i), index_path("params", i), s));
  }
}

}  // namespace lockstep::sem::spec_detail
