#include "sim/gpu/memory_side.hpp"

namespace lockstep::sim {
namespace {

class SystemSide final : public MemorySide {
 public:
  explicit SystemSide(const GpuConfig& config) : mem_(config) {}
  [[nodiscard]] bool can_accept(std::uint32_t cluster, const MemRequest& request) const override {
    return mem_.can_accept(cluster, request);
  }
  void push(std::uint32_t cluster, const MemRequest& request, Cycle now) override { mem_.push(cluster, request, now); }
  std::optional<MemRequest> pop_reply(std::uint32_t cluster, Cycle now) override { return mem_.pop_reply(cluster, now); }
  void tick(DomainMask domains, Cycle now) override { mem_.tick(domains, now); }
  [[nodiscard]] bool idle() const override { return mem_.idle(); }
  [[nodiscard]] Cycle next_event_cycle(Cycle now) const override { return mem_.next_event_cycle(now); }
  void skip(const DomainTicks& skipped, Cycle now) override { mem_.skip(skipped, now); }
  void report(StatVisitor& visitor) const override { mem_.report(visitor); }
  [[nodiscard]] MemoryCounters counters() const override { return mem_.counters(); }

 private:
  MemorySystem mem_;
};

}  // namespace

std::unique_ptr<MemorySide> memory_system_side(const GpuConfig& config) { return std::make_unique<SystemSide>(config); }

}  // namespace lockstep::sim
