#include "sim/core/bows_delay_limit.hpp"

#include <algorithm>

namespace lockstep::sim {

BowsDelayLimit::BowsDelayLimit(const BowsConfig& config)
    : config_(config), limit_(config.adaptive ? config.delay_min : config.delay),
      window_end_(config.interval == 0 ? 1 : config.interval) {
  if (config_.interval == 0) config_.interval = 1;
}

std::uint64_t BowsDelayLimit::limit(Cycle now) noexcept {
  if (config_.adaptive) advance(now);
  return limit_;
}

void BowsDelayLimit::count(Cycle now, bool sib) noexcept {
  if (!config_.adaptive) return;
  advance(now);
  ++total_;
  if (sib) ++sib_;
}

void BowsDelayLimit::advance(Cycle now) noexcept {
  if (now < window_end_) return;
  close_window();
  // Windows after that one issued nothing: they change nothing.
  window_end_ = (now / config_.interval + 1) * config_.interval;
}

void BowsDelayLimit::close_window() noexcept {
  const std::uint64_t total = total_, sib = sib_;
  total_ = sib_ = 0;
  if (total == 0) return;
  const auto step = static_cast<double>(config_.delay_step);
  auto limit = static_cast<double>(limit_);
  if (static_cast<double>(sib) > config_.frac1 * static_cast<double>(total)) limit += step;
  // Total / SIB < FRAC2 * prevTotal / prevSIB, without dividing by zero:
  // a window without SIBs has an infinite ratio.
  if (have_prev_ && sib != 0) {
    const bool prev_infinite = prev_sib_ == 0;
    if (prev_infinite || static_cast<double>(total) * static_cast<double>(prev_sib_) <
                             config_.frac2 * static_cast<double>(prev_total_) * static_cast<double>(sib)) {
      limit -= 2 * step;
    }
  }
  limit = std::clamp(limit, static_cast<double>(config_.delay_min), static_cast<double>(config_.delay_max));
  const auto next = static_cast<std::uint64_t>(limit);
  if (next != limit_) ++changes_;
  limit_ = next;
  prev_total_ = total;
  prev_sib_ = sib;
  have_prev_ = true;
}

}  // namespace lockstep::sim
