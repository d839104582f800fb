// How many CTAs of a kernel one SM holds at once, and which resource
// decides it (GPGPU-Sim's shader_core_config::max_cta, with the same
// rounding):
//
//   threads     max_threads / (threads per CTA rounded up to whole warps)
//   registers   registers / (threads per CTA in whole warps x registers per
//               thread rounded up to register_unit)
//   shared      shared.bytes / shared memory per CTA (no limit without shared memory)
//   CTA slots   max_ctas
//
// The smallest wins; on a tie the first in this order is named. A CTA that
// needs more shared memory than shared.max_per_cta_bytes, or fits no SM at
// all, cannot run: occupancy_error says why, naming the resource and the
// numbers. max_registers_per_cta is not a limit: GPGPU-Sim only reports it
// to the CUDA runtime (regsPerBlock) and never refuses a launch for it, and
// its configurations keep GT200's 8192 (a 1024-thread CTA of 12 registers
// runs on its GTX 480).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "sim/config/core_config.hpp"

namespace lockstep::sim {

/// What one CTA of a kernel needs.
struct CtaResources {
  std::uint32_t threads = 0;              ///< threads per CTA
  std::uint32_t registers_per_thread = 0; ///< 32-bit registers per thread
  std::uint64_t shared_bytes = 0;         ///< static + dynamic shared memory per CTA
};

enum class OccupancyLimit : std::uint8_t { Threads, Registers, SharedMemory, CtaSlots };

[[nodiscard]] std::string_view occupancy_limit_name(OccupancyLimit l) noexcept;

struct Occupancy {
  std::uint32_t ctas = 0;  ///< CTAs per SM (0: the kernel cannot run)
  OccupancyLimit limit = OccupancyLimit::CtaSlots;
  std::uint32_t warps_per_cta = 0;
  std::uint32_t registers_per_cta = 0;  ///< after rounding (what the register file gives a CTA)
  /// One line: "3 CTAs per SM, limited by registers: 49152 registers per SM / (256 threads x 64 registers per CTA)".
  [[nodiscard]] std::string describe(const CoreConfig& core, const CtaResources& cta) const;
};

[[nodiscard]] Occupancy occupancy(const CoreConfig& core, const CtaResources& cta) noexcept;

/// Why no CTA can run, or nothing when at least one fits an SM.
[[nodiscard]] std::optional<std::string> occupancy_error(const CoreConfig& core, const CtaResources& cta);

}  // namespace lockstep::sim
