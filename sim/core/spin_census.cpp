#include "sim/core/spin_census.hpp"

#include <algorithm>

namespace lockstep::sim {

SpinCensus::SpinCensus(std::uint32_t sm, std::uint32_t warps) : sm_(sm), warps_(warps) {}

void SpinCensus::reset(std::uint32_t warp) noexcept {
  Iteration& it = warps_[warp];
  it.branch = ~0U;
  it.previous.clear();
  it.current.clear();
  it.overflow = false;
  it.previous_overflow = true;
}

BackwardBranchRecord& SpinCensus::record(std::uint32_t pc, Cycle now) {
  auto at = std::lower_bound(branches_.begin(), branches_.end(), pc,
                             [](const BackwardBranchRecord& b, std::uint32_t p) { return b.pc < p; });
  if (at == branches_.end() || at->pc != pc) at = branches_.insert(at, BackwardBranchRecord{pc, sm_, now, now, 0, 0});
  return *at;
}

void SpinCensus::observe(std::uint32_t warp, const sem::TimingInstr& t, const sem::StepReport& r, Cycle now) {
  Iteration& it = warps_[warp];
  if (t.setp) {
    if (it.current.size() < kMaxSetps) {
      it.current.push_back(Compared{r.pc, r.threads, r.compared[0], r.compared[1]});
    } else {
      it.overflow = true;
    }
    return;
  }
  if (!t.backward || r.executed == 0) return;
  BackwardBranchRecord& b = record(r.pc, now);
  b.last = now;
  ++b.executions;
  const bool repeat = it.branch == r.pc && !it.overflow && !it.previous_overflow && !it.current.empty() &&
                      it.current == it.previous;
  if (repeat) ++b.repeats;
  it.branch = r.pc;
  it.previous.swap(it.current);
  it.current.clear();
  it.previous_overflow = it.overflow;
  it.overflow = false;
}

}  // namespace lockstep::sim
