// Busy-wait-aware warp scheduling (ElTantawy 2018, Ch. 6; research
// 000-aware-bows-ddos-mp.md §3): DDOS, the dynamic detection of spinning,
// and BOWS, back-off warp spinning. Both are lockstep-only: GPGPU-Sim has no
// option for them (its defaults leave them off). Cycles are core cycles.
//
// DDOS (§3.4) keeps, per warp, a path history (hashed PCs of `setp`
// instructions) and a value history (hashed source operands of those
// `setp`s, of the warp's first active thread); a repetition of both over one
// period puts the warp in the spinning state. A backward branch taken by a
// spinning warp gains confidence in the SM's SIB prediction table; at the
// threshold it is a confirmed spin-inducing branch (SIB). The fields below
// are the design trade-offs of §3.5 (Table 6.1); the defaults are the
// thesis's chosen configuration (XOR, m = k = 8, t = 4, l = 8, no time
// sharing).
//
// BOWS (§3.2, §3.3) backs off a warp that executes a confirmed SIB: it goes
// to the back of its scheduler's order and, once it issues again, may not
// start its next spin iteration before `delay limit` cycles have passed.
// The limit is fixed (`bows_delay`) or adapts every `bows_interval` cycles
// (Fig 6.4): up by `bows_delay_step` when SIB instructions exceed
// `bows_frac1` of all instructions, down by twice the step when
// instructions per SIB fell below `bows_frac2` of the previous window's,
// clamped to [bows_delay_min, bows_delay_max].
#pragma once

#include <cstdint>

namespace lockstep::sim {

/// How DDOS hashes a PC or a value into a history entry (§3.5).
enum class DdosHash : std::uint8_t {
  Xor,     ///< xor: the width-bit chunks of the word XORed together
  Modulo,  ///< modulo: the low width bits only
};

struct DdosConfig {
  bool enabled = false;            ///< detect spinning (required by BOWS)
  DdosHash hash = DdosHash::Xor;   ///< h
  std::uint32_t path_bits = 8;     ///< m: bits of a path-history entry (1..32)
  std::uint32_t value_bits = 8;    ///< k: bits of each value-history operand (1..32)
  std::uint32_t history = 8;       ///< l: entries of the path and value histories (a loop of p setps needs l > p)
  std::uint32_t threshold = 4;     ///< t: confidence at which a backward branch is a confirmed SIB
  std::uint32_t sib_entries = 16;  ///< entries of the per-SM SIB prediction table
  /// sh: one set of history registers per SM, lent to one warp at a time
  /// (round robin, every `epoch` cycles) instead of one set per warp.
  bool shared_history = false;
  std::uint64_t epoch = 1000;      ///< cycles a warp keeps the shared history registers

  friend bool operator==(const DdosConfig&, const DdosConfig&) = default;
};

struct BowsConfig {
  bool enabled = false;             ///< back off warps that execute a confirmed SIB (needs DDOS)
  bool adaptive = true;             ///< adapt the delay limit (Fig 6.4); else `delay` is the limit
  std::uint64_t delay = 1000;       ///< the fixed delay limit (cycles; 0: back-off only reorders)
  std::uint64_t delay_min = 1000;   ///< adaptive: lowest limit, and the limit it starts with
  std::uint64_t delay_max = 10000;  ///< adaptive: highest limit
  std::uint64_t delay_step = 250;   ///< adaptive: Delay Step
  std::uint64_t interval = 1000;    ///< adaptive: T, the execution window
  double frac1 = 0.05;              ///< adaptive: FRAC1
  double frac2 = 0.8;               ///< adaptive: FRAC2

  friend bool operator==(const BowsConfig&, const BowsConfig&) = default;
};

}  // namespace lockstep::sim
