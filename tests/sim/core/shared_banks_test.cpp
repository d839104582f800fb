// Shared-memory bank conflicts: a stride of k words costs k cycles on 32
// banks (k-way conflicts), a broadcast costs one, limited broadcast and
// warp parts as GPGPU-Sim counts them.
#include <gtest/gtest.h>

#include "sim/core/shared_banks.hpp"

namespace lockstep::sim {
namespace {

sem::AccessLog strided(std::uint64_t stride_words) {
  sem::AccessLog log;
  for (unsigned l = 0; l < 32; ++l) log.add(l, ir::Space::Shared, 4 * l * stride_words, 4, sem::AccessKind::Read);
  return log;
}

TEST(SharedBanks, KWayConflictsCostKCycles) {
  for (const std::uint32_t k : {1U, 2U, 4U, 8U, 16U, 32U}) {
    const SharedBankCost c = shared_bank_cost(strided(k), sem::kFullMask, 32, 1, false);
    EXPECT_EQ(c.cycles, k) << "stride " << k;
    EXPECT_EQ(c.conflicts, k - 1);
  }
  // Odd strides never conflict on 32 banks.
  EXPECT_EQ(shared_bank_cost(strided(3), sem::kFullMask, 32, 1, false).cycles, 1U);
}

TEST(SharedBanks, BroadcastIsFree) {
  EXPECT_EQ(shared_bank_cost(strided(0), sem::kFullMask, 32, 1, false).cycles, 1U);
  // Limited broadcast: one word per part is broadcast; two words in one bank read by 16 lanes each cost 2.
  sem::AccessLog log;
  for (unsigned l = 0; l < 32; ++l) log.add(l, ir::Space::Shared, l < 16 ? 0 : 128, 4, sem::AccessKind::Read);
  EXPECT_EQ(shared_bank_cost(log, sem::kFullMask, 32, 1, false).cycles, 2U);
  EXPECT_EQ(shared_bank_cost(log, sem::kFullMask, 32, 1, true).cycles, 17U);  // 1 broadcast + 16 serial
}

TEST(SharedBanks, WarpPartsAddUp) {
  // Stride 2 on 16 banks with two parts of 16 lanes: 2 cycles per part.
  const SharedBankCost c = shared_bank_cost(strided(2), sem::kFullMask, 16, 2, false);
  EXPECT_EQ(c.cycles, 4U);
  EXPECT_EQ(c.conflicts, 2U);
  EXPECT_EQ(shared_bank_cost(strided(1), 0, 32, 1, false).cycles, 0U);  // no lanes
}

}  // namespace
}  // namespace lockstep::sim
