#include "semantics/spec/toml_reader.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>

#include "frontend/diagnostics.hpp"

namespace lockstep::sem::spec_detail {
namespace {

/// Optimal string alignment distance (edits, adjacent transpositions count 1).
std::size_t edit_distance(std::string_view a, std::string_view b) {
  std::vector<std::vector<std::size_t>> d(a.size() + 1, std::vector<std::size_t>(b.size() + 1));
  for (std::size_t i = 0; i <= a.size(); ++i) d[i][0] = i;
  for (std::size_t j = 0; j <= b.size(); ++j) d[0][j] = j;
  for (std::size_t i = 1; i <= a.size(); ++i) {
    for (std::size_t j = 1; j <= b.size(); ++j) {
      const std::size_t cost = a[i - 1] == b[j - 1] ? 0 : 1;
      d[i][j] = std::min({d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost});
      if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1]) {
        d[i][j] = std::min(d[i][j], d[i - 2][j - 2] + 1);
      }
    }
  }
  return d[a.size()][b.size()];
}

}  // namespace

ir::SrcLoc TomlReader::loc(const toml::source_region& r) noexcept { return ir::SrcLoc{r.begin.line, r.begin.column}; }

void TomlReader::fail(ir::SrcLoc at, const std::string& key_path, const std::string& why) const {
  Diagnostic d;
  d.file = path_;
  d.loc = at;
  d.message = key_path.empty() ? why : key_path + ": " + why;
  throw InputError(std::move(d));
}

std::vector<Member> TomlReader::members(const toml::table& t) {
  std::vector<Member> out;
  out.reserve(t.size());
  for (auto&& [k, v] : t) out.emplace_back(&k, &v);
  std::stable_sort(out.begin(), out.end(), [](const Member& a, const Member& b) {
    const auto& pa = a.first->source().begin;
    const auto& pb = b.first->source().begin;
    return pa.line != pb.line ? pa.line < pb.line : pa.column < pb.column;
  });
  return out;
}

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

std::string did_you_mean(std::string_view word, const std::vector<std::string_view>& candidates) {
  std::string_view best;
  std::size_t best_d = 0;
  for (std::string_view c : candidates) {
    const std::size_t d = edit_distance(word, c);
    // Close enough to be a typo: at most 2 edits, and fewer than half the word.
    if (d > 2 || d * 2 > std::max(word.size(), c.size())) continue;
    if (best.empty() || d < best_d) {
      best = c;
      best_d = d;
    }
  }
  return best.empty() ? std::string() : fmt::format(" (did you mean '{}'?)", best);
}

std::string member_path(const std::string& base, std::string_view key) {
  return base.empty() ? std::string(key) : fmt::format("{}.{}", base, key);
}

std::string index_path(const std::string& base, std::size_t i) { return fmt::format("{}[{}]", base, i); }

std::string count_text(std::size_t n, std::string_view noun) {
  return fmt::format("{} {}{}", n, noun, n == 1 ? "" : "s");
}

}  // namespace lockstep::sem::spec_detail
