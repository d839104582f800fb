#include "frontend/ptx/lower_names.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cstring>

namespace lockstep::ptx::lowering {

// ---- NameArena ---------------------------------------------------------------

std::string_view NameArena::store(std::string_view s) {
  if (used_ + s.size() > capacity_) {
    capacity_ = std::max<std::size_t>(4096, s.size());
    chunks_.push_back(std::make_unique<char[]>(capacity_));
    used_ = 0;
  }
  char* at = chunks_.back().get() + used_;
  if (!s.empty()) std::memcpy(at, s.data(), s.size());
  used_ += s.size();
  return {at, s.size()};
}

// ---- NameIndex -----------------------------------------------------------------

std::uint32_t NameIndex::find(std::string_view name) const noexcept {
  if (!big_.empty()) {
    const std::uint32_t* v = big_.find(name);
    return v == nullptr ? 0 : *v;
  }
  if ((filter_ & signature(name)) == 0) return 0;
  for (const auto& [key, value] : small_) {
    if (key.size() == name.size() && key == name) return value;
  }
  return 0;
}

void NameIndex::set(std::string_view name, std::uint32_t value) {
  if (!big_.empty()) {
    *big_.insert(name, value).first = value;
    return;
  }
  for (auto& [key, v] : small_) {
    if (key == name) {
      v = value;
      return;
    }
  }
  if (small_.size() < kLinear) {
    small_.emplace_back(name, value);
    filter_ |= signature(name);
    return;
  }
  for (const auto& [key, v] : small_) big_.insert(key, v);
  big_.insert(name, value);
  small_.clear();
}

void NameIndex::erase(std::string_view name) {
  if (!big_.empty()) {
    big_.erase(name);
    return;
  }
  for (std::size_t i = 0; i < small_.size(); ++i) {
    if (small_[i].first == name) {
      small_[i] = small_.back();
      small_.pop_back();
      filter_ = 0;
      for (const auto& entry : small_) filter_ |= signature(entry.first);
      return;
    }
  }
}

// ---- split_numbered ------------------------------------------------------------

bool split_numbered(std::string_view name, std::string_view& prefix, std::uint32_t& number) noexcept {
  std::size_t i = name.size();
  while (i > 0 && name[i - 1] >= '0' && name[i - 1] <= '9') --i;
  const std::size_t digits = name.size() - i;
  if (digits == 0 || i == 0 || digits > 9) return false;
  if (digits > 1 && name[i] == '0') return false;  // "%r01" is not register 1 of "%r"
  std::uint32_t n = 0;
  for (std::size_t j = i; j < name.size(); ++j) n = n * 10 + static_cast<std::uint32_t>(name[j] - '0');
  prefix = name.substr(0, i);
  number = n;
  return true;
}

// ---- UniqueNames -------------------------------------------------------------

bool UniqueNames::taken(std::string_view name) const {
  if (exact_.find(name) != nullptr) return true;
  if (!ranges_.empty()) {
    std::string_view prefix;
    std::uint32_t n = 0;
    if (split_numbered(name, prefix, n)) {
      const std::uint32_t* count = ranges_.find(prefix);
      if (count != nullptr && n < *count) return true;
    }
  }
  return outer_ != nullptr && outer_->taken(name);
}

bool UniqueNames::range_free(std::string_view prefix, std::uint32_t count) const {
  if (count == 0) return true;
  if (ranges_.find(prefix) != nullptr) return false;
  if (const std::uint32_t* low = lowest_.find(prefix); low != nullptr && *low < count) return false;
  return outer_ == nullptr || outer_->range_free(prefix, count);
}

void UniqueNames::take_range(std::string_view prefix, std::uint32_t count) {
  const auto [c, fresh] = ranges_.insert(prefix, count);
  if (!fresh && *c < count) *c = count;
}

void UniqueNames::take(std::string_view name) {
  exact_.insert(name, true);
  std::string_view prefix;
  std::uint32_t n = 0;
  if (split_numbered(name, prefix, n)) {
    const auto [low, fresh] = lowest_.insert(prefix, n);
    if (!fresh && n < *low) *low = n;
  }
}

std::string_view UniqueNames::claim(std::string_view name, bool stable, NameArena& arena) {
  if (!taken(name)) {
    const std::string_view kept = stable ? name : arena.store(name);
    take(kept);
    return kept;
  }
  fmt::memory_buffer buf;
  for (std::uint32_t k = 1;; ++k) {
    buf.clear();
    fmt::format_to(std::back_inserter(buf), "{}_{}", name, k);
    const std::string_view candidate(buf.data(), buf.size());
    if (!taken(candidate)) {
      const std::string_view kept = arena.store(candidate);
      take(kept);
      return kept;
    }
  }
}

// ---- ScopedNames -------------------------------------------------------------

void ScopedNames::open() {
  marks_.push_back(entries_.size());
  ++depth_;
}

void ScopedNames::close() {
  if (marks_.empty()) return;
  const std::size_t mark = marks_.back();
  marks_.pop_back();
  while (entries_.size() > mark) {
    const Entry& e = entries_.back();
    auto& map = e.b.kind == Binding::Kind::RegRange ? ranges_ : exact_;
    if (e.prev == 0) {
      map.erase(e.b.name);
    } else {
      map.set(e.b.name, e.prev);
    }
    entries_.pop_back();
  }
  --depth_;
}

bool ScopedNames::clashes_in_scope(const Binding& b) const {
  if (b.kind != Binding::Kind::RegRange) {
    if (const std::uint32_t i = exact_.find(b.name); i != 0 && entries_[i - 1].depth == depth_) return true;
    std::string_view prefix;
    std::uint32_t n = 0;
    if (!ranges_.empty() && split_numbered(b.name, prefix, n)) {
      if (const std::uint32_t i = ranges_.find(prefix); i != 0) {
        const Entry& top = entries_[i - 1];
        if (top.depth == depth_ && n < top.b.count) return true;
      }
    }
    return false;
  }
  if (b.count == 0) return false;
  if (const std::uint32_t i = ranges_.find(b.name); i != 0 && entries_[i - 1].depth == depth_) return true;
  // Exact names of this scope that fall inside the new range.
  const std::size_t first = marks_.empty() ? 0 : marks_.back();
  for (std::size_t i = first; i < entries_.size(); ++i) {
    const Binding& e = entries_[i].b;
    if (e.kind == Binding::Kind::RegRange) continue;
    std::string_view prefix;
    std::uint32_t n = 0;
    if (split_numbered(e.name, prefix, n) && prefix == b.name && n < b.count) return true;
  }
  return false;
}

bool ScopedNames::declare(const Binding& b) {
  if (clashes_in_scope(b)) return false;
  auto& map = b.kind == Binding::Kind::RegRange ? ranges_ : exact_;
  const auto index = static_cast<std::uint32_t>(entries_.size() + 1);
  const std::uint32_t prev = map.find(b.name);
  map.set(b.name, index);
  entries_.push_back(Entry{b, depth_, prev});
  return true;
}

std::optional<ScopedNames::Found> ScopedNames::find(std::string_view name) {
  const std::uint32_t exact = exact_.empty() ? 0 : exact_.find(name);
  std::uint32_t range = 0;
  std::uint32_t number = 0;
  if (!ranges_.empty()) {
    std::string_view prefix;
    if (split_numbered(name, prefix, number)) {
      if (const std::uint32_t top = ranges_.find(prefix); top != 0) {
        for (std::uint32_t i = top; i != 0; i = entries_[i - 1].prev) {
          if (number < entries_[i - 1].b.count) {
            range = i;
            break;
          }
        }
      }
    }
  }
  if (exact == 0 && range == 0) return std::nullopt;
  if (exact > range) return Found{&entries_[exact - 1].b, 0};
  return Found{&entries_[range - 1].b, number};
}

}  // namespace lockstep::ptx::lowering
