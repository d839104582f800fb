// The module-scope items of a PTX text, found without the real grammar.
//
// The synthetic corpus of the throughput benchmark is stitched together from
// the bundled models, so it needs to know where each module-scope item (a
// header directive, a variable declaration, a function prototype or
// definition) begins and ends, and which symbols it declares. This is a
// small scanner that knows just enough PTX for that: comments, brace and
// parenthesis nesting, the header directives without a terminating `;`
// (`.version`, `.target`, `.address_size`, `.file`), and identifiers.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace lockstep::bench {

enum class ItemKind {
  Header,       ///< .version / .target / .address_size / .file
  Function,     ///< .entry or .func, with or without a body
  Declaration,  ///< a module-scope variable (or any other `;`-terminated item)
};

struct ModuleItem {
  ItemKind kind = ItemKind::Declaration;
  /// The item's text, with the comments and blank lines that precede it.
  std::string_view text;
  /// The item alone: `text` without the comments and blank lines before it.
  std::string_view code;
  /// The first directive of the item without its dot ("version", "visible", "global", ...).
  std::string_view first_directive;
  /// Symbols the item declares: the entry or function name, or the variable names.
  std::vector<std::string_view> names;
  bool is_entry = false;   ///< a `.entry`
  bool is_extern = false;  ///< carries `.extern`
  bool has_body = false;   ///< a function with a `{ ... }` body
};

/// Splits a PTX module into its module-scope items, in order. Trailing
/// comments after the last item are dropped. Throws std::runtime_error on
/// text the scanner cannot split (unbalanced braces, an unterminated item).
[[nodiscard]] std::vector<ModuleItem> split_module(std::string_view text);

/// True when c may continue a PTX identifier.
[[nodiscard]] constexpr bool is_identifier_char(char c) noexcept {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' ||
         c == '$' || c == '%';
}

/// Calls visit(offset, identifier) for every identifier of `text`, in order:
/// a maximal run of identifier characters that starts with no digit and does
/// not follow a '.' (so directives, modifiers and `%tid.x`'s `x` are not
/// identifiers, and neither are numbers such as 0f3F800000). Comments are
/// scanned like the rest of the text.
template <class Visit>
void for_each_identifier(std::string_view text, Visit&& visit) {
  std::size_t i = 0;
  while (i < text.size()) {
    if (!is_identifier_char(text[i])) {
      ++i;
      continue;
    }
    const std::size_t start = i;
    while (i < text.size() && is_identifier_char(text[i])) ++i;
    const bool after_dot = start > 0 && text[start - 1] == '.';
    const bool number = text[start] >= '0' && text[start] <= '9';
    if (!after_dot && !number) visit(start, text.substr(start, i - start));
  }
}

}  // namespace lockstep::bench
