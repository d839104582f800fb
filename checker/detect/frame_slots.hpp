// The slots of per-thread local memory that detection's uniformity analysis
// tracks one by one (analysis/private_slots.hpp), from the alias analysis.
//
// nvcc -G keeps local variables in a stack frame (`__local_depot`, reached
// through `cvta.local` and generic addresses) and reloads them at every
// use; the inlined call sequences of device functions pass arguments and
// results through `.local` variables (docs/frontend.md). The alias analysis
// places every access it can as byte ranges of local variables
// (AddressAnalysis::local_footprint). Per variable, the ranges that overlap
// are merged into one slot, so every byte any access may touch lies in
// exactly one slot and an access touches the slots its ranges overlap: a
// store at an exact offset writes one slot, an indexed access to a local
// array all of the array's slots it may reach.
#pragma once

#include "checker/alias/alias.hpp"
#include "frontend/analysis/private_slots.hpp"
#include "frontend/ir/kernel.hpp"

namespace lockstep::checker {

/// The slots of the kernel's local memory; empty when no access is placed
/// in a local variable (nothing to refine).
[[nodiscard]] analysis::PrivateSlots frame_slots(const ir::Kernel& kernel, const AddressAnalysis& addresses);

}  // namespace lockstep::checker
