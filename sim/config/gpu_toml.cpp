// parse_gpu_toml: lockstep's GPU files. Unknown keys are reported first (in
// file order), then missing keys and bad values in the order of
// gpu_fields.hpp, then check_gpu_config's problems at the key at fault.
#include "sim/config/gpu_toml.hpp"

#include <fmt/format.h>
#include <toml++/toml.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>
#include <set>
#include <type_traits>
#include <vector>

#include "frontend/did_you_mean.hpp"
#include "frontend/source.hpp"
#include "semantics/spec/toml_reader.hpp"
#include "sim/config/check_gpu_config.hpp"
#include "sim/config/gpu_fields.hpp"
#include "sim/config/option_strings.hpp"

namespace lockstep::sim {
namespace {

using config_detail::BitMap;
using config_detail::FieldMeta;

ir::SrcLoc loc_of(const toml::source_region& r) { return ir::SrcLoc{r.begin.line, r.begin.column}; }

[[noreturn]] void fail(const std::string& file, ir::SrcLoc at, const std::string& key_path, const std::string& why) {
  Diagnostic d;
  d.file = file;
  d.loc = at;
  d.message = key_path.empty() ? why : key_path + ": " + why;
  throw InputError(std::move(d));
}

std::string join(std::string_view section, std::string_view key) {
  return section.empty() ? std::string(key) : fmt::format("{}.{}", section, key);
}

std::string_view kind_of(const toml::node& n) {
  switch (n.type()) {
    case toml::node_type::table: return "a table";
    case toml::node_type::array: return "an array";
    case toml::node_type::string: return "a string";
    case toml::node_type::integer: return "an integer";
    case toml::node_type::floating_point: return "a float";
    case toml::node_type::boolean: return "a boolean";
    case toml::node_type::date: return "a date";
    case toml::node_type::time: return "a time";
    case toml::node_type::date_time: return "a date-time";
    case toml::node_type::none: break;
  }
  return "nothing";
}

/// The sections and keys of the format: what visit_gpu_fields visits.
struct Schema {
  std::map<std::string, std::vector<std::string_view>> keys;  ///< section -> keys (fields and subsections)

  void section(std::string_view path) {
    current_ = std::string(path);
    keys[current_];
    if (path.empty()) return;
    const std::size_t dot = path.rfind('.');
    const std::string parent(dot == std::string_view::npos ? std::string_view() : path.substr(0, dot));
    const std::string_view leaf = dot == std::string_view::npos ? path : path.substr(dot + 1);
    keys[parent].push_back(leaf);
  }
  template <class T>
  void field(const FieldMeta& m, T&) {
    keys[current_].push_back(m.key);
  }
  void cache_bytes(const FieldMeta& m, const CacheConfig&) { keys[current_].push_back(m.key); }

 private:
  std::string current_;
};

const Schema& schema() {
  static const Schema s = [] {
    Schema out;
    const GpuConfig c;
    config_detail::visit_gpu_fields(c, out);
    return out;
  }();
  return s;
}


void check_unknown_keys(const std::string& file, const toml::table& t, const std::string& section) {
  const auto& keys = schema().keys.at(section);
  for (const auto& [k, v] : sem::toml_members_in_file_order(t)) {
    const std::string_view name = k->str();
    if (std::find(keys.begin(), keys.end(), name) == keys.end()) {
      fail(file, loc_of(k->source()), section,
           fmt::format("unknown key '{}'{}", name, did_you_mean(name, std::vector<std::string_view>(keys))));
    }
    const std::string sub = join(section, name);
    if (schema().keys.count(sub) != 0) {
      const toml::table* st = v->as_table();
      if (st == nullptr) fail(file, loc_of(v->source()), sub, fmt::format("expected a table, got {}", kind_of(*v)));
      check_unknown_keys(file, *st, sub);
    }
  }
}

class TomlIn {
 public:
  TomlIn(std::string file, const toml::table& root) : file_(std::move(file)), root_(root), table_(&root) {}

  void section(std::string_view path) {
    section_ = std::string(path);
    if (path.empty()) {
      table_ = &root_;
      table_loc_ = ir::SrcLoc{};
      return;
    }
    const toml::node* n = root_.at_path(path).node();
    if (n == nullptr) fail(file_, ir::SrcLoc{}, "", fmt::format("missing table [{}]", path));
    table_ = n->as_table();
    table_loc_ = loc_of(n->source());
  }

  void field(const FieldMeta& m, std::string& v) { v = text(node(m), m); }
  void field(const FieldMeta& m, bool& v) {
    const toml::node& n = node(m);
    const auto* b = n.as_boolean();
    if (b == nullptr) bad(n, m, fmt::format("expected true or false, got {}", kind_of(n)));
    v = b->get();
  }
  void field(const FieldMeta& m, std::uint32_t& v) {
    v = static_cast<std::uint32_t>(integer(node(m), m, 0, std::numeric_limits<std::uint32_t>::max()));
  }
  void field(const FieldMeta& m, std::int32_t& v) {
    v = static_cast<std::int32_t>(integer(node(m), m, std::numeric_limits<std::int32_t>::min(),
                                          std::numeric_limits<std::int32_t>::max()));
  }
  void field(const FieldMeta& m, std::uint64_t& v) {
    v = static_cast<std::uint64_t>(integer(node(m), m, 0, std::numeric_limits<std::int64_t>::max()));
  }
  void field(const FieldMeta& m, double& v) {
    const toml::node& n = node(m);
    if (const auto* i = n.as_integer()) {
      v = static_cast<double>(i->get());
    } else if (const auto* f = n.as_floating_point()) {
      v = f->get();
      if (!std::isfinite(v)) bad(n, m, "expected a finite number");
    } else {
      bad(n, m, fmt::format("expected a number, got {}", kind_of(n)));
    }
  }
  template <class E>
    requires std::is_enum_v<E>
  void field(const FieldMeta& m, E& v) {
    const toml::node& n = node(m);
    const std::string& s = text(n, m);
    const auto e = parse_enum<E>(s);
    if (!e) {
      const auto names = enum_names<E>();
      std::string list;
      for (std::string_view name : names) list += list.empty() ? std::string(name) : fmt::format(", {}", name);
      bad(n, m, fmt::format("unknown value '{}'{} ({})", s,
                            did_you_mean(s, std::vector<std::string_view>(names.begin(), names.end())), list));
    }
    v = *e;
  }
  void field(const FieldMeta& m, OpTiming& v) {
    const toml::node& n = node(m);
    const toml::table* t = n.as_table();
    const std::string p = join(section_, m.key);
    if (t == nullptr) {
      bad(n, m, fmt::format("expected a table {{ latency = N, initiation = N }}, got {}", kind_of(n)));
    }
    for (const auto& [k, sub] : sem::toml_members_in_file_order(*t)) {
      if (k->str() != "latency" && k->str() != "initiation") {
        fail(file_, loc_of(k->source()), p, fmt::format("unknown key '{}' (latency, initiation)", k->str()));
      }
    }
    const auto part = [&](std::string_view key) {
      const toml::node* s = t->get(key);
      if (s == nullptr) fail(file_, loc_of(n.source()), p, fmt::format("missing required key '{}'", key));
      return static_cast<std::uint32_t>(integer(*s, FieldMeta{key, "", ""}, 0, std::numeric_limits<std::uint32_t>::max(), p));
    };
    v.latency = part("latency");
    v.initiation = part("initiation");
  }
  template <class Bits>
  void field(const FieldMeta& m, BitMap<Bits>& b) {
    const toml::node& n = node(m);
    const std::string& s = text(n, m);
    try {
      b.bits = gpgpusim::parse_address_bits(s);
    } catch (const gpgpusim::ValueError& e) {
      // Inside "..." on one line: the opening quote is at the node's column.
      const ir::SrcLoc at = loc_of(n.source());
      fail(file_, ir::SrcLoc{at.line, at.col + 1 + static_cast<std::uint32_t>(e.offset())}, join(section_, m.key),
           e.what());
    }
  }
  void cache_bytes(const FieldMeta& m, const CacheConfig& k) {
    const toml::node& n = node(m);
    const std::int64_t bytes = integer(n, m, 0, std::numeric_limits<std::int64_t>::max());
    if (static_cast<std::uint64_t>(bytes) != k.bytes()) {
      bad(n, m, fmt::format("{} bytes is not sets x line_bytes x ways = {} x {} x {} = {}", bytes, k.sets,
                            k.line_bytes, k.ways, k.bytes()));
    }
  }

  /// Where the value of a field (by key path) is.
  [[nodiscard]] ir::SrcLoc where(const std::string& path) const {
    const auto it = locs_.find(path);
    return it == locs_.end() ? ir::SrcLoc{} : it->second;
  }

 private:
  const toml::node& node(const FieldMeta& m) {
    const toml::node* n = table_->get(m.key);
    if (n == nullptr) fail(file_, table_loc_, section_, fmt::format("missing required key '{}'", m.key));
    locs_[join(section_, m.key)] = loc_of(n->source());
    return *n;
  }
  [[noreturn]] void bad(const toml::node& n, const FieldMeta& m, const std::string& why) const {
    fail(file_, loc_of(n.source()), join(section_, m.key), why);
  }
  const std::string& text(const toml::node& n, const FieldMeta& m) const {
    const auto* s = n.as_string();
    if (s == nullptr) bad(n, m, fmt::format("expected a string, got {}", kind_of(n)));
    return s->get();
  }
  std::int64_t integer(const toml::node& n, const FieldMeta& m, std::int64_t min, std::int64_t max,
                       const std::string& parent = "") const {
    const auto* i = n.as_integer();
    const std::string p = parent.empty() ? join(section_, m.key) : join(parent, m.key);
    if (i == nullptr) fail(file_, loc_of(n.source()), p, fmt::format("expected an integer, got {}", kind_of(n)));
    const std::int64_t v = i->get();
    if (v < min || v > max) {
      fail(file_, loc_of(n.source()), p, fmt::format("{} is out of range ({} .. {})", v, min, max));
    }
    return v;
  }

  std::string file_;
  const toml::table& root_;
  const toml::table* table_;
  ir::SrcLoc table_loc_;
  std::string section_;
  std::map<std::string, ir::SrcLoc> locs_;
};


}  // namespace

GpuConfig parse_gpu_toml(std::string_view text, const std::string& path_for_messages) {
  const toml::table root = sem::parse_toml_text(text, path_for_messages);
  check_unknown_keys(path_for_messages, root, "");
  GpuConfig c;
  TomlIn in(path_for_messages, root);
  config_detail::visit_gpu_fields(c, in);
  if (const auto problem = check_gpu_config(c)) {
    const std::string& field = problem->fields.front();
    fail(path_for_messages, in.where(field), field, problem->message);
  }
  return c;
}

GpuConfig read_gpu_toml_file(const std::filesystem::path& file) {
  const Source src = Source::read_file(file.string());
  return parse_gpu_toml(src.text(), file.string());
}

}  // namespace lockstep::sim
