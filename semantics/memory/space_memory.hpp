// A bounded, flat byte array for one instance of a small state space: the
// .shared memory of a block, the .local memory of a thread, the .const image
// and the .param image of a launch.
//
// Offsets run from 0 to size(); every access outside throws a MemoryFault
// naming the space, the offset, the size and how far it is out ("4 bytes
// past the end of the .shared space (64 bytes)"). New memory is zero.
// Read-only-ness is not a property of the bytes: the memory port only hands
// out const references to the .const and .param images, and the memory
// semantics raise the read-only fault.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "frontend/ir/types.hpp"
#include "semantics/memory/memory_fault.hpp"

namespace lockstep::sem {

class SpaceMemory {
 public:
  SpaceMemory() = default;
  SpaceMemory(ir::Space space, std::uint64_t size) : space_(space), bytes_(size, 0) {}

  [[nodiscard]] ir::Space space() const noexcept { return space_; }
  [[nodiscard]] std::uint64_t size() const noexcept { return bytes_.size(); }

  /// Throws the MemoryFault for [offset, offset+size) unless it is inside.
  void check(std::uint64_t offset, std::uint64_t size, AccessKind access) const;
  void read(std::uint64_t offset, std::uint64_t size, void* out, AccessKind access = AccessKind::Read) const;
  void write(std::uint64_t offset, std::uint64_t size, const void* in, AccessKind access = AccessKind::Write);

  [[nodiscard]] const std::uint8_t* data() const noexcept { return bytes_.data(); }
  [[nodiscard]] std::uint8_t* data() noexcept { return bytes_.data(); }

  /// Feeds the size (8 bytes, little-endian) and the bytes to
  /// sink(const void*, std::size_t).
  template <class Sink>
  void hash_append(Sink&& sink) const {
    std::uint8_t key[8];
    const std::uint64_t n = bytes_.size();
    for (unsigned i = 0; i < 8; ++i) key[i] = static_cast<std::uint8_t>(n >> (8 * i));
    sink(static_cast<const void*>(key), sizeof key);
    if (n != 0) sink(static_cast<const void*>(bytes_.data()), static_cast<std::size_t>(n));
  }

  friend bool operator==(const SpaceMemory&, const SpaceMemory&) = default;

 private:
  ir::Space space_ = ir::Space::None;
  std::vector<std::uint8_t> bytes_;
};

}  // namespace lockstep::sem
