// Helpers for the PTX grammar tests: parsing small texts and reading the
// first error.
#pragma once

#include <stdexcept>
#include <string>
#include <utility>
#include <variant>

#include <gtest/gtest.h>

#include "frontend/diagnostics.hpp"
#include "frontend/ptx/parser.hpp"
#include "frontend/source.hpp"

namespace lockstep::test {

/// A parsed text. The tree points into `source`, so a Parsed is built in
/// place and never moved.
struct Parsed {
  Source source;
  ptx::ast::Module module;

  explicit Parsed(std::string text, std::string path = "t.ptx")
      : source(std::move(path), std::move(text)), module(ptx::parse(source)) {}
  Parsed(const Parsed&) = delete;
  Parsed& operator=(const Parsed&) = delete;

  /// The n-th top-level item, which must be a T.
  template <class T>
  const T& item(std::size_t n) const {
    EXPECT_LT(n, module.items.size());
    EXPECT_TRUE(std::holds_alternative<T>(module.items.at(n))) << "item " << n;
    return std::get<T>(module.items.at(n));
  }
  /// The first Function with a body.
  const ptx::ast::Function& kernel() const {
    for (const auto& it : module.items) {
      if (const auto* f = std::get_if<ptx::ast::Function>(&it); f != nullptr && f->has_body) {
        return *f;
      }
    }
    throw std::runtime_error("no function with a body");
  }
  /// The n-th statement of kernel(), which must be a T.
  template <class T>
  const T& stmt(std::size_t n) const {
    const auto& body = kernel().body;
    EXPECT_LT(n, body.size());
    EXPECT_TRUE(std::holds_alternative<T>(body.at(n))) << "statement " << n;
    return std::get<T>(body.at(n));
  }
  /// The 1-based line:column of a byte offset, as "L:C".
  std::string at(std::uint32_t offset) const {
    const ir::SrcLoc loc = source.locate(offset);
    return std::to_string(loc.line) + ":" + std::to_string(loc.col);
  }
};

/// Header of a kernel whose body follows: ".version 8.0 ... .entry k() {".
inline std::string kernel_text(const std::string& body) {
  return ".version 8.0\n.target sm_80\n.address_size 64\n.visible .entry k()\n{\n" + body +
         "\n}\n";
}

/// The message of the InputError that parsing `text` (as file "bad.ptx")
/// throws, or "no error".
inline std::string parse_error(const std::string& text) {
  const Source source("bad.ptx", text);
  try {
    static_cast<void>(ptx::parse(source));
  } catch (const InputError& e) {
    return e.what();
  }
  return "no error";
}

}  // namespace lockstep::test
