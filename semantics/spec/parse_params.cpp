// The `params` array of a launch spec: buffer names, inline scalars and
// symbolic inputs.
#include <fmt/format.h>

#include "semantics/spec/parse_parts.hpp"

namespace lockstep::sem::spec_detail {
namespace {

ParamSpec parse_param(const TomlReader& r, const toml::node& n, const std::string& path, std::size_t index,
                      const LaunchSpec& s) {
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
  r.check_keys(*t, path, {"type", "value", "symbolic", "name", "min", "max"});
  const toml::node& type_node = r.require(*t, "type", path, p.loc);
  const std::string type_path = member_path(path, "type");
  const std::string& type_name = r.string(type_node, type_path);
  const auto type = parse_element_type(type_name);
  if (!type) {
    r.fail(type_node, type_path, fmt::format("unknown type '{}' (expected one of {})", type_name, element_type_list()));
  }
  bool symbolic = false;
  if (const toml::node* sym = t->get("symbolic")) {
    const auto* b = sym->as_boolean();
    if (b == nullptr) r.fail(*sym, member_path(path, "symbolic"), fmt::format("expected true or false, got {}", node_kind(*sym)));
    symbolic = b->get();
  }
  if (!symbolic) {
    if (const toml::node* name = t->get("name")) {
      r.fail(*name, member_path(path, "name"), "only a symbolic parameter (symbolic = true) takes a name");
    }
    reject_range(r, *t, path, "only a symbolic parameter (symbolic = true) takes a range");
    const toml::node& value_node = r.require(*t, "value", path, p.loc);
    p.value = ScalarParam{*type, r.encoded(value_node, *type, member_path(path, "value")), false, {}, {}};
    return p;
  }
  if (const toml::node* value = t->get("value")) {
    r.fail(*value, member_path(path, "value"), "a symbolic parameter has no value (remove 'value' or 'symbolic')");
  }
  ScalarParam sp{*type, 0, true, fmt::format("param{}", index), {}};
  if (const toml::node* name = t->get("name")) {
    const std::string name_path = member_path(path, "name");
    sp.name = r.string(*name, name_path);
    if (!is_identifier(sp.name)) {
      r.fail(*name, name_path,
             fmt::format("'{}' is not an identifier (letters, digits and '_', not starting with a digit)", sp.name));
    }
  }
  for (const ParamSpec& q : s.params) {
    const auto* other = std::get_if<ScalarParam>(&q.value);
    if (other != nullptr && other->symbolic && other->name == sp.name) {
      r.fail(t->get("name") != nullptr ? *t->get("name") : n, member_path(path, "name"),
             fmt::format("duplicate input name '{}' (first used at {}:{})", sp.name, q.loc.line, q.loc.col));
    }
  }
  sp.range = parse_range(r, *t, path, *type);
  p.value = std::move(sp);
  return p;
}

}  // namespace

void parse_params(const TomlReader& r, const toml::table& root, LaunchSpec& s) {
  const toml::node* n = root.get("params");
  if (n == nullptr) return;
  const auto* arr = n->as_array();
  if (arr == nullptr) r.fail(*n, "params", fmt::format("expected an array, got {}", node_kind(*n)));
  for (std::size_t i = 0; i < arr->size(); ++i) {
    s.params.push_back(parse_param(r, *arr->get(i), index_path("params", i), i, s));
  }
}

}  // namespace lockstep::sem::spec_detail
