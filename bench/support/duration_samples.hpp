// Durations a benchmark records itself, besides what Google Benchmark
// measures: per item (one kernel of a batch) and per batch, pooled over all
// iterations and repetitions, for percentiles and medians.
#pragma once

#include <chrono>
#include <vector>

namespace lockstep::bench {

class DurationSamples {
 public:
  using Clock = std::chrono::steady_clock;

  void add(Clock::duration d) { seconds_.push_back(std::chrono::duration<double>(d).count()); }
  void add_seconds(double s) { seconds_.push_back(s); }
  [[nodiscard]] std::size_t size() const noexcept { return seconds_.size(); }
  [[nodiscard]] bool empty() const noexcept { return seconds_.empty(); }

  /// The q-quantile (0 <= q <= 1), nearest rank, in seconds; 0 when empty.
  [[nodiscard]] double quantile(double q) const;
  [[nodiscard]] double median() const { return quantile(0.5); }

 private:
  std::vector<double> seconds_;
};

}  // namespace lockstep::bench
