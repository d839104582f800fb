#include "sim/core/sib_table.hpp"

namespace lockstep::sim {

SibTable::Entry* SibTable::lookup(std::uint32_t pc) noexcept {
  for (Entry& e : entries_) {
    if (e.valid && e.pc == pc) return &e;
  }
  return nullptr;
}

bool SibTable::spinning_branch(std::uint32_t pc) noexcept {
  Entry* e = lookup(pc);
  if (e == nullptr) {
    Entry* victim = nullptr;
    for (Entry& x : entries_) {
      if (!x.valid) {
        victim = &x;
        break;
      }
      if (!x.confirmed && (victim == nullptr || x.confidence < victim->confidence)) victim = &x;
    }
    if (victim == nullptr) return false;
    *victim = Entry{pc, 1, true, false};
    e = victim;
  } else if (!e->confirmed) {
    ++e->confidence;
  } else {
    return false;
  }
  if (!e->confirmed && e->confidence >= threshold_) {
    e->confirmed = true;
    return true;
  }
  return false;
}

void SibTable::plain_branch(std::uint32_t pc) noexcept {
  Entry* e = lookup(pc);
  if (e != nullptr && !e->confirmed && e->confidence > 0) --e->confidence;
}

bool SibTable::confirmed(std::uint32_t pc) const noexcept {
  for (const Entry& e : entries_) {
    if (e.valid && e.pc == pc) return e.confirmed;
  }
  return false;
}

std::optional<SibTable::Entry> SibTable::find(std::uint32_t pc) const noexcept {
  for (const Entry& e : entries_) {
    if (e.valid && e.pc == pc) return e;
  }
  return std::nullopt;
}

std::uint32_t SibTable::live() const noexcept {
  std::uint32_t n = 0;
  for (const Entry& e : entries_) n += e.valid ? 1U : 0U;
  return n;
}

}  // namespace lockstep::sim
