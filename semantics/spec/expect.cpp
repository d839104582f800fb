#include "semantics/spec/expect.hpp"

#include <fmt/format.h>

#include <stdexcept>

namespace lockstep::sem {

bool matches(const ExpectedValue& expected, ir::Type t, std::uint64_t actual) noexcept {
  if (expected.any_nan) return is_nan_bits(t, actual);
  return expected.bits == actual;
}

std::vector<Mismatch> compare_expect(const ExpectSpec& e, ir::Type t, std::span<const std::uint8_t> final_bytes,
                                     std::size_t limit) {
  const unsigned w = ir::byte_width(t);
  if (w == 0 || final_bytes.size() != e.values.size() * w) {
    throw std::invalid_argument(fmt::format("compare_expect: {} bytes for {} elements of {}", final_bytes.size(),
                                            e.values.size(), ir::type_name(t)));
  }
  std::vector<Mismatch> out;
  for (std::size_t i = 0; i < e.values.size() && out.size() < limit; ++i) {
    const std::uint64_t actual = load_le(final_bytes.data() + i * w, w);
    const ExpectedValue& want = e.values[i];
    if (matches(want, t, actual)) continue;
    out.push_back(Mismatch{i, want.any_nan ? std::string("nan") : format_bits(t, want.bits), format_bits(t, actual)});
  }
  return out;
}

}  // namespace lockstep::sem
