// The SIMD pipelines of an SM: `<unit>.units` units of each class (SP, DP,
// INT, SFU, tensor), each accepting a warp instruction every `initiation`
// cycles of that instruction and producing its result `latency` cycles
// after it entered (core.ops, by the instruction's LatencyClass; ALU work
// without a class takes 1 and 1). Results leave through the SM's
// `writeback_width` result buses: an instruction enters a unit only when
// fewer than that many results are already due in the cycle its result
// would be (GPGPU-Sim's result-bus check), so writeback never stalls.
//
// Each cycle, for each class, the OC_EX register's instructions enter free
// units oldest first; an instruction that finds no free unit or result bus
// waits there.
#pragma once

#include <array>
#include <cstdint>
#include <queue>
#include <vector>

#include "sim/config/core_config.hpp"
#include "sim/core/operand_collector.hpp"
#include "sim/core/warp_instr.hpp"

namespace lockstep::sim {

class SimdUnits {
 public:
  SimdUnits() = default;
  explicit SimdUnits(const CoreConfig& core);

  /// Moves instructions from the OC_EX registers (not MEM's) into units.
  void dispatch(Cycle now, OperandCollector& oc, const WarpInstrPool& pool);
  /// Appends the instructions whose results are due at or before `now`, in
  /// the order they became due.
  void take_completed(Cycle now, std::vector<std::uint32_t>& out);
  [[nodiscard]] bool empty() const noexcept { return done_.empty(); }
  /// The earliest cycle a result is due (kNever when none).
  [[nodiscard]] Cycle next_completion() const noexcept { return done_.empty() ? kNever : done_.top().at; }

 private:
  struct Due {
    Cycle at;
    std::uint64_t seq;
    std::uint32_t instr;
    bool operator>(const Due& o) const noexcept { return at != o.at ? at > o.at : seq > o.seq; }
  };
  std::array<std::vector<Cycle>, kUnitKinds> free_at_{};  ///< per unit: the cycle it takes an instruction again
  std::vector<std::uint32_t> bus_;  ///< results due per cycle, a ring over the largest latency
  Cycle bus_base_ = 0;              ///< slots of cycles before this one have been cleared
  std::uint32_t buses_ = 1;
  std::priority_queue<Due, std::vector<Due>, std::greater<>> done_;
  std::uint64_t seq_ = 0;
};

}  // namespace lockstep::sim
