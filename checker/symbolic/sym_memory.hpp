// The byte shadow of the symbolic domain: which memory bytes hold (a byte
// of) a symbolic term. Memory itself stays concrete bytes (a symbolic
// store writes zeros there); the shadow says that byte i of term t is
// really at that address.
//
// Keys name a byte across the whole launch: the space, an owner (the block
// for .shared, warp * 32 + lane for .local, 0 otherwise) and the address in
// the space. The map is copy-on-write (states are copied per successor and
// the shadow is usually small and rarely written), ordered (so hashing is
// canonical), and empty for the concrete part of an exploration: every
// operation first checks `empty()`.
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <optional>

namespace lockstep::checker {

struct ShadowKey {
  std::uint8_t space = 0;
  std::uint32_t owner = 0;
  std::uint64_t addr = 0;
  friend auto operator<=>(const ShadowKey&, const ShadowKey&) = default;
};

struct ShadowByte {
  std::uint32_t term = 0;  ///< a 64-bit term
  std::uint32_t byte = 0;  ///< which byte of it (0 = least significant)
  friend bool operator==(const ShadowByte&, const ShadowByte&) = default;
};

class SymMemory {
 public:
  using Map = std::map<ShadowKey, ShadowByte>;

  [[nodiscard]] bool empty() const noexcept { return map_ == nullptr || map_->empty(); }
  [[nodiscard]] std::optional<ShadowByte> at(const ShadowKey& k) const {
    if (empty()) return std::nullopt;
    const auto it = map_->find(k);
    if (it == map_->end()) return std::nullopt;
    return it->second;
  }
  /// True when some byte of [k.addr, k.addr + size) is shadowed.
  [[nodiscard]] bool any(ShadowKey k, unsigned size) const {
    if (empty()) return false;
    const auto it = map_->lower_bound(k);
    if (it == map_->end()) return false;
    return it->first.space == k.space && it->first.owner == k.owner && it->first.addr < k.addr + size;
  }
  /// Bytes [k.addr, k.addr + size) hold bytes 0..size-1 of `term`.
  void set(ShadowKey k, unsigned size, std::uint32_t term) {
    Map& m = own();
    for (unsigned i = 0; i < size; ++i, ++k.addr) m[k] = ShadowByte{term, i};
  }
  /// Bytes [k.addr, k.addr + size) hold concrete data.
  void erase(ShadowKey k, unsigned size) {
    if (!any(k, size)) return;
    Map& m = own();
    for (unsigned i = 0; i < size; ++i, ++k.addr) m.erase(k);
  }
  [[nodiscard]] const Map* map() const noexcept { return map_.get(); }

  friend bool operator==(const SymMemory& a, const SymMemory& b) {
    if (a.map_ == b.map_) return true;
    if (a.empty() || b.empty()) return a.empty() && b.empty();
    return *a.map_ == *b.map_;
  }

 private:
  Map& own() {
    if (map_ == nullptr) {
      map_ = std::make_shared<Map>();
    } else if (map_.use_count() > 1) {
      map_ = std::make_shared<Map>(*map_);
    }
    return *map_;
  }

  std::shared_ptr<Map> map_;
};

}  // namespace lockstep::checker
