// A generator of random synchronisation-free PTX kernels for differential
// tests: the final memory of such a kernel does not depend on the divergence
// model or the schedule, so every model x schedule must agree on it.
//
// From a seed, generate_random_program() writes one `.visible .entry
// rand_kernel(.param .u64 in, .param .u64 out, .param .s32 k)` (PTX 7.0,
// sm_75, 64-bit) and a launch spec for it: 1-2 blocks of 32-96 threads
// (partial warps are common), `in` = 256 u32 of random:SEED, `out` = zeros
// (20 u32 slots per thread, then 8 counters), k = a random number in
// -1000..1000.
//
// What the kernel does:
//   - prologue: %tid.x, %ctaid.x, %ntid.x, the global thread id; eight b32
//     value registers, four f32 and four predicates initialised from them,
//     the s32 parameter and loads of `in` at thread-dependent indices;
//   - a body of random statements (hammocks and loops nested up to 3 deep):
//       arithmetic  add sub mul.lo mad.lo and or xor not neg shl shr.{u,s}32
//                   min/max.{s,u}32 popc selp setp (.s32/.u32, some .and/
//                   .or/.xor combinations), and/or/xor/not.pred, f32 add sub
//                   mul (.rn) fma.rn min max abs neg, cvt.rn.f32.{s,u}32,
//                   cvt.rzi.s32.f32, mov.b32 between int and float, setp on
//                   f32; one in five guarded by @p / @!p;
//       loads       in[v & 255] into a value or float register, or back from
//                   one of the thread's own output slots;
//       stores      to the thread's own slots out[gtid * 20 + j], j < 8;
//       atomics     atom.global / red.global on 8 counters after the
//                   per-thread slots, each counter with one commutative
//                   operation (add x5, or, xor, max.u32); the value an atom
//                   returns goes to a register nothing reads;
//       if/else and if-only hammocks with thread-dependent conditions
//                   (tid bits, lane < c, register compares, low data bits,
//                   f32 compares, predicates computed earlier);
//       unstructured hammocks: a branch from the then part into the middle
//                   of the else part, or from the else part into the join
//                   of an if/else nested in the then part (a goto into an
//                   inner join, as in models/kernels/unstructured_goto);
//       loops (while and do-while) with a counter compared with a bound of
//                   (tid or data) & 7, plus 0..2, so lanes leave at
//                   different iterations; the counter and bound registers
//                   are written by nothing else and every path back to the
//                   header increments the counter;
//       forward gotos out of hammocks and loops (break, continue, jumps to
//                   the join of an enclosing hammock), conditional or as the
//                   last statement of a branch part;
//       exit or ret, predicated or as the last statement of a branch part;
//       block-uniform constructs: if/else on %ctaid.x or the parameter
//                   (`bra` / `bra.uni`), loops of ((ctaid ^ param) & 3) + 1
//                   iterations (no exit inside); their joins are no goto
//                   targets, so they keep a converged context converged;
//       in a converged context only (outside every divergent hammock and
//       loop, with no exit anywhere earlier in the text, so every live lane
//       of the warp is there together under every model, including the
//       SIMT stacks with either reconvergence table): vote.sync
//       (ballot/any/all/uni) and, when the block is a whole number of warps,
//       shfl.sync (bfly/idx/down/up), all with the full mask 0xffffffff; and,
//       outside uniform loops, up to two shared-memory exchanges: each
//       thread stores to its own slot of a fresh region, bar.sync 0, then
//       reads the slot of thread (tid + c) % ntid (no region is written
//       twice, so there is no race);
//   - an epilogue storing the value and float registers to slots 8..19.
// All branches are forward except loop back edges and the branch into an
// inner join (whose paths still only lead forward), so every program
// terminates. At most kMaxInstructions instructions (a program over the
// limit is drawn again from a derived seed).
//
// Not generated: shared-memory atomics, 64-bit and 16-bit arithmetic, div/
// rem on data, calls, printf, brx.idx, barriers or collectives in divergent
// code, and anything whose result depends on the order of threads.
#pragma once

#include <cstdint>
#include <string>

namespace lockstep::test {

struct RandomProgramOptions {
  bool atomics = true;
  bool collectives = true;  ///< vote.sync / shfl.sync at top level
  bool barriers = true;     ///< shared-memory exchanges with bar.sync at top level
};

/// Which constructs a generated program contains (for coverage checks).
struct RandomProgramFeatures {
  unsigned hammocks = 0;      ///< if/else and if-only
  unsigned unstructured = 0;  ///< branches into an else part or an inner join
  unsigned loops = 0;
  unsigned breaks = 0;  ///< forward gotos out of a loop or hammock
  unsigned exits = 0;
  unsigned guarded = 0;  ///< guarded non-branch instructions
  unsigned atomics = 0;
  unsigned collectives = 0;
  unsigned barriers = 0;  ///< shared-memory exchanges around bar.sync
  unsigned float_ops = 0;
  unsigned uniform = 0;    ///< if/else and loops on block-uniform conditions
  unsigned max_depth = 0;  ///< deepest nesting of hammocks and loops
};

struct RandomProgram {
  std::uint64_t seed = 0;
  std::string ptx;
  std::string spec;                ///< launch.toml text
  unsigned grid = 1;               ///< blocks
  unsigned block = 32;             ///< threads per block
  unsigned slots_per_thread = 20;  ///< out[gtid * slots_per_thread + j]
  unsigned counters = 8;           ///< atomic counters after the per-thread slots
  unsigned instructions = 0;
  RandomProgramFeatures features;
};

inline constexpr unsigned kMaxInstructions = 150;

/// The program of `seed` (deterministic on every platform).
[[nodiscard]] RandomProgram generate_random_program(std::uint64_t seed, const RandomProgramOptions& options = {});

}  // namespace lockstep::test
