// The verdict of `lockstep verify` composed from an exploration
// (docs/explorer-plan.md §6):
//
//   counterexample  (exit 3) the explorer found a finding; a finding is real
//                   even when a bound stopped the search later
//   inconclusive    (exit 4) no finding, and a bound cut the search short
//   verified        (exit 0) no finding and the search was exhaustive
//
// There is no path from a hit bound to `verified`.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "checker/explore/exploration.hpp"

namespace lockstep::checker {

enum class VerdictKind : std::uint8_t { Verified, Counterexample, Inconclusive };

/// "verified", "counterexample", "inconclusive".
[[nodiscard]] const char* verdict_name(VerdictKind k) noexcept;

/// Which properties a verification checks (`--property`).
struct VerifyProperties {
  bool deadlock = true;     ///< reachable states with unfinished threads and nothing enabled
  bool termination = true;  ///< fair non-terminating cycles
  bool expect = true;       ///< [expect] at every completed state
  /// CUDA's barrier rule: every thread of a block at the same barrier
  /// instruction in the same round (LaunchSetup::cuda_barrier_rule)
  bool cuda_barriers = false;
  /// Serializability of the committed transactions in commit-ID order
  /// (LaunchSetup::tm_serializable_check; docs/tm.md)
  bool serializable = false;
  /// The commit protocol the check runs under, as `--tm-protocol` spells it
  /// ("ideal": the atomic commit).
  std::string tm_protocol = "ideal";
  // kernel faults are always checked: no verdict exists past one
};

/// A comma-separated list of "all" (the default: deadlock, faults,
/// [expect], fair cycles), "safety" (deadlock, faults, [expect]; no fairness
/// search), "termination" (deadlock, faults, fair cycles) and
/// "barrier-divergence" (deadlock, faults and CUDA's barrier rule),
/// "serializable" (deadlock, faults and serializability of transactions); the
/// properties of the items are combined.
[[nodiscard]] std::optional<VerifyProperties> parse_properties(std::string_view list) noexcept;
/// "deadlock, non-termination, error, expect" — the properties checked.
[[nodiscard]] std::string properties_text(const VerifyProperties& p);

struct Verdict {
  VerdictKind kind = VerdictKind::Verified;
  std::optional<FindingKind> finding;  ///< counterexample: its kind
  BoundKind bound = BoundKind::None;   ///< inconclusive: the bound that stopped the search
  std::uint64_t bound_limit = 0;
  std::string bound_detail;
  /// 0 verified, 3 counterexample, 4 inconclusive.
  [[nodiscard]] int exit_status() const noexcept;
};

[[nodiscard]] Verdict compose_verdict(const Exploration& e);

/// "the state bound (--max-states 5)", "the time bound (--timeout 2 s)", ...
[[nodiscard]] std::string bound_text(BoundKind kind, std::uint64_t limit);

}  // namespace lockstep::checker
