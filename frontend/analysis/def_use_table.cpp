#include "frontend/analysis/def_use_table.hpp"

namespace lockstep::analysis {

DefUseTable::DefUseTable(const ir::Kernel& kernel) : DefUseTable(kernel, PrivateSlots{}) {}

DefUseTable::DefUseTable(const ir::Kernel& kernel, const PrivateSlots& slots) {
  const auto pcs = static_cast<std::uint32_t>(kernel.code.size());
  const GenericReach reach = generic_reach(kernel);
  const std::uint32_t local = pseudo_reg(kernel, PseudoReg::LocalMemory);
  const bool split = !slots.empty();
  const std::uint32_t unresolved = unresolved_local_reg(kernel);
  reg_count_ = reg_slots(kernel) + (split ? 1 + slots.count : 0);
  def_off_.assign(std::size_t{pcs} + 1, 0);
  use_off_.assign(std::size_t{pcs} + 1, 0);
  defs_.reserve(pcs);
  uses_.reserve(std::size_t{pcs} * 2);
  std::vector<RegDef> d;
  std::vector<RegUse> u;
  for (std::uint32_t pc = 0; pc < pcs; ++pc) {
    const PrivateSlots::Reach r = split ? slots.at(pc) : PrivateSlots::Reach::Unknown;
    analysis::defs(kernel, pc, d, reach);
    for (const RegDef& def : d) {
      if (def.reg != local || !split) {
        defs_.push_back(def);
        continue;
      }
      if (r == PrivateSlots::Reach::None) continue;
      defs_.push_back(def);
      if (r == PrivateSlots::Reach::Unknown) {
        defs_.push_back({unresolved, false});
      } else {
        for (const std::uint32_t s : slots.slots_at(pc)) defs_.push_back({local_slot_reg(kernel, s), false});
      }
    }
    def_off_[pc + 1] = static_cast<std::uint32_t>(defs_.size());
    analysis::uses(kernel, pc, u, reach);
    for (const RegUse& use : u) {
      if (use.reg != local || !split || r == PrivateSlots::Reach::Unknown) {
        uses_.push_back(use);
        continue;
      }
      if (r == PrivateSlots::Reach::None) continue;
      for (const std::uint32_t s : slots.slots_at(pc)) uses_.push_back({local_slot_reg(kernel, s), UseKind::Memory});
      uses_.push_back({unresolved, UseKind::Memory});
    }
    use_off_[pc + 1] = static_cast<std::uint32_t>(uses_.size());
  }
}

}  // namespace lockstep::analysis
