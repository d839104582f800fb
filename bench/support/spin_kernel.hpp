// A synthetic kernel full of spin locks, for timing SIMT-deadlock detection,
// SafePDom and the SSDE transformation on a big CFG.
//
// One `.entry spin_kernel` whose top level interleaves, from a seed:
// - lock constructs, each on a lock word of its own in a shared-memory array
//   `spin_locks` (a spin loop `atom.shared.cas` on the word until it returns
//   0, a critical section on `spin_data`, then `atom.shared.exch` releasing
//   the word), in four shapes:
//     plain      the textbook lock of the spin_lock model;
//     outer      the same inside an outer counted loop (uniform trip count),
//                as in the ATM model: the CAS is reachable again through the
//                outer back edge;
//     shared     two spin loops on one word in the two arms of a divergent
//                if/else, released once after the join: two loops that share
//                one release point (and one SafePDom);
//     guarded    the plain lock under a thread-dependent if-then;
// - filler: straight-line arithmetic, read-only global loads, global stores
//   and reductions, if/else diamonds and if-then triangles (uniform and
//   thread-dependent predicates) and counted loops, nested a few levels.
//   Filler loop exits never depend on memory, so the spin loops (and the
//   loops SafePDom adds) are the only loops detection should flag.
// No CTA barrier appears. The same shape and seed always give the same text.
#pragma once

#include <cstdint>
#include <string>

namespace lockstep::bench {

struct SpinKernelShape {
  std::uint32_t min_blocks = 5'000;  ///< generation stops once the kernel has this many blocks ...
  std::uint32_t spin_loops = 200;    ///< ... and this many spin loops
  std::uint32_t max_depth = 3;       ///< nesting depth of the filler constructs
  std::uint32_t seed = 4242;
};

struct SpinKernel {
  std::string ptx;               ///< a whole module: header, the shared arrays and the entry `spin_kernel`
  std::uint32_t blocks = 0;      ///< basic blocks, as the generator counts them
  std::uint32_t spin_loops = 0;  ///< spin loops emitted
  std::uint32_t locks = 0;       ///< lock words (one per lock construct)
  std::uint32_t outer_locks = 0;   ///< constructs inside an outer counted loop
  std::uint32_t shared_releases = 0;  ///< constructs with two spin loops and one release
  std::uint32_t filler_loops = 0;  ///< counted filler loops
};

[[nodiscard]] SpinKernel synthesise_spin_kernel(const SpinKernelShape& shape);

}  // namespace lockstep::bench
