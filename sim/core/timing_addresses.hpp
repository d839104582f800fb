// Where the simulator's memory system sees the state spaces that are not
// global memory. The semantics gives local, constant and parameter
// accesses offsets in per-thread or per-launch spaces, and fetches
// instructions by PC; the timing model needs one address space for the
// caches and DRAM, as GPGPU-Sim builds one:
//
//   instructions  kInstBase + pc x kInstBytes (GPGPU-Sim fetches 16 bytes,
//                 two PTX instructions, at a time)
//   .const        kConstBase + offset
//   .param        kParamBase + offset (kernel parameters: read through the
//                 constant cache, as GPGPU-Sim's param_space_kernel)
//   .local        word w of SM s's hardware thread t:
//                 kLocalBase + 4 x (t_global + w x threads_on_the_gpu), where
//                 t_global = s x threads per SM + t and threads_on_the_gpu
//                 = SMs x threads per SM: a warp's lanes touching the same
//                 local word make consecutive addresses, as GPGPU-Sim's
//                 translate_local_memaddr lays local memory out (and NVIDIA
//                 GPUs do). Accesses of more than 4 bytes are split into 4-byte words.
//   AWARE's     1 KB per hardware warp (research 000 §1.7) for the spilled
//   tables      entries of virtualised split and reconvergence tables:
//               kTableBase + 1024 x (SM x warps per SM + warp), split
//               entry i at +16 i, reconvergence entry i at +512 + 16 i.
//
// The bases lie above every global address of the semantics' address map
// (global regions end below 0x1000'0000'0000).
#pragma once

#include <cstdint>

namespace lockstep::sim {

inline constexpr std::uint64_t kInstBase = 0x7f00'0000'0000ULL;
inline constexpr std::uint64_t kInstBytes = 8;
inline constexpr std::uint64_t kConstBase = 0x7e00'0000'0000ULL;
inline constexpr std::uint64_t kParamBase = 0x7d00'0000'0000ULL;
inline constexpr std::uint64_t kLocalBase = 0x7000'0000'0000ULL;
inline constexpr std::uint64_t kTableBase = 0x7c00'0000'0000ULL;

/// The timing address of local byte `offset` of a hardware thread.
[[nodiscard]] constexpr std::uint64_t local_timing_address(std::uint64_t offset, std::uint64_t global_thread,
                                                           std::uint64_t threads_on_gpu) noexcept {
  return kLocalBase + 4 * (global_thread + (offset / 4) * threads_on_gpu) + offset % 4;
}

}  // namespace lockstep::sim
