// A synthetic kernel with many basic blocks, for timing the CFG analyses.
//
// One `.entry` whose body is a seeded random sequence of the control flow
// nvcc produces, nested a few levels deep:
// - if/else diamonds and if-then triangles, their predicates computed from
//   `%tid.x`/`%laneid` (divergent) or from parameters and `%ctaid.x`
//   (uniform), their arms holding more control flow;
// - counted loops (uniform or thread-dependent trip counts), some with a
//   `break` out of the body, nested in each other;
// - irreducible regions: a cycle of two blocks entered at both;
// - a few guarded `ret`/`exit` leaving the kernel early, at the outermost
//   level (where nvcc puts the usual `if (i >= n) return;`);
// with straight-line integer arithmetic, global loads and stores and atomics
// between them. The same shape and seed always give the same text.
#pragma once

#include <cstdint>
#include <string>

namespace lockstep::bench {

struct BigKernelShape {
  std::uint32_t min_blocks = 10'000;  ///< generation stops once the kernel has this many blocks
  std::uint32_t max_depth = 4;        ///< nesting depth of the control-flow constructs
  std::uint32_t seed = 2024;
};

struct BigKernel {
  std::string ptx;        ///< a whole module: header and the entry `big_kernel`
  std::uint32_t blocks = 0;  ///< basic blocks, as the generator counts them
};

[[nodiscard]] BigKernel synthesise_big_kernel(const BigKernelShape& shape);

}  // namespace lockstep::bench
