#include "sim/mem/cache_stats.hpp"

#include <fmt/format.h>

#include <limits>

namespace lockstep::sim {
namespace {

double rate(std::uint64_t num, std::uint64_t den) {
  return den == 0 ? std::numeric_limits<double>::quiet_NaN() : static_cast<double>(num) / static_cast<double>(den);
}

}  // namespace

void CacheStats::report(StatVisitor& v, std::string_view prefix) const {
  v.counter(fmt::format("{}_total_cache_accesses", prefix), accesses());
  v.counter(fmt::format("{}_total_cache_misses", prefix), misses());
  v.ratio(fmt::format("{}_total_cache_miss_rate", prefix), rate(misses(), accesses()));
  v.counter(fmt::format("{}_total_cache_pending_hits", prefix), pending_hits());
  v.counter(fmt::format("{}_total_cache_reservation_fails", prefix), reservation_fails());
  for (std::size_t t = 0; t < kAccessTypes; ++t) {
    for (std::size_t s = 0; s < kCacheStatuses; ++s) {
      v.counter(fmt::format("{}_cache_stats_breakdown[{}][{}]", prefix, access_type_name(static_cast<AccessType>(t)),
                            cache_status_name(static_cast<CacheStatus>(s))),
                outcomes_[t][s]);
    }
  }
  for (std::size_t t = 0; t < kAccessTypes; ++t) {
    for (std::size_t f = 0; f < kFailReasons; ++f) {
      if (fails_[t][f] == 0) continue;
      v.counter(fmt::format("{}_cache_stats_fail_breakdown[{}][{}]", prefix,
                            access_type_name(static_cast<AccessType>(t)), fail_reason_name(static_cast<FailReason>(f))),
                fails_[t][f]);
    }
  }
  v.ratio(fmt::format("{}_cache_data_port_util", prefix), rate(data_busy_cycles_, port_cycles_));
  v.ratio(fmt::format("{}_cache_fill_port_util", prefix), rate(fill_busy_cycles_, port_cycles_));
}

}  // namespace lockstep::sim
