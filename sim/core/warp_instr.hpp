// A warp instruction in flight in an SM, from issue to writeback, and the
// pool the SM keeps them in (records are reused, so issuing allocates
// nothing once the pool has grown to the SM's peak).
//
// The semantics executed the instruction at issue; the record keeps only
// what timing needs: where it runs, which registers it releases, and for
// the LD/ST unit the accesses it still has to make.
#pragma once

#include <array>
#include <cstdint>
#include <vector>

#include "semantics/launch/timing_decode.hpp"
#include "semantics/value/mask.hpp"
#include "sim/core/coalescer.hpp"
#include "sim/mem/mem_request.hpp"

namespace lockstep::sim {

/// The functional-unit classes of an SM (UnitClassConfig: core.sp ... core.mem).
enum class UnitKind : std::uint8_t { Sp, Dp, Int, Sfu, Tensor, Mem };
inline constexpr std::size_t kUnitKinds = 6;

struct WarpInstr {
  std::uint32_t warp = 0;  ///< hardware warp in the SM
  std::uint32_t pc = 0;
  bool critical = false;  ///< CACP: the warp was critical at issue (its loads say so to the L1D)
  sem::Mask active = 0;    ///< the unit's threads at issue
  sem::Mask executed = 0;  ///< those whose guard held
  UnitKind unit = UnitKind::Sp;
  const sem::TimingInstr* timing = nullptr;
  std::uint64_t id = 0;    ///< the SM's dynamic instruction number
  Cycle issued = 0;
  std::uint32_t latency = 1;     ///< SIMD units: cycles from dispatch to result
  std::uint32_t initiation = 1;  ///< SIMD units: cycles before the unit takes the next instruction
  /// Block-scope models: each lane's static warp in the block (the
  /// scoreboard entries the instruction reserved are its threads' own).
  std::array<std::uint8_t, sem::kWarpSize> home{};

  // LD/ST unit.
  std::uint32_t shared_cycles = 0;      ///< cycles the shared-memory access holds the unit (bank conflicts)
  bool shared_part = false;             ///< some lanes access shared memory
  std::vector<MemAccess> constant;      ///< constant-cache lines still to access
  std::uint64_t constant_base = 0;      ///< kConstBase or kParamBase
  std::vector<MemAccess> global;        ///< global and local requests still to send
  std::size_t next_constant = 0, next_global = 0;
  std::uint32_t outstanding = 0;        ///< accesses sent whose data has not come back
  bool issued_all = false;              ///< every access has left the dispatch register
  /// Not an instruction: a spill or fill of the warp's virtualised divergence
  /// tables (sm_tables.cpp), made by the SM, not issued.
  bool table_access = false;

  [[nodiscard]] sem::InstrRole role() const noexcept { return timing->role; }
  [[nodiscard]] bool loads() const noexcept {
    return timing->role == sem::InstrRole::Load || timing->role == sem::InstrRole::Atomic;
  }
};

/// Reusable records, named by index.
class WarpInstrPool {
 public:
  std::uint32_t acquire() {
    if (free_.empty()) {
      records_.emplace_back();
      return static_cast<std::uint32_t>(records_.size() - 1);
    }
    const std::uint32_t i = free_.back();
    free_.pop_back();
    return i;
  }
  void release(std::uint32_t i) {
    WarpInstr& r = records_[i];
    r.constant.clear();
    r.global.clear();
    r.next_constant = r.next_global = 0;
    r.outstanding = 0;
    r.issued_all = false;
    r.shared_cycles = 0;
    r.shared_part = false;
    r.table_access = false;
    free_.push_back(i);
  }
  [[nodiscard]] WarpInstr& operator[](std::uint32_t i) noexcept { return records_[i]; }
  [[nodiscard]] const WarpInstr& operator[](std::uint32_t i) const noexcept { return records_[i]; }
  [[nodiscard]] std::size_t in_use() const noexcept { return records_.size() - free_.size(); }

 private:
  std::vector<WarpInstr> records_;
  std::vector<std::uint32_t> free_;
};

}  // namespace lockstep::sim
