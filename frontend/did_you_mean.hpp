// " (did you mean 'x'?)" hints for misspelt names in error messages.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace lockstep {

/// " (did you mean 'x'?)" for the closest candidate within a small edit
/// distance of `word` (at most 2 edits, and fewer than half the longer
/// word; adjacent transpositions count as one edit), else "".
[[nodiscard]] std::string did_you_mean(std::string_view word, const std::vector<std::string_view>& candidates);

}  // namespace lockstep
