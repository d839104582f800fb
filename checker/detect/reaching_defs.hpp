// Reaching definitions of single registers, computed on demand and cached
// for the whole kernel: for register r, which definitions of r can reach the
// entry of each block. Registers are not in SSA form; a guarded definition
// (and a memory pseudo-register definition) does not kill the ones before
// it. One forward data-flow problem per demanded register, over bit sets
// of that register's definitions; a register with one definition needs
// none (the definition is its only candidate).
#pragma once

#include <cstdint>
#include <memory>
#include <unordered_map>
#include <vector>

#include "frontend/analysis/def_use_table.hpp"
#include "frontend/ir/kernel.hpp"

namespace lockstep::checker {

class ReachingDefs {
 public:
  ReachingDefs(const ir::Kernel& kernel, const analysis::DefUseTable& du);

  /// Appends to `out` the definitions of reg that reach the instruction at
  /// pc (before it executes).
  void reaching(std::uint32_t pc, std::uint32_t reg, std::vector<std::uint32_t>& out);
  /// Every PC defining reg, ascending.
  [[nodiscard]] const std::vector<std::uint32_t>& defs(std::uint32_t reg) const noexcept { return defs_of_[reg]; }
  /// Block of the instruction at pc (a table lookup).
  [[nodiscard]] std::uint32_t block_of(std::uint32_t pc) const noexcept { return block_of_[pc]; }

 private:
  struct PerReg {
    std::vector<std::uint32_t> defs;    ///< PCs defining the register, ascending
    std::uint32_t words = 0;            ///< bit-set words per block
    std::vector<std::uint64_t> in;      ///< per block: defs reaching its entry
  };
  const PerReg& solve(std::uint32_t reg);

  const ir::Kernel* kernel_;
  const analysis::DefUseTable* du_;
  std::vector<std::vector<std::uint32_t>> defs_of_;  ///< per register, ascending PCs
  std::vector<std::uint32_t> block_of_;              ///< per PC
  std::unordered_map<std::uint32_t, std::unique_ptr<PerReg>> solved_;
};

}  // namespace lockstep::checker
