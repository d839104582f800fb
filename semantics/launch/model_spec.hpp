// A divergence model with its parameters, as the command line names it:
// NAME or NAME:OPTIONS (docs/cli.md, `lockstep models`).
//
//   aware:timeout=N     reconvergence timeout after N warp instructions
//                       (1 .. 4294967294); timeout=off (the default);
//                       timeout=any for the explorer: every value at once
//   aware:switch=S      when the FIFO head goes to the back: every-branch
//                       (default: every executed branch) or divergence
//                       (only divergent branches; research §5.2's wording)
//   aware:order=O       which side of a divergent branch joins the FIFO
//                       first: not-taken-first (default, research §1.3) or
//                       taken-first (§5.4.2 calls the choice arbitrary)
//   aware:st=N,rt=N     physical split-table / reconvergence-table entries
//                       per warp (1 .. 32; 0 = unbounded, the default):
//                       the virtualised tables of research §1.7, the rest
//                       spill to memory (docs/models/aware.md)
//                       -- options combine: aware:timeout=100,switch=divergence
//   mp:splits=N         split-table entries (0 = unlimited, the default;
//   mp-orec:splits=N    2 = the dual-path stack)
//   long:SIZE           fetch-history buffer size (1 .. 64, default 8)
//   tbc:compactor=off   thread block compaction with the compactor off:
//   tbc-lcp:compactor=off  the warps keep their static arrangement (the
//                       thesis's switch for warp-synchronous code)
//
// Every other model takes no options.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "semantics/launch/model_kind.hpp"

namespace lockstep::sem {

struct ModelSpec {
  static constexpr std::uint32_t kTimeoutAny = 0xffffffffU;
  ModelKind kind = ModelKind::Mimd;
  std::uint32_t timeout = 0;  ///< aware: 0 off, kTimeoutAny every value (explorer)
  std::uint32_t splits = 0;   ///< mp, mp-orec: 0 unlimited
  std::uint32_t fhb = 8;      ///< long
  bool switch_on_divergence = false;  ///< aware: rotate the FIFO at divergent branches only
  bool taken_first = false;           ///< aware: the taken side joins the FIFO first
  std::uint32_t st_entries = 0;       ///< aware: physical split-table entries (0 unbounded)
  std::uint32_t rt_entries = 0;       ///< aware: physical reconvergence-table entries (0 unbounded)
  bool compactor = true;              ///< tbc, tbc-lcp: compact warps (off: static warps)

  ModelSpec() = default;
  ModelSpec(ModelKind k) noexcept : kind(k) {}  // NOLINT: a bare kind is a spec with default options
  friend bool operator==(const ModelSpec&, const ModelSpec&) = default;
};

/// The canonical text of a spec: options only where they differ from the
/// defaults ("aware", "aware:timeout=1000", "aware:st=4,rt=2", "mp:splits=2", "long:8").
[[nodiscard]] std::string model_spec_name(const ModelSpec& spec);

struct ModelSpecParse {
  std::optional<ModelSpec> spec;
  std::string error;  ///< when !spec: one sentence naming the problem and the accepted forms
};
[[nodiscard]] ModelSpecParse parse_model_spec(std::string_view text);

/// The names `run --model` accepts, for error messages: "mimd, stack, ..., long:SIZE, ...".
[[nodiscard]] std::string model_names_list();

}  // namespace lockstep::sem
