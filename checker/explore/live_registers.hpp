// Which registers each PC may still read: the table the explorer's
// canonicalisation zeroes dead registers with (docs/explorer.md, "State
// matching").
//
// live(pc) is the set of registers some path from pc reads before an
// unguarded write to them (frontend/analysis/liveness.hpp at block entries,
// then a backward scan through each block with the def/use table). A dead
// register's value can never be observed, so setting it to zero changes no
// future of the state but lets states that differ only in stale values
// (a spin loop's failed CAS result, say) match. The carry flag is not in the
// table and is never zeroed.
#pragma once

#include <cstdint>
#include <vector>

#include "frontend/analysis/kernel_analysis.hpp"
#include "frontend/ir/kernel.hpp"

namespace lockstep::checker {

class LiveRegisters {
 public:
  LiveRegisters(const ir::Kernel& kernel, const analysis::KernelAnalysis& analysis);

  /// Number of registers the table covers (the kernel's registers, not the carry flag).
  [[nodiscard]] std::uint32_t registers() const noexcept { return regs_; }
  [[nodiscard]] bool live(std::uint32_t pc, std::uint32_t reg) const noexcept {
    const std::uint64_t w = bits_[std::size_t{pc} * words_ + reg / 64];
    return ((w >> (reg % 64)) & 1U) != 0;
  }
  /// The registers dead at pc, ascending.
  [[nodiscard]] const std::vector<std::uint32_t>& dead(std::uint32_t pc) const noexcept { return dead_[pc]; }

 private:
  std::uint32_t regs_ = 0;
  std::size_t words_ = 1;
  std::vector<std::uint64_t> bits_;              ///< pc-major live bit sets
  std::vector<std::vector<std::uint32_t>> dead_; ///< per pc
};

}  // namespace lockstep::checker
