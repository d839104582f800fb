// CAWA, coordinated critical-warp acceleration (Lee, Arunkumar and Wu,
// ISCA 2015): the `cawa` warp scheduling policy and its cache
// prioritisation. lockstep-only: GPGPU-Sim has no option for it.
//
// The criticality predictor (sim/core/criticality.hpp) estimates, per warp,
//   criticality = nInst x CPIavg + nStall
// (the remaining instructions, estimated from branch outcomes, times the
// warp's cycles per instruction so far, plus the cycles it has waited
// between issues). The scheduler (schedulers/cawa.hpp) prefers the most
// critical warp (greedily with `cawa_greedy`, the paper's gCAWS). The cache
// prioritisation, CACP (sim/mem/cacp.hpp), splits each L1D set into a
// critical and a non-critical partition and places a missing line by a
// signature-indexed predictor of critical-warp reuse (CCBP). Defaults: the
// paper's choices where it gives them (docs/sim-scheduling.md says which
// are lockstep's).
#pragma once

#include <cstdint>

namespace lockstep::sim {

struct CawaConfig {
  /// gCAWS: the warp that issued last goes on while it can (then the most
  /// critical); false: CAWS, the most critical warp first every cycle.
  bool greedy = true;
  /// CACP on the L1D (needs the cawa policy and an L1D of at least 2 ways).
  bool cacp = false;
  /// Fraction of each L1D set's ways that form the critical partition
  /// (rounded, at least 1 way and at most ways - 1).
  double cacp_critical_ways = 0.5;
  /// A warp counts as critical for CACP when its criticality lies above
  /// this fraction of the way from the SM's least to its most critical warp.
  double cacp_critical_fraction = 0.5;
  /// Entries of the CCBP and SHiP signature tables (a power of two; the
  /// signature is the load's PC hashed to log2(entries) bits).
  std::uint32_t cacp_signatures = 256;

  friend bool operator==(const CawaConfig&, const CawaConfig&) = default;
};

}  // namespace lockstep::sim
