// The flow-insensitive fixpoint of the address analysis.
//
// Every register gets one abstract value: the join of what all of its
// definitions can write, over the whole kernel (registers are not SSA;
// the join over definitions makes control flow irrelevant). A worklist
// re-evaluates an instruction whenever a register it reads (as a value or
// as an address base) changes, or a per-thread memory cell it loads from
// changes (cells.hpp), so the cost is linear in the kernel's size times the
// few times each value can grow: a register's offset interval is widened
// to Top after kWidenAfter changes, base sets are capped (kMaxBases), and
// the remaining parts of a value only grow in finite lattices.
//
// Loads: a kernel parameter read gives Param(i) (an integer when narrower
// than a pointer), an exact per-thread cell gives the cell's value, any
// other pointer-sized load gives Loaded(pc), narrower loads an integer.
// Atomics give Loaded(pc)/an integer too. An opaque call (ir::Opcode::Call)
// gives its return registers Loaded(pc)/an integer, thread-varying, and
// poisons the cells it may write: its `.param` operands, and every cell
// when local addresses can escape (the callee may write through them).
#pragma once

#include <cstdint>
#include <vector>

#include "checker/alias/abs_value.hpp"
#include "checker/alias/cells.hpp"
#include "checker/alias/context.hpp"

namespace lockstep::checker::addr {

/// Changes of a register's offset interval before it is widened to Top.
inline constexpr std::uint8_t kWidenAfter = 3;

class ValueFlow {
 public:
  /// Runs the fixpoint over the kernel of `ctx` (ctx must outlive this).
  explicit ValueFlow(const Context& ctx);

  /// The final value of every register (Bottom: never written).
  [[nodiscard]] const std::vector<AbsValue>& regs() const noexcept { return regs_; }

 private:
  void build_users();
  void run();
  void eval(std::uint32_t pc);
  void load(std::uint32_t pc);
  void store(std::uint32_t pc, bool exact_allowed);
  void opaque_call(std::uint32_t pc);
  /// The value element `k` of the load at pc produces.
  AbsValue loaded_value(std::uint32_t pc, unsigned k, std::uint32_t elem_bytes);
  /// Joins v into register r (widening), queueing r's users on a change.
  void set(std::uint32_t r, const AbsValue& v);
  /// Assigns v to the destination operand (register, pair, vector) of pc.
  void set_dest(std::uint32_t pc, const AbsValue& v);
  void enqueue(std::uint32_t pc);

  const Context& ctx_;
  std::vector<AbsValue> regs_;
  std::vector<std::uint8_t> changes_;
  std::vector<std::uint32_t> user_begin_;  ///< CSR: users of reg r are users_[begin[r] .. begin[r+1])
  std::vector<std::uint32_t> users_;
  std::vector<std::uint32_t> queue_;
  std::size_t head_ = 0;
  std::vector<char> queued_;
  Cells cells_;
};

}  // namespace lockstep::checker::addr
