#include <algorithm>

#include "sim/core/schedulers/block_priority.hpp"
#include "sim/core/schedulers/bows.hpp"
#include "sim/core/schedulers/cawa.hpp"
#include "sim/core/schedulers/glrr.hpp"
#include "sim/core/schedulers/gto.hpp"
#include "sim/core/schedulers/lrr.hpp"
#include "sim/core/schedulers/majority.hpp"
#include "sim/core/schedulers/oldest.hpp"
#include "sim/core/schedulers/two_level.hpp"

namespace lockstep::sim {

void SchedulerUnit::oldest_first(std::vector<std::uint32_t>& out, std::uint32_t skip) const {
  const std::size_t first = out.size();
  for (const std::uint32_t w : supervised_) {
    if (w != skip) out.push_back(w);
  }
  std::stable_sort(out.begin() + static_cast<std::ptrdiff_t>(first), out.end(), [&](std::uint32_t a, std::uint32_t b) {
    const WarpFacts& x = facts(a);
    const WarpFacts& y = facts(b);
    const bool x_late = !x.active || x.blocked;
    const bool y_late = !y.active || y.blocked;
    if (x_late != y_late) return !x_late;
    return x.age < y.age;
  });
}

namespace {

std::unique_ptr<SchedulerUnit> make_base(const SchedulerConfig& config, std::vector<std::uint32_t> supervised,
                                         const std::vector<WarpFacts>& facts, const CriticalityPredictor* criticality) {
  switch (config.policy) {
    case WarpScheduler::Lrr: return std::make_unique<LrrScheduler>(std::move(supervised), facts);
    case WarpScheduler::Gto:
      return std::make_unique<GtoScheduler>(std::move(supervised), facts, config.gto_rotation);
    case WarpScheduler::Glrr: return std::make_unique<GlrrScheduler>(std::move(supervised), facts);
    case WarpScheduler::Oldest: return std::make_unique<OldestScheduler>(std::move(supervised), facts);
    case WarpScheduler::TwoLevel:
      return std::make_unique<TwoLevelScheduler>(std::move(supervised), facts, config.two_level_active,
                                                 config.two_level_inner, config.two_level_outer);
    case WarpScheduler::TbcAge:
      return std::make_unique<BlockPriorityScheduler>(std::move(supervised), facts, BlockPriority::Age);
    case WarpScheduler::TbcRrb:
      return std::make_unique<BlockPriorityScheduler>(std::move(supervised), facts, BlockPriority::Rrb);
    case WarpScheduler::TbcSrr:
      return std::make_unique<BlockPriorityScheduler>(std::move(supervised), facts, BlockPriority::Srr);
    case WarpScheduler::Majority: return std::make_unique<MajorityScheduler>(std::move(supervised), facts);
    case WarpScheduler::Cawa:
      if (criticality == nullptr) break;
      return std::make_unique<CawaScheduler>(std::move(supervised), facts, *criticality, config.cawa.greedy);
  }
  return std::make_unique<LrrScheduler>(std::move(supervised), facts);
}

}  // namespace

std::unique_ptr<SchedulerUnit> make_scheduler(const SchedulerConfig& config, std::vector<std::uint32_t> supervised,
                                              const std::vector<WarpFacts>& facts, const BackOff* back_off,
                                              const CriticalityPredictor* criticality) {
  auto base = make_base(config, supervised, facts, criticality);
  if (back_off == nullptr) return base;
  return std::make_unique<BowsScheduler>(std::move(supervised), facts, std::move(base), *back_off);
}

}  // namespace lockstep::sim
