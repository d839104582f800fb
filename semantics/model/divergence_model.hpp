// The interface every divergence model implements (DESIGN decision 3).
//
// A model decides which units of a warp (sets of threads at one PC) may
// issue next, and how the warp's control state changes when a unit's
// instruction completes. It never decodes instructions: it sees only the
// Outcome (next-PC groups in branch order, exits, barrier arrivals) and the
// caller's reconvergence table. Models are stateless policy objects with
// immutable parameters; all mutable data is in the nested, regular `State`,
// so a launch state is a value the explorer can copy, hash and compare.
//
// Units of a warp-scope model are named by a key: the lowest lane of the
// unit (units are disjoint, so the key is unique). `enabled` returns the
// keys of the units that may issue now as a lane mask. A block-scope model
// (thread block compaction, model_tbc.hpp; dynamic warp formation,
// model_dwf.hpp) keeps one state per block and names its units by an index
// in the block; the model's unit_keys / unit_index map indices to the
// (warp, key) pairs the launch state exposes (TBC: slot k is warp k of the
// block with key k).
//
// `kUnits` says what a unit is and so what must be weakly fair for a
// termination verdict (docs/explorer.md, each model's page in docs/models/):
//   Warp    at most one unit of a warp is enabled at a time (stack, AWARE,
//           the PC-selection heuristics): the warp is the fairness unit;
//   Split   several disjoint units per warp, named by their lowest lane,
//           sharing the warp's model state (Multi-Path IPDOM, independent
//           thread scheduling): each unit key is a fairness unit;
//   Thread  one unit per thread with model state of its own (mimd): each
//           thread is a fairness unit, and units of one warp are independent.
//
// A model may also have *events*: model-internal nondeterministic actions
// (AWARE's reconvergence timeout when the explorer covers every timeout
// value). `events` returns the enabled ones of a warp as a mask of event
// indices, `fire` performs one. Events are fair: an event enabled forever
// must eventually fire (per warp; docs/models/aware.md).
#pragma once

#include <concepts>
#include <cstdint>
#include <span>
#include <vector>

#include "semantics/model/model_context.hpp"
#include "semantics/model/outcome.hpp"
#include "semantics/model/state_hasher.hpp"
#include "semantics/model/wait_info.hpp"
#include "semantics/value/mask.hpp"

namespace lockstep::sem {

enum class ModelScope : std::uint8_t { Warp, Block, Core };

enum class UnitKind : std::uint8_t { Warp, Split, Thread };

struct UnitView {
  std::uint32_t pc = 0;
  Mask threads = 0;
};

template <class M>
concept DivergenceModel =
    std::regular<typename M::State> &&
    requires(const M m, typename M::State& s, const typename M::State& cs, const ModelContext& ctx,
             const Outcome& o, Mask mask, std::uint32_t pc, unsigned key, StateHasher& h) {
      { M::kScope } -> std::convertible_to<ModelScope>;
      { M::kUnits } -> std::convertible_to<UnitKind>;
      /// True when units are single threads (kUnits == Thread).
      { M::kThreadUnits } -> std::convertible_to<bool>;
      { m.unit(cs, key) } -> std::same_as<UnitView>;
      { m.retire(ctx, s, key, o) } -> std::same_as<void>;
      { m.hash(cs, h) } -> std::same_as<void>;
    } &&
    (M::kScope != ModelScope::Warp ||
     requires(const M m, typename M::State& s, const typename M::State& cs, const ModelContext& ctx, Mask mask,
              std::uint32_t pc, std::vector<WaitInfo>& waits) {
       { m.enabled(cs) } -> std::same_as<Mask>;
       { m.init(ctx, mask /*live lanes*/, pc /*entry pc*/) } -> std::same_as<typename M::State>;
       /// Barrier / warp-sync release: these lanes continue at pc.
       { m.release(ctx, s, mask, pc) } -> std::same_as<void>;
       /// Where every unfinished lane is and why it waits.
       { m.explain(cs, waits) } -> std::same_as<void>;
     }) &&
    // A block-scope model (thread block compaction, dynamic warp formation):
    // one state per block; its units (compacted or dynamic warps) have an
    // index in the block, and unit_keys / unit_index say which (warp position
    // in the block, key) pairs name them; unit, warp, conflict and retire
    // take that index. Releases and explanations name a static warp of the block.
    (M::kScope != ModelScope::Block ||
     requires(const M m, typename M::State& s, const typename M::State& cs, const ModelContext& ctx,
              std::span<const Mask> live, const Outcome& o, Mask mask, std::uint32_t pc, std::uint32_t warp,
              unsigned key, std::vector<WaitInfo>& waits) {
       { m.init(ctx, live /*live lanes per static warp*/, pc) } -> std::same_as<typename M::State>;
       { m.unit_keys(cs, key /*warp position*/, key /*warps per block*/) } -> std::same_as<Mask>;
       { m.unit_index(key /*warp position*/, key, key /*warps per block*/) } -> std::convertible_to<unsigned>;
       { m.release(ctx, s, warp, mask, pc) } -> std::same_as<void>;
       { m.explain(cs, warp, waits) } -> std::same_as<void>;
       { m.conflict(ctx, cs, key, o) };
       { m.warp(cs, key).home };
     });

/// A model that regroups threads of several warps at every step (dynamic
/// warp formation, model_dwf.hpp): the order of two units' steps decides
/// which threads share a warp, and a warp-level instruction may read any
/// lane's registers, so the explorer neither merges thread-private steps nor
/// zeroes dead registers under it.
template <class M>
inline constexpr bool kRegroupingModel = requires { requires M::kRegroups; };

/// A model with events (see above).
template <class M>
concept ModelWithEvents = DivergenceModel<M> && requires(const M m, typename M::State& s, const typename M::State& cs,
                                                         const ModelContext& ctx, unsigned e) {
  { m.events(cs) } -> std::same_as<Mask>;
  { m.fire(ctx, s, e) } -> std::same_as<void>;
};

/// A model of a real warp that enforces `.aligned` barriers (`bar.sync`,
/// `bar.arrive`, `bar.red`, `barrier.*.aligned`: every thread of the warp
/// executes the same barrier instruction together). `diverged_from(s, lanes)`
/// names the non-exited lanes outside `lanes` that are in divergent code with
/// them; an aligned barrier executed while there are any is undefined
/// behaviour, a launch error (docs/models/its.md).
template <class M>
concept ModelWithAlignedBarriers =
    DivergenceModel<M> && requires(const M m, const typename M::State& cs, Mask mask) {
      { m.diverged_from(cs, mask) } -> std::same_as<Mask>;
    };

/// Several units of a warp may be enabled at once (Split or Thread units): a
/// schedule visits each key, and fairness is per key.
template <class M>
inline constexpr bool kKeyedUnits = M::kUnits != UnitKind::Warp;

}  // namespace lockstep::sem
