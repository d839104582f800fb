// A memory access that the program may not make.
//
// Memory spaces (GlobalMemory, SpaceMemory) and the memory semantics throw a
// MemoryFault when an access is out of bounds, misaligned, writes a
// read-only space, goes through a null or unmapped generic address, or is an
// atomic on a space that does not support it. The fault records what was
// accessed (space, address in that space, size, read/write/atomic) and a
// detail sentence (e.g. "4 bytes past the end of buffer 'counter' (4 bytes
// at 0x100000000)"); the launch state adds where it happened (thread, PC,
// source location) with add_context before it reports the fault.
#pragma once

#include <cstdint>
#include <exception>
#include <optional>
#include <string>

#include "frontend/ir/types.hpp"

namespace lockstep::sem {

enum class FaultKind : std::uint8_t {
  OutOfBounds,  ///< not inside one allocated region / past the end of the space
  Misaligned,   ///< address not a multiple of the access size
  ReadOnly,     ///< write to .const or to the kernel parameters
  Null,         ///< an address in the first 64 KiB (a null pointer plus an offset)
  Unmapped,     ///< a generic address that lies in no space's window
  WrongSpace,   ///< e.g. an atomic on a .local address
};

enum class AccessKind : std::uint8_t { Read, Write, Atomic };

[[nodiscard]] const char* fault_kind_name(FaultKind k) noexcept;
[[nodiscard]] const char* access_kind_name(AccessKind k) noexcept;

class MemoryFault : public std::exception {
 public:
  MemoryFault(FaultKind kind, ir::Space space, std::uint64_t address, std::uint64_t size,
              AccessKind access, std::string detail);

  [[nodiscard]] const char* what() const noexcept override { return message_.c_str(); }

  [[nodiscard]] FaultKind kind() const noexcept { return kind_; }
  /// The space accessed (Global, Shared, Local, Const, Param), after a
  /// generic address was classified.
  [[nodiscard]] ir::Space space() const noexcept { return space_; }
  /// Address in that space: the global address, or the offset in the space.
  [[nodiscard]] std::uint64_t address() const noexcept { return address_; }
  [[nodiscard]] std::uint64_t size() const noexcept { return size_; }
  [[nodiscard]] AccessKind access() const noexcept { return access_; }
  /// The generic address the access was made through, if any.
  [[nodiscard]] std::optional<std::uint64_t> generic() const noexcept { return generic_; }
  /// The detail sentence alone.
  [[nodiscard]] const std::string& detail() const noexcept { return detail_; }
  /// The launch-state context ("" until add_context).
  [[nodiscard]] const std::string& context() const noexcept { return context_; }

  /// Records the generic address the access was made through.
  void set_generic(std::uint64_t generic);
  /// The lane whose access faulted, when the memory semantics recorded it.
  [[nodiscard]] std::optional<unsigned> lane() const noexcept { return lane_; }
  void set_lane(unsigned lane) noexcept { lane_ = lane; }
  /// Prefixes the message with where it happened ("thread 3 of block 0, pc 12").
  void add_context(const std::string& context);

 private:
  void compose();

  FaultKind kind_;
  ir::Space space_;
  std::uint64_t address_;
  std::uint64_t size_;
  AccessKind access_;
  std::optional<std::uint64_t> generic_;
  std::optional<unsigned> lane_;
  std::string detail_;
  std::string context_;
  std::string message_;
};

}  // namespace lockstep::sem
