#include <algorithm>

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

}  // namespace

void collect_races(const std::vector<Footprint>& fps, std::vector<Race>& races,
                   std::set<std::pair<std::uint32_t, std::uint32_t>>& seen) {
  const auto known = [&seen](std::uint32_t a, std::uint32_t b) {
    const auto key = std::minmax(a, b);
    return seen.contains({key.first, key.second});
  };
  for (std::size_t i = 0; i < fps.size(); ++i) {
    const Footprint& fi = fps[i];
    if (fi.kind != FootprintKind::Memory) continue;
    // Lanes of one instruction (all reads or all writes): with the accesses
    // sorted by address, some two overlap iff two neighbours do.
    if (!known(fi.pc, fi.pc) && fi.accesses.size() > 1 && fi.accesses[0].write) {
      std::vector<const Access*> order;
      for (const Access& a : fi.accesses) order.push_back(&a);
      std::sort(order.begin(), order.end(), [](const Access* a, const Access* b) { return a->lo < b->lo; });
      for (std::size_t x = 0; x + 1 < order.size(); ++x) {
        if (racy(*order[x], *order[x + 1])) {
          note(fi, *order[x], fi, *order[x + 1], true, races, seen);
          break;
        }
      }
    }
    for (std::size_t j = i + 1; j < fps.size(); ++j) {
      const Footprint& fj = fps[j];
      if (fj.kind != FootprintKind::Memory || known(fi.pc, fj.pc)) continue;
      // Instructions are all-atomic or all-plain and all-read or all-write.
      if ((fi.accesses[0].atomic && fj.accesses[0].atomic) || (!fi.accesses[0].write && !fj.accesses[0].write)) continue;
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
}

}  // namespace lockstep::checker
