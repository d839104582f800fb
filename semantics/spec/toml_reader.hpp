// Internal to the launch-spec parser: typed access to a toml++ tree with
// one-error-and-stop reporting.
//
// Every accessor either returns what was asked for or throws the InputError
// `FILE:LINE:COL: error: KEY.PATH: WHY` at the offending node (or key).
// Members of a table are visited in file order (toml++ keeps them sorted by
// name), so the first error reported is the first one in the file.
#pragma once

#include <toml++/toml.h>

#include <cstdint>
#include <initializer_list>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "frontend/did_you_mean.hpp"
#include "frontend/ir/instr.hpp"
#include "semantics/spec/element.hpp"

namespace lockstep::sem {

/// Parses TOML text; a syntax error throws the InputError
/// `PATH:LINE:COL: error: TOML syntax: WHY` (toml++'s description; u64
/// values too large for TOML's integers get a hint to write them as strings).
/// Shared by the launch-spec and the GPU-configuration readers.
[[nodiscard]] toml::table parse_toml_text(std::string_view text, const std::string& path);

/// The members of t in file order (toml++ keeps them sorted by name).
[[nodiscard]] std::vector<std::pair<const toml::key*, const toml::node*>> toml_members_in_file_order(
    const toml::table& t);

}  // namespace lockstep::sem

namespace lockstep::sem::spec_detail {

using Member = std::pair<const toml::key*, const toml::node*>;

class TomlReader {
 public:
  /// `text` is the parsed TOML (kept by the caller while the reader is used).
  TomlReader(std::string path, std::string_view text) : path_(std::move(path)), text_(text) {}

  [[nodiscard]] const std::string& path() const noexcept { return path_; }
  [[nodiscard]] static ir::SrcLoc loc(const toml::source_region& r) noexcept;
  [[nodiscard]] static ir::SrcLoc loc(const toml::node& n) noexcept { return loc(n.source()); }

  /// Throws `FILE:LOC: error: KEY_PATH: WHY` (no "KEY_PATH: " when it is empty).
  [[noreturn]] void fail(ir::SrcLoc at, const std::string& key_path, const std::string& why) const;
  [[noreturn]] void fail(const toml::node& at, const std::string& key_path, const std::string& why) const {
    fail(loc(at), key_path, why);
  }

  /// The members of t in file order.
  [[nodiscard]] static std::vector<Member> members(const toml::table& t);
  /// Fails at the first key of t (file order) that is not in `allowed`.
  void check_keys(const toml::table& t, const std::string& table_path,
                  std::initializer_list<std::string_view> allowed) const;
  /// t[key], or a "missing required key" error at `table_loc`.
  [[nodiscard]] const toml::node& require(const toml::table& t, std::string_view key, const std::string& table_path,
                                          ir::SrcLoc table_loc) const;

  [[nodiscard]] std::int64_t integer(const toml::node& n, const std::string& key_path) const;
  [[nodiscard]] const std::string& string(const toml::node& n, const std::string& key_path) const;
  [[nodiscard]] const toml::table& table(const toml::node& n, const std::string& key_path) const;
  /// A number (integer, float or string) for encode_number. A `-nan` keeps
  /// its sign (toml++ 3.3 reads it as a positive NaN; the text says which).
  [[nodiscard]] SpecNumber number(const toml::node& n, const std::string& key_path) const;
  /// number() then encode_number(t, ...), failing with the encoder's reason.
  [[nodiscard]] std::uint64_t encoded(const toml::node& n, ir::Type t, const std::string& key_path) const;

 private:
  /// Whether the text at r.begin starts with '-'.
  [[nodiscard]] bool starts_with_minus(const toml::source_region& r) const noexcept;

  std::string path_;
  std::string_view text_;
};

/// "an integer", "a string", "an array", ... for messages.
[[nodiscard]] std::string_view node_kind(const toml::node& n) noexcept;
/// " (did you mean 'x'?)" (frontend/did_you_mean.hpp).
using lockstep::did_you_mean;
/// "base.key" ("key" when base is empty) and "base[i]".
[[nodiscard]] std::string member_path(const std::string& base, std::string_view key);
[[nodiscard]] std::string index_path(const std::string& base, std::size_t i);
/// "1 value", "3 values".
[[nodiscard]] std::string count_text(std::size_t n, std::string_view noun);

}  // namespace lockstep::sem::spec_detail
