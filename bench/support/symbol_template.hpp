// A PTX text with a per-copy suffix slot after every module-scope symbol.
//
// To repeat a module many times in one file, every symbol it declares at
// module scope (entry and function names, global variables, `$str`, ...)
// must get a fresh name in each copy. The template cuts the text once, right
// after each whole-identifier occurrence of such a symbol, so that writing a
// copy is only appending the pieces with the copy's suffix between them.
//
// Parameters are named after their function by nvcc (`NAME_param_0`); such
// identifiers get the suffix after NAME, so they keep naming their function.
#pragma once

#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace lockstep::bench {

class SymbolTemplate {
 public:
  /// `text` must outlive the template; `symbols` are the names to rename.
  SymbolTemplate(std::string_view text, std::span<const std::string_view> symbols);

  /// Appends the text with `suffix` after every symbol occurrence.
  void append_copy(std::string& out, std::string_view suffix) const;
  /// Number of suffix slots (symbol occurrences).
  [[nodiscard]] std::size_t slots() const noexcept { return pieces_.size() - 1; }
  /// Size of one copy with a suffix of `suffix_size` bytes.
  [[nodiscard]] std::size_t copy_size(std::size_t suffix_size) const noexcept {
    return text_size_ + slots() * suffix_size;
  }

 private:
  std::vector<std::string_view> pieces_;
  std::size_t text_size_ = 0;
};

}  // namespace lockstep::bench
