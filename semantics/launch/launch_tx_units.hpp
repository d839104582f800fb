// LaunchState: transactions under a commit-protocol model (kilotm,
// kilotm+tcd; tm_commit_units.hpp, docs/tm.md "The kilotm protocol").
//
//   __tcommit (outermost), first issue: each lane of the unit submits its
//     transaction to the commit units (its next CID) and waits; a lane with
//     empty logs commits at once, and under TCD a read-only transaction that
//     saw no conflict commits silently (no CID; checked against every point
//     of the serial order). The unit stays at __tcommit.
//   the units' actions are warp events (events/fire), interleaved with
//     every other step;
//   __tcommit, second issue (enabled once every lane has its outcome): the
//     lanes that passed leave the transaction, the others restart.
//   warptm: at the first issue the lanes' intra-warp conflict resolution
//     (2PCR or SCR) aborts the losers before the units; the survivors go as
//     one group (tm_commit_units.hpp).
// Decided transactions join the serial order in CID order (the check of
// `--property serializable`, serial_replay.hpp).
#pragma once

#include <algorithm>

#include <fmt/format.h>

#include "semantics/launch/launch_state.hpp"
#include "semantics/memory/intra_warp_resolution.hpp"

namespace lockstep::sem {

template <DivergenceModel M, class D>
Mask LaunchState<M, D>::tx_blocked(std::uint32_t w) const noexcept {
  if (!tx_on() || tx_[w].empty()) return 0;
  return units_.blocked(w);
}

template <DivergenceModel M, class D>
void LaunchState<M, D>::tx_units_commit(std::uint32_t w, const UnitView& u, Mask g, Outcome& o) {
  auto& lanes = tx_[w];
  const Warp& wd = warps_[w];
  bool waits = false;
  // warptm: the lanes that lose the intra-warp conflict resolution abort
  // before the units (units = 3); the others go as one group.
  Mask losers = 0;
  std::uint64_t group = 0;
  if (setup_->tm_protocol.warp()) {
    Mask fresh = 0;
    std::array<const TxLog*, kWarpSize> logs{};
    for_each_lane(g, [&](unsigned l) {
      if (lanes[l].units == 0 && !lanes[l].log.empty()) {
        fresh |= lane_bit(l);
        logs[l] = &lanes[l].log;
      }
    });
    if (fresh != 0) {
      losers = setup_->tm_protocol.scr() ? resolve_scr(fresh, logs).aborted : resolve_2pcr(fresh, logs).aborted;
      group = units_.next_cid();
    }
  }
  for_each_lane(g, [&](unsigned l) {
    TxLane& t = lanes[l];
    if (t.units != 0) return;
    if (has_lane(losers, l)) {
      t.units = 3;
      return;
    }
    const std::uint32_t thread = wd.warp_in_block * kWarpSize + l;
    if (t.log.empty() || (setup_->tm_protocol.tcd() && t.log.writes.empty() && !t.tcd_conflict)) {
      t.units = 2;  // commits without the units
      if (!t.log.empty() && setup_->tm_serializable_check) {
        silent_.push_back(TxSilent{units_.next_cid(), w, l, u.pc, t.log});
      }
      return;
    }
    units_.submit(w, l, u.pc, wd.block, thread, t.log, global_, group);
    t.units = 1;
    waits = true;
  });
  if (waits) {
    o.add(u.pc, u.threads);  // the second issue takes the outcomes
    tx_units_settle();
    return;
  }
  Mask committed = 0;
  Mask failed = 0;
  std::uint32_t restart = u.pc + 1;
  for_each_lane(g, [&](unsigned l) {
    TxLane& t = lanes[l];
    restart = t.restart;
    const bool pass = t.units == 2 || (t.units == 1 && units_.take_outcome(w, l).value_or(false));
    if (!pass) {
      failed |= lane_bit(l);
      ++stats_.tx.aborts_validation;
      tx_restart(w, l);
      return;
    }
    ++stats_.tx.commits;
    committed |= lane_bit(l);
    t = TxLane{};
  });
  o.add(u.pc + 1, committed | (u.threads & ~g));
  o.add(restart, failed);
  o.tx = TxEvent::Commit;
  o.tx_retry = failed;
  tx_units_settle();
  tx_tidy(w);
}

template <DivergenceModel M, class D>
void LaunchState<M, D>::tx_tcd_loads(std::uint32_t w, Mask lanes) {
  auto& tx = tx_[w];
  for_each_lane(lanes, [&](unsigned l) {
    TxLane& t = tx[l];
    if (t.depth == 0) return;
    for (std::size_t i = t.loads_seen; i < t.log.reads.size(); ++i) {
      if (!t.loaded) {
        t.loaded = true;
        t.first_load = units_.clock();
      }
      if (units_.last_written(t.log.reads[i].addr) > t.first_load) t.tcd_conflict = true;
    }
    t.loads_seen = static_cast<std::uint32_t>(t.log.reads.size());
  });
}

template <DivergenceModel M, class D>
void LaunchState<M, D>::tx_record_commit(std::uint32_t w, std::uint32_t lane, std::uint32_t pc, std::uint64_t cid,
                                         const TxLog& log) {
  const Warp& wd = warps_[w];
  TxCommitRecord rec;
  rec.cid = cid;
  rec.block = wd.block;
  rec.thread = wd.warp_in_block * kWarpSize + lane;
  rec.log = log;
  if (const auto m = serial_.check(setup_->initial_global, log)) {
    // The verdict is the serial replay's (state); the history (not state) names the writer.
    tx_history_.push_back(rec);
    const auto v = check_serial_history(setup_->initial_global, tx_history_, nullptr);
    SerialViolation fallback;
    fallback.reader = rec;
    fallback.mismatch = *m;
    return fail(w, pc, lane_bit(lane), "not-serializable", (v ? *v : fallback).text());
  }
  serial_.apply(setup_->initial_global, log);
  if (setup_->tm_protocol.tcd()) {
    for (const TxWrite& x : log.writes) versions_.push_back(TxVersion{x.addr, cid, x.value, x.mask});
  }
  tx_history_.push_back(std::move(rec));
}

template <DivergenceModel M, class D>
bool LaunchState<M, D>::tx_check_silent(const TxSilent& s) {
  // The serial value of a word after the commits with CID <= p.
  const auto value_at = [&](std::uint64_t addr, std::uint64_t p) {
    std::uint32_t v = tx_word(setup_->initial_global, addr);
    for (const TxVersion& x : versions_) {
      if (x.addr != addr || x.cid > p) continue;
      for (unsigned b = 0; b < 4; ++b) {
        if ((x.mask >> b & 1U) == 0) continue;
        const std::uint32_t byte = 0xffU << (8 * b);
        v = (v & ~byte) | (x.value & byte);
      }
    }
    return v;
  };
  std::vector<std::uint64_t> points{0};
  for (const TxVersion& x : versions_) {
    if (x.cid < s.mark) points.push_back(x.cid);
  }
  for (const std::uint64_t p : points) {
    const bool all = std::all_of(s.log.reads.begin(), s.log.reads.end(),
                                 [&](const TxRead& r) { return value_at(r.addr, p) == r.value; });
    if (all) return true;
  }
  // No point of the serial order gives every value it read: name two reads
  // that no single point explains (the first read and the first that
  // differs from the serial order where the first read holds).
  const Warp& wd = warps_[s.warp];
  const TxRead& a = s.log.reads.front();
  std::string why;
  for (const std::uint64_t p : points) {
    if (value_at(a.addr, p) != a.value) continue;
    for (const TxRead& r : s.log.reads) {
      if (value_at(r.addr, p) == r.value) continue;
      why = fmt::format("; where 0x{:x} holds {} (after CID {}), 0x{:x} holds {}, not {}", a.addr, a.value, p, r.addr,
                        value_at(r.addr, p), r.value);
      break;
    }
    if (!why.empty()) break;
  }
  fail(s.warp, s.pc, lane_bit(s.lane), "not-serializable",
       fmt::format("read-only transaction (block {}, thread {}) committed silently under TCD, but no point of the "
                   "serial order of CIDs 1..{} gives the values it read{}",
                   wd.block, wd.warp_in_block * kWarpSize + s.lane, s.mark - 1, why));
  return false;
}

template <DivergenceModel M, class D>
void LaunchState<M, D>::tx_units_settle() {
  units_.take_decided([&](const TmDecided& d) {
    if (!d.pass || !setup_->tm_serializable_check || status_ != LaunchStatus::Running) return;
    tx_record_commit(d.warp, d.lane, d.pc, d.cid, *d.log);
  });
  if (status_ != LaunchStatus::Running) return;
  while (!silent_.empty() && silent_.front().mark <= units_.serial_next()) {
    if (!tx_check_silent(silent_.front())) return;
    silent_.erase(silent_.begin());
  }
  // The explorer names a warp's events by index in a 32-bit mask.
  for (std::uint32_t v = 0; v < tx_.size(); ++v) {
    if (tx_[v].empty()) continue;
    std::uint32_t n = 0;
    (void)units_.actions(v, &n);
    if (n > kWarpSize) {
      return fail(v, 0, 0, "tm-protocol-limit",
                  fmt::format("{} commit-protocol actions of warp {}'s transactions are enabled at once; the "
                              "explorer names at most 32 per warp (use fewer threads per warp or fewer commit units)",
                              n, v));
    }
  }
}

template <DivergenceModel M, class D>
void LaunchState<M, D>::tx_hash_units(StateHasher& h) const {
  // TCD times relative to the oldest first load still live (or the clock).
  std::uint64_t base = units_.clock();
  for (const auto& lanes : tx_) {
    for (const TxLane& t : lanes) {
      if (t.depth != 0 && t.loaded) base = std::min(base, t.first_load);
    }
  }
  for (std::size_t w = 0; w < tx_.size(); ++w) {
    for (std::size_t l = 0; l < tx_[w].size(); ++l) {
      const TxLane& t = tx_[w][l];
      if (t.depth == 0) continue;
      h.value(t.units);
      h.value(t.loads_seen);
      h.value(static_cast<std::uint8_t>((t.loaded ? 1U : 0U) | (t.tcd_conflict ? 2U : 0U)));
      if (t.loaded) h.value(t.first_load - base);
    }
  }
  units_.canonical(base, [&h](std::uint64_t v) { h.value(v); });
  const std::uint64_t dead = units_.dead_below();
  for (const TxSilent& s : silent_) {
    h.value(s.mark - dead);
    h.value(s.warp);
    h.value(s.lane);
    for (const TxRead& r : s.log.reads) {
      h.value(r.addr);
      h.value(r.value);
    }
  }
  for (const TxVersion& x : versions_) {
    h.value(x.addr);
    h.value(x.cid - dead);
    h.value(x.value);
    h.value(x.mask);
  }
}

}  // namespace lockstep::sem
