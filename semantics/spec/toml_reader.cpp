#include "semantics/spec/toml_reader.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>

#include "frontend/diagnostics.hpp"

namespace lockstep::sem::spec_detail {

ir::SrcLoc TomlReader::loc(const toml::source_region& r) noexcept { return ir::SrcLoc{r.begin.line, r.begin.column}; }

void TomlReader::fail(ir::SrcLoc at, const std::string& key_path, const std::string& why) const {
  Diagnostic d;
  d.file = path_;
  d.loc = at;
  d.message = key_path.empty() ? why : key_path + ": " + why;
  throw InputError(std::move(d));
}

std::vector<Member> TomlReader::members(const toml::table& t) { return toml_members_in_file_order(t); }

void TomlReader::check_keys(const toml::table& t, const std::string& table_path,
                            std::initializer_list<std::string_view> allowed) const {
  for (const auto& [k, v] : members(t)) {
    if (std::find(allowed.begin(), allowed.end(), k->str()) != allowed.end()) continue;
    fail(loc(k->source()), table_path,
         fmt::format("unknown key '{}'{}", k->str(), did_you_mean(k->str(), std::vector<std::string_view>(allowed))));
  }
}

const toml::node& TomlReader::require(const toml::table& t, std::string_view key, const std::string& table_path,
                                      ir::SrcLoc table_loc) const {
  const toml::node* n = t.get(key);
  if (n == nullptr) fail(table_loc, table_path, fmt::format("missing required key '{}'", key));
  return *n;
}

std::int64_t TomlReader::integer(const toml::node& n, const std::string& key_path) const {
  if (const auto* v = n.as_integer()) return v->get();
  fail(n, key_path, fmt::format("expected an integer, got {}", node_kind(n)));
}

const std::string& TomlReader::string(const toml::node& n, const std::string& key_path) const {
  if (const auto* v = n.as_string()) return v->get();
  fail(n, key_path, fmt::format("expected a string, got {}", node_kind(n)));
}

const toml::table& TomlReader::table(const toml::node& n, const std::string& key_path) const {
  if (const auto* v = n.as_table()) return *v;
  fail(n, key_path, fmt::format("expected a table, got {}", node_kind(n)));
}

SpecNumber TomlReader::number(const toml::node& n, const std::string& key_path) const {
  SpecNumber out;
  out.loc = loc(n);
  if (const auto* i = n.as_integer()) {
    out.kind = SpecNumber::Kind::Integer;
    out.integer = i->get();
  } else if (const auto* f = n.as_floating_point()) {
    out.kind = SpecNumber::Kind::Float;
    out.real = f->get();
    if (std::isnan(out.real)) out.real = std::copysign(out.real, starts_with_minus(n.source()) ? -1.0 : 1.0);
  } else if (const auto* s = n.as_string()) {
    out.kind = SpecNumber::Kind::String;
    out.text = s->get();
  } else {
    fail(n, key_path, fmt::format("expected a number, got {}", node_kind(n)));
  }
  return out;
}

bool TomlReader::starts_with_minus(const toml::source_region& r) const noexcept {
  // Lines and columns count from 1; columns count code points (UTF-8).
  std::size_t off = 0;
  for (std::uint32_t line = 1; line < r.begin.line; ++line) {
    off = text_.find('\n', off);
    if (off == std::string_view::npos) return false;
    ++off;
  }
  for (std::uint32_t col = 1; col < r.begin.column && off < text_.size(); ++col) {
    ++off;
    while (off < text_.size() && (static_cast<unsigned char>(text_[off]) & 0xc0U) == 0x80U) ++off;
  }
  return off < text_.size() && text_[off] == '-';
}

std::uint64_t TomlReader::encoded(const toml::node& n, ir::Type t, const std::string& key_path) const {
  const Encoded e = encode_number(t, number(n, key_path));
  if (!e.ok()) fail(n, key_path, e.error);
  return e.bits;
}

std::string_view node_kind(const toml::node& n) noexcept {
  switch (n.type()) {
    case toml::node_type::table:
      return "a table";
    case toml::node_type::array:
      return "an array";
    case toml::node_type::string:
      return "a string";
    case toml::node_type::integer:
      return "an integer";
    case toml::node_type::floating_point:
      return "a float";
    case toml::node_type::boolean:
      return "a boolean";
    case toml::node_type::date:
      return "a date";
    case toml::node_type::time:
      return "a time";
    case toml::node_type::date_time:
      return "a date-time";
    case toml::node_type::none:
      break;
  }
  return "nothing";
}

std::string member_path(const std::string& base, std::string_view key) {
  return base.empty() ? std::string(key) : fmt::format("{}.{}", base, key);
}

std::string index_path(const std::string& base, std::size_t i) { return fmt::format("{}[{}]", base, i); }

std::string count_text(std::size_t n, std::string_view noun) {
  return fmt::format("{} {}{}", n, noun, n == 1 ? "" : "s");
}

}  // namespace lockstep::sem::spec_detail

namespace lockstep::sem {

std::vector<std::pair<const toml::key*, const toml::node*>> toml_members_in_file_order(const toml::table& t) {
  std::vector<std::pair<const toml::key*, const toml::node*>> out;
  out.reserve(t.size());
  for (auto&& [k, v] : t) out.emplace_back(&k, &v);
  std::stable_sort(out.begin(), out.end(), [](const auto& a, const auto& b) {
    const auto& pa = a.first->source().begin;
    const auto& pb = b.first->source().begin;
    return pa.line != pb.line ? pa.line < pb.line : pa.column < pb.column;
  });
  return out;
}

toml::table parse_toml_text(std::string_view text, const std::string& path) {
  try {
    return toml::parse(text, std::string_view(path));
  } catch (const toml::parse_error& e) {
    std::string why(e.description());
    if (!why.empty() && why[0] >= 'A' && why[0] <= 'Z') why[0] = static_cast<char>(why[0] - 'A' + 'a');
    if (why.find("not representable in 64 bits") != std::string::npos) {
      why += " (write u64 values above 9223372036854775807 as strings, e.g. \"18446744073709551615\")";
    }
    spec_detail::TomlReader(path, text).fail(spec_detail::TomlReader::loc(e.source()), "", "TOML syntax: " + why);
  }
}

}  // namespace lockstep::sem
