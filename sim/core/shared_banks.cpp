#include "sim/core/shared_banks.hpp"

#include <algorithm>
#include <array>

namespace lockstep::sim {

SharedBankCost shared_bank_cost(const sem::AccessLog& log, sem::Mask lanes, std::uint32_t banks,
                                std::uint32_t warp_parts, bool limited_broadcast) noexcept {
  SharedBankCost cost;
  lanes &= log.lanes;
  if (lanes == 0 || banks == 0) return cost;
  const std::uint32_t parts = std::max<std::uint32_t>(1, std::min<std::uint32_t>(warp_parts, sem::kWarpSize));
  const std::uint32_t per_part = sem::kWarpSize / parts;
  for (std::uint32_t p = 0; p < parts; ++p) {
    // The distinct words of the part with their bank and how many lanes read each.
    std::array<std::uint64_t, sem::kWarpSize> word{};
    std::array<std::uint32_t, sem::kWarpSize> count{};
    unsigned n = 0;
    for (unsigned lane = p * per_part; lane < (p + 1) * per_part; ++lane) {
      if (!sem::has_lane(lanes, lane)) continue;
      const std::uint64_t w = log.addr[lane] / 4;
      unsigned i = 0;
      while (i < n && word[i] != w) ++i;
      if (i == n) {
        word[n] = w;
        count[n++] = 0;
      }
      ++count[i];
    }
    if (n == 0) continue;
    // The broadcast word under the limited rule: the first repeated one in (bank, word) order.
    std::uint64_t broadcast = ~std::uint64_t{0};
    if (limited_broadcast) {
      for (unsigned i = 0; i < n; ++i) {
        if (count[i] < 2) continue;
        if (broadcast == ~std::uint64_t{0} || std::make_pair(word[i] % banks, word[i]) <
                                                  std::make_pair(broadcast % banks, broadcast)) {
          broadcast = word[i];
        }
      }
    }
    std::uint32_t worst = 0;
    for (unsigned i = 0; i < n; ++i) {
      const std::uint64_t bank = word[i] % banks;
      std::uint32_t accesses = 0;
      for (unsigned j = 0; j < n; ++j) {
        if (word[j] % banks != bank) continue;
        accesses += !limited_broadcast || word[j] == broadcast ? 1 : count[j];
      }
      worst = std::max(worst, accesses);
    }
    cost.cycles += worst;
    cost.conflicts += worst - 1;
  }
  return cost;
}

}  // namespace lockstep::sim
