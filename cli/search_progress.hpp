// The progress line of a long search on a terminal: states, transitions,
// depth, rate, the explorer's memory and the time so far, rewritten in
// place on standard error about once a second, and cleared at the end. Not
// shown when standard error is not a terminal (logs, tests) or with --quiet.
#pragma once

#include <ostream>

#include "checker/explore/explore_options.hpp"

namespace lockstep::cli {

class SearchProgress {
 public:
  /// Shows progress on `err` when `enabled` and standard error is a terminal.
  SearchProgress(std::ostream& err, bool enabled);
  ~SearchProgress();
  SearchProgress(const SearchProgress&) = delete;
  SearchProgress& operator=(const SearchProgress&) = delete;

  /// Installs the display in `options` (nothing when it is not shown).
  void attach(checker::ExploreOptions& options);

 private:
  void show(const checker::ExploreProgress& p);

  std::ostream& err_;
  bool on_ = false;
  bool shown_ = false;
};

}  // namespace lockstep::cli
