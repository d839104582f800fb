#include "frontend/analysis/def_use_table.hpp"

namespace lockstep::analysis {

DefUseTable::DefUseTable(const ir::Kernel& kernel) {
  const auto pcs = static_cast<std::uint32_t>(kernel.code.size());
  const GenericReach reach = generic_reach(kernel);
  def_off_.assign(std::size_t{pcs} + 1, 0);
  use_off_.assign(std::size_t{pcs} + 1, 0);
  defs_.reserve(pcs);
  uses_.reserve(std::size_t{pcs} * 2);
  std::vector<RegDef> d;
  std::vector<RegUse> u;
  for (std::uint32_t pc = 0; pc < pcs; ++pc) {
    analysis::defs(kernel, pc, d, reach);
    defs_.insert(defs_.end(), d.begin(), d.end());
    def_off_[pc + 1] = static_cast<std::uint32_t>(defs_.size());
    analysis::uses(kernel, pc, u, reach);
    uses_.insert(uses_.end(), u.begin(), u.end());
    use_off_[pc + 1] = static_cast<std::uint32_t>(uses_.size());
  }
}

}  // namespace lockstep::analysis
