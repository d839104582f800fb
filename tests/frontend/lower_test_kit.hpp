// Helpers for the lowering tests: loading small PTX texts, reaching their
// instructions and operands, and reading the first error.
#pragma once

#include <string>
#include <utility>

#include <gtest/gtest.h>

#include "frontend/diagnostics.hpp"
#include "frontend/ir/module.hpp"
#include "frontend/load.hpp"
#include "frontend/ptx/decode.hpp"
#include "frontend/source.hpp"

namespace lockstep::test {

/// Registers every instruction test may use, declared at the top of
/// lowered_body() kernels (lines 6..12).
inline const char* const kTestRegs =
    ".reg .pred %p<8>;\n"
    ".reg .b16 %rs<8>;\n"
    ".reg .b32 %r<8>;\n"
    ".reg .b64 %rd<8>;\n"
    ".reg .f32 %f<8>;\n"
    ".reg .f64 %fd<8>;\n"
    ".shared .align 4 .b8 sbuf[64];\n";

/// A 64-bit module with one kernel `k(.param .u64 k_p0)` whose body is
/// kTestRegs followed by `body` (which starts on line 13, column 1).
inline std::string kernel_with(const std::string& body) {
  return ".version 8.0\n.target sm_80\n.address_size 64\n.visible .entry k(.param .u64 k_p0)\n{\n" +
         std::string(kTestRegs) + body + "\n}\n";
}

/// A lowered text. The module owns no pointers into the source.
struct Lowered {
  Source source;
  ir::Module module;

  explicit Lowered(std::string text, std::string path = "t.ptx")
      : source(std::move(path), std::move(text)), module(load_ptx(source)) {}

  [[nodiscard]] const ir::Kernel& kernel(std::size_t i = 0) const { return module.kernels.at(i); }
  [[nodiscard]] const ir::Instr& instr(std::size_t pc, std::size_t k = 0) const {
    return kernel(k).code.at(pc);
  }
  [[nodiscard]] const ir::Operand& op(std::size_t pc, unsigned i, std::size_t k = 0) const {
    EXPECT_LT(i, instr(pc, k).op_count);
    return kernel(k).op(static_cast<std::uint32_t>(pc), i);
  }
  /// Name of register `id` of kernel k.
  [[nodiscard]] const std::string& reg(std::uint32_t id, std::size_t k = 0) const {
    return kernel(k).regs.at(id).name;
  }
  /// The register name an operand (Reg) refers to.
  [[nodiscard]] std::string reg_of(std::size_t pc, unsigned i, std::size_t k = 0) const {
    const ir::Operand& o = op(pc, i, k);
    EXPECT_EQ(o.kind, ir::OperandKind::Reg);
    return o.kind == ir::OperandKind::Reg ? reg(o.a, k) : std::string("<not a register>");
  }
};

/// The message of the InputError that loading `text` (as file "bad.ptx")
/// throws, or "no error".
inline std::string load_error(const std::string& text) {
  try {
    static_cast<void>(load_ptx(Source("bad.ptx", text)));
  } catch (const InputError& e) {
    return e.what();
  }
  return "no error";
}

/// Decodes an opcode spelling on its own (as file "op.ptx", offset 0).
inline ptx::decode::Decoded decode(const std::string& spelling) {
  const Source source("op.ptx", spelling);
  return ptx::decode::decode_opcode(source.text(), 0, source);
}

/// The decoding error for a spelling ("op.ptx:1:1: error: ..."), or "no error".
inline std::string decode_error(const std::string& spelling) {
  try {
    static_cast<void>(decode(spelling));
  } catch (const InputError& e) {
    return e.what();
  }
  return "no error";
}

}  // namespace lockstep::test
