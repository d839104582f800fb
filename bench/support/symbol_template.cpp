#include "bench/support/symbol_template.hpp"

#include <unordered_set>

#include "bench/support/ptx_items.hpp"

namespace lockstep::bench {

SymbolTemplate::SymbolTemplate(std::string_view text, std::span<const std::string_view> symbols)
    : text_size_(text.size()) {
  const std::unordered_set<std::string_view> names(symbols.begin(), symbols.end());
  constexpr std::string_view kParam = "_param_";
  std::size_t piece_start = 0;
  for_each_identifier(text, [&](std::size_t offset, std::string_view id) {
    std::size_t cut = 0;
    if (names.contains(id)) {
      cut = offset + id.size();
    } else if (const std::size_t p = id.rfind(kParam); p != std::string_view::npos && p > 0 &&
                                                        names.contains(id.substr(0, p))) {
      cut = offset + p;
    } else {
      return;
    }
    pieces_.push_back(text.substr(piece_start, cut - piece_start));
    piece_start = cut;
  });
  pieces_.push_back(text.substr(piece_start));
}

void SymbolTemplate::append_copy(std::string& out, std::string_view suffix) const {
  out += pieces_.front();
  for (std::size_t i = 1; i < pieces_.size(); ++i) {
    out += suffix;
    out += pieces_[i];
  }
}

}  // namespace lockstep::bench
