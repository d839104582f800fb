// The printer over every model in models/kernels/*/*.ptx:
//   - round trip: lowering the printed text gives the same IR as lowering
//     the model (code, operands, registers, variables, labels, blocks, CUDA
//     positions), and printing that IR again gives the same text;
//   - ptxas (when installed) accepts the printed text of every 64-bit model.
#include <gtest/gtest.h>

#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

#include "frontend/load.hpp"
#include "frontend/ptx/printer.hpp"
#include "frontend/source.hpp"
#include "tests/frontend/printer_compare.hpp"
#include "tests/frontend/printer_ptxas.hpp"

namespace lockstep {
namespace {

namespace fs = std::filesystem;

std::vector<std::string> model_files() {
  std::vector<std::string> files;
  const fs::path root = fs::path(LOCKSTEP_SOURCE_DIR) / "models" / "kernels";
  std::error_code ec;
  for (const auto& dir : fs::directory_iterator(root, ec)) {
    if (!dir.is_directory()) continue;
    for (const auto& file : fs::directory_iterator(dir.path(), ec)) {
      if (file.path().extension() == ".ptx") files.push_back(file.path().string());
    }
  }
  std::sort(files.begin(), files.end());
  return files;
}

std::string read(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

ir::Module load(const std::string& path, std::string text) {
  return load_ptx(Source(path, std::move(text)));
}

/// ptxas (13.0) crashes on PTX that reads a function-body `.param` variable
/// other than the return value of the call just before. The IR of a kernel
/// with an inlined device function does that (the callee reads its
/// parameters from the caller's call-sequence variables). Names the first
/// such read, or "".
std::string body_param_read(const ir::Module& m) {
  for (const auto& k : m.kernels) {
    std::vector<bool> entry(k.vars.size(), false);
    for (const auto p : k.params) entry[p] = true;
    for (std::uint32_t pc = 0; pc < k.code.size(); ++pc) {
      const ir::Instr& in = k.code[pc];
      if (in.op != ir::Opcode::Ld || in.space != ir::Space::Param || in.op_count < 2) continue;
      const ir::Operand& a = k.op(pc, 1);
      if (a.kind != ir::OperandKind::Address || a.addr_base() != ir::AddrBase::Symbol ||
          a.scope != ir::SymScope::Kernel || entry[a.a]) {
        continue;
      }
      if (pc > 0 && k.code[pc - 1].op == ir::Opcode::Print) continue;
      return fmt::format("kernel {} reads .param variable {} at pc {}", k.name, k.vars[a.a].name, pc);
    }
  }
  return "";
}

class PrinterModel : public ::testing::TestWithParam<std::string> {};

TEST_P(PrinterModel, RoundTripGivesTheSameIr) {
  const ir::Module original = load(GetParam(), read(GetParam()));
  const std::string printed = ptx::print(original);
  ir::Module again;
  ASSERT_NO_THROW(again = load(GetParam() + ".printed", printed)) << printed;
  EXPECT_EQ(test::module_difference(original, again), "") << printed;
  EXPECT_EQ(ptx::print(again), printed);
}

TEST_P(PrinterModel, PtxasAcceptsThePrintedText) {
  const std::string ptxas = test::find_ptxas();
  if (ptxas.empty()) GTEST_SKIP() << "ptxas not found on PATH or at /usr/local/cuda/bin/ptxas";
  const ir::Module original = load(GetParam(), read(GetParam()));
  if (original.address_size != 64) GTEST_SKIP() << "legacy 32-bit model";
  const std::string printed = ptx::print(original);
  const fs::path path(GetParam());
  const std::string stem = path.parent_path().filename().string() + "_" + path.stem().string();
  const std::string param_read = body_param_read(original);
  EXPECT_EQ(test::ptxas_errors(ptxas, printed, stem), "")
      << (param_read.empty() ? "" : "Known ptxas crash: " + param_read +
                                  " outside a call sequence; lowering should give inlined "
                                  "call-sequence variables the .local space.\n")
      << printed;
}

/// "<folder>" for models/kernels/<folder>/<folder>.ptx, else "<folder>_<stem>",
/// with every character that is not a letter or digit made '_'.
std::string model_name(const ::testing::TestParamInfo<std::string>& info) {
  const fs::path path(info.param);
  const std::string folder = path.parent_path().filename().string();
  const std::string stem = path.stem().string();
  std::string name = stem == folder ? folder : folder + "_" + stem;
  std::replace_if(
      name.begin(), name.end(), [](char c) { return std::isalnum(static_cast<unsigned char>(c)) == 0; },
      '_');
  return name;
}

INSTANTIATE_TEST_SUITE_P(Models, PrinterModel, ::testing::ValuesIn(model_files()), model_name);
GTEST_ALLOW_UNINSTANTIATED_PARAMETERIZED_TEST(PrinterModel);

}  // namespace
}  // namespace lockstep
