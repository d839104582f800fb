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
  for (std::size_t i = 0; i < fps.size(); ++i) {
    const Footprint& fi = fps[i];
    if (fi.kind != FootprintKind::Memory) continue;
    // Lanes of one instruction.
    for (std::size_t x = 0; x < fi.accesses.size(); ++x) {
      for (std::size_t y = x + 1; y < fi.accesses.size(); ++y) {
        if (fi.accesses[x].write && racy(fi.accesses[x], fi.accesses[y])) {
          note(fi, fi.accesses[x], fi, fi.accesses[y], true, races, seen);
        }
      }
    }
    for (std::size_t j = i + 1; j < fps.size(); ++j) {
      const Footprint& fj = fps[j];
      if (fj.kind != FootprintKind::Memory) continue;
      for (const Access& a : fi.accesses) {
        for (const Access& b : fj.accesses) {
          if (racy(a, b)) note(fi, a, fj, b, false, races, seen);
        }
      }
    }
  }
}

}  // namespace lockstep::checker
