// The synthetic kernel of the explorer's throughput benchmark: one block of
// 2 x 32 threads; every thread runs a counted loop of `iterations` rounds,
// each a few private ALU instructions on a per-thread accumulator and one
// `atom.shared.add` on its warp's counter (a `.shared` array of two words);
// after the loop each thread stores its accumulator to `out[tid]`.
//
// Under a warp-unit model with merged private steps and dead-register
// zeroing the reachable states are the grid of the two warps' iteration
// counts: (iterations + 1)^2 states before the final stores, plus the
// stores' interleavings. Without merging every private instruction is a
// step of its own, so the grid is (instructions per round) times finer in
// each direction.
#pragma once

#include <cstdint>
#include <string>

namespace lockstep::bench {

struct ExploreLoopKernel {
  std::string ptx;   ///< a whole module with the entry `explore_loop(out, n)`
  std::string spec;  ///< its launch spec: grid [1], block [64], n = iterations
  std::uint32_t alu_per_round = 0;  ///< private ALU instructions per round
};

/// The kernel with `alu_per_round` (>= 1) private ALU instructions per
/// round, launched with `iterations` rounds per thread.
[[nodiscard]] ExploreLoopKernel explore_loop_kernel(std::uint32_t iterations, std::uint32_t alu_per_round = 4);

}  // namespace lockstep::bench
