// Shared-memory bank conflicts of one warp instruction (GPGPU-Sim's
// generate_mem_accesses for shared space): the cycles the LD/ST unit needs
// to serve the access, which it then holds the instruction for.
//
// Shared memory has `banks` banks of 4-byte words; word w is in bank
// w mod banks. The warp is served in `warp_parts` parts; in each part the
// cost is the largest number of accesses any one bank receives, where
// lanes reading the same word count once (a broadcast). With
// `limited_broadcast` (older GPUs) only one word per part is broadcast: the
// first bank/word (in bank order, then word order) read by several lanes;
// the other repeated words cost one access per lane. The instruction costs
// the sum over parts (at least 1 per part with an active lane). As in
// GPGPU-Sim, a lane's access is placed by its first byte.
#pragma once

#include <cstdint>

#include "semantics/memory/access_log.hpp"

namespace lockstep::sim {

struct SharedBankCost {
  std::uint32_t cycles = 0;     ///< cycles to serve the accesses (0 without any)
  std::uint32_t conflicts = 0;  ///< cycles beyond one per part (GPGPU-Sim's bank-conflict cycles)
};

[[nodiscard]] SharedBankCost shared_bank_cost(const sem::AccessLog& log, sem::Mask lanes, std::uint32_t banks,
                                              std::uint32_t warp_parts, bool limited_broadcast) noexcept;

}  // namespace lockstep::sim
