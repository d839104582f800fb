// make_engine_with<M>: the LaunchEngine of one model class. Defined here,
// explicitly instantiated once per model class in launch_engine_<model>.cpp
// (so each model's LaunchState compiles in a translation unit of its own)
// and called through make_launch_engine (launch_engine.cpp).
#pragma once

#include <memory>
#include <utility>
#include <vector>

#include "semantics/launch/grid_barrier_wait.hpp"
#include "semantics/launch/launch_engine.hpp"
#include "semantics/launch/launch_state.hpp"

namespace lockstep::sem {

template <DivergenceModel M>
class EngineOf final : public LaunchEngine {
 public:
  EngineOf(const LaunchSetup& setup, M model, Residency residency)
      : s_(setup, std::move(model), ConcreteDomain{}, residency) {}

  [[nodiscard]] UnitKind unit_kind() const noexcept override { return M::kUnits; }
  [[nodiscard]] std::uint32_t warp_count() const noexcept override { return s_.warp_count(); }
  [[nodiscard]] Mask enabled(std::uint32_t w) const noexcept override { return s_.enabled(w); }
  [[nodiscard]] UnitView unit(std::uint32_t w, unsigned key) const noexcept override {
    return s_.unit(w, key);
  }
  void step(std::uint32_t w, unsigned key, StepReport& report) override { s_.step(w, key, report); }
  [[nodiscard]] bool warp_done(std::uint32_t w) const noexcept override { return s_.warp_done(w); }
  [[nodiscard]] Mask events(std::uint32_t w) const noexcept override { return s_.events(w); }
  void fire(std::uint32_t w, unsigned event) override { s_.fire(w, event); }
  void track_table_traffic() override { s_.track_table_traffic(); }
  void take_table_traffic(std::uint32_t w, TableTraffic& out) override { s_.take_table_traffic(w, out); }
  [[nodiscard]] const WarpData& warp(std::uint32_t w) const noexcept override { return s_.warp(w); }
  [[nodiscard]] ModelScope scope() const noexcept override { return M::kScope; }
  void lane_homes(std::uint32_t w, unsigned key, std::array<std::uint8_t, kWarpSize>& home) const override {
    const UnitView u = unit(w, key);
    if constexpr (M::kScope == ModelScope::Block) {
      const auto& cw = s_.block_unit(w, key);
      for_each_lane(u.threads, [&](unsigned l) { home[l] = cw.home[l]; });
    } else {
      const auto own = static_cast<std::uint8_t>(w % s_.warps_per_block());
      for_each_lane(u.threads, [&](unsigned l) { home[l] = own; });
    }
  }
  [[nodiscard]] std::uint32_t stack_depth(std::uint32_t w) const noexcept override {
    if constexpr (requires(const typename M::State& st) { st.stack.size(); }) {
      return static_cast<std::uint32_t>(s_.model_state(w).stack.size());
    } else {
      (void)w;
      return 0;
    }
  }

  [[nodiscard]] std::uint32_t core_slots() const noexcept override { return s_.core_slots(); }
  [[nodiscard]] std::uint32_t slot_count() const noexcept override { return s_.slot_count(); }
  [[nodiscard]] std::uint32_t warps_per_block() const noexcept override { return s_.warps_per_block(); }
  [[nodiscard]] std::uint32_t slot_block(std::uint32_t slot) const noexcept override { return s_.slot_block(slot); }
  void admit(std::uint32_t slot, std::uint32_t block) override { s_.admit(slot, block); }
  [[nodiscard]] bool slot_done(std::uint32_t slot) const noexcept override { return s_.slot_done(slot); }
  void retire(std::uint32_t slot) override { s_.retire(slot); }

  [[nodiscard]] LaunchStatus status() const noexcept override { return s_.status(); }
  [[nodiscard]] const std::optional<LaunchFault>& fault() const noexcept override { return s_.fault(); }
  [[nodiscard]] const LaunchStats& stats() const noexcept override { return s_.stats(); }
  [[nodiscard]] const GlobalMemory& global() const noexcept override { return s_.global(); }
  [[nodiscard]] const std::string& output() const noexcept override { return s_.output(); }
  [[nodiscard]] const LaunchSetup& setup() const noexcept override { return s_.setup(); }
  void explain(std::uint32_t w, std::vector<WaitInfo>& out) const override {
    std::vector<WaitInfo> mine;
    s_.explain(w, mine);
    mark_grid_barrier_waits(s_, w, mine);
    out.insert(out.end(), mine.begin(), mine.end());
  }
  void hash(StateHasher& h) const override { s_.hash(h); }

 private:
  LaunchState<M> s_;
};

template <DivergenceModel M>
std::unique_ptr<LaunchEngine> make_engine_with(const LaunchSetup& setup, M model, Residency residency) {
  return std::make_unique<EngineOf<M>>(setup, std::move(model), residency);
}

}  // namespace lockstep::sem
