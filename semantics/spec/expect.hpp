// Comparing a buffer's final contents with its `[expect]` entry.
//
// Elements compare bit-exactly (so 0.0 and -0.0 differ, as do two NaNs with
// different payloads), except that an expected `nan` matches every NaN of
// the buffer's float type.
#pragma once

#include <cstddef>
#include <cstdint>
#include <limits>
#include <span>
#include <string>
#include <vector>

#include "semantics/spec/launch_spec.hpp"

namespace lockstep::sem {

struct Mismatch {
  std::size_t index = 0;  ///< element index
  std::string expected;   ///< format_element text ("nan" for an expected NaN)
  std::string actual;     ///< format_element text of the final element
  friend bool operator==(const Mismatch&, const Mismatch&) = default;
};

/// Whether `actual` (zero-extended bits of type t) satisfies `expected`.
[[nodiscard]] bool matches(const ExpectedValue& expected, ir::Type t, std::uint64_t actual) noexcept;

/// The elements of `final_bytes` (the buffer's little-endian contents, of
/// type t) that differ from `e`, in index order, at most `limit` of them.
/// Throws std::invalid_argument when the size is not e.values.size() elements.
[[nodiscard]] std::vector<Mismatch> compare_expect(const ExpectSpec& e, ir::Type t,
                                                   std::span<const std::uint8_t> final_bytes,
                                                   std::size_t limit = std::numeric_limits<std::size_t>::max());

}  // namespace lockstep::sem
