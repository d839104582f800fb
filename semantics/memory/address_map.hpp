// The generic address space of a launch: where global memory lives and
// where the windows of the other state spaces are.
//
// Layout for 64-bit modules (ir::Module::address_size == 64):
//
//   0x0000'0000'0000'0000 .. 0x0000'0000'0000'ffff   null page (never mapped)
//   0x0000'0001'0000'0000 .. 0x0000'0fff'ffff'ffff   .global regions, from the
//                        global base up (above 4 GiB, so that an address
//                        truncated to 32 bits is caught as a null/unmapped one)
//   0x0000'1000'0000'0000  + 4 GiB                   .shared window
//   0x0000'2000'0000'0000  + 4 GiB                   .local window
//   0x0000'3000'0000'0000  + 4 GiB                   .const window
//   0x0000'4000'0000'0000  + 4 GiB                   .param window (kernel params)
//   everything else                                  unmapped (classified .global,
//                                                    and the global memory faults)
//
// Layout for 32-bit modules (address_size 32, generic addresses are 32 bits):
//
//   0x0000'0000 .. 0x0000'ffff   null page
//   0x1000'0000 .. 0xbfff'ffff   .global regions
//   0xc000'0000 + 256 MiB        .shared window
//   0xd000'0000 + 256 MiB        .local window
//   0xe000'0000 + 256 MiB        .const window
//   0xf000'0000 + 256 MiB        .param window
//
// A window maps offset o of its space to the generic address base + o; the
// offset is what the space's own instructions (ld.shared ...) use. Global
// addresses equal their generic addresses. `.shared::cluster` is treated as
// `.shared` (a cluster of one block). The .param window holds the kernel
// parameters only; isspacep.global is also true for it (the PTX manual: the
// .param window is contained in the .global window).
//
// cvta of an address outside the source space, and cvta.to of a generic
// address outside the target window, are undefined in PTX; here they compute
// base + offset and generic - base (wrapping at the address size), so the
// result of a wrong conversion lands far outside every space and a later
// access through it faults.
#pragma once

#include <cstdint>

#include "frontend/ir/module.hpp"
#include "frontend/ir/types.hpp"

namespace lockstep::sem {

/// A generic address resolved to a space and an address in it.
struct SpaceAddress {
  ir::Space space = ir::Space::Global;
  std::uint64_t offset = 0;  ///< the global address for Global, else the offset in the space
  friend bool operator==(const SpaceAddress&, const SpaceAddress&) = default;
};

class AddressMap {
 public:
  /// The map for a module with `.address_size` 32 or 64.
  explicit AddressMap(unsigned address_bits = 64);
  [[nodiscard]] static AddressMap for_module(const ir::Module& m) { return AddressMap(m.address_size); }

  [[nodiscard]] unsigned address_bits() const noexcept { return bits_; }
  /// Truncates a computed address to the address size (32-bit wrap-around).
  [[nodiscard]] std::uint64_t wrap(std::uint64_t a) const noexcept {
    return bits_ >= 64 ? a : (a & ((std::uint64_t{1} << bits_) - 1));
  }
  /// Where global regions start and the first address above them.
  [[nodiscard]] std::uint64_t global_base() const noexcept { return global_base_; }
  [[nodiscard]] std::uint64_t global_limit() const noexcept { return global_limit_; }
  /// True for the spaces that have a window (Shared, SharedCluster, Local, Const, Param).
  [[nodiscard]] static bool has_window(ir::Space s) noexcept;
  /// Base and size of a space's window (0, 0 for Global and spaces without one).
  [[nodiscard]] std::uint64_t window_base(ir::Space s) const noexcept;
  [[nodiscard]] std::uint64_t window_size() const noexcept { return window_size_; }

  /// The space and offset a generic address falls in; Global for every
  /// address outside the windows.
  [[nodiscard]] SpaceAddress classify(std::uint64_t generic) const noexcept;
  /// cvta.space: the generic address of `addr` in space s.
  [[nodiscard]] std::uint64_t to_generic(ir::Space s, std::uint64_t addr) const noexcept;
  /// cvta.to.space: the address in space s of a generic address.
  [[nodiscard]] std::uint64_t from_generic(ir::Space s, std::uint64_t generic) const noexcept;
  /// isspacep.space.
  [[nodiscard]] bool in_space(ir::Space s, std::uint64_t generic) const noexcept;

 private:
  unsigned bits_;
  std::uint64_t global_base_;
  std::uint64_t global_limit_;
  std::uint64_t first_window_;
  std::uint64_t window_stride_;
  std::uint64_t window_size_;
};

}  // namespace lockstep::sem
