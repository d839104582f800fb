#include "frontend/source.hpp"

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>

namespace lockstep {

Source::Source(std::string path, std::string text) : path_(std::move(path)), text_(std::move(text)) {
  line_starts_.reserve(text_.size() / 24 + 1);
  line_starts_.push_back(0);
  const char* const begin = text_.data();
  const char* const end = begin + text_.size();
  for (const char* p = begin; p < end;) {
    const void* nl = std::memchr(p, '\n', static_cast<std::size_t>(end - p));
    if (nl == nullptr) break;
    p = static_cast<const char*>(nl) + 1;
    line_starts_.push_back(static_cast<std::size_t>(p - begin));
  }
}

Source Source::read_file(const std::string& path) {
  std::error_code ec;
  if (std::filesystem::is_directory(path, ec)) {
    Diagnostic d;
    d.file = path;
    d.message = "cannot read file: it is a directory";
    throw InputError(std::move(d));
  }
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    Diagnostic d;
    d.file = path;
    d.message = std::string("cannot read file: ") + std::strerror(errno);
    throw InputError(std::move(d));
  }
  std::ostringstream ss;
  ss << in.rdbuf();
  if (in.bad()) {
    Diagnostic d;
    d.file = path;
    d.message = "cannot read file";
    throw InputError(std::move(d));
  }
  return Source(path, std::move(ss).str());
}

ir::SrcLoc Source::locate(std::size_t offset) const noexcept {
  offset = std::min(offset, text_.size());
  auto it = std::upper_bound(line_starts_.begin(), line_starts_.end(), offset);
  const auto line = static_cast<std::size_t>(it - line_starts_.begin());  // 1-based
  const std::size_t start = line_starts_[line - 1];
  return ir::SrcLoc{static_cast<std::uint32_t>(line), static_cast<std::uint32_t>(offset - start + 1)};
}

InputError Source::error_at(std::size_t offset, std::string message) const {
  return error_at(locate(offset), std::move(message));
}

InputError Source::error_at(ir::SrcLoc loc, std::string message) const {
  Diagnostic d;
  d.file = path_;
  d.loc = loc;
  d.message = std::move(message);
  return InputError(std::move(d));
}

}  // namespace lockstep
