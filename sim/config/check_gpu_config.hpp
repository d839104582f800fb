// Consistency of a GpuConfig: what both readers check after filling one.
//
// A configuration is rejected when a value cannot describe a GPU lockstep
// can simulate: zero SMs, channels or units that must exist; a register file
// smaller than one warp needs; a cache whose sets, line size or port width
// break the rules of its index and sector layout; an address mapping whose
// bank, channel or sub-partition bits do not match the DRAM it decodes; a
// hash that only exists for 16, 32 or 64 sets; a warp size other than the
// semantics' 32 threads; and similar (check_gpu_config.cpp lists them all).
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "sim/config/gpu_config.hpp"

namespace lockstep::sim {

struct ConfigProblem {
  /// The TOML key paths of the fields involved (e.g. "core.registers",
  /// "memory.l2.sets"), the one at fault first; the readers turn one of them
  /// into a source position (the TOML reader the first, the GPGPU-Sim reader
  /// the one set last in the file).
  std::vector<std::string> fields;
  std::string message;  ///< what is wrong, in words that do not depend on the file format
};

/// The first problem found, in the order of the fields, or nothing.
[[nodiscard]] std::optional<ConfigProblem> check_gpu_config(const GpuConfig& c);

}  // namespace lockstep::sim
