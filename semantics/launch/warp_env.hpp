// Special registers and symbol addresses for the threads of one warp
// (the LaneEnv of semantics/exec/lane_env.hpp).
//
// Values that depend on the machine are fixed so runs are deterministic:
// %smid = 0, %nsmid = 1, %gridid = 0, performance counters = 0,
// %clock/%clock64/%globaltimer = the launch's step counter at issue.
// %envreg1/%envreg2 hold the grid workspace address of a cooperative launch
// (high, low half); prepare_launch refuses every other %envreg read.
#pragma once

#include <cstdint>

#include "semantics/exec/lane_env.hpp"
#include "semantics/launch/launch_setup.hpp"

namespace lockstep::sem {

class WarpEnv final : public LaneEnv {
 public:
  /// `home`: for a compacted warp of thread block compaction, the static
  /// warp (in the block) of each lane's thread; null: every lane is in warp_in_block.
  WarpEnv(const LaunchSetup& s, std::uint32_t block, std::uint32_t warp_in_block, std::uint64_t clock,
          const std::uint8_t* home = nullptr)
      : s_(s), block_(block), warp_(warp_in_block), clock_(clock), home_(home) {}

  [[nodiscard]] std::uint64_t special(ir::SpecialReg r, std::uint32_t c, unsigned lane) const override {
    using R = ir::SpecialReg;
    const LaunchShape& sh = s_.shape;
    const std::uint32_t warp = home_ != nullptr ? home_[lane] : warp_;
    const std::uint32_t t = warp * kWarpSize + lane;
    const auto comp = [c](const std::array<std::uint32_t, 3>& v) -> std::uint64_t {
      return c >= 1 && c <= 3 ? v[c - 1] : v[0];
    };
    const Mask me = lane_bit(lane);
    switch (r) {
      case R::Tid: return comp(LaunchShape::unflatten(t, sh.block));
      case R::Ntid: return comp(sh.block);
      case R::Ctaid: return comp(LaunchShape::unflatten(block_, sh.grid));
      case R::Nctaid: return comp(sh.grid);
      case R::Laneid: return lane;
      case R::Warpid: return warp;
      case R::Nwarpid: return sh.warps_per_block();
      case R::Smid: return 0;
      case R::Nsmid: return 1;
      case R::Gridid: return 0;
      case R::LanemaskEq: return me;
      case R::LanemaskLe: return me | (me - 1);
      case R::LanemaskLt: return me - 1;
      case R::LanemaskGe: return static_cast<Mask>(~(me - 1));
      case R::LanemaskGt: return static_cast<Mask>(~(me | (me - 1)));
      case R::Clock: return clock_ & 0xffffffffU;
      case R::ClockHi: return clock_ >> 32;
      case R::Clock64: return clock_;
      case R::Globaltimer: return clock_;
      case R::GlobaltimerLo: return clock_ & 0xffffffffU;
      case R::GlobaltimerHi: return clock_ >> 32;
      case R::TotalSmemSize: return s_.shared_bytes();
      case R::DynamicSmemSize: return sh.dynamic_shared;
      case R::AggrSmemSize: return s_.shared_bytes();
      case R::Envreg:
        return c == 1 ? s_.grid_workspace >> 32 : c == 2 ? s_.grid_workspace & 0xffffffffU : 0;
      default: return 0;  // %pm*
    }
  }
  void special_lanes(ir::SpecialReg r, std::uint32_t c, std::uint32_t active, std::uint64_t* out) const override {
    using R = ir::SpecialReg;
    const LaunchShape& sh = s_.shape;
    if (home_ != nullptr) {  // a compacted warp: %tid and %warpid differ by lane
      LaneEnv::special_lanes(r, c, active, out);
      return;
    }
    if (r == R::Tid || r == R::Laneid) {  // the per-lane ones, without a call per lane
      const std::uint32_t first = warp_ * kWarpSize;
      for (unsigned l = 0; l < kWarpSize; ++l) {
        std::uint64_t v = l;
        if (r == R::Tid) {
          const std::uint32_t t = first + l;
          v = c == 2 ? (t / sh.block[0]) % sh.block[1] : c == 3 ? t / (sh.block[0] * sh.block[1]) : t % sh.block[0];
        }
        out[l] = has_lane(active, l) ? v : 0;
      }
      return;
    }
    const std::uint64_t v = active != 0 ? special(r, c, lowest_lane(active)) : 0;
    const bool uniform = r == R::Ntid || r == R::Ctaid || r == R::Nctaid || r == R::Warpid || r == R::Nwarpid ||
                         r == R::Smid || r == R::Nsmid || r == R::Gridid || r == R::Clock || r == R::Clock64;
    if (uniform) {
      for (unsigned l = 0; l < kWarpSize; ++l) out[l] = has_lane(active, l) ? v : 0;
      return;
    }
    LaneEnv::special_lanes(r, c, active, out);
  }
  [[nodiscard]] std::uint64_t symbol_address(ir::SymScope scope, std::uint32_t var) const override {
    return s_.layout->symbol_address(scope, var);
  }
  [[nodiscard]] ir::Space symbol_space(ir::SymScope scope, std::uint32_t var) const override {
    return s_.layout->symbol_space(scope, var);
  }

 private:
  const LaunchSetup& s_;
  std::uint32_t block_;
  std::uint32_t warp_;
  std::uint64_t clock_;
  const std::uint8_t* home_;
};

}  // namespace lockstep::sem
