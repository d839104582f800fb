#include "semantics/memory/address_map.hpp"

namespace lockstep::sem {
namespace {

/// Window index of a space (0 shared, 1 local, 2 const, 3 param), or -1.
int window_index(ir::Space s) noexcept {
  switch (s) {
    case ir::Space::Shared:
    case ir::Space::SharedCluster: return 0;
    case ir::Space::Local: return 1;
    case ir::Space::Const: return 2;
    case ir::Space::Param: return 3;
    default: return -1;
  }
}

constexpr ir::Space kWindowSpace[4] = {ir::Space::Shared, ir::Space::Local, ir::Space::Const, ir::Space::Param};

}  // namespace

AddressMap::AddressMap(unsigned address_bits) : bits_(address_bits == 32 ? 32U : 64U) {
  if (bits_ == 32) {
    global_base_ = 0x1000'0000ULL;
    global_limit_ = 0xC000'0000ULL;
    first_window_ = 0xC000'0000ULL;
    window_stride_ = 0x1000'0000ULL;
    window_size_ = 0x1000'0000ULL;
  } else {
    global_base_ = 0x1'0000'0000ULL;
    global_limit_ = 0x0000'1000'0000'0000ULL;
    first_window_ = 0x0000'1000'0000'0000ULL;
    window_stride_ = 0x0000'1000'0000'0000ULL;
    window_size_ = 0x1'0000'0000ULL;
  }
}

bool AddressMap::has_window(ir::Space s) noexcept { return window_index(s) >= 0; }

std::uint64_t AddressMap::window_base(ir::Space s) const noexcept {
  const int i = window_index(s);
  return i < 0 ? 0 : first_window_ + static_cast<std::uint64_t>(i) * window_stride_;
}

SpaceAddress AddressMap::classify(std::uint64_t generic) const noexcept {
  const std::uint64_t g = wrap(generic);
  if (g >= first_window_) {
    const std::uint64_t i = (g - first_window_) / window_stride_;
    const std::uint64_t off = (g - first_window_) % window_stride_;
    if (i < 4 && off < window_size_) return SpaceAddress{kWindowSpace[i], off};
  }
  return SpaceAddress{ir::Space::Global, g};
}

std::uint64_t AddressMap::to_generic(ir::Space s, std::uint64_t addr) const noexcept {
  if (!has_window(s)) return wrap(addr);
  return wrap(window_base(s) + addr);
}

std::uint64_t AddressMap::from_generic(ir::Space s, std::uint64_t generic) const noexcept {
  if (!has_window(s)) return wrap(generic);
  return wrap(generic - window_base(s));
}

bool AddressMap::in_space(ir::Space s, std::uint64_t generic) const noexcept {
  const ir::Space c = classify(generic).space;
  if (s == ir::Space::Global) return c == ir::Space::Global || c == ir::Space::Param;
  if (s == ir::Space::SharedCluster) s = ir::Space::Shared;
  return c == s;
}

}  // namespace lockstep::sem
