// P_{A→S}: the blocks on paths from a set of blocks to a point S (Listing 1),
// used by Algorithms 3 and 5. Forward search from the start blocks that does
// not pass S: S's block is included when S lies after its first instruction
// (its prefix runs before S) but never expanded. For the virtual exit every
// reachable block is on the paths.
#pragma once

#include <cstdint>
#include <span>

#include "checker/detect/block_set.hpp"
#include "checker/detect/detect_context.hpp"

namespace lockstep::checker {

[[nodiscard]] BlockSet blocks_to_point(const DetectContext& ctx, std::span<const std::uint32_t> starts,
                                       std::uint32_t point);

}  // namespace lockstep::checker
