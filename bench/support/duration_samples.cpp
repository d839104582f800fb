#include "bench/support/duration_samples.hpp"

#include <algorithm>
#include <cmath>

namespace lockstep::bench {

double DurationSamples::quantile(double q) const {
  if (seconds_.empty()) return 0.0;
  std::vector<double> sorted = seconds_;
  std::sort(sorted.begin(), sorted.end());
  // Nearest rank: the smallest sample with at least q of the samples at or below it.
  const double rank = std::ceil(std::clamp(q, 0.0, 1.0) * static_cast<double>(sorted.size()));
  const auto index = static_cast<std::size_t>(std::max(rank, 1.0)) - 1;
  return sorted[std::min(index, sorted.size() - 1)];
}

}  // namespace lockstep::bench
