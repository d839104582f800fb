// DDOS on one SM (research 000-aware-bows-ddos-mp.md §3.4, §3.6): the
// history registers of every warp (ddos_history.hpp) and the SM's SIB
// prediction table (sib_table.hpp), fed by each issued instruction:
//
//   setp                the warp's history takes the hashed PC and the
//                       hashed operands of its first thread (the step
//                       report's `compared`), which may make it spinning
//                       or end its spinning;
//   taken backward bra  the table learns from it: up when the warp is
//                       spinning, down when not (TimingInstr::backward;
//                       taken = some thread's guard held);
//
// and tells the SM whether the instruction was a confirmed spin-inducing
// branch (what BOWS backs off) and whether this issue confirmed it (a
// detection). With `shared_history` the SM has one set of history
// registers, lent to warp slot (cycle / epoch) mod warps for an epoch and
// cleared when it changes hands; only that warp's instructions update
// the histories and the table.
#pragma once

#include <cstdint>
#include <vector>

#include "semantics/launch/step_report.hpp"
#include "semantics/launch/timing_decode.hpp"
#include "sim/config/spin_config.hpp"
#include "sim/core/ddos_history.hpp"
#include "sim/core/sib_table.hpp"
#include "sim/mem/mem_request.hpp"

namespace lockstep::sim {

/// A confirmation of a spin-inducing branch: where, when and by whom.
struct SpinDetection {
  std::uint32_t pc = 0;             ///< the backward branch (instruction index)
  Cycle cycle = 0;                  ///< core cycle of the confirming issue
  std::uint32_t sm = 0;
  std::uint32_t warp = 0;           ///< hardware warp slot on the SM
  std::uint32_t block = 0;          ///< linear block index of that warp
  std::uint32_t warp_in_block = 0;

  friend bool operator==(const SpinDetection&, const SpinDetection&) = default;
};

/// What one issued instruction was, to DDOS.
struct SpinVerdict {
  bool profiled = false;         ///< a setp that entered a history
  bool spinning_branch = false;  ///< a taken backward branch of a spinning warp
  bool sib = false;              ///< a taken backward branch confirmed as a SIB (now or before)
  bool confirmed = false;        ///< this issue confirmed it
};

class SpinDetector {
 public:
  SpinDetector(const DdosConfig& config, std::uint32_t warps);

  SpinVerdict observe(std::uint32_t warp, const sem::TimingInstr& t, const sem::StepReport& r, Cycle now);
  /// A new warp starts in slot `warp`: its history is cleared.
  void reset(std::uint32_t warp) noexcept;

  [[nodiscard]] bool spinning(std::uint32_t warp) const noexcept;
  [[nodiscard]] const SibTable& table() const noexcept { return table_; }

 private:
  /// The history registers `warp` uses now, or nullptr when it has none
  /// (shared registers lent to another warp).
  DdosHistory* history_of(std::uint32_t warp, Cycle now) noexcept;

  DdosConfig config_;
  std::uint32_t warps_;
  std::vector<DdosHistory> histories_;  ///< one per warp, or one shared
  std::uint32_t owner_ = 0;             ///< shared registers: the warp holding them
  SibTable table_;
};

}  // namespace lockstep::sim
