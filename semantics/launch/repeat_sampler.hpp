// Finding a repeated state of a long deterministic run cheaply: Brent's
// cycle detection over digests of states sampled every `stride` steps. The
// stride doubles every 1024 samples and is never below the hashed state
// size / the hashing budget per step, so hashing costs at most that many
// bytes per step (amortised) however large the state. A repeat of two samples means the
// run (a function of its state) cycles; callers confirm or report it. Used
// by `run`'s livelock detection (runner.hpp) and the simulator's hang
// detector (sim/gpu/hang_detector.hpp).
#pragma once

#include <algorithm>
#include <cstdint>

#include "semantics/model/state_hasher.hpp"

namespace lockstep::sem {

class RepeatSampler {
 public:
  /// `bytes_per_step`: the hashing budget per step (amortised).
  explicit RepeatSampler(std::uint64_t bytes_per_step) noexcept : bytes_per_step_(bytes_per_step) {}

  /// True when the state at step `now` should be sampled.
  [[nodiscard]] bool due(std::uint64_t now) const noexcept { return now - last_sample_ >= stride_; }

  /// Takes the sample `h` (the state hashed at step `now`); true when its
  /// digest equals the saved sample's (then nothing else changes).
  bool sample(std::uint64_t now, const StateHasher& h) {
    last_sample_ = now;
    const StateHasher::Digest d = h.digest();
    ++samples_;
    if (have_saved_ && d == saved_) return true;
    if (++lambda_ == power_) {
      saved_ = d;
      saved_step_ = now;
      have_saved_ = true;
      power_ *= 2;
      lambda_ = 0;
    }
    if (samples_ % 1024 == 0 || stride_ < h.hashed() / bytes_per_step_) {
      // A new epoch: sparser samples, Brent restarts.
      stride_ = std::max(stride_ * 2, h.hashed() / bytes_per_step_);
      restart();
    }
    return false;
  }

  /// The step at which the saved sample was taken.
  [[nodiscard]] std::uint64_t saved_step() const noexcept { return saved_step_; }

  /// After a repeat that turned out not to be a cycle: sample twice as
  /// sparsely from step `now` on, Brent restarts.
  void sparser(std::uint64_t now) noexcept {
    stride_ *= 2;
    last_sample_ = now;
    restart();
  }

 private:
  void restart() noexcept {
    have_saved_ = false;
    power_ = 1;
    lambda_ = 0;
  }

  std::uint64_t bytes_per_step_;
  std::uint64_t stride_ = 1, last_sample_ = 0, samples_ = 0, power_ = 1, lambda_ = 0, saved_step_ = 0;
  StateHasher::Digest saved_{};
  bool have_saved_ = false;
};

}  // namespace lockstep::sem
