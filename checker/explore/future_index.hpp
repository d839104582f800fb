// The memory accesses the other units of a state may still execute, indexed
// once per state for the persistent-set check (persistent_set.hpp): exact
// accesses (their address register is not written again) sorted by space,
// block and address, and the accesses whose address is not known yet
// grouped by instruction and block. The check of a candidate warp (or
// thread, mimd) then costs a search per access of its next step instead of
// a scan of every other unit's future.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "checker/explore/footprint.hpp"
#include "checker/explore/por_kernel.hpp"
#include "semantics/value/mask.hpp"

namespace lockstep::checker {

/// The unit a candidate set belongs to: warp `warp`, lanes `mine` of it
/// (every lane for warp units). Its own futures do not count against it.
struct Owner {
  std::uint32_t warp = 0;
  sem::Mask mine = ~sem::Mask{0};
};

class FutureIndex {
 public:
  void clear();
  /// Adds the exact accesses of `fp` (the footprint of a fixed future access
  /// of warp `warp`'s lanes), whatever its kind.
  void add_exact(const Footprint& fp, std::uint32_t warp);
  /// Adds a future access `q` whose address is not known yet, of the lanes
  /// `lanes` of warp `warp` in block `block`.
  void add_abstract(const FutureAccess& q, std::uint32_t warp, std::uint32_t block, sem::Mask lanes);
  /// Sorts the exact accesses: call once after the last add.
  void seal();

  /// True when an exact future access of a unit other than `owner` conflicts
  /// with an access of the memory footprints among `fps`.
  [[nodiscard]] bool exact_conflict(const Owner& owner, std::span<const Footprint> fps) const;

  struct Abstract {
    FutureAccess q;
    std::uint32_t block = 0;
    struct Who {
      std::uint32_t warp = 0;
      sem::Mask lanes = 0;
    };
    std::vector<Who> who;  ///< the warps (and their lanes) that may still execute q
  };
  /// The abstract future accesses (one per instruction and block).
  [[nodiscard]] const std::vector<Abstract>& abstracts() const noexcept { return abstract_; }
  /// True when some unit other than `owner` may execute `a`.
  [[nodiscard]] static bool by_other(const Abstract& a, const Owner& owner) noexcept;

 private:
  struct Entry {
    Access access;
    std::uint32_t warp = 0;
  };
  [[nodiscard]] static bool own(const Entry& e, const Owner& owner) noexcept;
  [[nodiscard]] bool hits(const Access& y, const Owner& owner) const;

  std::vector<Entry> exact_;     ///< sorted by space, block (shared), first byte
  std::vector<Entry> anywhere_;  ///< accesses to an unknown space
  std::uint64_t max_len_ = 0;
  std::vector<Abstract> abstract_;
};

}  // namespace lockstep::checker
