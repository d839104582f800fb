#include "sim/core/ddos_history.hpp"

namespace lockstep::sim {

bool DdosHistory::insert(const DdosEntry& e) noexcept {
  const auto length = static_cast<std::uint32_t>(entries_.size());
  head_ = (head_ + 1) % length;
  entries_[head_] = e;
  if (count_ < length) ++count_;
  const bool comparable = pointer_ >= 1 && pointer_ < length && pointer_ < count_;
  if (comparable && at(pointer_) == e) {
    if (!fixed_) {
      fixed_ = true;
      remaining_ = pointer_ - 1;
    } else if (remaining_ > 0) {
      --remaining_;
    }
    spinning_ = remaining_ == 0;
    return spinning_;
  }
  if (fixed_) {
    fixed_ = false;
    spinning_ = false;
    remaining_ = 0;
    pointer_ = 0;
    return false;
  }
  ++pointer_;
  if (pointer_ >= length) pointer_ = 1;
  return false;
}

void DdosHistory::reset() noexcept {
  head_ = count_ = pointer_ = remaining_ = 0;
  fixed_ = spinning_ = false;
}

}  // namespace lockstep::sim
