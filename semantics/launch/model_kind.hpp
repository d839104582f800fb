// The divergence models lockstep offers, by command-line name, with what
// `lockstep models` prints about each (docs/models/README.md).
//
//   mimd          every thread its own PC (the loosely fair reference)
//   stack         SIMT stack, IPDOM reconvergence, taken path first (NVIDIA)
//   stack-amd     SIMT stack, the path with fewer threads first (AMD)
//   stack-nt      SIMT stack, not-taken path first
//   aware         AWARE: split and reconvergence tables, FIFO splits
//   mp, mp-orec   Multi-Path IPDOM, + opportunistic early reconvergence
//   its           independent thread scheduling with convergence barriers
//   minpc, minsp-minpc, maxfun-minpc, long, lee, pdom-minsp, longest-path,
//   round-robin   the PC-selection heuristics
//   tbc, tbc-lcp  thread block compaction (block scope), + likely-convergence points
//   dwf, dwf-wb   dynamic warp formation (block scope; core scope in sim), + warp barriers
// Parameters (`aware:timeout=N`, `mp:splits=2`, `long:8`) are in model_spec.hpp.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string_view>

namespace lockstep::sem {

enum class ModelKind : std::uint8_t {
  Mimd,
  Stack,
  StackAmd,
  StackNt,
  Aware,
  Mp,
  MpOrec,
  Its,
  MinPc,
  MinSpMinPc,
  MaxFunMinPc,
  Long,
  Lee,
  PdomMinSp,
  LongestPath,
  RoundRobin,
  Tbc,
  TbcLcp,
  Dwf,
  DwfWb,
};

/// What `lockstep models` says about a model.
struct ModelInfo {
  ModelKind kind;
  std::string_view name;
  std::string_view options;   ///< parameter syntax after "name:", "" for none
  std::string_view summary;   ///< one line
  std::string_view scope;     ///< whose threads a model state covers
  std::string_view fairness;  ///< the unit a termination verdict assumes weakly fair
  std::string_view table;     ///< the reconvergence table it uses by default
};

/// Every model, in the order `lockstep models` lists them.
[[nodiscard]] std::span<const ModelInfo> model_catalog() noexcept;
[[nodiscard]] const ModelInfo& model_info(ModelKind k) noexcept;
/// The kind named `name` (no parameters), if any.
[[nodiscard]] std::optional<ModelKind> parse_model_kind(std::string_view name) noexcept;
[[nodiscard]] std::string_view model_kind_name(ModelKind k) noexcept;

}  // namespace lockstep::sem
