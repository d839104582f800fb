// A counterexample trace: everything needed to replay a finding of the
// schedule explorer and to explain it (docs/trace-format.md).
//
// The trace names the PTX file and the launch spec it came from (with xxh64
// digests of their bytes), the model, push order and reconvergence table,
// the launch shape, the concrete values chosen for symbolic inputs, the
// schedule (one record per explorer step, with the PC, instruction text and
// source lines of its first instruction), the cycle for non-termination,
// the canonical state digests replay must reach, the stuck threads, the
// fault and the [expect] mismatches.
//
// The struct is plain data: trace_build.hpp makes one from a finding,
// trace_json.hpp writes and reads it, trace_text.hpp renders it.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "checker/explore/exploration.hpp"
#include "semantics/launch/tm_protocol.hpp"
#include "semantics/value/mask.hpp"

namespace lockstep::checker {

/// The trace format version this build writes and reads.
inline constexpr int kTraceVersion = 2;

struct TraceStep {
  std::uint32_t warp = 0;           ///< warp index in the launch
  std::uint32_t block = 0;          ///< linear block index
  std::uint32_t warp_in_block = 0;
  unsigned key = 0;                 ///< unit key (mimd: the lane)
  sem::Mask lanes = 0;              ///< lanes of the first instruction
  std::uint32_t count = 1;          ///< instructions issued by the step
  std::uint32_t pc = 0;             ///< PC of the first instruction
  std::string instr;                ///< its PTX text, without ';'
  std::uint32_t line = 0;           ///< its line in the PTX file (0: unknown)
  std::string src;                  ///< "file.cu:9" from `.loc`, "" without
  bool prefix = false;              ///< part of the initial private prefix
};

/// Unfinished threads of one warp that share a PC and a reason.
struct TraceStuck {
  std::uint32_t warp = 0;
  std::uint32_t block = 0;
  std::uint32_t warp_in_block = 0;
  sem::Mask lanes = 0;
  std::uint32_t pc = 0;
  /// "reconvergence", "pending-path", "barrier", "warp-sync", "commit-units", "spinning"
  /// (the threads keep issuing inside the cycle) or "grid-barrier" (spinning
  /// in the loop of a cooperative launch's grid barrier).
  std::string state;
  std::optional<std::uint32_t> until_pc;  ///< reconvergence: where they wait
};

struct TraceFault {
  std::string kind;  ///< "memory-fault", "trap", ...
  std::string message;
  std::uint32_t block = 0;          ///< linear block index
  std::uint32_t warp_in_block = 0;
  std::uint32_t lane = 0;
  std::uint32_t pc = 0;
};

struct TraceMismatch {
  std::string buffer;
  std::size_t index = 0;
  std::string expected;
  std::string actual;
};

/// The concrete value of one symbolic input, as its JSON text ("-7", "3").
struct TraceInput {
  std::string name;
  std::string value;
};

struct Trace {
  int version = kTraceVersion;
  std::string ptx;            ///< the PTX file, as given on the command line
  std::string ptx_xxh64;      ///< 16 hex digits of xxh64 over its bytes
  std::string launch;         ///< the launch spec
  std::string launch_xxh64;
  std::string kernel;
  std::string model;          ///< a model spec: "mimd", "stack", "aware:timeout=any", "long:8", ...
  std::string push_order;     ///< "none" (mimd), "nvidia", "amd", "not-taken-first"
  std::string reconvergence;  ///< "nvidia", "ipdom", "safe", "safe-aware"
  std::array<std::uint32_t, 3> grid{1, 1, 1};
  std::array<std::uint32_t, 3> block{1, 1, 1};
  std::vector<TraceInput> inputs;  ///< empty for a concrete launch
  FindingKind kind = FindingKind::Deadlock;
  std::string label;          ///< "SIMT-induced deadlock", "livelock", "deadlock", "error", "expect mismatch"
  std::vector<TraceStep> steps;
  std::optional<std::size_t> cycle_start;  ///< non-termination: the cycle is steps[cycle_start, end)
  bool canonical = true;      ///< digests are of canonical states (dead registers zeroed)
  bool cuda_barrier_rule = false;  ///< recorded under the CUDA barrier rule (a barrier-divergence property)
  bool tm_serializable = false;    ///< recorded with the serializability check (`--property serializable`)
  sem::TmProtocolConfig tm_protocol{};  ///< the commit protocol (`--tm-protocol`)
  Digest state_digest{};      ///< after every step (non-termination: the cycle's state)
  std::vector<TraceStuck> stuck;
  std::optional<TraceFault> fault;
  std::vector<TraceMismatch> mismatches;
  std::string detail;         ///< the explorer's fault or mismatch text
};

/// The label of a finding: "SIMT-induced deadlock" for a non-terminating
/// cycle under a SIMT-stack model in which some thread waits for
/// reconvergence, else "livelock"; "deadlock", "error", "expect mismatch".
[[nodiscard]] std::string finding_label(FindingKind kind, std::string_view model, const std::vector<TraceStuck>& stuck);

/// The label followed by what names the finding: for an error, the fault
/// ("error (trap: trap executed)"); for a cycle with a detail, the detail
/// ("deadlock at the grid barrier (block 0 waits in grid.sync() for block 1,
/// which never arrives)"); otherwise the label alone.
[[nodiscard]] std::string finding_summary(const Trace& t);

/// 32 hex digits, high half first.
[[nodiscard]] std::string digest_hex(const Digest& d);
/// The inverse of digest_hex; nullopt unless `text` is exactly 32 hex digits.
/// 1 to 16 hexadecimal digits (no prefix) as a number; nullopt for anything else.
[[nodiscard]] std::optional<std::uint64_t> parse_hex_digits(std::string_view s) noexcept;
[[nodiscard]] std::optional<Digest> parse_digest_hex(std::string_view text) noexcept;

/// The FindingKind with this finding_kind_name, if any.
[[nodiscard]] std::optional<FindingKind> parse_finding_kind(std::string_view name) noexcept;

/// "none" for mimd, "nvidia" / "amd" / "not-taken-first" for the stack models.
[[nodiscard]] std::string_view push_order_of(std::string_view model) noexcept;

/// xxh64 (seed 0) of the bytes, as 16 hex digits.
[[nodiscard]] std::string xxh64_hex(std::string_view bytes);

}  // namespace lockstep::checker
