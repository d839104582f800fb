// AWARE's virtualised tables (model_aware.hpp; research
// 000-aware-bows-ddos-mp.md §1.7; docs/models/aware.md "Virtualised tables"):
// which entries are physical, the FIFO and LRU victims, and the rotation of
// a virtual FIFO head.
#include <algorithm>

#include "semantics/model/model_aware.hpp"

namespace lockstep::sem {
namespace {

void record(const ModelContext& ctx, TableAccess::Kind k, std::uint32_t entry) {
  if (ctx.traffic != nullptr) ctx.traffic->push_back(TableAccess{k, static_cast<std::uint8_t>(entry & 31U)});
}

/// A split's slot in the warp's reserved region: its lowest thread (a
/// thread is in one split at a time, so no two live splits share it).
std::uint32_t split_slot(const ModelAware::Split& sp) {
  return sp.mask == 0 ? 0 : lowest_lane(sp.mask);
}

}  // namespace

void ModelAware::touch(const ModelContext& ctx, State& s, std::uint32_t r, bool fresh) const {
  if (rt_entries_ == 0) return;
  const auto it = std::find(s.lru.begin(), s.lru.end(), RtRef{r});
  if (it != s.lru.end()) {
    s.lru.erase(it);
  } else if (!fresh) {
    record(ctx, TableAccess::Kind::RtFill, r);  // a virtual entry comes back before its update
  }
  s.lru.push_back(RtRef{r});
}

void ModelAware::spill_splits(const ModelContext& ctx, State& s) const {
  auto physical = static_cast<std::uint32_t>(
      std::count_if(s.fifo.begin(), s.fifo.end(), [](const Split& sp) { return sp.tag == kPhysical; }));
  // FIFO replacement: the physical split nearest the front, never the head.
  for (std::size_t i = 1; i < s.fifo.size() && physical > st_entries_; ++i) {
    if (s.fifo[i].tag != kPhysical) continue;
    s.fifo[i].tag = kVirtual;
    record(ctx, TableAccess::Kind::StSpill, split_slot(s.fifo[i]));
    --physical;
  }
}

void ModelAware::virtualize(const ModelContext& ctx, State& s) const {
  if (rt_entries_ != 0) {
    std::erase_if(s.lru, [&](const RtRef& x) { return s.rt[x.rindex].rec == 0 && s.rt[x.rindex].pending == 0; });
    while (s.lru.size() > rt_entries_) {  // LRU replacement
      record(ctx, TableAccess::Kind::RtSpill, s.lru.front().rindex);
      s.lru.erase(s.lru.begin());
    }
  }
  if (st_entries_ == 0) {
    normalize(s);
    return;
  }
  spill_splits(ctx, s);
  for (;;) {  // ends: each turn makes a virtual split transient
    normalize(s);
    if (s.fifo.empty() || s.fifo.front().bl != 0) return;
    Split& head = s.fifo.front();
    if (head.tag == kVirtual) {
      head.tag = kTransient;  // one fill only
      record(ctx, TableAccess::Kind::StFill, split_slot(head));
      std::rotate(s.fifo.begin(), s.fifo.begin() + 1, s.fifo.end());
      continue;
    }
    if (head.tag == kTransient) {
      head.tag = kPhysical;
      record(ctx, TableAccess::Kind::StInstall, split_slot(head));
      spill_splits(ctx, s);
    }
    return;
  }
}

}  // namespace lockstep::sem
