#include "semantics/launch/residency.hpp"

#include <fmt/format.h>

#include "semantics/launch/launch_setup.hpp"

namespace lockstep::sem {

std::uint64_t block_state_bytes(const LaunchSetup& setup) {
  constexpr std::uint64_t kPerWarp = 1024;   // warp data, model state, vectors' headers
  constexpr std::uint64_t kPerBlock = 1024;  // barriers, block data
  const std::uint64_t per_thread = 8 * setup.reg_bits.size() + setup.layout->local_size();
  return kPerBlock + setup.shared_bytes() +
         setup.shape.warps_per_block() * (kPerWarp + std::uint64_t{kWarpSize} * per_thread);
}

std::uint64_t blocks_within_budget(const LaunchSetup& setup, std::uint64_t budget_mib) {
  return (budget_mib << 20) / block_state_bytes(setup);
}

std::string occupancy_deadlock_text(std::uint64_t left, std::uint64_t resident, const std::string& why) {
  return fmt::format(
      "the resident blocks wait for blocks that cannot become resident: {} block{} never dispatched; at most {} "
      "blocks are resident at once ({})",
      left, left == 1 ? " was" : "s were", resident, why);
}

}  // namespace lockstep::sem
