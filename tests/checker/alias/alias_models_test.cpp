// The alias analysis on the model kernels: the spin lock's lock word, and a
// smoke test over every kernel of models/kernels.
#include <gtest/gtest.h>

#include <filesystem>
#include <string>

#include "checker/alias/alias.hpp"
#include "frontend/load.hpp"

namespace lockstep::test {
namespace {

using checker::Alias;

std::uint32_t find_pc(const ir::Kernel& k, ir::Opcode op, ir::AtomOp aop = ir::AtomOp::None) {
  for (std::uint32_t pc = 0; pc < k.code.size(); ++pc) {
    if (k.code[pc].op == op && (aop == ir::AtomOp::None || k.code[pc].aop == aop)) return pc;
  }
  ADD_FAILURE() << "instruction not found";
  return 0;
}

TEST(AliasModels, SpinLockWordMustAlias) {
  const ir::Module m = load_ptx_file(LOCKSTEP_SOURCE_DIR "/models/kernels/spin_lock/spin_lock.ptx");
  const ir::Kernel& k = m.kernels.at(0);
  const checker::AddressAnalysis aa(m, k);
  const std::uint32_t cas = find_pc(k, ir::Opcode::Atom, ir::AtomOp::Cas);
  const std::uint32_t exch = find_pc(k, ir::Opcode::Atom, ir::AtomOp::Exch);
  const std::uint32_t ld = find_pc(k, ir::Opcode::Ld);  // ld.param of the lock pointer
  const std::uint32_t st = find_pc(k, ir::Opcode::St);  // the counter
  EXPECT_EQ(aa.describe(cas), "global:param0+0");
  EXPECT_EQ(aa.describe(exch), "global:param0+0");
  EXPECT_EQ(aa.describe(st), "global:param1+0");
  EXPECT_EQ(aa.alias(cas, exch), Alias::Must);
  EXPECT_EQ(aa.alias(cas, cas), Alias::Must);
  EXPECT_EQ(aa.alias(cas, st), Alias::May);
  EXPECT_EQ(aa.alias(ld, exch), Alias::No);  // kernel parameters are never written

  checker::AliasOptions noalias;
  noalias.assume_noalias_params = true;
  const checker::AddressAnalysis strict(m, k, noalias);
  EXPECT_EQ(strict.alias(cas, st), Alias::No);
  EXPECT_EQ(strict.alias(cas, exch), Alias::Must);
}

bool memory_op(ir::Opcode op) {
  return op == ir::Opcode::Ld || op == ir::Opcode::Ldu || op == ir::Opcode::St || op == ir::Opcode::Atom ||
         op == ir::Opcode::Red;
}

TEST(AliasModels, EveryModelKernelAnalyses) {
  namespace fs = std::filesystem;
  std::size_t files = 0;
  std::size_t accesses = 0;
  for (const auto& dir : fs::directory_iterator(LOCKSTEP_SOURCE_DIR "/models/kernels")) {
    if (!dir.is_directory()) continue;
    for (const auto& f : fs::directory_iterator(dir.path())) {
      if (f.path().extension() != ".ptx") continue;
      SCOPED_TRACE(f.path().string());
      ++files;
      const ir::Module m = load_ptx_file(f.path().string());
      for (const ir::Kernel& k : m.kernels) {
        const checker::AddressAnalysis aa(m, k);
        for (std::uint32_t pc = 0; pc < k.code.size(); ++pc) {
          if (!memory_op(k.code[pc].op)) continue;
          ++accesses;
          EXPECT_TRUE(aa.is_access(pc)) << k.name << " pc " << pc;
          EXPECT_FALSE(aa.describe(pc).empty());
          static_cast<void>(aa.alias(pc, pc));
        }
      }
    }
  }
  EXPECT_GE(files, 20U);
  EXPECT_GT(accesses, 100U);
}

}  // namespace
}  // namespace lockstep::test
