// The DRAM channel: GPGPU-Sim's dram_t::cycle, issue_col_command,
// issue_row_command and its schedulers, with each timing counter kept as
// the cycle from which it is met instead of a count down.
#include "sim/mem/dram_channel.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <limits>
#include <stdexcept>

#include "sim/mem/index_hash.hpp"

namespace lockstep::sim {
namespace {

double rate(std::uint64_t num, std::uint64_t den) {
  return den == 0 ? std::numeric_limits<double>::quiet_NaN() : static_cast<double>(num) / static_cast<double>(den);
}

}  // namespace

DramStats& DramStats::operator+=(const DramStats& o) noexcept {
  n_cmd += o.n_cmd;
  n_nop += o.n_nop;
  n_activity += o.n_activity;
  n_act += o.n_act;
  n_pre += o.n_pre;
  n_req += o.n_req;
  n_rd += o.n_rd;
  n_rd_L2_A += o.n_rd_L2_A;
  n_write += o.n_write;
  n_wr_bk += o.n_wr_bk;
  bwutil += o.bwutil;
  access_num += o.access_num;
  hits_num += o.hits_num;
  read_num += o.read_num;
  hits_read_num += o.hits_read_num;
  write_num += o.write_num;
  hits_write_num += o.hits_write_num;
  return *this;
}

void DramStats::report(StatVisitor& v, std::string_view prefix) const {
  v.counter(fmt::format("{}.n_cmd", prefix), n_cmd);
  v.counter(fmt::format("{}.n_nop", prefix), n_nop);
  v.counter(fmt::format("{}.n_act", prefix), n_act);
  v.counter(fmt::format("{}.n_pre", prefix), n_pre);
  v.counter(fmt::format("{}.n_req", prefix), n_req);
  v.counter(fmt::format("{}.n_rd", prefix), n_rd);
  v.counter(fmt::format("{}.n_rd_L2_A", prefix), n_rd_L2_A);
  v.counter(fmt::format("{}.n_write", prefix), n_write);
  v.counter(fmt::format("{}.n_wr_bk", prefix), n_wr_bk);
  v.counter(fmt::format("{}.n_activity", prefix), n_activity);
  v.counter(fmt::format("{}.bwutil", prefix), bwutil);
  v.ratio(fmt::format("{}.bw_util", prefix), rate(bwutil, n_cmd));
  v.ratio(fmt::format("{}.dram_eff", prefix), rate(bwutil, n_activity));
  v.ratio(fmt::format("{}.Row_Buffer_Locality", prefix), rate(hits_num, access_num));
  v.ratio(fmt::format("{}.Row_Buffer_Locality_read", prefix), rate(hits_read_num, read_num));
  v.ratio(fmt::format("{}.Row_Buffer_Locality_write", prefix), rate(hits_write_num, write_num));
}

DramChannel::DramChannel(const DramConfig& dram, std::uint32_t sub_partitions_per_channel)
    : banks_(dram.timing.banks),
      tCCD_(dram.timing.ccd),
      tCCDL_(dram.timing.ccdl),
      tRRD_(dram.timing.rrd),
      tRCD_(dram.timing.rcd),
      tRCDWR_(dram.timing.rcd - (dram.timing.wl + 1)),
      tRAS_(dram.timing.ras),
      tRP_(dram.timing.rp),
      tRC_(dram.timing.rc),
      tRTW_(dram.timing.cl + dram.burst_length / dram.data_command_freq_ratio + 2 - dram.timing.wl),
      tWTR_(dram.timing.wl + dram.burst_length / dram.data_command_freq_ratio + dram.timing.cdlr),
      tWTP_(dram.timing.wl + dram.burst_length / dram.data_command_freq_ratio + dram.timing.wr),
      tRTPL_(dram.timing.rtpl),
      burst_cycles_(dram.burst_length / dram.data_command_freq_ratio),
      read_latency_(dram.timing.cl + burst_cycles_),
      write_latency_(dram.timing.wl + burst_cycles_),
      atom_(dram.access_bytes()),
      per_channel_(sub_partitions_per_channel),
      policy_(dram.scheduler),
      queue_limit_(dram.scheduler_queue),
      bank_index_(dram.bank_index),
      bank_(dram.timing.banks),
      group_(dram.timing.bank_groups),
      incoming_(2),
      frfcfs_(dram.timing.banks),
      pipeline_(read_latency_, read_latency_ + 1),
      returns_(dram.return_queue == 0 ? 1024 : dram.return_queue),
      finished_writebacks_(sub_partitions_per_channel, 0) {
  if (dram.timing.rcd < dram.timing.wl + 1) throw std::invalid_argument("DramChannel: tRCD below WL + 1");
  const std::uint32_t groups = dram.timing.bank_groups;
  const std::uint32_t per_group_log2 = log2_exact(banks_ / groups);
  for (std::uint32_t i = 0; i < banks_; ++i) {
    bank_[i].group = dram.bank_group_bits == BankGroupBits::High ? i >> per_group_log2 : i & (groups - 1);
  }
}

bool DramChannel::full() const noexcept {
  if (policy_ == DramScheduler::FrFcfs) return queue_limit_ != 0 && frfcfs_.pending() >= queue_limit_;
  return incoming_.full();
}

std::uint32_t DramChannel::bank_of(const DecodedAddress& d) const noexcept {
  switch (bank_index_) {
    case BankIndex::Linear: return d.bank;
    case BankIndex::Xor: return xor_hash(d.row, d.bank, banks_);
    case BankIndex::Ipoly: return ipoly_hash(d.row, d.bank, banks_);
  }
  return d.bank;
}

void DramChannel::push(const MemRequest& request, const DecodedAddress& where, Cycle now) {
  if (full()) throw std::logic_error("DramChannel::push on a full controller");
  Request r;
  r.request = request;
  r.request.at_dram = now;
  r.bank = bank_of(where) % banks_;
  r.row = where.row;
  r.bytes = request.bytes;
  r.write = request.writes();
  std::uint32_t slot = 0;
  if (!free_slots_.empty()) {
    slot = free_slots_.back();
    free_slots_.pop_back();
    slots_[slot] = r;
  } else {
    slot = static_cast<std::uint32_t>(slots_.size());
    slots_.push_back(r);
  }
  incoming_.push(slot);
  ++in_flight_;
  ++stats_.n_req;
}

void DramChannel::count_schedule(const Request& r, bool row_hit) noexcept {
  ++stats_.access_num;
  (r.write ? stats_.write_num : stats_.read_num) += 1;
  if (row_hit) {
    ++stats_.hits_num;
    (r.write ? stats_.hits_write_num : stats_.hits_read_num) += 1;
  }
}

void DramChannel::assign(Bank& b, std::uint32_t slot) noexcept {
  b.request = static_cast<std::int32_t>(slot);
  b.want_row = slots_[slot].row;
  b.want_write = slots_[slot].write;
  ++serving_;
}

void DramChannel::release(Bank& b) noexcept {
  b.request = -1;
  --serving_;
}

void DramChannel::note(Bank& b, std::uint64_t until) noexcept {
  b.quiet = std::max(b.quiet, until);
  banks_quiet_ = std::max(banks_quiet_, until);
}

// scheduler_fifo / scheduler_frfcfs
void DramChannel::schedule() {
  if (policy_ == DramScheduler::Fifo) {
    if (incoming_.empty()) return;
    const std::uint32_t slot = incoming_.front();
    Bank& b = bank_[slots_[slot].bank];
    if (b.request < 0) {
      assign(b, slot);
      count_schedule(slots_[slot], b.row == slots_[slot].row);
      incoming_.pop();
    }
    return;
  }
  while (!incoming_.empty()) {
    const std::uint32_t slot = incoming_.front();
    incoming_.pop();
    frfcfs_.add(slots_[slot].bank, {slot, slots_[slot].row});
  }
  if (frfcfs_.pending() == 0 || serving_ == banks_) return;
  for (std::uint32_t i = 0; i < banks_; ++i) {
    const std::uint32_t b = (i + prio_) % banks_;
    if (bank_[b].request >= 0) continue;
    const auto chosen = frfcfs_.schedule(b, bank_[b].row);
    if (!chosen) continue;
    prio_ = (prio_ + 1) % banks_;
    assign(bank_[b], chosen->slot);
    count_schedule(slots_[chosen->slot], chosen->row_hit);
    break;
  }
}

// issue_col_command
bool DramChannel::column_command(std::uint32_t j) {
  Bank& b = bank_[j];
  if (b.request < 0) return false;
  Group& g = group_[b.group];
  if (!b.active || b.row != b.want_row || now_ < ccd_ || now_ < g.ccdl || pipeline_.full()) return false;
  if (!b.want_write) {
    if (now_ < b.rcd || now_ < wtr_) return false;
  } else if (now_ < b.rcdwr || now_ < rtw_) {
    return false;
  }
  Request& r = slots_[static_cast<std::uint32_t>(b.request)];
  if (!r.write) {
    if (writing_) {
      writing_ = false;
      pipeline_.set_min_length(read_latency_);
    }
    rtw_ = now_ + tRTW_;
    quiet_ = std::max(quiet_, rtw_);
    b.rtp = now_ + burst_cycles_;
    g.rtpl = now_ + tRTPL_;
    (r.request.type == AccessType::L2WriteAllocRead ? stats_.n_rd_L2_A : stats_.n_rd) += 1;
  } else {
    if (!writing_) {
      writing_ = true;
      pipeline_.set_min_length(write_latency_);
    }
    wtr_ = now_ + tWTR_;
    quiet_ = std::max(quiet_, wtr_);
    b.wtp = now_ + tWTP_;
    (r.request.type == AccessType::L2Writeback ? stats_.n_wr_bk : stats_.n_write) += 1;
  }
  pipeline_.push(b.request);
  r.sent += atom_;
  ccd_ = now_ + tCCD_;
  quiet_ = std::max(quiet_, ccd_);
  g.ccdl = now_ + tCCDL_;
  stats_.bwutil += burst_cycles_;
  if (r.sent >= r.bytes) release(b);
  return true;
}

// issue_row_command
bool DramChannel::row_command(std::uint32_t j) {
  Bank& b = bank_[j];
  if (b.request < 0) return false;
  if (!b.active) {
    if (now_ < rrd_ || now_ < b.rp || now_ < b.rc) return false;
    b.row = b.want_row;
    b.active = true;
    rrd_ = now_ + tRRD_;
    quiet_ = std::max(quiet_, rrd_);
    b.rcd = now_ + tRCD_;
    b.rcdwr = now_ + tRCDWR_;
    b.ras = now_ + tRAS_;
    b.rc = now_ + tRC_;
    note(b, std::max({b.rcd, b.rcdwr, b.ras, b.rc}));
    prio_ = (j + 1) % banks_;
    ++stats_.n_act;
    return true;
  }
  if (b.row == b.want_row || now_ < b.ras || now_ < b.wtp || now_ < b.rtp || now_ < group_[b.group].rtpl) return false;
  b.active = false;
  b.rp = now_ + tRP_;
  note(b, b.rp);
  prio_ = (j + 1) % banks_;
  ++stats_.n_pre;
  return true;
}

void DramChannel::complete(std::uint32_t slot) {
  Request& r = slots_[slot];
  r.delivered += atom_;
  if (r.delivered < r.bytes) return;
  if (is_writeback(r.request.type)) {
    ++finished_writebacks_[r.request.sub_partition % per_channel_];
  } else {
    r.request.reply = true;
    returns_.push(r.request);
  }
  free_slots_.push_back(slot);
  --in_flight_;
}

void DramChannel::cycle() {
  if (!returns_.full()) {
    const std::int32_t done = pipeline_.pop();
    if (done != DataPipeline::kEmpty) complete(static_cast<std::uint32_t>(done));
  }
  schedule();

  bool column = false;
  bool row = false;
  bool active = false;
  if (serving_ == 0) {
    // No command can issue: the cycle is active while a constraint runs.
    active = now_ < quiet_ || now_ < banks_quiet_;
  } else {
    // A bank counts as active while it serves a request or a constraint on
    // it runs, as the banks are scanned (a command sets constraints for the
    // banks after it).
    for (std::uint32_t i = 0; i < banks_; ++i) {
      const std::uint32_t j = (i + prio_) % banks_;
      if (!column) column = column_command(j);
      if (!column && !row) row = row_command(j);
      const Bank& b = bank_[j];
      if (b.request >= 0 || now_ < quiet_ || now_ < b.quiet) active = true;
    }
  }
  if (!column && !row) ++stats_.n_nop;
  if (active) ++stats_.n_activity;
  ++stats_.n_cmd;
  ++now_;
}

std::uint32_t DramChannel::take_finished_writebacks(std::uint32_t local_sub_partition) noexcept {
  const std::uint32_t n = finished_writebacks_[local_sub_partition];
  finished_writebacks_[local_sub_partition] = 0;
  return n;
}

bool DramChannel::idle() const noexcept { return in_flight_ == 0 && returns_.empty(); }

std::uint32_t DramChannel::queued() const noexcept {
  return static_cast<std::uint32_t>(incoming_.size()) + frfcfs_.pending();
}

void DramChannel::skip(std::uint64_t n) noexcept {
  // With no request in the channel, a cycle issues nothing and counts as
  // active while any timing constraint still runs.
  const std::uint64_t last = std::max(quiet_, banks_quiet_);
  const std::uint64_t running = last > now_ ? last - now_ : 0;
  stats_.n_cmd += n;
  stats_.n_nop += n;
  stats_.n_activity += std::min(n, running);
  now_ += n;
}

}  // namespace lockstep::sim
