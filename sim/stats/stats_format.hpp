// Printing statistics (lockstep sim --stats text|json|csv).
//
//   text  one `name = value` line each, GPGPU-Sim's style (ratios with 4
//         decimals, NaN as "nan"), the gpgpusim group first
//   json  {"gpgpusim": {name: value, ...}, "lockstep": {...}} (NaN: null)
//   csv   `group,name,value` rows after a header row
// Names with brackets or dots are written as they are.
#pragma once

#include <ostream>
#include <string_view>

#include <nlohmann/json.hpp>

#include "sim/stats/sim_stats.hpp"

namespace lockstep::sim {

enum class StatsFormat : std::uint8_t { Text, Json, Csv };

void write_stats_text(std::ostream& out, const StatGroups& stats);
void write_stats_csv(std::ostream& out, const StatGroups& stats);
[[nodiscard]] nlohmann::ordered_json stats_json(const StatGroups& stats);
/// The statistics file of --stats json: stats_json plus "sm" (per SM:
/// cycles_active, warp_instructions, thread_instructions, ctas) and
/// "samples" (the counters over time, when sampled), what scripts/plot-sim draws.
[[nodiscard]] nlohmann::ordered_json stats_document(const StatGroups& stats, const SimResult& result);

/// A ratio as the text and CSV writers print it ("0.5000", "nan").
[[nodiscard]] std::string ratio_text(double v);

}  // namespace lockstep::sim
