// Registers per thread when the launch does not say (launch spec
// `registers`): lockstep's estimate from the PTX, for occupancy.
//
// GPGPU-Sim takes the count ptxas reports for the kernel ("Used N
// registers"); PTX has only virtual registers, so lockstep estimates what a
// register allocator needs at least: the largest number of 32-bit register
// words live at once at any instruction (a 64-bit register counts two,
// predicates none: they live in predicate registers), from the kernel's
// liveness, plus 2 (ptxas reserves a few for addresses and temporaries in
// the kernels we compared). Real allocations can differ either way; give
// `registers` in the launch spec to match a compiled binary.
#pragma once

#include <cstdint>

#include "frontend/analysis/kernel_analysis.hpp"
#include "frontend/ir/kernel.hpp"

namespace lockstep::sim {

[[nodiscard]] std::uint32_t estimate_registers(const ir::Kernel& kernel, const analysis::KernelAnalysis& analysis);

}  // namespace lockstep::sim
