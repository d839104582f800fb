#include "checker/detect/slice.hpp"

#include <algorithm>

namespace lockstep::checker {

std::vector<std::uint32_t> Slicer::slice(std::span<const std::uint32_t> seeds, const BlockSet* within) const {
  const ir::Kernel& k = *kernel_;
  std::vector<bool> in(k.code.size(), false);
  std::vector<std::uint32_t> work;
  std::vector<std::uint32_t> out;
  auto add = [&](std::uint32_t pc) {
    if (in[pc] || (within != nullptr && !within->contains(rd_->block_of(pc)))) return;
    in[pc] = true;
    out.push_back(pc);
    work.push_back(pc);
  };
  for (std::uint32_t s : seeds) add(s);

  std::vector<bool> block_cd_done(k.blocks.size(), false);
  std::vector<std::uint32_t> found;
  while (!work.empty()) {
    const std::uint32_t pc = work.back();
    work.pop_back();
    const std::uint32_t b = rd_->block_of(pc);
    if (!block_cd_done[b]) {
      block_cd_done[b] = true;
      for (std::uint32_t x : cd_->of(b)) add(k.blocks[x].last_pc);
    }
    for (const auto& u : du_->uses(pc)) {
      found.clear();
      rd_->reaching(pc, u.reg, found);
      for (std::uint32_t d : found) add(d);
    }
  }
  std::sort(out.begin(), out.end());
  return out;
}

}  // namespace lockstep::checker
