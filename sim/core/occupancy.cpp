#include "sim/core/occupancy.hpp"

#include <algorithm>
#include <fmt/format.h>

namespace lockstep::sim {
namespace {

std::uint32_t round_up(std::uint32_t v, std::uint32_t unit) noexcept { return unit == 0 ? v : (v + unit - 1) / unit * unit; }

std::uint32_t padded_threads(const CoreConfig& core, const CtaResources& cta) noexcept {
  return round_up(cta.threads, core.warp_size);
}

std::uint32_t regs_per_thread(const CoreConfig& core, const CtaResources& cta) noexcept {
  return round_up(cta.registers_per_thread, core.register_unit);
}

}  // namespace

std::string_view occupancy_limit_name(OccupancyLimit l) noexcept {
  switch (l) {
    case OccupancyLimit::Threads: return "threads";
    case OccupancyLimit::Registers: return "registers";
    case OccupancyLimit::SharedMemory: return "shared memory";
    case OccupancyLimit::CtaSlots: return "CTA slots";
  }
  return "?";
}

Occupancy occupancy(const CoreConfig& core, const CtaResources& cta) noexcept {
  Occupancy o;
  const std::uint32_t padded = padded_threads(core, cta);
  o.warps_per_cta = core.warp_size == 0 ? 0 : padded / core.warp_size;
  o.registers_per_cta = padded * regs_per_thread(core, cta);
  struct Candidate {
    std::uint64_t ctas;
    OccupancyLimit limit;
  };
  const Candidate candidates[] = {
      {padded == 0 ? 0 : core.max_threads / padded, OccupancyLimit::Threads},
      {o.registers_per_cta == 0 ? ~std::uint64_t{0} : core.registers / o.registers_per_cta, OccupancyLimit::Registers},
      {cta.shared_bytes == 0 ? ~std::uint64_t{0} : core.shared.bytes / cta.shared_bytes, OccupancyLimit::SharedMemory},
      {core.max_ctas, OccupancyLimit::CtaSlots},
  };
  Candidate best = candidates[0];
  for (const Candidate& c : candidates) {
    if (c.ctas < best.ctas) best = c;
  }
  o.ctas = static_cast<std::uint32_t>(std::min<std::uint64_t>(best.ctas, 0xffffffffU));
  o.limit = best.limit;
  if (cta.shared_bytes > core.shared.max_per_cta_bytes) o.ctas = 0;
  return o;
}

std::string Occupancy::describe(const CoreConfig& core, const CtaResources& cta) const {
  const std::uint32_t padded = padded_threads(core, cta);
  std::string why;
  switch (limit) {
    case OccupancyLimit::Threads:
      why = fmt::format("{} threads per SM / {} threads per CTA", core.max_threads, padded);
      break;
    case OccupancyLimit::Registers:
      why = fmt::format("{} registers per SM / ({} threads x {} registers per CTA)", core.registers, padded,
                        regs_per_thread(core, cta));
      break;
    case OccupancyLimit::SharedMemory:
      why = fmt::format("{} bytes of shared memory per SM / {} bytes per CTA", core.shared.bytes, cta.shared_bytes);
      break;
    case OccupancyLimit::CtaSlots: why = fmt::format("{} CTA slots per SM", core.max_ctas); break;
  }
  return fmt::format("{} CTA{} per SM, limited by {}: {}", ctas, ctas == 1 ? "" : "s", occupancy_limit_name(limit), why);
}

std::optional<std::string> occupancy_error(const CoreConfig& core, const CtaResources& cta) {
  const Occupancy o = occupancy(core, cta);
  if (cta.shared_bytes > core.shared.max_per_cta_bytes) {
    return fmt::format("a CTA needs {} bytes of shared memory, more than the {} one CTA may use", cta.shared_bytes,
                       core.shared.max_per_cta_bytes);
  }
  if (o.ctas != 0) return std::nullopt;
  switch (o.limit) {
    case OccupancyLimit::Threads:
      return fmt::format("a CTA of {} threads does not fit an SM: {} threads per SM", padded_threads(core, cta),
                         core.max_threads);
    case OccupancyLimit::Registers:
      return fmt::format("a CTA needs {} registers ({} threads x {} registers), the SM has {}", o.registers_per_cta,
                         padded_threads(core, cta), regs_per_thread(core, cta), core.registers);
    case OccupancyLimit::SharedMemory:
      return fmt::format("a CTA needs {} bytes of shared memory, the SM has {}", cta.shared_bytes, core.shared.bytes);
    case OccupancyLimit::CtaSlots: return fmt::format("the SM has no CTA slot (max_ctas = {})", core.max_ctas);
  }
  return std::nullopt;
}

}  // namespace lockstep::sim
