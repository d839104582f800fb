// SIGINT and SIGTERM as a request to stop, not a kill: a long search or
// simulation ends with what it has (an inconclusive verdict, the statistics
// so far). While a SignalWatch lives, the two signals are blocked in the
// thread that made it (and the threads it starts later) and a watcher
// thread waits for them; the first one sets `stop()`. A second one is not
// caught: the watcher unblocks the signals for itself, so it terminates the
// process as usual. No global state: the flag lives in the object.
#pragma once

#include <atomic>
#include <csignal>
#include <thread>

namespace lockstep::cli {

class SignalWatch {
 public:
  SignalWatch();
  ~SignalWatch();
  SignalWatch(const SignalWatch&) = delete;
  SignalWatch& operator=(const SignalWatch&) = delete;

  /// Set once SIGINT or SIGTERM arrived.
  [[nodiscard]] const std::atomic<bool>& stop() const noexcept { return stop_; }
  /// The signal that arrived (0: none yet).
  [[nodiscard]] int signal_number() const noexcept { return signo_.load(); }

 private:
  void watch();

  std::atomic<bool> stop_{false};
  std::atomic<bool> done_{false};
  std::atomic<int> signo_{0};
  sigset_t set_{};
  sigset_t old_{};
  std::thread watcher_;
};

}  // namespace lockstep::cli
