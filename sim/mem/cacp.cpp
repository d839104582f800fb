#include "sim/mem/cacp.hpp"

#include <algorithm>
#include <bit>
#include <cmath>

namespace lockstep::sim {

Cacp::Cacp(const CawaConfig& config, std::uint32_t ways, std::uint32_t lines)
    : ways_(ways),
      critical_ways_(std::clamp<std::uint32_t>(
          static_cast<std::uint32_t>(std::lround(config.cacp_critical_ways * ways)), 1, ways > 1 ? ways - 1 : 1)),
      bits_(static_cast<std::uint32_t>(std::countr_zero(std::max<std::uint32_t>(1, config.cacp_signatures)))),
      ccbp_(std::size_t{1} << bits_, 1),
      ship_(std::size_t{1} << bits_, 1),
      lines_(lines) {}

std::uint32_t Cacp::signature(std::uint32_t pc) const noexcept {
  if (bits_ == 0) return 0;
  std::uint32_t s = 0;
  for (std::uint32_t v = pc; v != 0; v = bits_ >= 32 ? 0 : v >> bits_) s ^= v & ((std::uint32_t{1} << bits_) - 1);
  return s;
}

void Cacp::age(std::uint32_t line, std::uint8_t by) noexcept {
  Line& l = lines_[line];
  l.rrpv = static_cast<std::uint8_t>(std::min(3, l.rrpv + by));
}

void Cacp::hit(std::uint32_t line, bool critical) noexcept {
  Line& l = lines_[line];
  l.rrpv = 0;
  const auto up = [](std::uint8_t& c) { c = static_cast<std::uint8_t>(std::min(3, c + 1)); };
  if (critical) {
    l.critical_reuse = true;
    up(ccbp_[l.signature]);
  } else {
    l.reuse = true;
  }
  up(ship_[l.signature]);
}

void Cacp::evicted(std::uint32_t line, std::uint32_t way) noexcept {
  const Line& l = lines_[line];
  if (way < critical_ways_ && !l.critical_reuse && ccbp_[l.signature] > 0) --ccbp_[l.signature];
  if (!l.critical_reuse && !l.reuse && ship_[l.signature] > 0) --ship_[l.signature];
}

void Cacp::inserted(std::uint32_t line, std::uint32_t signature) noexcept {
  lines_[line] = Line{signature, static_cast<std::uint8_t>(ship_[signature] > 0 ? 2 : 3), false, false};
}

}  // namespace lockstep::sim
