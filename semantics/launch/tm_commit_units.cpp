#include "semantics/launch/tm_commit_units.hpp"

#include <algorithm>

#include <fmt/format.h>

namespace lockstep::sem {

TmCommitUnits::TmCommitUnits(const TmProtocolConfig& config)
    : config_(config), lwh_(config.partitions == 0 ? 1 : config.partitions, LwhUnit(config.lwh)) {
  if (config_.partitions == 0) config_.partitions = 1;
}

TmCommitUnits::Tx* TmCommitUnits::find(std::uint64_t cid) noexcept {
  for (Tx& t : txs_) {
    if (t.cid == cid) return &t;
  }
  return nullptr;
}

const TmCommitUnits::Tx* TmCommitUnits::find(std::uint64_t cid) const noexcept {
  for (const Tx& t : txs_) {
    if (t.cid == cid) return &t;
  }
  return nullptr;
}

const TmCommitUnits::Entry* TmCommitUnits::entry_at(const Tx& t, std::uint32_t unit) const noexcept {
  for (const Entry& e : t.entries) {
    if (e.unit == unit) return &e;
  }
  return nullptr;
}

TmCommitUnits::Entry* TmCommitUnits::entry_at(Tx& t, std::uint32_t unit) noexcept {
  for (Entry& e : t.entries) {
    if (e.unit == unit) return &e;
  }
  return nullptr;
}

std::uint64_t TmCommitUnits::dead_below() const noexcept {
  std::uint64_t d = next_cid_;
  for (const Tx& t : txs_) {
    d = std::min(d, t.cid);
    for (const Entry& e : t.entries) d = std::min(d, e.rcid);
  }
  return d;
}

void TmCommitUnits::submit(std::uint32_t warp, unsigned lane, std::uint32_t pc, std::uint32_t block,
                           std::uint32_t thread, const TxLog& log, GlobalMemory& memory, std::uint64_t group) {
  Tx t;
  t.pc = pc;
  t.group = group;
  t.cid = next_cid_++;
  t.warp = warp;
  t.lane = lane;
  t.block = block;
  t.thread = thread;
  t.log = log;
  const auto entry = [&](std::uint64_t addr) -> Entry& {  // t's entry at addr's unit, made on first use
    Entry* e = entry_at(t, unit_of(addr));
    return e != nullptr ? *e : t.entries.emplace_back(Entry{.unit = unit_of(addr)});
  };
  for (const TxRead& r : log.reads) ++entry(r.addr).reads;
  for (const TxWrite& w : log.writes) ++entry(w.addr).writes;
  std::sort(t.entries.begin(), t.entries.end(), [](const Entry& a, const Entry& b) { return a.unit < b.unit; });
  for (Entry& e : t.entries) {
    // RCID: the oldest transaction not yet retired at this unit (or this one).
    e.rcid = t.cid;
    for (const Tx& o : txs_) {
      const Entry* oe = entry_at(o, e.unit);
      if (oe != nullptr && !oe->retired) {
        e.rcid = o.cid;
        break;
      }
    }
  }
  t.outcomes_left = static_cast<std::uint32_t>(t.entries.size());
  txs_.push_back(std::move(t));
  run_internal(memory);
}

void TmCommitUnits::run_internal(GlobalMemory& memory) {
  if (!config_.eager_internal) return;
  for (bool again = true; again;) {
    again = false;
    for (Tx& t : txs_) {
      for (Entry& e : t.entries) {
        for (const Action a : {Action::Hazard, Action::Spec, Action::Validate}) {
          if (internal(e, a) && enabled(t, e, a)) {
            perform(t, e, a, memory);
            again = true;
          }
        }
      }
    }
  }
}

Mask TmCommitUnits::blocked(std::uint32_t warp) const noexcept {
  Mask m = 0;
  for (const Tx& t : txs_) {
    if (t.warp == warp && !t.released) m |= Mask{1} << t.lane;
  }
  return m;
}

std::optional<bool> TmCommitUnits::take_outcome(std::uint32_t warp, unsigned lane) {
  for (Tx& t : txs_) {
    if (t.warp != warp || t.lane != lane || t.taken) continue;
    if (!t.released) return std::nullopt;
    t.taken = true;
    const bool pass = t.pass;
    drop_finished();
    return pass;
  }
  return std::nullopt;
}

template <class P>
bool TmCommitUnits::older_at(const Tx& t, std::uint32_t unit, P pred) const {
  for (const Tx& o : txs_) {
    if (o.cid >= t.cid) break;
    const Entry* e = entry_at(o, unit);
    if (e != nullptr && !pred(*e)) return false;
  }
  return true;
}

bool TmCommitUnits::enabled(const Tx& t, const Entry& e, Action a) const {
  switch (a) {
    case Action::Spec: return e.spec < e.reads && !e.validated;
    case Action::Hazard:
      return !e.hazard_done && older_at(t, e.unit, [](const Entry& o) { return o.hazard_done; });
    case Action::Validate: {
      if (!e.hazard_done || e.validated || e.spec < e.reads) return false;
      if (!e.hazard) return true;
      const Tx* y = find(e.ycid);
      const Entry* ye = y == nullptr ? nullptr : entry_at(*y, e.unit);
      return ye == nullptr || ye->retired;
    }
    case Action::Commit:
      if (!t.decided || !e.validated || e.retired) return false;
      if (t.group != 0 && !group_ready(t, e.unit)) return false;
      return older_at(t, e.unit, [](const Entry& o) { return o.retired; });
  }
  return false;
}

bool TmCommitUnits::group_ready(const Tx& t, std::uint32_t unit) const {
  // The group's first member with a live entry here stands for the group,
  // once every such member has its outcome and its local one here.
  bool first = true;
  for (const Tx& o : txs_) {
    if (o.group != t.group) continue;
    const Entry* oe = entry_at(o, unit);
    if (oe == nullptr || oe->retired) continue;
    if (first && &o != &t) return false;
    first = false;
    if (!o.decided || !oe->validated) return false;
  }
  return true;
}

std::vector<TmCommitUnits::Tx*> TmCommitUnits::group_at(const Tx& t, std::uint32_t unit) {
  std::vector<Tx*> out;
  for (Tx& o : txs_) {
    if (o.group != t.group) continue;
    const Entry* oe = entry_at(o, unit);
    if (oe != nullptr && !oe->retired) out.push_back(&o);
  }
  return out;
}

void TmCommitUnits::list(std::uint32_t warp, std::vector<Ref>& out) const {
  out.clear();
  for (std::size_t i = 0; i < txs_.size(); ++i) {
    const Tx& t = txs_[i];
    if (t.warp != warp) continue;
    for (std::size_t k = 0; k < t.entries.size(); ++k) {
      for (const Action a : {Action::Spec, Action::Hazard, Action::Validate, Action::Commit}) {
        if (!internal(t.entries[k], a) && enabled(t, t.entries[k], a)) out.push_back(Ref{i, k, a});
      }
    }
  }
}

Mask TmCommitUnits::actions(std::uint32_t warp, std::uint32_t* count) const {
  std::vector<Ref> refs;
  list(warp, refs);
  if (count != nullptr) *count = static_cast<std::uint32_t>(refs.size());
  const std::size_t n = std::min<std::size_t>(refs.size(), 32);
  return n == 32 ? ~Mask{0} : (Mask{1} << n) - 1;
}

const TxRead& TmCommitUnits::read_at(const Tx& t, std::uint32_t unit, std::uint32_t k) const {
  for (const TxRead& r : t.log.reads) {
    if (unit_of(r.addr) == unit && k-- == 0) return r;
  }
  return t.log.reads.front();  // unreachable: k < the entry's count
}

const TxWrite& TmCommitUnits::write_at(const Tx& t, std::uint32_t unit, std::uint32_t k) const {
  for (const TxWrite& w : t.log.writes) {
    if (unit_of(w.addr) == unit && k-- == 0) return w;
  }
  return t.log.writes.front();  // unreachable: k < the entry's count
}

std::uint64_t TmCommitUnits::last_written(std::uint64_t addr) const noexcept {
  const std::uint64_t b = addr >> 7;
  const auto it =
      std::lower_bound(written_.begin(), written_.end(), b, [](const BlockTime& x, std::uint64_t v) { return x.block < v; });
  return it != written_.end() && it->block == b ? it->time : 0;
}

void TmCommitUnits::fire(std::uint32_t warp, unsigned e, GlobalMemory& memory) {
  std::vector<Ref> refs;
  list(warp, refs);
  if (e >= refs.size()) return;
  const Ref ref = refs[e];
  perform(txs_[ref.tx], txs_[ref.tx].entries[ref.entry], ref.action, memory);
  run_internal(memory);
}

void TmCommitUnits::perform(Tx& t, Entry& en, Action action, GlobalMemory& memory) {
  const std::uint64_t dead = dead_below();
  switch (action) {
    case Action::Spec: {
      const TxRead& r = read_at(t, en.unit, en.spec++);
      en.spec_ok = en.spec_ok && tx_word(memory, r.addr) == r.value;
      break;
    }
    case Action::Hazard: {
      std::uint64_t c = 0;
      for (std::uint32_t k = 0; k < en.reads; ++k) c = std::max(c, lwh_[en.unit].query(read_at(t, en.unit, k).addr, dead));
      en.hazard = c != 0 && c >= en.rcid;
      en.ycid = en.hazard ? c : 0;
      for (std::uint32_t k = 0; k < en.writes; ++k) lwh_[en.unit].insert(write_at(t, en.unit, k).addr, t.cid, dead);
      en.hazard_done = true;
      break;
    }
    case Action::Validate: {
      bool ok = en.spec_ok;
      if (en.hazard) {
        ok = true;
        for (std::uint32_t k = 0; k < en.reads; ++k) {
          const TxRead& r = read_at(t, en.unit, k);
          ok = ok && tx_word(memory, r.addr) == r.value;
        }
      }
      en.validated = true;
      t.pass = t.pass && ok;
      const auto group_done = [&](auto pred) {  // every member of t's group satisfies pred
        return std::all_of(txs_.begin(), txs_.end(), [&](const Tx& o) { return o.group != t.group || pred(o); });
      };
      if (t.group == 0 || group_done([&](const Tx& o) {
            const Entry* oe = entry_at(o, en.unit);
            return oe == nullptr || oe->validated;
          })) {
        ++messages_.local_outcomes;
      }
      if (--t.outcomes_left == 0) {
        t.decided = true;
        if (t.group == 0) {
          messages_.final_outcomes += t.entries.size();
        } else if (group_done([](const Tx& o) { return o.decided; })) {
          std::vector<std::uint32_t> units;
          for (const Tx& o : txs_) {
            if (o.group != t.group) continue;
            for (const Entry& x : o.entries) {
              if (std::find(units.begin(), units.end(), x.unit) == units.end()) units.push_back(x.unit);
            }
          }
          messages_.final_outcomes += units.size();
        }
        if (t.log.writes.empty()) t.released = true;  // a read-only transaction is done at its outcome
      }
      break;
    }
    case Action::Commit:
      if (t.group != 0) {
        // The group commits at this unit in one action (coalesced).
        for (Tx* o : group_at(t, en.unit)) {
          Entry& oe = *entry_at(*o, en.unit);
          while (o->pass && oe.written < oe.writes) commit_word(*o, oe, memory);
          oe.retired = true;
          release_if_done(*o);
        }
        ++messages_.dones;
        break;
      }
      if (t.pass && en.written < en.writes) {
        commit_word(t, en, memory);
        if (en.written < en.writes) break;
      }
      en.retired = true;
      ++messages_.dones;
      release_if_done(t);
      break;
  }
}

void TmCommitUnits::commit_word(Tx& t, Entry& en, GlobalMemory& memory) {
  const TxWrite& w = write_at(t, en.unit, en.written++);
  tx_store(memory, w);
  ++clock_;
  if (config_.tcd()) {
    const std::uint64_t b = w.addr >> 7;
    auto it = std::lower_bound(written_.begin(), written_.end(), b,
                               [](const BlockTime& x, std::uint64_t v) { return x.block < v; });
    if (it == written_.end() || it->block != b) it = written_.insert(it, BlockTime{b, 0});
    it->time = clock_;
  }
}

void TmCommitUnits::release_if_done(Tx& t) {
  if (t.retired()) t.released = true;
}

void TmCommitUnits::drop_finished() {
  std::erase_if(txs_, [](const Tx& t) { return t.taken && t.handed && t.retired(); });
}

std::string TmCommitUnits::describe(std::uint32_t warp, unsigned e) const {
  std::vector<Ref> refs;
  list(warp, refs);
  if (e >= refs.size()) return fmt::format("commit-protocol action {} (not enabled)", e);
  const Ref& ref = refs[e];
  const Tx& t = txs_[ref.tx];
  const Entry& en = t.entries[ref.entry];
  const std::string who = fmt::format("CID {} (block {}, thread {})", t.cid, t.block, t.thread);
  switch (ref.action) {
    case Action::Spec: {
      const TxRead& r = read_at(t, en.unit, en.spec);
      return fmt::format("{}: speculative validation of 0x{:x} (read {}) at commit unit {}", who, r.addr, r.value,
                         en.unit);
    }
    case Action::Hazard: return fmt::format("{}: hazard detection at commit unit {}", who, en.unit);
    case Action::Validate:
      return fmt::format("{}: {} at commit unit {}", who, en.hazard ? fmt::format("revalidation after CID {}", en.ycid)
                                                                    : std::string("local outcome"),
                         en.unit);
    case Action::Commit:
      if (t.group != 0) {
        const std::uint64_t last = t.group + 31;
        std::uint64_t lo = t.cid, hi = t.cid;
        for (const Tx& o : txs_) {
          if (o.group == t.group && o.cid <= last) hi = std::max(hi, o.cid);
        }
        return fmt::format("CIDs {}..{} (warp {}): the group commits at commit unit {}", lo, hi, t.warp, en.unit);
      }
      if (t.pass && en.written < en.writes) {
        const TxWrite& w = write_at(t, en.unit, en.written);
        return fmt::format("{}: commits 0x{:x} at commit unit {}", who, w.addr, en.unit);
      }
      return fmt::format("{}: retires at commit unit {}{}", who, en.unit, t.pass ? "" : " (failed)");
  }
  return who;
}

}  // namespace lockstep::sem
