#include "sim/core/schedulers/gto.hpp"

#include <algorithm>

namespace lockstep::sim {

std::pair<std::uint64_t, std::uint64_t> GtoScheduler::key_of(std::size_t position) const noexcept {
  const Demotion& d = demoted_[position];
  const std::uint64_t age = facts(supervised_[position]).age;
  if (d.turn != 0 && d.age == age) return {d.rank, d.turn};
  return {age, 0};
}

void GtoScheduler::rotate_once() {
  // The first live warp of the age order goes behind the youngest.
  std::size_t pick = supervised_.size();
  std::uint64_t youngest = 0;
  for (std::size_t i = 0; i < supervised_.size(); ++i) {
    if (!facts(supervised_[i]).active) continue;
    youngest = std::max(youngest, key_of(i).first);
    if (pick == supervised_.size() || key_of(i) < key_of(pick)) pick = i;
  }
  if (pick == supervised_.size()) return;
  demoted_[pick] = Demotion{facts(supervised_[pick]).age, youngest, ++turns_};
}

void GtoScheduler::begin_cycle(Cycle now) {
  if (rotation_ == 0) return;
  const std::uint64_t due = now / rotation_;
  if (due <= rotations_) return;
  const std::uint64_t n = std::min<std::uint64_t>(due - rotations_, supervised_.size());
  for (std::uint64_t i = 0; i < n; ++i) rotate_once();
  rotations_ = due;
}

void GtoScheduler::order(std::vector<std::uint32_t>& out) {
  out.clear();
  const bool greedy = have_last_ && facts(last_).active;
  if (greedy) out.push_back(last_);
  if (rotation_ == 0) {
    oldest_first(out, greedy ? last_ : 0xffffffffU);
    return;
  }
  // oldest_first with earlier rotations' demotions before age.
  const std::size_t first = out.size();
  for (std::size_t i = 0; i < supervised_.size(); ++i) {
    if (!(greedy && supervised_[i] == last_)) out.push_back(static_cast<std::uint32_t>(i));
  }
  std::stable_sort(out.begin() + static_cast<std::ptrdiff_t>(first), out.end(), [&](std::uint32_t a, std::uint32_t b) {
    const WarpFacts& x = facts(supervised_[a]);
    const WarpFacts& y = facts(supervised_[b]);
    const bool x_late = !x.active || x.blocked;
    const bool y_late = !y.active || y.blocked;
    if (x_late != y_late) return !x_late;
    return key_of(a) < key_of(b);
  });
  for (std::size_t i = first; i < out.size(); ++i) out[i] = supervised_[out[i]];
}

}  // namespace lockstep::sim
