// Per-thread memory cells (see cells.hpp).
#include "checker/alias/cells.hpp"

#include <algorithm>

namespace lockstep::checker::addr {
const Cells::Cell* Cells::find(const Var& v, std::int64_t offset, std::uint32_t width, bool& overlap) {
  overlap = false;
  const Cell* exact = nullptr;
  for (auto it = v.cells.lower_bound(sat_sub(offset, kMaxCellWidth)); it != v.cells.end(); ++it) {
    const std::int64_t start = it->first;
    if (sat_sub(start, offset) >= static_cast<std::int64_t>(width)) break;  // starts after our bytes
    if (sat_sub(offset, start) >= static_cast<std::int64_t>(it->second.width)) continue;  // ends before
    if (start == offset && it->second.width == width) {
      exact = &it->second;
    } else {
      overlap = true;
    }
  }
  return exact;
}

Cells::Read Cells::read(std::uint64_t var, std::int64_t offset, std::uint32_t width) const {
  Read r;
  if (all_poisoned_) {
    r.state = ReadState::Unknown;
    return r;
  }
  const auto it = vars_.find(var);
  if (it == vars_.end()) return r;
  if (it->second.poisoned) {
    r.state = ReadState::Unknown;
    return r;
  }
  bool overlap = false;
  const Cell* c = find(it->second, offset, width, overlap);
  if (overlap) {
    r.state = ReadState::Unknown;
  } else if (c != nullptr) {
    r.state = ReadState::Value;
    r.value = c->value;
  }
  return r;
}

Cells::WriteResult Cells::write(std::uint64_t var, std::int64_t offset, std::uint32_t width,
                                const AbsValue& v) {
  Var& x = vars_[var];
  if (x.poisoned) return WriteResult::Unchanged;
  bool overlap = false;
  const Cell* c = find(x, offset, width, overlap);
  if (overlap) return poison(var) ? WriteResult::Poisoned : WriteResult::Unchanged;
  if (c == nullptr) {
    x.cells[offset] = Cell{width, v};
    return WriteResult::Changed;
  }
  Cell& cell = x.cells[offset];
  const AbsValue joined = join(cell.value, v);
  if (joined == cell.value) return WriteResult::Unchanged;
  cell.value = joined;
  return WriteResult::Changed;
}

bool Cells::poison(std::uint64_t var) {
  Var& x = vars_[var];
  if (x.poisoned) return false;
  x.poisoned = true;
  x.cells.clear();
  return true;
}

bool Cells::poison_all() {
  if (all_poisoned_) return false;
  all_poisoned_ = true;
  return true;
}

void Cells::add_reader(std::uint64_t var, std::int64_t offset, std::uint32_t pc) {
  std::vector<std::uint32_t>& r = vars_[var].readers[offset];
  if (std::find(r.begin(), r.end(), pc) == r.end()) r.push_back(pc);
}

}  // namespace lockstep::checker::addr
