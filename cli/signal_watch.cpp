#include "cli/signal_watch.hpp"

#include <pthread.h>

#include <cerrno>
#include <ctime>

namespace lockstep::cli {

SignalWatch::SignalWatch() {
  sigemptyset(&set_);
  sigaddset(&set_, SIGINT);
  sigaddset(&set_, SIGTERM);
  pthread_sigmask(SIG_BLOCK, &set_, &old_);
  watcher_ = std::thread([this] { watch(); });
}

SignalWatch::~SignalWatch() {
  done_.store(true);
  watcher_.join();
  // A signal that arrived after the work ended is still pending: take it, so
  // that unblocking does not kill the process after its report.
  const timespec none{0, 0};
  while (sigtimedwait(&set_, nullptr, &none) > 0) {
  }
  pthread_sigmask(SIG_SETMASK, &old_, nullptr);
}

void SignalWatch::watch() {
  const timespec tick{0, 100'000'000};  // 100 ms: how soon the destructor is noticed
  while (!done_.load()) {
    siginfo_t info;
    const int s = sigtimedwait(&set_, &info, &tick);
    if (s <= 0) continue;  // timeout or EINTR
    signo_.store(s);
    stop_.store(true);
    // A second signal is not caught: it ends the process as usual.
    pthread_sigmask(SIG_UNBLOCK, &set_, nullptr);
    while (!done_.load()) {
      const timespec rest{0, 100'000'000};
      nanosleep(&rest, nullptr);
    }
    return;
  }
}

}  // namespace lockstep::cli
