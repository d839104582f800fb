// The result of a schedule exploration: what was found (a counterexample
// with its schedule), which bound stopped the search if any, the set of
// final memory states, and statistics.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "semantics/model/state_hasher.hpp"
#include "semantics/value/mask.hpp"

namespace lockstep::checker {

using Digest = sem::StateHasher::Digest;

/// One step of a schedule: `count` instructions issued by unit `key` of
/// warp `warp` (under a warp-unit model: by the warp's enabled unit each
/// time; under mimd: by lane `key` each time). `pc`/`lanes` describe the
/// first instruction. `prefix` marks the initial private prefix.
struct StepRecord {
  std::uint32_t warp = 0;
  unsigned key = 0;
  std::uint32_t count = 1;
  std::uint32_t pc = 0;
  sem::Mask lanes = 0;
  bool prefix = false;
  friend bool operator==(const StepRecord&, const StepRecord&) = default;
};

enum class FindingKind : std::uint8_t {
  Deadlock,        ///< unfinished threads, nothing enabled
  NonTermination,  ///< a weakly fair cycle in which some thread never finishes
  Error,           ///< a fault, trap or failed assertion
  ExpectMismatch,  ///< a completed execution whose buffers differ from [expect]
  /// A completed execution (the explorer never reports one: `sim
  /// --schedule-out` writes a simulation's issue order as one).
  Completed,
};

/// "deadlock", "non-termination", "error", "expect".
[[nodiscard]] const char* finding_kind_name(FindingKind k) noexcept;

struct Finding {
  FindingKind kind = FindingKind::Deadlock;
  /// The schedule from the initial state. For NonTermination the steps from
  /// `cycle_start` on form the cycle: they lead from the state reached by
  /// steps[0, cycle_start) back to that same state.
  std::vector<StepRecord> steps;
  std::size_t cycle_start = 0;
  std::string detail;  ///< fault message or expect mismatch text
  Digest digest{};     ///< canonical digest of the final state (of the cycle's state for NonTermination)
};

enum class BoundKind : std::uint8_t { None, States, Depth, Memory, Time, Solver, Forks, AddressValues, Interrupted };

/// "none", "states", "depth", "memory", "time", "solver", "forks", "address-values", "interrupted".
[[nodiscard]] const char* bound_kind_name(BoundKind k) noexcept;

struct ExploreStats {
  std::uint64_t states = 0;           ///< distinct states stored
  std::uint64_t transitions = 0;      ///< (merged) steps executed, revisits included
  std::uint64_t instructions = 0;     ///< instructions executed by those steps
  std::uint64_t revisits = 0;         ///< transitions into an already stored state
  std::uint64_t sleep_pruned = 0;     ///< transitions skipped by sleep sets
  std::uint64_t por_states = 0;       ///< states expanded with a persistent set smaller than all enabled actions
  std::uint64_t por_pruned = 0;       ///< enabled actions those persistent sets left out
  std::uint64_t terminal = 0;         ///< distinct completed states
  std::uint64_t sccs = 0;             ///< non-trivial strongly connected components
  std::uint32_t max_depth = 0;
  double seconds = 0;
  std::uint64_t peak_bytes = 0;       ///< own accounting: visited table, stack, SCC data
  std::uint64_t solver_queries = 0;   ///< symbolic runs
  double solver_seconds = 0;
  [[nodiscard]] double states_per_second() const noexcept { return seconds > 0 ? static_cast<double>(states) / seconds : 0; }
};

/// Two plain (non-atomic) accesses by different threads to a common byte, at
/// least one a write, both the next actions of units enabled in one reachable
/// state (so no barrier orders them). `same_instruction`: lanes of one warp
/// instruction (the lane order decides the result).
struct Race {
  std::uint32_t pc_a = 0, pc_b = 0;
  std::uint32_t thread_a = 0, thread_b = 0;  ///< launch-wide thread indices (warp * 32 + lane)
  std::string space;                          ///< "global", "shared", "memory"
  std::uint64_t address = 0;                  ///< first common byte (global address, or offset in shared memory)
  bool write_write = false;
  bool is_volatile = false;                   ///< both accesses volatile/relaxed (flag protocols)
  bool same_instruction = false;
};

struct Exploration {
  std::optional<Finding> finding;      ///< the first counterexample, when one was found
  BoundKind bound = BoundKind::None;   ///< the bound that cut the search short
  std::uint64_t bound_limit = 0;       ///< its value
  std::string bound_detail;            ///< e.g. the PC of a symbolic address with too many values
  ExploreStats stats;
  /// Distinct final memory digests (buffers only) of completed executions, sorted.
  std::vector<Digest> final_digests;
  /// Data races seen in explored states, one per pair of PCs.
  std::vector<Race> races;
  /// The race report covers every reachable state (no partial-order reduction, no bound).
  bool races_complete = false;
  /// Persistent sets (persistent_set.hpp): whether the search used them,
  /// and why not when they were asked for but not used (the model, the
  /// kernel, or an access that left its buffer: the search then ran again
  /// without them).
  bool persistent_sets = false;
  std::string persistent_sets_off;
  /// Findings a finding filter rejected (finding_filter.hpp); the search went on past them.
  std::uint64_t rejected = 0;
  /// With a finding filter: per PC of the kernel, whether some step of the search began there.
  std::vector<bool> issued_pcs;
  /// Exhaustive: no bound was hit (whether or not a counterexample was found).
  [[nodiscard]] bool exhaustive() const noexcept { return bound == BoundKind::None; }
};

}  // namespace lockstep::checker
