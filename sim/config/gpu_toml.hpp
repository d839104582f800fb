// lockstep's GPU files (`models/gpus/NAME.toml`): read and write.
//
// The file has the sections of GpuConfig (gpu_config.hpp) with one key per
// field, every key required and no other key allowed, so that a file says
// everything the simulator will use:
//
//   name = "gtx480"
//   source = "GPGPU-Sim 4 tested-cfgs/SM2_GTX480"
//   [clocks]              core_mhz, interconnect_mhz, l2_mhz, dram_mhz
//   [launch]              kernel, cta
//   [core]                clusters, cores_per_cluster, warp_size, ...
//   [core.shared]  [core.scheduler]  [core.operand_collector]
//   [core.sp] [core.dp] [core.int] [core.sfu] [core.tensor] [core.mem]
//   [core.ops]            int_add = { latency = 4, initiation = 1 }, ...
//   [core.l1i] [core.l1d] [core.l1c] [core.l1t]
//   [memory]  [memory.queues]  [memory.l2]  [memory.address_mapping]
//   [memory.dram]  [memory.dram.timing]
//   [interconnect]
//   [divergence]
//
// A cache table has `bytes`, which must equal sets * line_bytes * ways, so
// that a size copied from a paper is checked against its geometry.
// format_gpu_toml writes this format with every field (and a comment with
// each field's unit); parse_gpu_toml(format_gpu_toml(c)) == c.
//
// Errors are one lockstep::InputError, `FILE:LINE:COL: error: KEY.PATH: WHY`,
// for TOML syntax, unknown or missing keys, wrong types, out-of-range
// values and every check_gpu_config problem (at the key of the field).
#pragma once

#include <filesystem>
#include <string>
#include <string_view>

#include "sim/config/gpu_config.hpp"

namespace lockstep::sim {

[[nodiscard]] GpuConfig parse_gpu_toml(std::string_view text, const std::string& path_for_messages);
[[nodiscard]] GpuConfig read_gpu_toml_file(const std::filesystem::path& file);

/// The whole configuration in the format above.
[[nodiscard]] std::string format_gpu_toml(const GpuConfig& c);
/// The same tree as JSON (objects for sections, numbers, strings, booleans).
[[nodiscard]] std::string format_gpu_json(const GpuConfig& c);
/// For people: a summary (SMs, occupancy, cache and memory sizes, peak DRAM
/// bandwidth) followed by every field as `section.key = value  unit`.
[[nodiscard]] std::string format_gpu_text(const GpuConfig& c);

}  // namespace lockstep::sim
