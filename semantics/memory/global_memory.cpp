#include "semantics/memory/global_memory.hpp"

#include <fmt/format.h>

#define XXH_INLINE_ALL
#include <xxhash.h>

#include <algorithm>
#include <bit>
#include <cstring>
#include <stdexcept>

namespace lockstep::sem {
namespace {

std::uint64_t align_up(std::uint64_t v, std::uint64_t a) { return (v + a - 1) / a * a; }

std::string describe(const Region& r) {
  return fmt::format("buffer '{}' ({} bytes at {:#x})", r.name, r.size, r.base);
}

bool is_zero(const std::array<std::uint8_t, GlobalMemory::kPageBytes>& p) {
  return std::all_of(p.begin(), p.end(), [](std::uint8_t b) { return b == 0; });
}

}  // namespace

GlobalMemory::GlobalMemory(std::uint64_t base, std::uint64_t limit)
    : regions_(std::make_shared<const std::vector<Region>>()), base_(base), limit_(limit) {}

std::uint64_t GlobalMemory::allocate(std::uint64_t size, std::uint64_t align, std::string name) {
  std::uint64_t a = std::max(align, kGuardBytes);
  if ((a & (a - 1)) != 0) a = std::bit_ceil(a);
  const std::uint64_t from = regions_->empty() ? base_ : regions_->back().end() + kGuardBytes;
  const std::uint64_t at = align_up(from, a);
  if (at < from || at > limit_ || size > limit_ - at) {
    throw std::length_error(fmt::format("global memory exhausted allocating {} bytes for '{}'", size, name));
  }
  auto next = std::make_shared<std::vector<Region>>(*regions_);
  next->push_back(Region{std::move(name), at, size});
  regions_ = std::move(next);
  hint_region_ = nullptr;
  return at;
}

const Region* GlobalMemory::find(std::uint64_t addr, std::uint64_t size) const noexcept {
  const std::uint64_t want = size == 0 ? 1 : size;
  if (const Region* h = hint_region_; h != nullptr && addr >= h->base && addr < h->end() && want <= h->end() - addr) {
    return h;
  }
  const auto& rs = *regions_;
  auto it = std::upper_bound(rs.begin(), rs.end(), addr, [](std::uint64_t a, const Region& r) { return a < r.base; });
  if (it == rs.begin()) return nullptr;
  const Region& r = *(it - 1);
  const std::uint64_t n = size == 0 ? 1 : size;
  if (addr >= r.end() || n > r.end() - addr) return nullptr;
  hint_region_ = &r;
  return &r;
}

void GlobalMemory::check(std::uint64_t addr, std::uint64_t size, AccessKind access) const {
  if (addr < kNullLimit || find(addr, size) == nullptr) fault(addr, size, access);
}

void GlobalMemory::fault(std::uint64_t addr, std::uint64_t size, AccessKind access) const {
  throw MemoryFault(fault_kind(addr), ir::Space::Global, addr, size, access, fault_detail(addr, size));
}

FaultKind GlobalMemory::fault_kind(std::uint64_t addr) const noexcept {
  if (addr < kNullLimit) return FaultKind::Null;
  if (addr < base_ || addr >= limit_ || regions_->empty()) return FaultKind::Unmapped;
  return FaultKind::OutOfBounds;
}

std::string GlobalMemory::fault_detail(std::uint64_t addr, std::uint64_t size) const {
  const auto& rs = *regions_;
  switch (fault_kind(addr)) {
    case FaultKind::Null: return fmt::format("null pointer (addresses below {:#x} are never mapped)", kNullLimit);
    case FaultKind::Unmapped:
      return rs.empty() ? std::string("no global buffer is allocated") : std::string("not in the global address range");
    default: break;
  }
  auto it = std::upper_bound(rs.begin(), rs.end(), addr, [](std::uint64_t a, const Region& r) { return a < r.base; });
  const Region* prev = it == rs.begin() ? nullptr : &*(it - 1);
  const Region* next = it == rs.end() ? nullptr : &*it;
  if (prev != nullptr && addr < prev->end()) {
    return fmt::format("overruns the end of {} by {} bytes", describe(*prev), addr + size - prev->end());
  }
  if (prev != nullptr && (next == nullptr || addr - prev->end() <= next->base - addr)) {
    const std::uint64_t past = addr - prev->end();
    return past == 0 ? fmt::format("just past the end of {}", describe(*prev))
                     : fmt::format("{} bytes past the end of {}", past, describe(*prev));
  }
  return fmt::format("{} bytes before the start of {}", next->base - addr, describe(*next));
}

void GlobalMemory::read(std::uint64_t addr, std::uint64_t size, void* out, AccessKind access) const {
  check(addr, size, access);
  auto* dst = static_cast<std::uint8_t*>(out);
  if (addr / kPageBytes == hint_page_ && addr % kPageBytes + size <= kPageBytes) {
    std::memcpy(dst, hint_page_ptr_->data() + addr % kPageBytes, size);
    return;
  }
  while (size > 0) {
    const std::uint64_t page = addr / kPageBytes;
    const std::uint64_t off = addr % kPageBytes;
    const std::uint64_t n = std::min(size, kPageBytes - off);
    const auto it = pages_.find(page);
    if (it == pages_.end()) {
      std::memset(dst, 0, n);
    } else {
      std::memcpy(dst, it->second->data() + off, n);
      hint_page_ = page;
      hint_page_ptr_ = it->second.get();
    }
    dst += n;
    addr += n;
    size -= n;
  }
}

GlobalMemory::Page& GlobalMemory::writable_page(std::uint64_t page) {
  auto& slot = pages_[page];
  if (!slot) {
    slot = std::make_shared<Page>();
    slot->fill(0);
  } else if (slot.use_count() > 1) {
    slot = std::make_shared<Page>(*slot);
  }
  if (page == hint_page_) hint_page_ptr_ = slot.get();
  return *slot;
}

void GlobalMemory::write(std::uint64_t addr, std::uint64_t size, const void* in, AccessKind access) {
  check(addr, size, access);
  const auto* src = static_cast<const std::uint8_t*>(in);
  while (size > 0) {
    const std::uint64_t off = addr % kPageBytes;
    const std::uint64_t n = std::min(size, kPageBytes - off);
    std::memcpy(writable_page(addr / kPageBytes).data() + off, src, n);
    src += n;
    addr += n;
    size -= n;
  }
}

std::vector<std::uint64_t> GlobalMemory::nonzero_pages() const {
  std::vector<std::uint64_t> keys;
  keys.reserve(pages_.size());
  for (const auto& [k, p] : pages_) {
    if (!is_zero(*p)) keys.push_back(k);
  }
  std::sort(keys.begin(), keys.end());
  return keys;
}

std::uint64_t GlobalMemory::content_hash() const {
  XXH3_state_t state;
  XXH3_INITSTATE(&state);
  XXH3_64bits_reset(&state);
  hash_append([&](const void* p, std::size_t n) { XXH3_64bits_update(&state, p, n); });
  return XXH3_64bits_digest(&state);
}

bool GlobalMemory::same_contents(const GlobalMemory& other) const {
  if (regions_ != other.regions_) {
    const auto& a = *regions_;
    const auto& b = *other.regions_;
    if (a.size() != b.size()) return false;
    for (std::size_t i = 0; i < a.size(); ++i) {
      if (a[i].name != b[i].name || a[i].base != b[i].base || a[i].size != b[i].size) return false;
    }
  }
  const std::vector<std::uint64_t> mine = nonzero_pages();
  if (mine != other.nonzero_pages()) return false;
  for (const std::uint64_t p : mine) {
    const auto& x = pages_.at(p);
    const auto& y = other.pages_.at(p);
    if (x != y && *x != *y) return false;
  }
  return true;
}

bool GlobalMemory::shares_page(const GlobalMemory& other, std::uint64_t addr) const noexcept {
  const auto a = pages_.find(addr / kPageBytes);
  const auto b = other.pages_.find(addr / kPageBytes);
  return a != pages_.end() && b != other.pages_.end() && a->second == b->second;
}

}  // namespace lockstep::sem
