// Dynamic warp formation, and DWF with warp barriers (research
// 001-microarch-tbc.md §3.1-3.3; docs/models/dwf.md): a block-scope
// divergence model.
//
// Per block: a warp pool of dynamic warps {PC, lanes, home[lane]}, in age
// order. After every instruction of a dynamic warp its threads are placed by
// next PC: into the oldest pool entry with that PC and a free slot in the
// thread's home lane, else into a new entry. Threads never leave their home
// lane; reconvergence happens only when PCs coincide. Barriers and exits are
// per thread (a dynamic warp at a barrier waits as a whole; released threads
// are placed anew).
//
// With warp barriers (`dwf-wb`): a static warp W whose threads are together
// in W's static grouping (a "static entry") that diverges at a branch gets a
// warp barrier at the branch's reconvergence point (IPDOM). Its threads then
// form dynamic warps with other diverged threads only; a thread reaching the
// barrier waits there until every live thread of W has arrived, and then W
// is a static entry again. Branches of threads already in a divergent region
// of W set no barrier (only top-level divergence does).
//
// Units: pool entry j of the block; the launch state names it warp (block
// slot * warps per block + j % warps per block) with key j / warps per block
// (unit_keys, unit_index). At most one entry per live thread, so j < 32 *
// warps per block and every key is a lane index.
//
// Core scope (the simulator; docs/models/dwf.md "Core scope"): one pool for
// the block slots of an SM. Positions are then slot-in-core * warps per
// block + warp in block; blocks join (admit) and leave (leave) the pool as
// the SM takes and retires them, and a new entry's index names a position
// whose static warp has live threads, so every entry is issued by a
// hardware warp of a resident block.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "semantics/model/divergence_model.hpp"

namespace lockstep::sem {

class ModelDwf {
 public:
  static constexpr ModelScope kScope = ModelScope::Block;
  /// One state may pool several block slots (empty, admit, leave): core scope.
  static constexpr bool kCoreScope = true;
  /// Several dynamic warps per warp position, each (warp, key) weakly fair.
  static constexpr UnitKind kUnits = UnitKind::Split;
  static constexpr bool kThreadUnits = false;
  /// Warp-synchronous instructions run over the dynamic warp's lanes without
  /// waiting for the membermask (DWF hardware predates `.sync`).
  static constexpr bool kLegacyWarpSync = true;
  /// Threads regroup across static warps at every step (kRegroupingModel).
  static constexpr bool kRegroups = true;
  static constexpr std::uint32_t kNoPc = 0xfffffffeU;
  static constexpr std::uint8_t kNoWarp = 0xff;
  static constexpr const char* kName = "dynamic warp formation";
  static constexpr const char* kPage = "docs/models/dwf.md";

  struct Warp {  ///< a pool entry (a free entry has no lanes)
    std::uint32_t pc = 0;
    Mask lanes = 0;
    bool blocked = false;  ///< waits at a barrier as a whole
    bool fixed = false;    ///< dwf-wb: a static warp in its static grouping (never regrouped)
    std::array<std::uint8_t, kWarpSize> home = empty_home();  ///< static warp of lane l; kNoWarp outside lanes
    friend bool operator==(const Warp&, const Warp&) = default;
  };
  struct State {
    std::vector<Warp> pool;            ///< entries by index; trailing free entries are dropped
    std::vector<std::uint16_t> order;  ///< indices of the occupied entries, oldest first
    std::vector<Mask> live;            ///< per static warp: threads not exited
    std::vector<std::uint32_t> wb_pc;  ///< dwf-wb, per static warp: its warp barrier's PC, kNoPc for none
    std::vector<Mask> wb_arrived;      ///< dwf-wb, per static warp: threads waiting at its warp barrier
    /// Static warps per block; fewer than live.size() when the state pools
    /// several blocks (core scope). Fixed at construction, not hashed.
    std::uint16_t block_warps = 0;
    friend bool operator==(const State&, const State&) = default;
  };

  explicit ModelDwf(bool warp_barriers = false) : wb_(warp_barriers) {}

  /// `live`: the live lanes of each static warp of the block.
  [[nodiscard]] State init(const ModelContext& ctx, std::span<const Mask> live, std::uint32_t entry_pc) const;
  /// Core scope: `positions` static-warp positions (block slots x
  /// `block_warps`), no block in any of them yet.
  [[nodiscard]] State empty(unsigned positions, unsigned block_warps) const;
  /// A block joins the pool at positions [first, first + live.size()): its
  /// static warps become the youngest entries, each at index `first + i`.
  void admit(State& s, unsigned first, std::span<const Mask> live, std::uint32_t entry_pc) const;
  /// The block at positions [first, first + count) has left (every thread
  /// exited): entries at those positions (threads of other blocks) move to
  /// the lowest free indices of positions with live threads, keeping their age.
  void leave(State& s, unsigned first, unsigned count) const;
  /// Keys of the issuable entries that warp position `i` of the block names.
  [[nodiscard]] static Mask unit_keys(const State& s, unsigned i, unsigned wpb) noexcept {
    Mask m = 0;
    for (std::size_t j = i; j < s.pool.size(); j += wpb) {
      if (s.pool[j].lanes != 0 && !s.pool[j].blocked) m |= lane_bit(static_cast<unsigned>(j / wpb));
    }
    return m;
  }
  [[nodiscard]] static unsigned unit_index(unsigned i, unsigned key, unsigned wpb) noexcept { return key * wpb + i; }
  [[nodiscard]] UnitView unit(const State& s, unsigned j) const noexcept {
    return UnitView{s.pool[j].pc, s.pool[j].lanes};
  }
  [[nodiscard]] const Warp& warp(const State& s, unsigned j) const noexcept { return s.pool[j]; }
  /// DWF places every thread on its own: no outcome is beyond it.
  [[nodiscard]] std::optional<std::string> conflict(const ModelContext&, const State&, unsigned,
                                                    const Outcome&) const {
    return std::nullopt;
  }
  void retire(const ModelContext& ctx, State& s, unsigned j, const Outcome& o) const;
  /// Barrier release of the threads in `lanes` of static warp `warp`.
  void release(const ModelContext& ctx, State& s, std::uint32_t warp, Mask lanes, std::uint32_t pc) const;
  /// Where every unfinished thread of static warp `warp` is and why it waits.
  void explain(const State& s, std::uint32_t warp, std::vector<WaitInfo>& out) const;
  void hash(const State& s, StateHasher& h) const;

  [[nodiscard]] bool warp_barriers() const noexcept { return wb_; }

  static constexpr std::array<std::uint8_t, kWarpSize> empty_home() noexcept {
    std::array<std::uint8_t, kWarpSize> h{};
    h.fill(kNoWarp);
    return h;
  }

 private:
  /// Places thread (static warp `w`, home lane `l`) at pc: the warp barrier,
  /// else the oldest open entry at pc with lane l free, else a new entry.
  void place(State& s, std::uint8_t w, unsigned l, std::uint32_t pc) const;
  /// Frees entry j (its threads are already elsewhere).
  static void free_entry(State& s, unsigned j);
  /// A new entry at pc, youngest; its index: the lowest free one (pooling
  /// several blocks: the lowest free one of a position with live threads).
  static unsigned new_entry(State& s, std::uint32_t pc);
  /// The lowest free index new_entry would take.
  [[nodiscard]] static unsigned free_index(const State& s);
  /// dwf-wb: restores static warp w when every live thread has arrived at its barrier.
  void try_restore(State& s, std::uint8_t w) const;

  bool wb_;
};

}  // namespace lockstep::sem
