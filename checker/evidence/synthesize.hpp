// The small launches `lockstep detect --evidence` searches when no launch
// spec is given (docs/detection.md, "Evidence"): one warp (a block of 32
// threads), two partial warps (two blocks of 3 threads: branches on the
// thread index split them unevenly, so a path the stack runs first may
// finish and let the other one run), two warps (a block of 64), or the
// block .reqntid asks for; never more than .maxntid threads a block. Every kernel parameter the kernel uses as an
// address gets a buffer of its own (distinct buffers), sized to cover every
// access whose offsets the alias analysis bounds and kDefaultElements
// elements otherwise; the buffers a shared read of the loop's exit
// condition loads with a plain `ld` are symbolic (integer elements in
// [kDataMin, kDataMax]), the others zero — lock words and counters, which
// the loop reads with atomics, start released. Integer scalars are symbolic
// in [kScalarMin, kScalarMax]; float scalars are 1.0.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "checker/alias/alias.hpp"
#include "frontend/ir/module.hpp"
#include "semantics/spec/launch_spec.hpp"

namespace lockstep::checker {

inline constexpr std::int64_t kScalarMin = 1;
inline constexpr std::int64_t kScalarMax = 64;
inline constexpr std::int64_t kDataMin = -1;
inline constexpr std::int64_t kDataMax = 64;
inline constexpr std::size_t kDefaultElements = 64;

/// One launch the evidence search explores, with what it stands for.
struct EvidenceLaunch {
  sem::LaunchSpec spec;
  std::string summary;       ///< "block 32; param1 in [1, 64]; param0[1] zeros, param2[64] symbolic in [-1, 64]"
  bool synthesised = true;   ///< made up by synthesise_launches (else the user's --launch)
  std::string path;          ///< the user's spec file (synthesised: where it is written for a witness)
};

struct Synthesis {
  std::vector<EvidenceLaunch> launches;  ///< one warp first
  std::string why_not;                   ///< no launches: why (a parameter no spec can give)
};

/// The launches for a loop of `kernel` whose exit condition reads memory at
/// `loop_reads` (the shared reads of its slice inside the loop).
[[nodiscard]] Synthesis synthesise_launches(const ir::Module& module, const ir::Kernel& kernel,
                                            const AddressAnalysis& addresses,
                                            const std::vector<std::uint32_t>& loop_reads);

/// The buffer each parameter of `spec` passes (AliasOptions::param_buffers).
[[nodiscard]] std::vector<std::int32_t> param_buffers(const sem::LaunchSpec& spec);

}  // namespace lockstep::checker
