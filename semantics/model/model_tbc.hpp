// Thread block compaction (research 001-microarch-tbc.md §3.4-3.7;
// docs/models/tbc.md): a block-scope divergence model.
//
// Per block: one block-wide SIMT stack of entries {PC, RPC, WCnt, mask over
// the block's threads} (+ LPC, LPos for likely-convergence points), and the
// compacted warps of the entry the TOS pointer names. A mask is compacted
// lane by lane: compacted warp k holds the k-th set thread of every home
// lane, in static-warp order, so a thread never leaves its home lane and a
// full mask gives back the static warps; WCnt = the largest per-lane count.
//
// Compacted warps run independently until they reach a potentially
// divergent branch (a guarded `bra` without `.uni`, or `brx.idx`) or the
// entry's RPC (or LPC). The first warp to arrive at a branch pushes one
// target entry per static target (taken above not-taken: the taken path runs
// first, as under `stack`) even when it does not diverge itself, and the
// entry's PC becomes the branch's RPC (or, when that RPC is the entry's own,
// the targets replace the entry, GPGPU-Sim's rule as in model_stack.hpp).
// Every arrival ORs its threads into the target entries and decrements the
// entry's WCnt; at zero the top entry becomes TOS. Empty entries and entries
// whose PC is their RPC pop when they would become TOS. A warp reaching the
// TOS's RPC retires (decrements WCnt); at zero the entry pops and the entry
// below is compacted anew.
//
// Units: slot k of the block (0 .. static warps - 1, the thesis's bound)
// holds compacted warp k; the launch state names it warp (block slot * warps
// per block + k) with key k. `lanes` of a unit are home lanes; `home[l]` is the
// static warp (in the block) of the thread in lane l.
//
// With the compactor off (`tbc:compactor=off`) the mask of an entry is
// split by static warp instead (the thesis's compatibility switch for
// warp-synchronous code): the warps synchronise at branches as above, but
// every warp holds threads of one static warp only.
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "semantics/model/divergence_model.hpp"

namespace lockstep::analysis {
struct KernelAnalysis;
}

namespace lockstep::sem {

/// Likely-convergence points by branch PC (kNoLcp where none), tbc-lcp only.
using LcpTable = std::vector<std::uint32_t>;
inline constexpr std::uint32_t kNoLcp = 0xfffffffeU;

/// The LCP of every conditional branch: the first PC of the latch block of
/// the innermost loop enclosing the branch (the block ending in the loop's
/// backward-taken branch), when the loop has one latch, the branch is not in
/// it and the branch's reconvergence point (from `table`) is outside the loop
/// (a `break`); kNoLcp elsewhere (docs/models/tbc.md).
[[nodiscard]] LcpTable make_lcp_table(const ir::Kernel& kernel, const analysis::KernelAnalysis& analysis,
                                      const analysis::ReconvergenceTable& table);

class ModelTbc {
 public:
  static constexpr ModelScope kScope = ModelScope::Block;
  static constexpr UnitKind kUnits = UnitKind::Warp;
  static constexpr bool kThreadUnits = false;
  static constexpr std::uint32_t kNoPc = 0xfffffffeU;
  static constexpr std::uint8_t kNoWarp = 0xff;
  static constexpr const char* kName = "thread block compaction";
  static constexpr const char* kPage = "docs/models/tbc.md";

  struct Entry {
    std::uint32_t pc = 0;
    std::uint32_t rpc = kNoPc;
    std::uint32_t lpc = kNoPc;     ///< likely-convergence PC (tbc-lcp), kNoPc for none
    std::uint32_t lpos = 0;        ///< index of the likely-convergence entry when lpc is set
    std::uint32_t wcnt = 0;        ///< TOS: compacted warps that have not arrived yet
    std::uint32_t branch = kNoPc;  ///< TOS: the branch whose target entries (above) are being filled
    bool replace = false;          ///< TOS: the targets replace this entry (the branch's RPC is its RPC)
    bool reconverged = false;      ///< TOS: a warp reached the RPC or the LPC
    bool likely = false;           ///< a likely-convergence entry (tbc-lcp)
    std::vector<Mask> mask;        ///< threads, one lane mask per static warp of the block
    friend bool operator==(const Entry&, const Entry&) = default;
  };
  struct Warp {  ///< a compacted warp (an empty slot has no lanes)
    std::uint32_t pc = 0;
    Mask lanes = 0;
    bool blocked = false;  ///< waits at a barrier or warp sync
    std::array<std::uint8_t, kWarpSize> home = empty_home();  ///< static warp of lane l; kNoWarp outside lanes
    friend bool operator==(const Warp&, const Warp&) = default;
  };
  struct State {
    std::vector<Entry> stack;  ///< bottom .. top; entries above `tos` are targets being filled
    std::uint32_t tos = 0;
    std::vector<Warp> warps;   ///< one slot per static warp of the block
    friend bool operator==(const State&, const State&) = default;
  };

  explicit ModelTbc(bool compactor = true, std::shared_ptr<const LcpTable> lcp = {})
      : compactor_(compactor), lcp_(std::move(lcp)) {}

  /// `live`: the live lanes of each static warp of the block.
  [[nodiscard]] State init(const ModelContext& ctx, std::span<const Mask> live, std::uint32_t entry_pc) const;
  /// Slots whose compacted warp may issue, as a mask of slot indices.
  [[nodiscard]] Mask enabled(const State& s) const noexcept {
    Mask m = 0;
    for (std::size_t k = 0; k < s.warps.size(); ++k) {
      if (s.warps[k].lanes != 0 && !s.warps[k].blocked) m |= lane_bit(static_cast<unsigned>(k));
    }
    return m;
  }
  /// Slot i is named by warp position i of the block with key i.
  [[nodiscard]] Mask unit_keys(const State& s, unsigned i, unsigned) const noexcept {
    return (enabled(s) & lane_bit(i)) != 0 ? lane_bit(i) : 0;
  }
  [[nodiscard]] static unsigned unit_index(unsigned, unsigned key, unsigned) noexcept { return key; }
  [[nodiscard]] UnitView unit(const State& s, unsigned k) const noexcept {
    return UnitView{s.warps[k].pc, s.warps[k].lanes};
  }
  [[nodiscard]] const Warp& warp(const State& s, unsigned k) const noexcept { return s.warps[k]; }
  /// Why compacted warp k cannot take outcome o (a `bra.uni` that diverges
  /// inside the warp; warps of one entry on different paths), if it cannot.
  [[nodiscard]] std::optional<std::string> conflict(const ModelContext& ctx, const State& s, unsigned k,
                                                    const Outcome& o) const;
  void retire(const ModelContext& ctx, State& s, unsigned k, const Outcome& o) const;
  /// Barrier / warp-sync release of the threads in `lanes` of static warp `warp`.
  void release(const ModelContext& ctx, State& s, std::uint32_t warp, Mask lanes, std::uint32_t pc) const;
  /// Where every unfinished thread of static warp `warp` is and why it waits.
  void explain(const State& s, std::uint32_t warp, std::vector<WaitInfo>& out) const;
  void hash(const State& s, StateHasher& h) const;

  [[nodiscard]] bool compactor() const noexcept { return compactor_; }
  [[nodiscard]] bool lcp() const noexcept { return lcp_ != nullptr; }

  static constexpr std::array<std::uint8_t, kWarpSize> empty_home() noexcept {
    std::array<std::uint8_t, kWarpSize> h{};
    h.fill(kNoWarp);
    return h;
  }

 private:
  void compact(State& s) const;
  void activate(State& s) const;
  void retire_warp(State& s, unsigned k) const;
  void arrive(const ModelContext& ctx, State& s, unsigned k, const Outcome& o) const;
  void moved(State& s, unsigned k) const;
  [[nodiscard]] std::uint32_t lcp_of(std::uint32_t pc) const noexcept {
    return lcp_ != nullptr && pc < lcp_->size() ? (*lcp_)[pc] : kNoLcp;
  }

  bool compactor_;
  std::shared_ptr<const LcpTable> lcp_;
};

/// A potentially divergent branch: a guarded `bra` without `.uni`, or `brx.idx`.
[[nodiscard]] bool tbc_divergent_branch(const ir::Kernel& kernel, std::uint32_t pc) noexcept;

}  // namespace lockstep::sem
