// A concrete launch state of any divergence model behind one interface, for
// callers that should not be templates over the model (the simulator: one
// compiled pipeline drives every model). Each call forwards to
// LaunchState<M> (launch_state.hpp), whose documentation is the
// reference; the cost is one indirect call.
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "semantics/launch/launch_fault.hpp"
#include "semantics/launch/launch_setup.hpp"
#include "semantics/launch/launch_warp_data.hpp"
#include "semantics/launch/launch_stats.hpp"
#include "semantics/launch/model_spec.hpp"
#include "semantics/launch/residency.hpp"
#include "semantics/launch/step_report.hpp"
#include "semantics/memory/global_memory.hpp"
#include "semantics/model/divergence_model.hpp"
#include "semantics/model/state_hasher.hpp"
#include "semantics/model/table_traffic.hpp"
#include "semantics/model/wait_info.hpp"

namespace lockstep::sem {

class LaunchEngine {
 public:
  virtual ~LaunchEngine() = default;

  /// True when units are single threads (mimd); false when a unit is a group of a warp's threads.
  [[nodiscard]] bool thread_units() const noexcept { return unit_kind() == UnitKind::Thread; }
  /// What a unit is (divergence_model.hpp): Warp when at most one unit of a
  /// warp is enabled at a time, Split or Thread when several may be.
  [[nodiscard]] virtual UnitKind unit_kind() const noexcept = 0;
  [[nodiscard]] virtual std::uint32_t warp_count() const noexcept = 0;
  [[nodiscard]] virtual Mask enabled(std::uint32_t w) const noexcept = 0;
  [[nodiscard]] virtual UnitView unit(std::uint32_t w, unsigned key) const noexcept = 0;
  virtual void step(std::uint32_t w, unsigned key, StepReport& report) = 0;
  [[nodiscard]] virtual bool warp_done(std::uint32_t w) const noexcept = 0;
  /// The model events of warp w that may fire now (LaunchState::events: AWARE's
  /// reconvergence timeouts when the model is built with timeout=any), and firing one.
  [[nodiscard]] virtual Mask events(std::uint32_t w) const noexcept = 0;
  virtual void fire(std::uint32_t w, unsigned event) = 0;
  /// Table traffic (spills and fills of AWARE's virtualised tables,
  /// semantics/model/table_traffic.hpp): recorded per warp once tracked;
  /// take appends warp w's accesses since the last take to `out`.
  virtual void track_table_traffic() = 0;
  virtual void take_table_traffic(std::uint32_t w, TableTraffic& out) = 0;
  [[nodiscard]] virtual const WarpData& warp(std::uint32_t w) const noexcept = 0;
  /// Warp or block scope (divergence_model.hpp): one model state per warp, or per block.
  [[nodiscard]] virtual ModelScope scope() const noexcept = 0;
  /// The static warp, as an index within its block, whose thread each lane
  /// of unit `key` of warp w runs: w's own for warp-scope models; for a
  /// block-scope model's compacted warp, each lane's home warp (a thread
  /// keeps its home lane). Under core scope (core_slots() > 1) the index is
  /// within the core: slot-in-core * warps per block + warp in block.
  /// Lanes outside the unit are left as they are.
  virtual void lane_homes(std::uint32_t w, unsigned key, std::array<std::uint8_t, kWarpSize>& home) const = 0;
  /// Entries of the divergence stack of w's model state (a block-wide stack
  /// under TBC, with the target entries being filled); 0 for models without one.
  [[nodiscard]] virtual std::uint32_t stack_depth(std::uint32_t w) const noexcept = 0;

  /// Block slots per model state: 1, or the slots of one core under core
  /// scope (Residency::core_slots with a core-scope model: DWF).
  [[nodiscard]] virtual std::uint32_t core_slots() const noexcept = 0;

  [[nodiscard]] virtual std::uint32_t slot_count() const noexcept = 0;
  [[nodiscard]] virtual std::uint32_t warps_per_block() const noexcept = 0;
  [[nodiscard]] virtual std::uint32_t slot_block(std::uint32_t slot) const noexcept = 0;
  virtual void admit(std::uint32_t slot, std::uint32_t block) = 0;
  [[nodiscard]] virtual bool slot_done(std::uint32_t slot) const noexcept = 0;
  virtual void retire(std::uint32_t slot) = 0;

  [[nodiscard]] virtual LaunchStatus status() const noexcept = 0;
  [[nodiscard]] virtual const std::optional<LaunchFault>& fault() const noexcept = 0;
  [[nodiscard]] virtual const LaunchStats& stats() const noexcept = 0;
  [[nodiscard]] virtual const GlobalMemory& global() const noexcept = 0;
  [[nodiscard]] virtual const std::string& output() const noexcept = 0;
  [[nodiscard]] virtual const LaunchSetup& setup() const noexcept = 0;
  /// Where every unfinished thread of warp w is and why it waits, with the
  /// threads that spin at a grid barrier marked (grid_barrier_wait.hpp).
  virtual void explain(std::uint32_t w, std::vector<WaitInfo>& out) const = 0;
  /// Canonical hash of the state (LaunchState::hash).
  virtual void hash(StateHasher& h) const = 0;
};

/// A launch state of the model `model` names for `setup` (which must outlive it).
[[nodiscard]] std::unique_ptr<LaunchEngine> make_launch_engine(const LaunchSetup& setup, const ModelSpec& model,
                                                               Residency residency = {});

}  // namespace lockstep::sem
