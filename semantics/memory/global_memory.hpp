// Global memory of one launch: sparse, paged, copy-on-write, with a table of
// allocated regions that every access is checked against.
//
// Addresses are 64-bit. Bytes live in 4 KiB pages held in a hash map keyed by
// page number; pages are std::shared_ptr so that copying a GlobalMemory (an
// explorer state) shares every page, and the first write to a page that is
// shared clones it (copy-on-write). The region table is shared the same way.
//
// Regions are allocated upwards from a base with an unmapped guard gap of at
// least kGuardBytes between two regions, each aligned to max(align,
// kGuardBytes). An access must lie inside one region; otherwise it throws a
// MemoryFault naming the nearest region ("4 bytes past the end of buffer
// 'counter' (4 bytes at 0x100000000)"). Unwritten bytes of a region read as
// zero.
//
// hash_append feeds the contents to a hasher in a canonical order (pages in
// address order, all-zero pages skipped, so a page that was written back to
// zero hashes like one never written) for livelock and state detection.
// Copies are not thread-safe against each other (use_count decides sharing).
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <unordered_map>
#include <vector>

#include "semantics/memory/memory_fault.hpp"

namespace lockstep::sem {

/// An allocated range of global memory.
struct Region {
  std::string name;
  std::uint64_t base = 0;
  std::uint64_t size = 0;
  [[nodiscard]] std::uint64_t end() const noexcept { return base + size; }
};

class GlobalMemory {
 public:
  static constexpr std::uint64_t kPageBytes = 4096;
  static constexpr std::uint64_t kGuardBytes = 256;
  /// Addresses below this are reported as null-pointer accesses.
  static constexpr std::uint64_t kNullLimit = 0x10000;

  /// Regions are placed in [base, limit); addresses outside are unmapped.
  explicit GlobalMemory(std::uint64_t base = 0x1'0000'0000ULL, std::uint64_t limit = 0x0000'1000'0000'0000ULL);

  /// Allocates `size` bytes aligned to max(align, kGuardBytes) after the last
  /// region plus a guard gap; returns the base. Throws std::length_error when
  /// the region does not fit below the limit.
  std::uint64_t allocate(std::uint64_t size, std::uint64_t align, std::string name);

  [[nodiscard]] const std::vector<Region>& regions() const noexcept { return *regions_; }
  /// The region containing [addr, addr+size) (size 0: containing addr), or null.
  [[nodiscard]] const Region* find(std::uint64_t addr, std::uint64_t size = 1) const noexcept;
  /// Throws the MemoryFault for [addr, addr+size) unless it lies in one region.
  void check(std::uint64_t addr, std::uint64_t size, AccessKind access) const;

  void read(std::uint64_t addr, std::uint64_t size, void* out, AccessKind access = AccessKind::Read) const;
  void write(std::uint64_t addr, std::uint64_t size, const void* in, AccessKind access = AccessKind::Write);

  [[nodiscard]] std::uint64_t base() const noexcept { return base_; }
  [[nodiscard]] std::uint64_t limit() const noexcept { return limit_; }

  /// Feeds the canonical contents to sink(const void*, std::size_t): for every
  /// page with a non-zero byte, in address order, its page number (8 bytes,
  /// little-endian) then its kPageBytes bytes. The region table is not fed
  /// (it is the same in every state of one launch).
  template <class Sink>
  void hash_append(Sink&& sink) const {
    for (const std::uint64_t p : nonzero_pages()) {
      std::array<std::uint8_t, 8> key{};
      for (unsigned i = 0; i < 8; ++i) key[i] = static_cast<std::uint8_t>(p >> (8 * i));
      sink(static_cast<const void*>(key.data()), key.size());
      sink(static_cast<const void*>(pages_.at(p)->data()), static_cast<std::size_t>(kPageBytes));
    }
  }
  /// XXH3-64 of what hash_append feeds.
  [[nodiscard]] std::uint64_t content_hash() const;
  /// Same bytes everywhere (absent pages count as zero) and same regions.
  [[nodiscard]] bool same_contents(const GlobalMemory& other) const;

  /// Number of materialised pages (including all-zero ones).
  [[nodiscard]] std::size_t page_count() const noexcept { return pages_.size(); }
  /// True when this and `other` hold the same page object for `addr` (tests
  /// of copy-on-write).
  [[nodiscard]] bool shares_page(const GlobalMemory& other, std::uint64_t addr) const noexcept;

 private:
  using Page = std::array<std::uint8_t, kPageBytes>;

  [[nodiscard]] std::vector<std::uint64_t> nonzero_pages() const;
  [[noreturn]] void fault(std::uint64_t addr, std::uint64_t size, AccessKind access) const;
  [[nodiscard]] FaultKind fault_kind(std::uint64_t addr) const noexcept;
  [[nodiscard]] std::string fault_detail(std::uint64_t addr, std::uint64_t size) const;
  Page& writable_page(std::uint64_t page);

  std::unordered_map<std::uint64_t, std::shared_ptr<Page>> pages_;
  // Lookup hints, not state (never hashed or compared): the region last
  // found and the page last read. Copies may keep them: regions are
  // immutable vectors and a page is only ever changed through the object
  // that owns it alone (copy-on-write updates the hint). Not safe for
  // concurrent reads of one object from several threads.
  mutable const Region* hint_region_ = nullptr;
  mutable std::uint64_t hint_page_ = ~std::uint64_t{0};
  mutable const Page* hint_page_ptr_ = nullptr;
  std::shared_ptr<const std::vector<Region>> regions_;
  std::uint64_t base_;
  std::uint64_t limit_;
};

}  // namespace lockstep::sem
