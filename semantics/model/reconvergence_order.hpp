// The canonical order of a split/reconvergence table pair (AWARE's and
// Multi-Path IPDOM's): reconvergence entries renumbered in the order the
// splits reach them (each split's chain of parents, splits in their table
// order), so that two states that differ only in the numbering of their
// entries hash alike. Entries no split reaches but that still hold threads
// follow, in their old order.
#pragma once

#include <cstdint>
#include <utility>
#include <vector>

namespace lockstep::sem {

/// Renumbers `rt` (entries with `parent`, `rec`, `pending`) and the
/// `rindex` of every split in `lists` (vectors of splits); `none` marks
/// "no entry".
template <class Reconv, class... SplitLists>
void order_reconvergence(std::vector<Reconv>& rt, std::uint32_t none, SplitLists&... lists) {
  if (rt.empty()) return;
  std::vector<std::uint32_t> order;  // old indices in their new order
  std::vector<std::uint32_t> renum(rt.size(), none);
  const auto visit = [&](std::uint32_t r) {
    while (r != none && renum[r] == none) {
      renum[r] = static_cast<std::uint32_t>(order.size());
      order.push_back(r);
      r = rt[r].parent;
    }
  };
  (
      [&] {
        for (const auto& sp : lists) visit(sp.rindex);
      }(),
      ...);
  for (std::uint32_t r = 0; r < rt.size(); ++r) {
    if (rt[r].rec != 0 || rt[r].pending != 0) visit(r);  // live but unreferenced (not expected)
  }
  bool identity = order.size() == rt.size();
  for (std::uint32_t i = 0; identity && i < order.size(); ++i) identity = order[i] == i;
  if (identity) return;
  std::vector<Reconv> out;
  out.reserve(order.size());
  for (const std::uint32_t r : order) {
    Reconv e = rt[r];
    if (e.parent != none) e.parent = renum[e.parent];
    out.push_back(e);
  }
  (
      [&] {
        for (auto& sp : lists) {
          if (sp.rindex != none) sp.rindex = renum[sp.rindex];
        }
      }(),
      ...);
  rt = std::move(out);
}

}  // namespace lockstep::sem
