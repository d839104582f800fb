// Test support for the alias analysis: a small 64-bit PTX module with two
// pointer parameters, one 32-bit parameter, two module globals and two
// shared arrays; the kernel body is given by the test. Instructions are
// found by a unique piece of their text (the PC whose PTX line holds it).
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include <gtest/gtest.h>

#include "checker/alias/alias.hpp"
#include "frontend/ir/module.hpp"
#include "frontend/load.hpp"
#include "frontend/source.hpp"

namespace lockstep::test {

/// The module: kernel `k(.param .u64 k_p0, .param .u64 k_p1, .param .u32 k_n)`.
inline std::string alias_module(const std::string& body) {
  return ".version 8.0\n.target sm_80\n.address_size 64\n"
         ".global .align 4 .b32 g_a[16];\n"
         ".global .align 4 .b32 g_b[16];\n"
         ".visible .entry k(.param .u64 k_p0, .param .u64 k_p1, .param .u32 k_n)\n{\n"
         ".reg .pred %p<8>;\n.reg .b16 %rs<8>;\n.reg .b32 %r<32>;\n.reg .b64 %rd<32>;\n"
         ".shared .align 4 .b8 s_a[256];\n"
         ".shared .align 4 .b8 s_b[256];\n"
         ".local .align 8 .b8 l_a[16];\n" +
         body + "\nret;\n}\n";
}

/// Line (1-based) of the only occurrence of `needle` in `text`.
inline std::uint32_t line_of(const std::string& text, std::string_view needle) {
  const std::size_t at = text.find(needle);
  EXPECT_NE(at, std::string::npos) << "missing: " << needle;
  EXPECT_EQ(text.find(needle, at + 1), std::string::npos) << "not unique: " << needle;
  if (at == std::string::npos) return 0;
  std::uint32_t line = 1;
  for (std::size_t i = 0; i < at; ++i) line += text[i] == '\n' ? 1U : 0U;
  return line;
}

/// A loaded module and the alias analysis of one of its kernels.
class Analysed {
 public:
  explicit Analysed(std::string text, checker::AliasOptions options = {}, std::size_t kernel = 0)
      : text_(std::move(text)), module_(load_ptx(Source("alias.ptx", text_))),
        aa_(module_, module_.kernels.at(kernel), options), kernel_(kernel) {}
  Analysed(const Analysed&) = delete;
  Analysed& operator=(const Analysed&) = delete;

  [[nodiscard]] const ir::Kernel& kernel() const { return module_.kernels.at(kernel_); }
  [[nodiscard]] const checker::AddressAnalysis& aa() const { return aa_; }

  /// PC of the instruction whose line holds `needle`.
  [[nodiscard]] std::uint32_t pc(std::string_view needle) const {
    const std::uint32_t line = line_of(text_, needle);
    const ir::Kernel& k = kernel();
    for (std::uint32_t p = 0; p < k.code.size(); ++p) {
      if (k.code[p].loc.line == line) return p;
    }
    ADD_FAILURE() << "no instruction on line " << line << " (" << needle << ")";
    return 0;
  }
  [[nodiscard]] checker::Alias alias(std::string_view read, std::string_view write) const {
    return aa_.alias(pc(read), pc(write));
  }
  [[nodiscard]] std::string describe(std::string_view needle) const { return aa_.describe(pc(needle)); }

 private:
  std::string text_;
  ir::Module module_;
  checker::AddressAnalysis aa_;
  std::size_t kernel_;
};

}  // namespace lockstep::test
