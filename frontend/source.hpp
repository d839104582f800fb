// A PTX source text with its name, and offset -> line:column mapping.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "frontend/diagnostics.hpp"
#include "frontend/ir/instr.hpp"

namespace lockstep {

class Source {
 public:
  Source(std::string path, std::string text);

  /// Reads a file; throws InputError ("FILE: error: cannot read ...") on failure.
  static Source read_file(const std::string& path);

  [[nodiscard]] const std::string& path() const noexcept { return path_; }
  [[nodiscard]] std::string_view text() const noexcept { return text_; }
  /// 1-based line and column of a byte offset (columns count bytes).
  [[nodiscard]] ir::SrcLoc locate(std::size_t offset) const noexcept;
  /// Builds the InputError for an error at a byte offset.
  [[nodiscard]] InputError error_at(std::size_t offset, std::string message) const;
  [[nodiscard]] InputError error_at(ir::SrcLoc loc, std::string message) const;

 private:
  std::string path_;
  std::string text_;
  std::vector<std::size_t> line_starts_;
};

}  // namespace lockstep
