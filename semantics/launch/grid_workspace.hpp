// Cooperative launches and the grid-synchronisation workspace.
//
// A cooperative launch (cudaLaunchCooperativeKernel; `cooperative = true` in
// a launch spec) gets a small zeroed workspace in global memory from the
// runtime; cooperative groups' `this_grid()` reads its address from
// %envreg1 (high 32 bits) and %envreg2 (low 32 bits) and `grid.sync()`
// counts the blocks that arrive in it. lockstep models exactly that: the
// workspace is a launch allocation, the two registers point at it, and the
// synchronisation is whatever code the compiler emitted for it.
//
// A kernel that reads a %envreg without a cooperative launch is refused
// (the runtime would leave it 0 and the grid barrier would trap), and so is
// a read of any other %envreg.
#pragma once

#include <cstdint>
#include <optional>

#include "frontend/ir/kernel.hpp"

namespace lockstep::sem {

/// Bytes of the workspace (the runtime's is larger; the grid barrier uses a
/// 32-bit counter at offset 4).
inline constexpr std::uint64_t kGridWorkspaceBytes = 64;

/// The %envreg registers of a cooperative launch: 1 (high) and 2 (low half of the workspace address).
[[nodiscard]] inline bool is_workspace_envreg(std::uint32_t index) noexcept { return index == 1 || index == 2; }

struct EnvregRead {
  std::uint32_t pc = 0;
  std::uint32_t index = 0;  ///< N of %envreg<N>
};

/// The first instruction (in PC order) that reads a %envreg, if any.
[[nodiscard]] std::optional<EnvregRead> first_envreg_read(const ir::Kernel& kernel);
/// The first instruction that reads a %envreg other than 1 and 2, if any.
[[nodiscard]] std::optional<EnvregRead> first_unmodelled_envreg_read(const ir::Kernel& kernel);

}  // namespace lockstep::sem
