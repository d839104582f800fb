// The text side of the synthetic-kernel generators (big_kernel, spin_kernel):
// a seeded random source, fresh labels and predicate numbers, and PTX lines
// appended to one text while counting the basic blocks they make (the first
// instruction after a branch or label starts a block).
#pragma once

#include <fmt/format.h>

#include <cstdint>
#include <iterator>
#include <random>
#include <string>
#include <utility>

namespace lockstep::bench {

class PtxEmitter {
 protected:
  explicit PtxEmitter(std::uint32_t seed) : rng_(seed) {}

  unsigned pick(unsigned n) { return static_cast<unsigned>(rng_() % n); }
  /// Predicate registers come in two kinds of `per_kind` each (uniform
  /// %p1.., divergent after them), reused round robin.
  unsigned next_pred(bool divergent, unsigned per_kind) {
    return 1 + (pred_++ % per_kind) + (divergent ? per_kind : 0);
  }
  std::string next_label() { return fmt::format("$L__BB0_{}", labels_++); }

  /// Emits one instruction ("\t<text>;"); the first after a branch or label starts a block.
  template <class... Args>
  void line(fmt::format_string<Args...> f, Args&&... args) {
    if (leader_) ++blocks_;
    leader_ = false;
    out_ += '\t';
    fmt::format_to(std::back_inserter(out_), f, std::forward<Args>(args)...);
    out_ += ";\n";
  }
  /// A branch, ret or exit: the next instruction starts a block.
  template <class... Args>
  void terminator(fmt::format_string<Args...> f, Args&&... args) {
    line(f, std::forward<Args>(args)...);
    leader_ = true;
  }
  void label(const std::string& name) {
    out_ += name;
    out_ += ":\n";
    leader_ = true;
  }

  std::string out_;          ///< the text emitted so far
  std::uint32_t blocks_ = 0; ///< basic blocks started so far

 private:
  std::mt19937 rng_;
  bool leader_ = true;
  unsigned labels_ = 1;
  unsigned pred_ = 0;
};

}  // namespace lockstep::bench
