#include "sim/mem/index_hash.hpp"

#include <array>
#include <bit>
#include <stdexcept>

namespace lockstep::sim {
namespace {

/// For an IPOLY of degree d over the polynomial `poly` using `width` higher
/// bits: mask[k] has bit j set when bit k of x^(d+j) mod poly is set, so
/// that index bit k is b_k XOR parity(higher & mask[k]).
struct IpolyTable {
  std::array<std::uint64_t, 6> mask{};
};

constexpr IpolyTable make_ipoly(std::uint32_t degree, std::uint64_t poly, std::uint32_t width) {
  IpolyTable t;
  for (std::uint32_t j = 0; j < width; ++j) {
    // x^(degree + j) mod poly, by long division over GF(2).
    std::uint64_t v = std::uint64_t{1} << (degree + j);
    for (std::uint32_t d = degree + j; d >= degree; --d) {
      if ((v >> d) & 1U) v ^= poly << (d - degree);
      if (d == 0) break;
    }
    for (std::uint32_t k = 0; k < degree; ++k) {
      if ((v >> k) & 1U) t.mask[k] |= std::uint64_t{1} << j;
    }
  }
  return t;
}

constexpr IpolyTable kIpoly16 = make_ipoly(4, 0b10011, 13);     // x^4 + x + 1
constexpr IpolyTable kIpoly32 = make_ipoly(5, 0b100101, 15);    // x^5 + x^2 + 1
constexpr IpolyTable kIpoly64 = make_ipoly(6, 0b1000011, 19);   // x^6 + x + 1

std::uint32_t apply(const IpolyTable& t, std::uint32_t degree, std::uint64_t higher, std::uint32_t index) {
  std::uint32_t out = 0;
  for (std::uint32_t k = 0; k < degree; ++k) {
    const auto parity = static_cast<std::uint32_t>(std::popcount(higher & t.mask[k]) & 1);
    out |= (((index >> k) & 1U) ^ parity) << k;
  }
  return out;
}

}  // namespace

std::uint32_t ipoly_hash(std::uint64_t higher_bits, std::uint32_t index, std::uint32_t n) {
  switch (n) {
    case 16: return apply(kIpoly16, 4, higher_bits, index);
    case 32: return apply(kIpoly32, 5, higher_bits, index);
    case 64: return apply(kIpoly64, 6, higher_bits, index);
    default: throw std::invalid_argument("ipoly_hash: IPOLY needs 16, 32 or 64 targets");
  }
}

std::uint32_t cache_set_index(std::uint64_t addr, std::uint32_t sets, std::uint32_t line_log2, SetIndex fn) {
  const std::uint32_t sets_log2 = log2_exact(sets);
  switch (fn) {
    case SetIndex::Linear: return static_cast<std::uint32_t>((addr >> line_log2) & (sets - 1));
    case SetIndex::Ipoly: {
      const std::uint64_t higher = addr >> (line_log2 + sets_log2);
      const auto index = static_cast<std::uint32_t>((addr >> line_log2) & (sets - 1));
      return ipoly_hash(higher, index, sets);
    }
    case SetIndex::FermiHash: {
      if (sets != 32 && sets != 64) throw std::invalid_argument("cache_set_index: the Fermi hash needs 32 or 64 sets");
      // Nugteren et al.: the five bits above the line offset XOR address
      // bits 13, 14, 15, 17 and 19; with 64 sets, bit 12 is the sixth bit.
      const auto lower = static_cast<std::uint32_t>((addr >> line_log2) & 0x1F);
      std::uint32_t upper = static_cast<std::uint32_t>((addr >> 13) & 0x7);
      upper |= static_cast<std::uint32_t>(((addr >> 17) & 1U) << 3);
      upper |= static_cast<std::uint32_t>(((addr >> 19) & 1U) << 4);
      std::uint32_t set = lower ^ upper;
      if (sets == 64) set |= static_cast<std::uint32_t>(((addr >> 12) & 1U) << 5);
      return set;
    }
  }
  return 0;
}

}  // namespace lockstep::sim
