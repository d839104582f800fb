// The operand collector (GPGPU-Sim's opndcoll_rfu_t) between issue and the
// functional units.
//
//   issue --ID_OC register--> collector unit --bank reads--> OC_EX register --> unit
//
// Issue puts an instruction into the ID_OC pipeline register of its unit
// class (`<unit>.id_oc_width` places). Each cycle, in this order:
//   1. dispatch: up to `collector_out_ports` collectors per set whose
//      operands are all read move their instruction to the OC_EX register of
//      its class (`<unit>.oc_ex_width` places);
//   2. reads: every register file bank serves `register_file_ports`
//      operand reads, less the writes of this cycle's writebacks (which
//      come first); collectors are served round robin, and a read that finds
//      its bank busy waits (a register-bank conflict,
//      gpu_reg_bank_conflict_stalls). Register r of warp w is in bank
//      (r + w) mod banks with `bank_by_warp_id`, else r mod banks;
//   3. allocation: up to `collector_in_ports` instructions per set move from
//      the ID_OC registers into free collector units; their reads start next
//      cycle.
// With `operand_collector.specialized` each unit class has its own set
// (`<unit>.collectors`, ports); otherwise one generic set serves all.
// An instruction without register sources is ready as soon as it is
// allocated. Source registers are the TimingDecode's (guard, values,
// address bases, carry); a register read twice is read once.
#pragma once

#include <array>
#include <cstdint>
#include <deque>
#include <vector>

#include "semantics/launch/timing_decode.hpp"
#include "sim/config/core_config.hpp"
#include "sim/core/warp_instr.hpp"

namespace lockstep::sim {

class OperandCollector {
 public:
  OperandCollector() = default;
  OperandCollector(const CoreConfig& core, const sem::TimingDecode& decode);

  /// The ID_OC register of `u` has a free place.
  [[nodiscard]] bool can_accept(UnitKind u) const noexcept {
    return id_oc_[idx(u)].size() < id_oc_width_[idx(u)];
  }
  /// Issue: instruction `instr` (a pool index) of class `u` enters the ID_OC register.
  void accept(UnitKind u, std::uint32_t instr) { id_oc_[idx(u)].push_back(instr); }

  /// A writeback this cycle writes these registers of `warp` (taking bank ports).
  void note_write(std::uint32_t warp, std::span<const std::uint32_t> regs) noexcept;
  /// One cycle: dispatch, reads, allocation (see above).
  void cycle(const WarpInstrPool& pool, std::uint64_t& bank_conflicts);
  /// The OC_EX register of `u`: instructions ready for a unit, oldest first.
  [[nodiscard]] std::deque<std::uint32_t>& ready(UnitKind u) noexcept { return oc_ex_[idx(u)]; }
  /// Nothing held anywhere.
  [[nodiscard]] bool empty() const noexcept;

 private:
  struct Unit {
    bool busy = false;
    bool ready = false;
    std::uint32_t instr = 0;
    UnitKind kind = UnitKind::Sp;
    std::uint32_t warp = 0;
    std::array<std::uint32_t, 16> pending{};  ///< banks of the operands still to read
    std::uint32_t n_pending = 0;
  };
  struct Set {
    std::vector<Unit> units;
    std::uint32_t in_ports = 0;
    std::uint32_t out_ports = 0;
    std::uint32_t kinds = 0;  ///< bit per UnitKind served
    std::size_t next_dispatch = 0;
  };
  static constexpr std::size_t idx(UnitKind u) noexcept { return static_cast<std::size_t>(u); }
  [[nodiscard]] std::uint32_t bank(std::uint32_t reg, std::uint32_t warp) const noexcept {
    return (reg + (by_warp_ ? warp : 0U)) % banks_;
  }

  const sem::TimingDecode* decode_ = nullptr;
  std::vector<Set> sets_;
  std::array<std::deque<std::uint32_t>, kUnitKinds> id_oc_{};
  std::array<std::deque<std::uint32_t>, kUnitKinds> oc_ex_{};
  std::array<std::uint32_t, kUnitKinds> id_oc_width_{};
  std::array<std::uint32_t, kUnitKinds> oc_ex_width_{};
  std::vector<std::uint32_t> bank_writes_;  ///< this cycle's writes per bank
  std::vector<std::uint32_t> bank_reads_;   ///< scratch: reads granted per bank this cycle
  std::uint32_t banks_ = 1;
  std::uint32_t ports_ = 1;
  bool by_warp_ = false;
  std::size_t next_read_ = 0;  ///< round-robin start among all collector units for reads
};

/// The configuration of unit class `u` (core.sp ... core.mem).
[[nodiscard]] const UnitClassConfig& unit_config(const CoreConfig& core, UnitKind u) noexcept;

}  // namespace lockstep::sim
