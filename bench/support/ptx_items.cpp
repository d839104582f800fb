#include "bench/support/ptx_items.hpp"

#include <array>
#include <stdexcept>
#include <string>

namespace lockstep::bench {
namespace {

constexpr std::array<std::string_view, 4> kHeaderDirectives{"version", "target", "address_size", "file"};

/// Position after the comment or string literal starting at i, or i when none starts there.
std::size_t skip_comment_or_string(std::string_view text, std::size_t i) {
  if (text.compare(i, 2, "//") == 0) {
    const std::size_t eol = text.find('\n', i);
    return eol == std::string_view::npos ? text.size() : eol + 1;
  }
  if (text.compare(i, 2, "/*") == 0) {
    const std::size_t close = text.find("*/", i + 2);
    if (close == std::string_view::npos) throw std::runtime_error("unterminated /* comment");
    return close + 2;
  }
  if (text[i] == '"') {
    const std::size_t close = text.find('"', i + 1);
    if (close == std::string_view::npos) throw std::runtime_error("unterminated string");
    return close + 1;
  }
  return i;
}

bool is_space(char c) noexcept { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }

/// First position at or after i that is neither blank nor inside a comment.
std::size_t skip_blank(std::string_view text, std::size_t i) {
  while (i < text.size()) {
    if (is_space(text[i])) {
      ++i;
      continue;
    }
    const std::size_t next = skip_comment_or_string(text, i);
    if (next == i || text[i] == '"') return i;
    i = next;
  }
  return i;
}

std::string_view word_at(std::string_view text, std::size_t i) {
  std::size_t end = i;
  while (end < text.size() && is_identifier_char(text[end])) ++end;
  return text.substr(i, end - i);
}

/// The function name after `.entry` / `.func` ending at `after_keyword`:
/// skips an optional return-parameter list in parentheses.
std::string_view function_name(std::string_view text, std::size_t after_keyword) {
  std::size_t i = skip_blank(text, after_keyword);
  if (i < text.size() && text[i] == '(') {
    int depth = 0;
    for (; i < text.size(); ++i) {
      if (text[i] == '(') ++depth;
      if (text[i] == ')' && --depth == 0) break;
    }
    i = skip_blank(text, i + 1);
  }
  const std::string_view name = word_at(text, i);
  if (name.empty()) throw std::runtime_error("function without a name");
  return name;
}

class ItemScanner {
 public:
  ItemScanner(std::string_view text, std::size_t start) : text_(text), i_(start) {}

  /// Scans one `;`- or body-terminated item starting at the current position.
  ModuleItem scan() {
    ModuleItem item;
    int parens = 0;
    int brackets = 0;
    int braces = 0;
    bool before_assignment = true;
    bool expect_name = true;  // a declaration's next depth-0 identifier is a name
    while (i_ < text_.size()) {
      const std::size_t skipped = skip_comment_or_string(text_, i_);
      if (skipped != i_) {
        i_ = skipped;
        continue;
      }
      const char c = text_[i_];
      const bool top = parens == 0 && brackets == 0 && braces == 0;
      if (c == '.' && top && i_ + 1 < text_.size() && is_identifier_char(text_[i_ + 1])) {
        const std::string_view d = word_at(text_, i_ + 1);
        if (item.first_directive.empty()) item.first_directive = d;
        i_ += 1 + d.size();
        if (d == "extern") item.is_extern = true;
        if ((d == "entry" || d == "func") && item.kind != ItemKind::Function) {
          item.kind = ItemKind::Function;
          item.is_entry = d == "entry";
          item.names.push_back(function_name(text_, i_));
        }
        continue;
      }
      if (is_identifier_char(c)) {
        const std::string_view w = word_at(text_, i_);
        const bool number = c >= '0' && c <= '9';
        if (top && before_assignment && expect_name && !number && item.kind == ItemKind::Declaration) {
          item.names.push_back(w);
          expect_name = false;
        }
        i_ += w.size();
        continue;
      }
      ++i_;
      switch (c) {
        case '(': ++parens; break;
        case ')': --parens; break;
        case '[': ++brackets; break;
        case ']': --brackets; break;
        case '{':
          if (top && item.kind == ItemKind::Function) item.has_body = true;
          ++braces;
          break;
        case '}':
          if (--braces == 0 && parens == 0 && brackets == 0 && item.has_body) return item;
          break;
        case '=':
          if (top) before_assignment = false;
          break;
        case ',':
          if (top) expect_name = true;
          break;
        case ';':
          if (top) return item;
          break;
        default: break;
      }
      if (parens < 0 || brackets < 0 || braces < 0) throw std::runtime_error("unbalanced brackets");
    }
    throw std::runtime_error("unterminated module-scope item");
  }

  [[nodiscard]] std::size_t position() const noexcept { return i_; }

 private:
  std::string_view text_;
  std::size_t i_;
};

}  // namespace

std::vector<ModuleItem> split_module(std::string_view text) {
  std::vector<ModuleItem> items;
  std::size_t item_start = 0;
  while (true) {
    const std::size_t token = skip_blank(text, item_start);
    if (token >= text.size()) break;
    std::string_view directive;
    if (text[token] == '.') directive = word_at(text, token + 1);
    bool header = false;
    for (const std::string_view h : kHeaderDirectives) header = header || directive == h;
    if (header) {
      const std::size_t eol = text.find('\n', token);
      const std::size_t end = eol == std::string_view::npos ? text.size() : eol + 1;
      ModuleItem item;
      item.kind = ItemKind::Header;
      item.first_directive = directive;
      item.text = text.substr(item_start, end - item_start);
      item.code = text.substr(token, end - token);
      items.push_back(item);
      item_start = end;
      continue;
    }
    ItemScanner scanner(text, token);
    ModuleItem item = scanner.scan();
    std::size_t end = scanner.position();
    if (end < text.size() && text[end] == '\n') ++end;
    item.text = text.substr(item_start, end - item_start);
    item.code = text.substr(token, end - token);
    items.push_back(std::move(item));
    item_start = end;
  }
  return items;
}

}  // namespace lockstep::bench
