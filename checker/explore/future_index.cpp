#include "checker/explore/future_index.hpp"

#include <algorithm>

namespace lockstep::checker {
namespace {

std::uint32_t block_key(const Access& a) noexcept { return a.space == AccessSpace::Shared ? a.block : 0; }

bool before(const Access& a, const Access& b) noexcept {
  if (a.space != b.space) return a.space < b.space;
  if (block_key(a) != block_key(b)) return block_key(a) < block_key(b);
  return a.lo < b.lo;
}

}  // namespace

void FutureIndex::clear() {
  exact_.clear();
  anywhere_.clear();
  abstract_.clear();
  max_len_ = 0;
}

void FutureIndex::add_exact(const Footprint& fp, std::uint32_t warp) {
  for (const Access& a : fp.accesses) {
    if (a.space == AccessSpace::Anything) {
      anywhere_.push_back(Entry{a, warp});
    } else {
      exact_.push_back(Entry{a, warp});
      max_len_ = std::max(max_len_, a.hi - a.lo);
    }
  }
}

void FutureIndex::add_abstract(const FutureAccess& q, std::uint32_t warp, std::uint32_t block, sem::Mask lanes) {
  auto it = std::find_if(abstract_.begin(), abstract_.end(),
                         [&](const Abstract& a) { return a.q.pc == q.pc && a.block == block; });
  if (it == abstract_.end()) {
    abstract_.push_back(Abstract{q, block, {}});
    it = abstract_.end() - 1;
  }
  if (!it->who.empty() && it->who.back().warp == warp) {
    it->who.back().lanes |= lanes;
  } else {
    it->who.push_back(Abstract::Who{warp, lanes});
  }
}

void FutureIndex::seal() {
  std::sort(exact_.begin(), exact_.end(), [](const Entry& a, const Entry& b) { return before(a.access, b.access); });
}

bool FutureIndex::own(const Entry& e, const Owner& owner) noexcept {
  if (e.warp != owner.warp) return false;
  return owner.mine == ~sem::Mask{0} || ((owner.mine >> (e.access.thread % sem::kWarpSize)) & 1U) != 0;
}

bool FutureIndex::by_other(const Abstract& a, const Owner& owner) noexcept {
  return std::any_of(a.who.begin(), a.who.end(), [&](const Abstract::Who& w) {
    return w.warp != owner.warp || (owner.mine != ~sem::Mask{0} && (w.lanes & ~owner.mine) != 0);
  });
}

bool FutureIndex::hits(const Access& y, const Owner& owner) const {
  for (const Entry& e : anywhere_) {
    if (!own(e, owner) && accesses_conflict(e.access, y)) return true;
  }
  if (y.space == AccessSpace::Anything) {
    return std::any_of(exact_.begin(), exact_.end(),
                       [&](const Entry& e) { return !own(e, owner) && accesses_conflict(e.access, y); });
  }
  // An access overlapping [y.lo, y.hi) starts after y.lo - max_len_.
  Access key = y;
  key.lo = y.lo >= max_len_ ? y.lo - max_len_ + 1 : 0;
  auto it = std::lower_bound(exact_.begin(), exact_.end(), key,
                             [](const Entry& e, const Access& k) { return before(e.access, k); });
  for (; it != exact_.end() && it->access.space == y.space && block_key(it->access) == block_key(y) &&
         it->access.lo < y.hi;
       ++it) {
    if (!own(*it, owner) && accesses_conflict(it->access, y)) return true;
  }
  return false;
}

bool FutureIndex::exact_conflict(const Owner& owner, std::span<const Footprint> fps) const {
  for (const Footprint& fp : fps) {
    if (fp.kind != FootprintKind::Memory) continue;
    for (const Access& y : fp.accesses) {
      if (hits(y, owner)) return true;
    }
  }
  return false;
}

}  // namespace lockstep::checker
