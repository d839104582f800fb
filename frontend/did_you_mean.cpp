#include "frontend/did_you_mean.hpp"

#include <fmt/format.h>

#include <algorithm>

namespace lockstep {
namespace {

/// Optimal string alignment distance (edits, adjacent transpositions count
/// 1), computed with three rows.
std::size_t edit_distance(std::string_view a, std::string_view b) {
  std::vector<std::size_t> before(b.size() + 1), prev(b.size() + 1), cur(b.size() + 1);
  for (std::size_t j = 0; j <= b.size(); ++j) prev[j] = j;
  for (std::size_t i = 1; i <= a.size(); ++i) {
    cur[0] = i;
    for (std::size_t j = 1; j <= b.size(); ++j) {
      const std::size_t cost = a[i - 1] == b[j - 1] ? 0 : 1;
      cur[j] = std::min({prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + cost});
      if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1]) cur[j] = std::min(cur[j], before[j - 2] + 1);
    }
    std::swap(before, prev);
    std::swap(prev, cur);
  }
  return prev[b.size()];
}

}  // namespace

std::string did_you_mean(std::string_view word, const std::vector<std::string_view>& candidates) {
  std::string_view best;
  std::size_t best_d = 0;
  for (std::string_view c : candidates) {
    // Lengths differing by more than 2 cannot be within 2 edits.
    if (word.size() > c.size() + 2 || c.size() > word.size() + 2) continue;
    const std::size_t d = edit_distance(word, c);
    // Close enough to be a typo: at most 2 edits, and fewer than half the word.
    if (d > 2 || d * 2 > std::max(word.size(), c.size())) continue;
    if (best.empty() || d < best_d) {
      best = c;
      best_d = d;
    }
  }
  return best.empty() ? std::string() : fmt::format(" (did you mean '{}'?)", best);
}

}  // namespace lockstep
