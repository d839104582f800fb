#include "sim/mem/fill_parts.hpp"

#include <fmt/format.h>

namespace lockstep::sim {

std::string long_line_unsupported(const CacheConfig& c) {
  if (!c.enabled || c.kind == CacheKind::Sector || c.line_bytes <= kRequestBytes) return {};
  if (c.write != WritePolicy::ReadOnly) {
    return fmt::format("lines longer than {} bytes are filled for read-only caches only (the writeback of a dirty "
                       "line is not split into requests)",
                       kRequestBytes);
  }
  const std::uint32_t parts = fill_parts(c.line_bytes);
  if (c.miss_queue < parts) {
    return fmt::format("a miss sends {} requests of {} bytes, but the miss queue holds {}", parts, kRequestBytes,
                       c.miss_queue);
  }
  return {};
}

}  // namespace lockstep::sim
