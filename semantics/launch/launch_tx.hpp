// LaunchState: Kilo TM transactions with the ideal commit (docs/tm.md;
// research 001-kilotm.md §2). Only under a model with the TM extension
// (ModelWithTransactions) and a kernel with transactions (tx_ non-empty).
//
//   __tbegin   outermost: the lane saves its registers and starts an empty
//              log (restart PC = the next instruction); nested: depth + 1
//   __tcommit  nested: depth - 1; outermost: the lanes commit one after the
//              other in lane order, in this one step (the ideal commit):
//              each validates its read log against memory and, when every
//              word still holds the value read, publishes its write log and
//              takes the next commit ID; a lane that fails restarts
//   __tabort   the guarded lanes restart (flattened nesting: the whole
//              transaction)
//   watchdog   before a step, each lane of the unit inside a transaction
//              counts the instruction; at setup().tm_watchdog_steps the lane
//              validates: a stale read log (a doomed attempt) restarts it
//              and the step does nothing else; a valid one counts again
//
// Under a commit-protocol model, an outermost __tcommit goes through the
// commit units instead (launch_tx_units.hpp).
//
// A restart restores the registers saved at __tbegin, clears the log and
// sends the lane to the restart PC (in the outcome's groups, and as
// o.tx_retry for the SIMT stack's R entry).
#pragma once

#include <fmt/format.h>

#include "semantics/launch/launch_state.hpp"

namespace lockstep::sem {

template <DivergenceModel M, class D>
void LaunchState<M, D>::tx_begin(std::uint32_t w, const UnitView& u, Mask g, Outcome& o) {
  o.add(u.pc + 1, u.threads);
  if (g == 0) return;
  auto& lanes = tx_[w];
  if (lanes.empty()) lanes.resize(kWarpSize);
  const Warp& wd = warps_[w];
  const std::size_t nregs = setup_->reg_bits.size();
  bool outer = false;
  for_each_lane(g, [&](unsigned l) {
    TxLane& t = lanes[l];
    if (t.depth++ != 0) return;
    outer = true;
    t.restart = u.pc + 1;
    t.new_attempt();
    t.saved.resize(nregs);
    for (std::size_t r = 0; r < nregs; ++r) t.saved[r] = wd.regs[r * kWarpSize + l];
    ++stats_.tx.begins;
  });
  if (outer) o.tx = TxEvent::Begin;
}

template <DivergenceModel M, class D>
void LaunchState<M, D>::tx_restart(std::uint32_t w, unsigned l) {
  TxLane& t = tx_[w][l];
  Warp& wd = warps_[w];
  for (std::size_t r = 0; r < t.saved.size(); ++r) wd.regs[r * kWarpSize + l] = t.saved[r];
  t.depth = 1;
  t.new_attempt();
  const LaunchShape& sh = setup_->shape;
  const std::uint64_t thread = std::uint64_t{wd.block} * sh.threads_per_block() + wd.warp_in_block * kWarpSize + l;
  ++stats_.tx.retries[thread];
}

template <DivergenceModel M, class D>
void LaunchState<M, D>::tx_tidy(std::uint32_t w) {
  auto& lanes = tx_[w];
  for (const TxLane& t : lanes) {
    if (t.depth != 0) return;
  }
  lanes.clear();
}

template <DivergenceModel M, class D>
void LaunchState<M, D>::tx_commit(std::uint32_t w, const UnitView& u, Mask g, Outcome& o) {
  auto& lanes = tx_[w];
  if (g == 0 || lanes.empty()) {
    o.add(u.pc + 1, u.threads);
    return;
  }
  Mask committed = 0;
  Mask failed = 0;
  std::uint32_t restart = u.pc + 1;
  const bool outer = lanes[lowest_lane(g)].depth == 1;  // depths agree across lanes (tx_regions.hpp)
  if (outer && tx_units()) return tx_units_commit(w, u, g, o);
  for_each_lane(g, [&](unsigned l) {
    if (status_ != LaunchStatus::Running) return;
    TxLane& t = lanes[l];
    if (--t.depth != 0) {
      committed |= lane_bit(l);  // a nested commit: the transaction goes on
      return;
    }
    restart = t.restart;
    if (!t.log.valid(global_)) {
      failed |= lane_bit(l);
      ++stats_.tx.aborts_validation;
      tx_restart(w, l);
      return;
    }
    if (setup_->tm_serializable_check) {
      tx_record_commit(w, l, u.pc, stats_.tx.commits + 1, t.log);
      if (status_ != LaunchStatus::Running) return;
    }
    t.log.publish(global_);
    ++stats_.tx.commits;
    committed |= lane_bit(l);
    t = TxLane{};
  });
  if (status_ != LaunchStatus::Running) return;
  o.add(u.pc + 1, committed | (u.threads & ~g));
  o.add(restart, failed);
  if (outer) {
    o.tx = TxEvent::Commit;
    o.tx_retry = failed;
  }
  tx_tidy(w);
}

template <DivergenceModel M, class D>
void LaunchState<M, D>::tx_abort(std::uint32_t w, const UnitView& u, Mask g, Outcome& o) {
  auto& lanes = tx_[w];
  if (g == 0 || lanes.empty()) {
    o.add(u.pc + 1, u.threads);
    return;
  }
  std::uint32_t restart = u.pc + 1;
  for_each_lane(g, [&](unsigned l) {
    restart = lanes[l].restart;
    ++stats_.tx.aborts_explicit;
    tx_restart(w, l);
  });
  o.add(restart, g);
  o.add(u.pc + 1, u.threads & ~g);
  o.tx = TxEvent::Abort;
  o.tx_retry = g;
}

template <DivergenceModel M, class D>
bool LaunchState<M, D>::tx_watchdog(std::uint32_t w, const UnitView& u, Outcome& o) {
  auto& lanes = tx_[w];
  Mask doomed = 0;
  std::uint32_t restart = u.pc;
  for_each_lane(u.threads, [&](unsigned l) {
    TxLane& t = lanes[l];
    if (t.depth == 0 || t.units != 0 || ++t.steps < setup_->tm_watchdog_steps) return;
    t.steps = 0;
    if (t.log.valid(global_)) return;
    doomed |= lane_bit(l);
    restart = t.restart;
    ++stats_.tx.aborts_watchdog;
    tx_restart(w, l);
  });
  if (doomed == 0) return false;
  o.add(restart, doomed);
  o.add(u.pc, u.threads & ~doomed);
  o.tx = TxEvent::Abort;
  o.tx_retry = doomed;
  return true;
}

template <DivergenceModel M, class D>
void LaunchState<M, D>::tx_final_check(std::uint32_t w, std::uint32_t pc, Mask lanes) {
  const auto m = serial_.check_final(global_);
  if (!m) return;
  const auto v = check_serial_history(setup_->initial_global, tx_history_, &global_);
  SerialViolation fallback;
  fallback.final = true;
  fallback.mismatch = *m;
  fail(w, pc, lanes, "not-serializable", (v ? *v : fallback).text());
}

}  // namespace lockstep::sem
