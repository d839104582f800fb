#include "semantics/launch/launch_engine.hpp"

#include <utility>

#include "semantics/launch/grid_barrier_wait.hpp"
#include "semantics/model/model_mimd.hpp"
#include "semantics/model/model_stack.hpp"

namespace lockstep::sem {
namespace {

template <DivergenceModel M>
class EngineOf final : public LaunchEngine {
 public:
  EngineOf(const LaunchSetup& setup, M model, Residency residency)
      : s_(setup, std::move(model), ConcreteDomain{}, residency) {}

  [[nodiscard]] bool thread_units() const noexcept override { return M::kThreadUnits; }
  [[nodiscard]] std::uint32_t warp_count() const noexcept override { return s_.warp_count(); }
  [[nodiscard]] Mask enabled(std::uint32_t w) const noexcept override { return s_.enabled(w); }
  [[nodiscard]] UnitView unit(std::uint32_t w, unsigned key) const noexcept override {
    return s_.model().unit(s_.model_state(w), key);
  }
  void step(std::uint32_t w, unsigned key, StepReport& report) override { s_.step(w, key, report); }
  [[nodiscard]] bool warp_done(std::uint32_t w) const noexcept override { return s_.warp_done(w); }
  [[nodiscard]] const WarpData& warp(std::uint32_t w) const noexcept override { return s_.warp(w); }

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

}  // namespace

std::unique_ptr<LaunchEngine> make_launch_engine(const LaunchSetup& setup, ModelKind model, Residency residency) {
  switch (model) {
    case ModelKind::Mimd: return std::make_unique<EngineOf<ModelMimd>>(setup, ModelMimd{}, residency);
    case ModelKind::Stack:
      return std::make_unique<EngineOf<ModelStack>>(setup, ModelStack{PushOrder::Nvidia}, residency);
    case ModelKind::StackAmd:
      return std::make_unique<EngineOf<ModelStack>>(setup, ModelStack{PushOrder::Amd}, residency);
    case ModelKind::StackNt:
      return std::make_unique<EngineOf<ModelStack>>(setup, ModelStack{PushOrder::NotTakenFirst}, residency);
    default: break;
  }
  return std::make_unique<EngineOf<ModelMimd>>(setup, ModelMimd{}, residency);
}

}  // namespace lockstep::sem
