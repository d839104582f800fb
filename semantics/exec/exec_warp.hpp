// Semantics of the warp-collective instructions, written once over a value
// domain D: vote (.all/.any/.uni/.ballot), shfl (.up/.down/.bfly/.idx),
// match (.any/.all), activemask and redux.
//
//   template <class D> bool exec_warp(Lanes<D>& L);
//
// Returns false (touching nothing) for other opcodes. The caller executes a
// collective once for the whole group: L.active is exactly the set of
// participating lanes (for .sync forms the launch state has already waited
// for the membermask rendezvous; for the legacy forms it is the active lanes
// of the warp). The membermask operand (the last source of .sync forms) is
// not read here. Every result is computed from the sources of all lanes
// before any destination is written, so a destination may alias a source.
//
// PTX ISA §9.7.9.6 (shfl.sync), §9.7.13.9-12 (vote.sync, match.sync,
// activemask, redux.sync), and the deprecated non-.sync shfl and vote:
//   vote    .all/.any: AND/OR of the predicate over L.active; .uni: all
//           equal; .ballot: bit l set for every lane l of L.active whose
//           predicate is true (lanes outside L.active contribute 0).
//   shfl    per lane: bval = b[4:0], cval = c[4:0], segmask = c[12:8],
//           maxLane = (lane & segmask) | (cval & ~segmask),
//           minLane = lane & segmask; .up j = lane - bval, p = j >= maxLane;
//           .down j = lane + bval, p = j <= maxLane; .bfly j = lane ^ bval,
//           p = j <= maxLane; .idx j = minLane | (bval & ~segmask),
//           p = j <= maxLane; if !p, j = lane. d = a of lane j, and the
//           optional predicate destination (`d|p`) gets p. Lane indices are
//           concrete (D::bits of b and c). A source lane j outside L.active
//           (the manual: undefined / "unpredictable") reads the current
//           value of lane j's register a anyway; for an immediate a every
//           lane has the same value, and a special-register a of an
//           inactive lane reads 0 (Lanes evaluates specials for active
//           lanes only).
//   match   .any: d = lanes of L.active whose a equals this lane's a;
//           .all: d = L.active if a is equal in all of them, else 0, and
//           the optional predicate destination gets that equality.
//   activemask  d = L.active.
//   redux   .add (32-bit wrap), .min/.max (.u32/.s32), .and/.or/.xor (.b32)
//           over L.active; .f32 .min/.max order -0.0 < +0.0, .abs takes
//           absolute values first, NaN inputs are ignored unless .NaN is
//           given (then any NaN gives the canonical NaN 0x7fffffff); all
//           NaN inputs give the canonical NaN. The f32 order is computed on
//           the bits with integer domain operations.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <vector>

#include "frontend/ir/instr.hpp"
#include "semantics/exec/exec_int_common.hpp"
#include "semantics/exec/lanes.hpp"

namespace lockstep::sem {
namespace warp_exec {

template <class D>
bool exec_vote(Lanes<D>& L) {
  D& d = L.d;
  const auto zero = d.constant(0);
  auto all = d.constant(1);
  auto any = zero;
  auto ballot = zero;
  for_each_lane(L.active, [&](unsigned l) {
    const auto p = L.src(1, l);
    all = d.and_(all, p, 1);
    any = d.or_(any, p, 1);
    ballot = d.or_(ballot, d.select(p, d.constant(lane_bit(l)), zero), 32);
  });
  typename D::V r = ballot;
  switch (L.in.vote) {
    case ir::VoteMode::All: r = all; break;
    case ir::VoteMode::Any: r = any; break;
    case ir::VoteMode::Uni: r = d.or_(all, d.not_(any, 1), 1); break;
    case ir::VoteMode::Ballot: break;
    case ir::VoteMode::None: unsupported("vote without a mode");
  }
  for_each_lane(L.active, [&](unsigned l) { L.set(0, l, r); });
  return true;
}

/// The source lane of shfl for `lane` and whether it is in range.
struct ShflSource {
  unsigned lane;
  bool in_range;
};
[[nodiscard]] inline ShflSource shfl_source(ir::ShflMode mode, unsigned lane, std::uint64_t b, std::uint64_t c) {
  const int ln = static_cast<int>(lane);
  const int bval = static_cast<int>(b & 0x1fU);
  const int cval = static_cast<int>(c & 0x1fU);
  const int seg = static_cast<int>((c >> 8) & 0x1fU);
  const int max_lane = (ln & seg) | (cval & ~seg);
  const int min_lane = ln & seg;
  int j = ln;
  bool p = false;
  switch (mode) {
    case ir::ShflMode::Up:
      j = ln - bval;
      p = j >= max_lane;
      break;
    case ir::ShflMode::Down:
      j = ln + bval;
      p = j <= max_lane;
      break;
    case ir::ShflMode::Bfly:
      j = ln ^ bval;
      p = j <= max_lane;
      break;
    case ir::ShflMode::Idx:
      j = min_lane | (bval & ~seg);
      p = j <= max_lane;
      break;
    case ir::ShflMode::None: unsupported("shfl without a mode");
  }
  return {p ? static_cast<unsigned>(j) : lane, p};
}

template <class D>
bool exec_shfl(Lanes<D>& L) {
  D& d = L.d;
  std::vector<typename D::V> value;  // in lane order of L.active
  value.reserve(kWarpSize);
  std::array<bool, kWarpSize> in_range{};
  for_each_lane(L.active, [&](unsigned l) {
    const ShflSource s = shfl_source(L.in.shfl, l, d.bits(L.src(2, l)), d.bits(L.src(3, l)));
    value.push_back(L.src(1, s.lane));
    in_range[l] = s.in_range;
  });
  std::size_t i = 0;
  for_each_lane(L.active, [&](unsigned l) {
    L.set(0, l, value[i++]);
    L.set_second(0, l, d.constant(in_range[l] ? 1 : 0));
  });
  return true;
}

template <class D>
bool exec_match(Lanes<D>& L) {
  D& d = L.d;
  const unsigned w = int_exec::width(L.in.type);
  const Mask active = L.active;
  if (active == 0) return true;
  std::vector<typename D::V> a;  // in lane order of L.active
  a.reserve(kWarpSize);
  std::array<std::size_t, kWarpSize> at{};
  for_each_lane(active, [&](unsigned l) {
    at[l] = a.size();
    a.push_back(L.src(1, l));
  });
  const auto zero = d.constant(0);
  if (L.in.match == ir::MatchMode::All) {
    auto same = d.constant(1);
    for (const auto& x : a) same = d.and_(same, d.eq(x, a.front(), w), 1);
    const auto mask = d.select(same, d.constant(active), zero);
    for_each_lane(active, [&](unsigned l) {
      L.set(0, l, mask);
      L.set_second(0, l, same);
    });
    return true;
  }
  std::vector<typename D::V> mask;
  mask.reserve(kWarpSize);
  for_each_lane(active, [&](unsigned l) {
    auto m = zero;
    for_each_lane(active, [&](unsigned k) {
      m = d.or_(m, d.select(d.eq(a[at[l]], a[at[k]], w), d.constant(lane_bit(k)), zero), 32);
    });
    mask.push_back(m);
  });
  std::size_t i = 0;
  for_each_lane(active, [&](unsigned l) { L.set(0, l, mask[i++]); });
  return true;
}

/// f32 helpers for redux on raw bits, with integer domain operations.
template <class D>
[[nodiscard]] typename D::V f32_is_nan(D& d, const typename D::V& x) {
  return d.lt_u(d.constant(0x7f800000U), d.and_(x, d.constant(0x7fffffffU), 32), 32);
}
/// A key whose unsigned order is the f32 order of non-NaN values (-0 < +0).
template <class D>
[[nodiscard]] typename D::V f32_key(D& d, const typename D::V& x) {
  return d.select(d.lt_s(x, d.constant(0), 32), d.not_(x, 32), d.or_(x, d.constant(0x80000000U), 32));
}

template <class D>
[[nodiscard]] typename D::V redux_step(D& d, const ir::Instr& in, const typename D::V& acc, const typename D::V& x) {
  using ir::AtomOp;
  if (in.type == ir::Type::F32) {
    const bool is_min = in.aop == AtomOp::Min;
    const auto ka = f32_key(d, acc);
    const auto kx = f32_key(d, x);
    const auto better = is_min ? d.lt_u(kx, ka, 32) : d.lt_u(ka, kx, 32);
    return d.select(f32_is_nan(d, acc), x, d.select(f32_is_nan(d, x), acc, d.select(better, x, acc)));
  }
  const bool sgn = in.type == ir::Type::S32;
  switch (in.aop) {
    case AtomOp::Add: return d.add(acc, x, 32);
    case AtomOp::Min: return int_exec::min_of(d, acc, x, 32, sgn);
    case AtomOp::Max: return int_exec::max_of(d, acc, x, 32, sgn);
    case AtomOp::And: return d.and_(acc, x, 32);
    case AtomOp::Or: return d.or_(acc, x, 32);
    case AtomOp::Xor: return d.xor_(acc, x, 32);
    default: break;
  }
  unsupported("redux operation");
}

template <class D>
bool exec_redux(Lanes<D>& L) {
  D& d = L.d;
  const ir::Instr& in = L.in;
  const Mask active = L.active;
  if (active == 0) return true;
  const bool f32 = in.type == ir::Type::F32;
  const auto canonical_nan = d.constant(0x7fffffffU);
  auto in_value = [&](unsigned l) {
    const auto x = d.zext(L.src(1, l), 32);
    return f32 && in.has(ir::InstrFlag::Abs) ? d.and_(x, d.constant(0x7fffffffU), 32) : x;
  };
  const unsigned first = lowest_lane(active);
  auto acc = in_value(first);
  auto any_nan = d.constant(0);
  for_each_lane(active, [&](unsigned l) {
    const auto x = in_value(l);
    if (f32) any_nan = d.or_(any_nan, f32_is_nan(d, x), 1);
    if (l != first) acc = redux_step(d, in, acc, x);
  });
  if (f32) {
    acc = d.select(f32_is_nan(d, acc), canonical_nan, acc);
    if (in.has(ir::InstrFlag::NaN)) acc = d.select(any_nan, canonical_nan, acc);
  }
  for_each_lane(active, [&](unsigned l) { L.set(0, l, acc); });
  return true;
}

}  // namespace warp_exec

template <class D>
bool exec_warp(Lanes<D>& L) {
  using ir::Opcode;
  switch (L.in.op) {
    case Opcode::Vote: return warp_exec::exec_vote(L);
    case Opcode::Shfl: return warp_exec::exec_shfl(L);
    case Opcode::Match: return warp_exec::exec_match(L);
    case Opcode::Redux: return warp_exec::exec_redux(L);
    case Opcode::Activemask: {
      const auto m = L.d.constant(L.active);
      for_each_lane(L.active, [&](unsigned l) { L.set(0, l, m); });
      return true;
    }
    default: return false;
  }
}

}  // namespace lockstep::sem
