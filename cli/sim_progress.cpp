#include "cli/sim_progress.hpp"

#include <unistd.h>

#include <fmt/format.h>

namespace lockstep::cli {

SimProgress::SimProgress(std::ostream& err, bool enabled)
    : err_(err), on_(enabled && isatty(STDERR_FILENO) != 0), start_(std::chrono::steady_clock::now()), last_(start_) {}

SimProgress::~SimProgress() {
  if (shown_) err_ << "\r\033[K" << std::flush;
}

void SimProgress::attach(sim::SimOptions& options) {
  if (on_) options.progress = [this](const sim::SimProgress& p) { show(p); };
}

void SimProgress::show(const sim::SimProgress& p) {
  const auto now = std::chrono::steady_clock::now();
  const double total = std::chrono::duration<double>(now - start_).count();
  if (total < 1.0 || std::chrono::duration<double>(now - last_).count() < 0.5) return;
  last_ = now;
  shown_ = true;
  const double ipc = p.cycle == 0 ? 0.0 : static_cast<double>(p.thread_instructions) / static_cast<double>(p.cycle);
  err_ << fmt::format("\r\033[Ksimulating: cycle {}, {} instructions, ipc {:.2f}, {:.0f} cycles/s, {:.0f} s", p.cycle,
                      p.thread_instructions, ipc, static_cast<double>(p.cycle) / total, total)
       << std::flush;
}

}  // namespace lockstep::cli
