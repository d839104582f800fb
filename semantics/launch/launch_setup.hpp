// Everything fixed for one launch, shared by every state of it: the kernel,
// its analyses and the reconvergence table the models use, the launch shape,
// register widths, the memory layout, and the initial global memory and
// parameter image (buffers allocated and initialised, arguments written,
// `[constants]` applied).
//
// prepare_launch resolves a launch spec against a module; every mismatch
// (unknown kernel, wrong parameter count or size, constant of unknown name or
// wrong length) is an InputError at the spec's position. A kernel that
// cannot be executed (an external or indirect call, a function address:
// launch/executable.hpp) is an InputError at the instruction.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "frontend/analysis/kernel_analysis.hpp"
#include "frontend/ir/module.hpp"
#include "semantics/launch/launch_shape.hpp"
#include "semantics/launch/tm_protocol.hpp"
#include "semantics/memory/address_map.hpp"
#include "semantics/memory/global_memory.hpp"
#include "semantics/memory/layout.hpp"
#include "semantics/memory/space_memory.hpp"
#include "semantics/spec/launch_spec.hpp"

namespace lockstep::sem {

/// Where a spec buffer lives in global memory.
struct BufferBinding {
  std::string name;
  ir::Type type = ir::Type::U8;
  std::size_t count = 0;
  std::uint64_t address = 0;
  [[nodiscard]] std::uint64_t bytes() const noexcept { return count * ir::byte_width(type); }
};

/// Which reconvergence table the SIMT-stack models take.
enum class ReconvergenceChoice : std::uint8_t { Nvidia, Ipdom };

struct LaunchSetup {
  const ir::Module* module = nullptr;
  const ir::Kernel* kernel = nullptr;
  LaunchShape shape;
  analysis::KernelAnalysis analysis;
  analysis::ReconvergenceTable table;                   ///< the chosen table (a copy)
  const analysis::ReconvergenceTable* reconv = nullptr; ///< == &table
  std::vector<unsigned> reg_bits;                       ///< per register, then the carry flag (1)
  AddressMap map;
  GlobalMemory initial_global;
  std::unique_ptr<MemoryLayout> layout;
  SpaceMemory params;                                   ///< the .param image
  SpaceMemory constants;                                ///< the .const image with `[constants]` applied
  std::vector<BufferBinding> buffers;                   ///< as in the spec, in order
  /// A cooperative launch: every block co-resident, and the address of the
  /// grid-synchronisation workspace (0 when not cooperative) that %envreg1
  /// (high half) and %envreg2 (low half) read (grid_workspace.hpp).
  bool cooperative = false;
  std::uint64_t grid_workspace = 0;
  /// CUDA's barrier rule as a checked property (`verify --property
  /// barrier-divergence`): a phase of a barrier without a thread count that
  /// completes with threads at different barrier instructions, or without
  /// threads that exited, is an error ("barrier-divergence"). Off: barriers
  /// count threads per id and exited threads count as arrived.
  bool cuda_barrier_rule = false;
  /// The kernel has transactions (`__tbegin`/`__tcommit`, tx_regions.hpp;
  /// docs/tm.md). Under the models with the TM extension (stack and its push
  /// orders, mimd) they run as Kilo TM transactions with the ideal commit.
  bool transactions = false;
  /// Serializability as a checked property (`verify --property
  /// serializable`): a commit whose reads the serial order of the earlier
  /// commits does not explain, or a final memory that differs from the
  /// serial one on a word a commit wrote, is an error ("not-serializable").
  bool tm_serializable_check = false;
  /// The commit protocol (tm_protocol.hpp; docs/tm.md): the ideal commit, or
  /// Kilo TM's commit units as a protocol model (`verify --tm-protocol`).
  TmProtocolConfig tm_protocol;
  /// The watchdog (docs/tm.md): after this many instructions of one
  /// transaction attempt a thread's read log is validated; a doomed attempt
  /// (a stale read) aborts and restarts, a valid one goes on.
  std::uint32_t tm_watchdog_steps = 1000;

  LaunchSetup() = default;
  LaunchSetup(const LaunchSetup&) = delete;
  LaunchSetup& operator=(const LaunchSetup&) = delete;

  [[nodiscard]] SpaceMemory make_shared_memory() const { return layout->new_shared(); }
  [[nodiscard]] std::uint64_t shared_bytes() const noexcept { return layout->shared_size(); }
  /// Replaces the reconvergence table the models use.
  void use_table(analysis::ReconvergenceTable t) {
    table = std::move(t);
    reconv = &table;
  }
};

/// Builds the setup of `spec` for `module` (which must outlive it).
[[nodiscard]] std::unique_ptr<LaunchSetup> prepare_launch(const ir::Module& module, const LaunchSpec& spec,
                                                          ReconvergenceChoice table = ReconvergenceChoice::Nvidia);

}  // namespace lockstep::sem
