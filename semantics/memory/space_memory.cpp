#include "semantics/memory/space_memory.hpp"

#include <fmt/format.h>

#include <cstring>

namespace lockstep::sem {

void SpaceMemory::check(std::uint64_t offset, std::uint64_t size, AccessKind access) const {
  const std::uint64_t total = bytes_.size();
  if (offset < total && size <= total - offset) return;
  const std::string space = fmt::format(".{} space ({} bytes)", ir::space_name(space_), total);
  std::string detail;
  if (offset >= (std::uint64_t{1} << 63)) {
    detail = fmt::format("{} bytes before the start of the {}", std::uint64_t{0} - offset, space);
  } else if (offset < total) {
    detail = fmt::format("overruns the end of the {} by {} bytes", space, offset + size - total);
  } else if (offset == total) {
    detail = fmt::format("just past the end of the {}", space);
  } else {
    detail = fmt::format("{} bytes past the end of the {}", offset - total, space);
  }
  throw MemoryFault(FaultKind::OutOfBounds, space_, offset, size, access, std::move(detail));
}

void SpaceMemory::read(std::uint64_t offset, std::uint64_t size, void* out, AccessKind access) const {
  check(offset, size, access);
  if (size != 0) std::memcpy(out, bytes_.data() + offset, size);
}

void SpaceMemory::write(std::uint64_t offset, std::uint64_t size, const void* in, AccessKind access) {
  check(offset, size, access);
  if (size != 0) std::memcpy(bytes_.data() + offset, in, size);
}

}  // namespace lockstep::sem
