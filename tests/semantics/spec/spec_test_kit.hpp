// Helpers for the launch-spec tests: parsing spec texts, reading the one
// error a bad spec gives, and reading buffer elements back.
#pragma once

#include <gtest/gtest.h>

#include <cstdint>
#include <cstring>
#include <filesystem>
#include <string>

#include "frontend/diagnostics.hpp"
#include "semantics/spec/element.hpp"
#include "semantics/spec/launch_spec.hpp"

namespace lockstep::test {

/// The folder of this test's data files (file: paths in texts start there).
inline std::filesystem::path spec_data_dir() {
  return std::filesystem::path(LOCKSTEP_SOURCE_DIR) / "tests" / "semantics" / "spec" / "data";
}

/// Parses a spec text named "t.toml" whose file: paths start at spec_data_dir().
inline sem::LaunchSpec parse_spec(const std::string& text) {
  return sem::parse_launch_spec(text, "t.toml", spec_data_dir());
}

/// The message of the error parsing `text` gives ("" when it parses).
inline std::string spec_error(const std::string& text) {
  try {
    (void)parse_spec(text);
  } catch (const InputError& e) {
    return e.what();
  }
  return "";
}

/// A spec text with a valid grid and block followed by `rest`
/// (`rest` starts on line 3).
inline std::string with_dims(const std::string& rest) { return "grid = [1]\nblock = [32]\n" + rest; }

/// Element i of buffer b as zero-extended bits.
inline std::uint64_t element(const sem::BufferSpec& b, std::size_t i) {
  const unsigned w = ir::byte_width(b.type);
  return sem::load_le(b.bytes.data() + i * w, w);
}

template <class T>
std::uint64_t bits_of(T v) {
  static_assert(sizeof(T) <= 8);
  std::uint64_t out = 0;
  std::memcpy(&out, &v, sizeof(T));
  return out;
}

}  // namespace lockstep::test
