#include "cli/run_residency.hpp"

#include <fmt/format.h>

#include "cli/usage_error.hpp"
#include "frontend/diagnostics.hpp"
#include "semantics/launch/residency.hpp"
#include "semantics/spec/element.hpp"
#include "sim/config/load_gpu.hpp"
#include "sim/gpu/launch_occupancy.hpp"

namespace lockstep::cli {
namespace {

std::uint64_t positive(const std::string& text, const char* option, std::uint64_t max, const char* what) {
  const auto v = sem::parse_u64_text(text);
  if (!v || *v == 0 || *v > max || text.starts_with("0x")) {
    usage_error(fmt::format("{}: '{}' is not {} (1 .. {})", option, text, what, max));
  }
  return *v;
}

std::string kib(std::uint64_t bytes) { return fmt::format("{} KiB", (bytes + 1023) / 1024); }

}  // namespace

RunResidency plan_run_residency(const sem::LaunchSetup& setup, const sem::LaunchSpec& spec,
                                const RunResidencyOptions& o, std::ostream& err) {
  const std::uint64_t blocks = setup.shape.blocks();
  RunResidency r;
  std::uint64_t resident = 0;
  if (!o.gpu.empty()) {
    if (o.residency != "auto") usage_error("--gpu sets the residency: it cannot be combined with --residency");
    const sim::LoadedGpu gpu = sim::load_gpu(o.gpu);
    for (const Diagnostic& w : gpu.warnings) err << w.format() << '\n';
    try {
      const sim::LaunchOccupancy occ = sim::launch_occupancy(setup, gpu.config, spec.registers);
      resident = occ.resident_blocks;
      r.limit = fmt::format("the occupancy of {}: {} SMs x {}", gpu.config.name, gpu.config.core.sm_count(), occ.text);
    } catch (const sim::LaunchRefused& e) {
      usage_error(e.what());
    }
  } else if (o.residency == "all") {
    return r;
  } else if (o.residency == "auto") {
    const std::uint64_t budget = positive(o.memory_budget, "--memory-budget", 1U << 20, "a number of MiB");
    const std::uint64_t per_block = sem::block_state_bytes(setup);
    resident = sem::blocks_within_budget(setup, budget);
    if (resident == 0) {
      usage_error(fmt::format("a block of this launch needs about {} of state, more than the memory budget of {} MiB "
                       "(--memory-budget)",
                       kib(per_block), budget));
    }
    r.limit = fmt::format("a memory budget of {} MiB (--memory-budget), about {} per block", budget, kib(per_block));
  } else {
    const auto n = sem::parse_u64_text(o.residency);
    if (!n || *n == 0 || *n > 0xffffffffULL || o.residency.starts_with("0x")) {
      usage_error(fmt::format("--residency: '{}' is not auto, all or a number of blocks (1 .. 4294967295)", o.residency));
    }
    resident = *n;
    r.limit = fmt::format("--residency {}", *n);
  }
  if (resident >= blocks) return RunResidency{};
  if (setup.cooperative) {
    usage_error(fmt::format("the cooperative launch of {} blocks cannot be resident at once: at most {} {} ({})", blocks,
                     resident, resident == 1 ? "block is" : "blocks are", r.limit));
  }
  r.resident_blocks = static_cast<std::uint32_t>(resident);
  return r;
}

}  // namespace lockstep::cli
