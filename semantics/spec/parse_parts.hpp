// Internal to the launch-spec parser: the parsers of its sections, each
// filling its part of the LaunchSpec (see launch_spec.hpp for the format).
#pragma once

#include <toml++/toml.h>

#include <cstddef>
#include <filesystem>
#include <string>

#include "semantics/spec/launch_spec.hpp"
#include "semantics/spec/toml_reader.hpp"

namespace lockstep::sem::spec_detail {

/// The `init` of one buffer (node may be null: "zeros") as count elements of
/// type t; `count_given` says whether `count` was written. key_path names the
/// init key. Returns the bytes; when count was not given, it is set from an
/// inline array.
[[nodiscard]] std::vector<std::uint8_t> parse_init(const TomlReader& r, const toml::node* init,
                                                   const std::string& key_path, ir::Type t, std::size_t& count,
                                                   bool count_given, ir::SrcLoc table_loc,
                                                   const std::string& table_path,
                                                   const std::filesystem::path& base_dir);

void parse_buffers(const TomlReader& r, const toml::table& root, const std::filesystem::path& base_dir, LaunchSpec& s);
void parse_params(const TomlReader& r, const toml::table& root, LaunchSpec& s);
void parse_constants(const TomlReader& r, const toml::table& root, LaunchSpec& s);
void parse_expect(const TomlReader& r, const toml::table& root, LaunchSpec& s);

/// True for [A-Za-z_][A-Za-z0-9_]*.
[[nodiscard]] bool is_identifier(std::string_view s);

/// The optional `min`/`max` of a symbolic input of type t in table `tab`
/// (path names the table); fails for floats and for min > max.
[[nodiscard]] SymbolicRange parse_range(const TomlReader& r, const toml::table& tab, const std::string& path,
                                        ir::Type t);
/// Fails at `min`/`max` of `tab` if present: `why` says what they need.
void reject_range(const TomlReader& r, const toml::table& tab, const std::string& path, const std::string& why);

/// " (did you mean 'x'?)" among the buffer names of s.
[[nodiscard]] std::string buffer_hint(const LaunchSpec& s, std::string_view name);

}  // namespace lockstep::sem::spec_detail
