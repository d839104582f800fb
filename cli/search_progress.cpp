#include "cli/search_progress.hpp"

#include <unistd.h>

#include <fmt/format.h>

namespace lockstep::cli {

SearchProgress::SearchProgress(std::ostream& err, bool enabled) : err_(err), on_(enabled && isatty(STDERR_FILENO) != 0) {}

SearchProgress::~SearchProgress() {
  if (shown_) err_ << "\r\033[K" << std::flush;
}

void SearchProgress::attach(checker::ExploreOptions& options) {
  if (on_) options.progress = [this](const checker::ExploreProgress& p) { show(p); };
}

void SearchProgress::show(const checker::ExploreProgress& p) {
  shown_ = true;
  const double rate = p.seconds > 0 ? static_cast<double>(p.states) / p.seconds : 0;
  err_ << fmt::format("\r\033[Kexploring: {} states, {} transitions, depth {}, {:.0f} states/s, {} MiB, {:.0f} s "
                      "(Ctrl-C stops with an inconclusive report)",
                      p.states, p.transitions, p.depth, rate, p.bytes >> 20, p.seconds)
       << std::flush;
}

}  // namespace lockstep::cli
