// CAWA's criticality predictor (CPL; Lee, Arunkumar and Wu, ISCA 2015,
// §4.1) for the warps of one SM:
//
//   criticality(w) = nInst(w) x CPIavg(w) + nStall(w)
//
//   - nInst, the instructions the warp has left, starts at the kernel's
//     static instruction count when the warp is launched; each issued
//     instruction takes one off, and a taken branch corrects it by the
//     distance it jumped: a backward jump to T from the branch at B adds
//     the B - T + 1 instructions the warp will run again (a loop body), a
//     forward jump subtracts the instructions it skips. In one step:
//     nInst += B - next PC (fall-through: -1). Clamped at 0 when read.
//   - CPIavg, the warp's cycles per instruction so far: cycles since launch
//     over instructions issued (at least one).
//   - nStall, the cycles the warp waited: every issue adds the cycles since
//     its previous issue beyond the one it takes (the first issue, the
//     cycles since launch), whatever held it (scoreboard, memory, the
//     scheduler choosing another warp, a barrier).
//
// All integer: nInst x cycles / instructions is rounded down, so orders
// are exact and the same on every host. The SM tells the predictor of
// launches and issues; the cawa scheduler and CACP read it.
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include "sim/mem/mem_request.hpp"

namespace lockstep::sim {

class CriticalityPredictor {
 public:
  explicit CriticalityPredictor(std::uint32_t warps) : warps_(warps) {}

  /// A warp of a kernel of `static_instructions` starts in slot `w` at `now`.
  void launch(std::uint32_t w, std::uint32_t static_instructions, Cycle now) noexcept;
  /// Warp `w` issued the instruction at `pc` at `now`; `next_pc`: where the
  /// warp goes on (none when it cannot tell, e.g. at a barrier: no branch
  /// correction).
  void issued(std::uint32_t w, std::uint32_t pc, std::optional<std::uint32_t> next_pc, Cycle now) noexcept;

  /// nInst x CPIavg + nStall of warp `w` at `now`.
  [[nodiscard]] std::uint64_t criticality(std::uint32_t w, Cycle now) const noexcept;
  /// Whether warp `w` counts as critical at `now` among `live` (the SM's
  /// warps that have not finished): its criticality lies above `fraction`
  /// of the way from the least to the most critical of them (none when all
  /// are equal). CACP marks such warps' loads.
  [[nodiscard]] bool critical(std::uint32_t w, const std::vector<std::uint32_t>& live, double fraction,
                              Cycle now) const noexcept;

  [[nodiscard]] std::int64_t remaining(std::uint32_t w) const noexcept { return warps_[w].n_inst; }
  [[nodiscard]] std::uint64_t stalls(std::uint32_t w) const noexcept { return warps_[w].n_stall; }
  [[nodiscard]] std::uint64_t instructions(std::uint32_t w) const noexcept { return warps_[w].issued; }

 private:
  struct Warp {
    std::int64_t n_inst = 0;   ///< nInst (may fall below 0 on a misestimate)
    std::uint64_t n_stall = 0;  ///< nStall
    std::uint64_t issued = 0;   ///< instructions issued
    Cycle launched = 0;
    Cycle last_issue = 0;       ///< when it last issued (launched before the first)
    bool any_issue = false;
  };
  std::vector<Warp> warps_;
};

}  // namespace lockstep::sim
