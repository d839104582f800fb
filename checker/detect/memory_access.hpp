// Which instructions read or write "shared memory" in the sense of the
// detection (research/000-deadlock-ssde.md §2.1 item 5: every space that can
// hold a synchronisation variable: .global, .shared, .shared::cluster and
// generic addresses), and which are CTA barriers.
//
// - ld, ldu: reads; atom: a read and a write (its result can feed an exit
//   condition, and it can release another thread); st, red: writes.
// - Not reads: ld.param, ld.const, ld.local, .tex, .surf (never written by
//   another thread during the kernel), prefetch.
// - ld.global.nc and ldu read memory that must not be written during the
//   kernel (PTX ISA); read_only() tells them apart for the refined filter F3.
// - CTA barriers: bar.sync/barrier.sync and bar.red (they wait); bar.arrive
//   does not wait, and bar.warp.sync is not a CTA barrier.
// - An opaque call (an external function, an indirect call: ir::Opcode::Call)
//   is a shared read and a shared write of any address (the alias analysis
//   has no access for it: it aliases everything), and may hold a CTA
//   barrier: divergent-barrier detection reports it under a divergent
//   branch. It is not a barrier for reachability (the callee may well not
//   wait), so searches pass it: both choices only add findings.
// Detection also drops generic accesses that the alias analysis proves
// private to the thread (AddressAnalysis::may_be_shared), as the thesis's
// pipeline did by lowering generic spaces before detection (§2.4).
#pragma once

#include "frontend/ir/instr.hpp"

namespace lockstep::checker {

[[nodiscard]] bool shared_space(ir::Space s) noexcept;
[[nodiscard]] bool is_shared_read(const ir::Instr& i) noexcept;
[[nodiscard]] bool is_shared_write(const ir::Instr& i) noexcept;
/// A shared read whose memory cannot change during the kernel (ld.global.nc, ldu).
[[nodiscard]] bool is_read_only_read(const ir::Instr& i) noexcept;
[[nodiscard]] bool is_cta_barrier(const ir::Instr& i) noexcept;
/// An instruction whose body lockstep cannot see and which may therefore
/// execute a CTA barrier (an opaque call).
[[nodiscard]] bool may_hold_barrier(const ir::Instr& i) noexcept;

}  // namespace lockstep::checker
