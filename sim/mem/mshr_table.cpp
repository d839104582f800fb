#include "sim/mem/mshr_table.hpp"

#include <algorithm>
#include <stdexcept>

namespace lockstep::sim {

MshrTable::MshrTable(std::uint32_t entries, std::uint32_t max_merge)
    : max_merge_(max_merge), entries_(entries), index_(entries), ready_(entries) {
  free_entries_.reserve(entries);
  for (std::uint32_t i = entries; i > 0; --i) free_entries_.push_back(i - 1);
}

bool MshrTable::full(std::uint64_t addr) const noexcept {
  if (const auto e = index_.find(addr)) return entries_[*e].count >= max_merge_;
  return used_ >= entries_.size();
}

std::uint32_t MshrTable::entry_for(std::uint64_t addr, std::uint64_t fill_id, std::uint32_t line,
                                   std::uint32_t parts) {
  if (const auto e = index_.find(addr)) return *e;
  if (free_entries_.empty()) throw std::logic_error("MshrTable::add with every entry in use");
  if (parts == 0) throw std::logic_error("MshrTable::add: a fill of no parts");
  const std::uint32_t e = free_entries_.back();
  free_entries_.pop_back();
  entries_[e] = Entry{addr, fill_id, line, kNil, kNil, 0, parts, 0, false, false, kNever, kNever, kNever, kNever};
  index_.insert(addr, e);
  ++used_;
  return e;
}

void MshrTable::append(Entry& e, const MemRequest& request, bool rider) {
  std::uint32_t n = 0;
  if (!free_nodes_.empty()) {
    n = free_nodes_.back();
    free_nodes_.pop_back();
    nodes_[n] = Node{request, kNil, rider};
  } else {
    n = static_cast<std::uint32_t>(nodes_.size());
    nodes_.push_back(Node{request, kNil, rider});
  }
  if (e.tail == kNil) {
    e.head = n;
  } else {
    nodes_[e.tail].next = n;
  }
  e.tail = n;
}

void MshrTable::add(std::uint64_t addr, const MemRequest& request, std::uint64_t fill_id, std::uint32_t line,
                    std::uint32_t parts) {
  Entry& e = entries_[entry_for(addr, fill_id, line, parts)];
  if (e.count >= max_merge_) throw std::logic_error("MshrTable::add beyond the merge limit");
  append(e, request, false);
  ++e.count;
  if (request.atomic != AtomicOp::None) e.has_atomic = true;
}

void MshrTable::add_rider(std::uint64_t addr, const MemRequest& request) {
  const auto e = index_.find(addr);
  if (!e) throw std::logic_error("MshrTable::add_rider without an entry");
  append(entries_[*e], request, true);
}

bool MshrTable::waiting_for(std::uint64_t addr, std::uint64_t reply_id) const noexcept {
  const auto e = index_.find(addr);
  if (!e) return false;
  const Entry& entry = entries_[*e];
  return !entry.ready && reply_id >= entry.fill_id && reply_id - entry.fill_id < entry.parts;
}

void MshrTable::stamp(Entry& e, const MemRequest& part) noexcept {
  // kNever is "not reached": the earliest ignores it as the largest value,
  // the latest keeps the reached one.
  const auto latest = [](Cycle a, Cycle b) { return a == kNever ? b : b == kNever ? a : std::max(a, b); };
  e.at_l2 = std::min(e.at_l2, part.at_l2);
  e.at_dram = latest(e.at_dram, part.at_dram);
  e.replied = latest(e.replied, part.replied);
  e.returned = latest(e.returned, part.returned);
}

bool MshrTable::fill_part(std::uint64_t addr, const MemRequest& reply) {
  const auto e = index_.find(addr);
  if (!e || !waiting_for(addr, reply.id)) throw std::logic_error("MshrTable::fill_part of a part nobody waits for");
  Entry& entry = entries_[*e];
  if (entry.filled >= entry.parts) throw std::logic_error("MshrTable::fill_part: every part came already");
  stamp(entry, reply);
  return ++entry.filled == entry.parts;
}

std::uint32_t MshrTable::line_of(std::uint64_t addr) const noexcept {
  const auto e = index_.find(addr);
  return e ? entries_[*e].line : 0;
}

bool MshrTable::read_after_write_pending(std::uint64_t addr) const noexcept {
  const auto e = index_.find(addr);
  if (!e) return false;
  bool write_seen = false;
  for (std::uint32_t n = entries_[*e].head; n != kNil; n = nodes_[n].next) {
    if (nodes_[n].rider) continue;
    if (nodes_[n].request.writes()) {
      write_seen = true;
    } else if (write_seen) {
      return true;
    }
  }
  return false;
}

bool MshrTable::mark_ready(std::uint64_t addr, const MemRequest& fill) {
  const auto e = index_.find(addr);
  if (!e) throw std::logic_error("MshrTable::mark_ready without an entry");
  Entry& entry = entries_[*e];
  entry.ready = true;
  // A one-part fill that did not go through fill_part brings its stamps now.
  if (entry.filled == 0) stamp(entry, fill);
  ready_.push(*e);
  return entries_[*e].has_atomic;
}

MemRequest MshrTable::next() {
  if (ready_.empty()) throw std::logic_error("MshrTable::next with nothing ready");
  const std::uint32_t ei = ready_.front();
  Entry& e = entries_[ei];
  const std::uint32_t n = e.head;
  MemRequest r = nodes_[n].request;
  if (r.at_l2 == kNever) r.at_l2 = e.at_l2;
  if (r.at_dram == kNever) r.at_dram = e.at_dram;
  if (r.replied == kNever) r.replied = e.replied;
  if (r.returned == kNever) r.returned = e.returned;
  e.head = nodes_[n].next;
  free_nodes_.push_back(n);
  if (e.head == kNil) {
    index_.erase(e.addr);
    free_entries_.push_back(ei);
    --used_;
    ready_.pop();
  }
  return r;
}

}  // namespace lockstep::sim
