#include <algorithm>
#include <map>

#include "checker/explore/unit_footprints.hpp"

namespace lockstep::checker {
namespace {

bool racy(const Access& a, const Access& b) noexcept {
  return !(a.atomic && b.atomic) && a.space != AccessSpace::Anything && b.space != AccessSpace::Anything &&
         accesses_conflict(a, b);
}

const char* space_name(AccessSpace s) noexcept {
  switch (s) {
    case AccessSpace::Global: return "global";
    case AccessSpace::Shared: return "shared";
    case AccessSpace::Anything: return "memory";
  }
  return "memory";
}

void note(const Footprint& fa, const Access& a, const Footprint& fb, const Access& b, bool same,
          std::vector<Race>& races, std::set<std::pair<std::uint32_t, std::uint32_t>>& seen) {
  const auto key = std::minmax(fa.pc, fb.pc);
  if (!seen.insert({key.first, key.second}).second) return;
  Race r;
  r.pc_a = fa.pc;
  r.pc_b = fb.pc;
  r.thread_a = a.thread;
  r.thread_b = b.thread;
  r.space = space_name(a.space == AccessSpace::Anything ? b.space : a.space);
  r.address = std::max(a.lo, b.lo);
  r.write_write = a.write && b.write;
  r.is_volatile = a.is_volatile && b.is_volatile;
  r.same_instruction = same;
  races.push_back(std::move(r));
}

/// An access of a memory footprint, in the order that brings the accesses
/// that may overlap next to each other: space, block (shared only), first byte.
struct Entry {
  AccessSpace space = AccessSpace::Global;
  std::uint32_t block = 0;
  std::uint64_t lo = 0;
  std::uint32_t fp = 0;  ///< footprint index
  std::uint32_t x = 0;   ///< access index in the footprint
};

bool entry_before(const Entry& a, const Entry& b) noexcept {
  if (a.space != b.space) return a.space < b.space;
  if (a.block != b.block) return a.block < b.block;
  return a.lo < b.lo;
}

/// The footprints of one instruction (pc, atomic or not, writing or not).
struct Group {
  std::uint32_t pc = 0;
  bool atomic = false, write = false;
  std::vector<std::uint32_t> members;  ///< footprint indices, ascending
  std::vector<Entry> index;            ///< their accesses (not Anything), sorted by entry_before
  std::uint64_t max_len = 0;           ///< longest access in index
};

/// The smallest footprint index j > i, j < limit, in group g with an access
/// that races with an access of fps[i]; `limit` when there is none.
std::uint32_t first_partner(const std::vector<Footprint>& fps, std::uint32_t i, const Group& g, std::uint32_t limit) {
  std::uint32_t best = limit;
  for (const Access& a : fps[i].accesses) {
    if (a.space == AccessSpace::Anything) continue;
    Entry key;
    key.space = a.space;
    key.block = a.space == AccessSpace::Shared ? a.block : 0;
    // An access overlapping [a.lo, a.hi) starts after a.lo - max_len.
    key.lo = a.lo >= g.max_len ? a.lo - g.max_len + 1 : 0;
    for (auto it = std::lower_bound(g.index.begin(), g.index.end(), key, entry_before);
         it != g.index.end() && it->space == key.space && it->block == key.block && it->lo < a.hi; ++it) {
      if (it->fp > i && it->fp < best && racy(a, fps[it->fp].accesses[it->x])) best = it->fp;
    }
  }
  return best;
}

/// Where the footprint-by-footprint scan (every footprint i in order: its own
/// lanes, then every pair (i, j > i)) first meets a race of a pair of PCs.
struct Event {
  std::uint32_t i = 0, j = 0;  ///< j == i: within footprint i
  bool operator<(const Event& o) const noexcept { return i != o.i ? i < o.i : j < o.j; }
};

/// The first pair of neighbouring lanes of footprint fi (sorted by address)
/// that race, or null.
std::pair<const Access*, const Access*> lanes_race(const Footprint& fi) {
  std::vector<const Access*> order;
  order.reserve(fi.accesses.size());
  for (const Access& a : fi.accesses) order.push_back(&a);
  std::sort(order.begin(), order.end(), [](const Access* a, const Access* b) { return a->lo < b->lo; });
  for (std::size_t x = 0; x + 1 < order.size(); ++x) {
    if (racy(*order[x], *order[x + 1])) return {order[x], order[x + 1]};
  }
  return {nullptr, nullptr};
}

}  // namespace

// The result is that of the plain scan: for each footprint i in order, the
// race among its own lanes (sorted by address, neighbours), then for each j
// > i the first racing pair of accesses (in access order), each noted unless
// its pair of PCs is known by then. Each pair of PCs is thus noted at its
// first event in that order; the events are found per pair of instructions
// through address-sorted indexes instead of over all pairs of footprints.
void collect_races(const std::vector<Footprint>& fps, const std::vector<bool>& transactional,
                   std::vector<Race>& races, std::set<std::pair<std::uint32_t, std::uint32_t>>& seen) {
  const auto in_tx = [&transactional](std::uint32_t pc) { return pc < transactional.size() && transactional[pc]; };
  using Key = std::pair<std::uint32_t, std::uint32_t>;
  const auto key_of = [](std::uint32_t a, std::uint32_t b) {
    const auto k = std::minmax(a, b);
    return Key{k.first, k.second};
  };
  std::vector<Group> groups;
  for (std::uint32_t i = 0; i < fps.size(); ++i) {
    const Footprint& f = fps[i];
    if (f.kind != FootprintKind::Memory || f.accesses.empty()) continue;
    const bool atomic = f.accesses[0].atomic, write = f.accesses[0].write;
    auto g = std::find_if(groups.begin(), groups.end(), [&](const Group& x) {
      return x.pc == f.pc && x.atomic == atomic && x.write == write;
    });
    if (g == groups.end()) {
      groups.emplace_back();
      g = groups.end() - 1;
      g->pc = f.pc;
      g->atomic = atomic;
      g->write = write;
    }
    g->members.push_back(i);
    for (std::uint32_t x = 0; x < f.accesses.size(); ++x) {
      const Access& a = f.accesses[x];
      if (a.space == AccessSpace::Anything) continue;
      g->index.push_back(Entry{a.space, a.space == AccessSpace::Shared ? a.block : 0, a.lo, i, x});
      g->max_len = std::max(g->max_len, a.hi - a.lo);
    }
  }
  for (Group& g : groups) std::sort(g.index.begin(), g.index.end(), entry_before);

  std::map<Key, Event> first;  // per pair of PCs not known before: its first event
  const auto offer = [&first](const Key& k, Event e) {
    auto [it, added] = first.emplace(k, e);
    if (!added && e < it->second) it->second = e;
  };
  for (const Group& g : groups) {
    const Key k = key_of(g.pc, g.pc);
    if (seen.contains(k) || !g.write || in_tx(g.pc)) continue;
    for (const std::uint32_t i : g.members) {
      if (fps[i].accesses.size() > 1 && lanes_race(fps[i]).first != nullptr) {
        offer(k, Event{i, i});
        break;
      }
    }
  }
  for (std::size_t a = 0; a < groups.size(); ++a) {
    for (std::size_t b = a; b < groups.size(); ++b) {
      const Group& ga = groups[a];
      const Group& gb = groups[b];
      const Key k = key_of(ga.pc, gb.pc);
      // Instructions are all-atomic or all-plain and all-read or all-write.
      if (seen.contains(k) || (ga.atomic && gb.atomic) || (!ga.write && !gb.write) || (in_tx(ga.pc) && in_tx(gb.pc))) {
        continue;
      }
      const auto limit = static_cast<std::uint32_t>(fps.size());
      // The footprints of both groups in order: the first with a later partner.
      std::size_t p = 0, q = 0;
      while (p < ga.members.size() || (a != b && q < gb.members.size())) {
        const bool from_a = a == b || q == gb.members.size() ||
                            (p < ga.members.size() && ga.members[p] < gb.members[q]);
        const std::uint32_t i = from_a ? ga.members[p++] : gb.members[q++];
        const std::uint32_t j = first_partner(fps, i, from_a ? gb : ga, limit);
        if (j != limit) {
          offer(k, Event{i, j});
          break;
        }
      }
    }
  }

  std::vector<Event> events;
  events.reserve(first.size());
  for (const auto& [k, e] : first) events.push_back(e);
  std::sort(events.begin(), events.end());
  for (const Event& e : events) {
    const Footprint& fi = fps[e.i];
    if (e.j == e.i) {
      const auto [x, y] = lanes_race(fi);
      note(fi, *x, fi, *y, true, races, seen);
      continue;
    }
    const Footprint& fj = fps[e.j];
    bool found = false;
    for (std::size_t x = 0; x < fi.accesses.size() && !found; ++x) {
      for (std::size_t y = 0; y < fj.accesses.size() && !found; ++y) {
        if (racy(fi.accesses[x], fj.accesses[y])) {
          note(fi, fi.accesses[x], fj, fj.accesses[y], false, races, seen);
          found = true;
        }
      }
    }
  }
}

}  // namespace lockstep::checker
