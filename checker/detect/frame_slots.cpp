#include "checker/detect/frame_slots.hpp"

#include <algorithm>
#include <map>
#include <tuple>

namespace lockstep::checker {
namespace {

using Reach = analysis::PrivateSlots::Reach;

/// (scope, variable) of a range.
using VarKey = std::pair<ir::SymScope, std::uint32_t>;

/// A merged byte range of one variable: one slot.
struct Chunk {
  bool whole = false;
  std::int64_t first = 0, last = 0;
  std::uint32_t slot = 0;
};

bool overlap(const LocalFootprint::Range& r, const Chunk& c) noexcept {
  return r.whole || c.whole || (r.first <= c.last && c.first <= r.last);
}

}  // namespace

analysis::PrivateSlots frame_slots(const ir::Kernel& kernel, const AddressAnalysis& addresses) {
  const auto pcs = static_cast<std::uint32_t>(kernel.code.size());
  std::vector<LocalFootprint> at(pcs);
  std::map<VarKey, std::vector<LocalFootprint::Range>> per_var;
  bool any = false;
  for (std::uint32_t pc = 0; pc < pcs; ++pc) {
    if (!addresses.is_access(pc)) continue;
    at[pc] = addresses.local_footprint(pc);
    if (at[pc].kind != LocalFootprint::Kind::Vars) continue;
    any = true;
    for (const auto& r : at[pc].ranges) per_var[{r.scope, r.var}].push_back(r);
  }
  analysis::PrivateSlots out;
  if (!any) return out;

  // Merge each variable's ranges into disjoint chunks (sorted by first byte;
  // a whole-variable range swallows everything).
  std::map<VarKey, std::vector<Chunk>> chunks;
  for (auto& [key, ranges] : per_var) {
    std::vector<Chunk>& cs = chunks[key];
    const bool whole = std::any_of(ranges.begin(), ranges.end(), [](const auto& r) { return r.whole; });
    if (whole) {
      cs.push_back({true, 0, 0, out.count++});
      continue;
    }
    std::sort(ranges.begin(), ranges.end(),
              [](const auto& a, const auto& b) { return std::tie(a.first, a.last) < std::tie(b.first, b.last); });
    for (const auto& r : ranges) {
      if (!cs.empty() && r.first <= cs.back().last) {
        cs.back().last = std::max(cs.back().last, r.last);
      } else {
        cs.push_back({false, r.first, r.last, 0});
      }
    }
    for (Chunk& c : cs) c.slot = out.count++;
  }

  out.reach.assign(pcs, Reach::Unknown);
  out.off.assign(std::size_t{pcs} + 1, 0);
  for (std::uint32_t pc = 0; pc < pcs; ++pc) {
    if (addresses.is_access(pc) && at[pc].kind == LocalFootprint::Kind::None) out.reach[pc] = Reach::None;
    if (at[pc].kind == LocalFootprint::Kind::Vars) {
      out.reach[pc] = Reach::Slots;
      const auto begin = out.slot.size();
      for (const auto& r : at[pc].ranges)
        for (const Chunk& c : chunks[{r.scope, r.var}])
          if (overlap(r, c)) out.slot.push_back(c.slot);
      std::sort(out.slot.begin() + static_cast<std::ptrdiff_t>(begin), out.slot.end());
      out.slot.erase(std::unique(out.slot.begin() + static_cast<std::ptrdiff_t>(begin), out.slot.end()),
                     out.slot.end());
    }
    out.off[pc + 1] = static_cast<std::uint32_t>(out.slot.size());
  }
  return out;
}

}  // namespace lockstep::checker
