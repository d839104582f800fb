// Per-thread memory cells of the address analysis.
//
// Local variables (spill slots of -G code, `__local_depot`) and the param
// variables of inlined device functions carry register values between
// instructions: `st.param [param0+0], %rd1` ... `ld.param %rd2, [param0+0]`.
// A cell is one (variable, byte offset, width) slot written with an exact
// address; its value is the join of everything stored there
// (flow-insensitive, like registers). A variable is poisoned — its loads
// give unknown values — when a store might hit it at an inexact address,
// when two stores overlap with different slots, or when an atomic or
// reduction writes it; poison_all() poisons every variable (a store through
// an unknown pointer that may reach per-thread memory).
//
// Each variable remembers the loads that read it and at which offset, so
// that the fixpoint can revisit just the loads a changed cell can affect.
#pragma once

#include <cstdint>
#include <map>
#include <vector>

#include "checker/alias/abs_value.hpp"

namespace lockstep::checker::addr {

/// Identifies a variable: (scope, index).
[[nodiscard]] inline std::uint64_t var_key(ir::SymScope scope, std::uint32_t id) noexcept {
  return (static_cast<std::uint64_t>(scope) << 32) | id;
}

class Cells {
 public:
  enum class ReadState : std::uint8_t {
    Value,    ///< the cell holds `value`
    Empty,    ///< nothing stored there yet
    Unknown,  ///< poisoned or a partial overlap
  };
  struct Read {
    ReadState state = ReadState::Empty;
    AbsValue value;
  };

  [[nodiscard]] Read read(std::uint64_t var, std::int64_t offset, std::uint32_t width) const;
  enum class WriteResult : std::uint8_t {
    Unchanged,  ///< the cell already held at least `v` (or the variable is poisoned)
    Changed,    ///< the cell changed: the readers near it may see more
    Poisoned,   ///< the write overlapped another cell: the variable is now poisoned
  };
  /// Joins `v` into the cell at exactly (offset, width).
  WriteResult write(std::uint64_t var, std::int64_t offset, std::uint32_t width, const AbsValue& v);
  /// True when the variable was not poisoned before.
  bool poison(std::uint64_t var);
  /// True when not everything was poisoned before.
  bool poison_all();
  [[nodiscard]] bool all_poisoned() const noexcept { return all_poisoned_; }

  /// Records that the load at pc reads the variable at `offset`.
  void add_reader(std::uint64_t var, std::int64_t offset, std::uint32_t pc);
  /// Calls f(pc) for the loads that read bytes near [offset, offset+width)
  /// of the variable (every load a write there can change).
  template <class F>
  void for_each_reader_near(std::uint64_t var, std::int64_t offset, std::uint32_t width, F&& f) const {
    const auto it = vars_.find(var);
    if (it == vars_.end()) return;
    const auto& r = it->second.readers;
    for (auto i = r.lower_bound(sat_sub(offset, kMaxCellWidth)); i != r.end(); ++i) {
      if (sat_sub(i->first, offset) >= static_cast<std::int64_t>(width)) break;
      for (std::uint32_t pc : i->second) f(pc);
    }
  }
  /// Calls f(pc) for the loads of one variable.
  template <class F>
  void for_each_reader(std::uint64_t var, F&& f) const {
    const auto it = vars_.find(var);
    if (it == vars_.end()) return;
    for (const auto& [off, pcs] : it->second.readers) {
      for (std::uint32_t pc : pcs) f(pc);
    }
  }
  /// Calls f(pc) for the loads of every variable.
  template <class F>
  void for_each_reader(F&& f) const {
    for (const auto& [key, v] : vars_) for_each_reader(key, f);
  }

  /// No cell is wider than this (the widest element is 16 bytes).
  static constexpr std::int64_t kMaxCellWidth = 64;
  /// a - b saturating at the int64 bounds.
  [[nodiscard]] static std::int64_t sat_sub(std::int64_t a, std::int64_t b) noexcept {
    std::int64_t r = 0;
    if (!__builtin_sub_overflow(a, b, &r)) return r;
    return b > 0 ? INT64_MIN : INT64_MAX;
  }

 private:
  struct Cell {
    std::uint32_t width = 0;
    AbsValue value;
  };
  struct Var {
    bool poisoned = false;
    std::map<std::int64_t, Cell> cells;
    std::map<std::int64_t, std::vector<std::uint32_t>> readers;
  };
  /// The cell at exactly (offset, width), or nullptr; `overlap` is set when
  /// another cell overlaps the bytes.
  static const Cell* find(const Var& v, std::int64_t offset, std::uint32_t width, bool& overlap);

  std::map<std::uint64_t, Var> vars_;
  bool all_poisoned_ = false;
};

}  // namespace lockstep::checker::addr
