// The commit protocol of Kilo TM's transactions (docs/tm.md): `ideal` (the
// atomic commit), `kilotm` (the commit units' distributed validation and
// commit, research 001-kilotm.md §2.6, tm_commit_units.hpp) and
// `kilotm+tcd` (kilotm with temporal conflict detection's silent commit of
// read-only transactions, §4.4) and `warptm` (WarpTM, §6.2-6.3: intra-warp
// conflict resolution, then the warp's transactions validate through the
// units one by one and commit together).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "semantics/memory/lwh_unit.hpp"

namespace lockstep::sem {

enum class TmProtocol : std::uint8_t { Ideal, KiloTm, KiloTmTcd, WarpTm };

struct TmProtocolConfig {
  TmProtocol kind = TmProtocol::Ideal;
  /// Commit units (memory partitions); word w of memory belongs to unit (w / 4) % partitions.
  std::uint32_t partitions = 2;
  LwhConfig lwh;
  /// warptm: the intra-warp conflict resolution (intra_warp_resolution.hpp):
  /// 2PCR with a table of 4,096 entries, or SCR with its default filter.
  bool use_scr = false;
  [[nodiscard]] bool scr() const noexcept { return use_scr; }
  /// Hazard detection and a local outcome without a hazard happen as soon
  /// as they are enabled, as part of the action that enabled them (they
  /// touch no memory and commute with every other action:
  /// tm_commit_units.hpp). Off only in unit tests that step them one by one.
  bool eager_internal = true;
  /// With eager_internal: speculative validation also happens at once, as
  /// part of hazard detection, when no hazard was found. Set by the launch
  /// when no instruction outside a transaction writes global memory (then
  /// no write can reach a word the transaction read between its
  /// submission and its validation: tm_commit_units.hpp). Speculative reads
  /// of an entry with a hazard are always immediate (their result is unused).
  bool eager_spec = false;
  [[nodiscard]] bool units() const noexcept { return kind != TmProtocol::Ideal; }
  [[nodiscard]] bool tcd() const noexcept { return kind == TmProtocol::KiloTmTcd; }
  [[nodiscard]] bool warp() const noexcept { return kind == TmProtocol::WarpTm; }
  friend bool operator==(const TmProtocolConfig&, const TmProtocolConfig&) = default;
};

[[nodiscard]] std::string_view tm_protocol_name(TmProtocol p) noexcept;
[[nodiscard]] std::optional<TmProtocol> parse_tm_protocol(std::string_view s) noexcept;

/// `NAME[,units=N][,lwh=SETSxWAYS/BUCKETSxARRAYS][,resolution=2pcr|scr]` (the
/// option and the traces' spelling; resolution only for warptm): e.g.
/// "kilotm", "kilotm+tcd,units=1,lwh=0x0/4x2", "warptm,resolution=scr".
struct TmProtocolParse {
  std::optional<TmProtocolConfig> config;
  std::string error;  ///< when !config
};
[[nodiscard]] TmProtocolParse parse_tm_protocol_spec(std::string_view s);
/// The spelling parse_tm_protocol_spec reads back (only what differs from the defaults).
[[nodiscard]] std::string tm_protocol_spec(const TmProtocolConfig& c);

}  // namespace lockstep::sem
