// Symbolic execution of added code (docs/equiv.md, projection): from an
// output PC, follow the added instructions (mov, setp, selp, bra, ret/exit;
// the forms check_fresh admits) over Z3 terms for the fresh registers until
// a copied instruction or the exit is reached, forking at guarded branches.
// Registers read before the walk writes them are entry constants,
// constrained to the values the reaching-constants analysis allows on the
// edge. Then one query per edge asks whether some entry value reaches an
// end other than the expected one (Alive2-style: UNSAT proves the dispatch).
#pragma once

#include <z3++.h>

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "checker/equiv/edge_values.hpp"
#include "checker/equiv/kernel_pair.hpp"

namespace lockstep::checker::equiv {

/// End of a walk that came back to a PC it had visited (the added code loops).
inline constexpr std::uint32_t kWalkLoops = 0xfffffffdU;

enum class DispatchAnswer : std::uint8_t { Proved, Refuted, Unknown };

struct DispatchOutcome {
  DispatchAnswer answer = DispatchAnswer::Proved;
  std::uint32_t reached = 0;  ///< Refuted: the end reached (output PC, kEdgeExit or kWalkLoops)
  std::string values;         ///< Refuted: entry values leading there, e.g. "%ssde_c0 = 1"
  std::string reason;         ///< Unknown: why (unsupported form, too many paths, solver)
  bool queried = false;       ///< a solver query was issued
};

class DispatchWalker {
 public:
  DispatchWalker(const KernelPair& pair, const EdgeValues& values, unsigned solver_timeout_ms = 10000);

  /// Walks from output PC `start` with the fresh registers holding what they
  /// may hold after output PC `from` (kEdgeExit: the kernel entry, any
  /// value), and decides whether every walk ends at an output PC whose
  /// origin is `expected` (or at the exit, when `expected` is kEdgeExit).
  [[nodiscard]] DispatchOutcome prove(std::uint32_t from, std::uint32_t start, std::uint32_t expected);

 private:
  struct Path {
    std::uint32_t end;
    z3::expr cond;
  };
  struct Frame {
    std::uint32_t pc;
    std::map<std::uint32_t, z3::expr> regs;
    z3::expr cond;
    std::vector<std::uint32_t> seen;
  };

  [[nodiscard]] z3::expr read(Frame& f, std::uint32_t reg);
  [[nodiscard]] z3::expr source(Frame& f, const ir::Operand& o, unsigned bits);
  [[nodiscard]] z3::expr predicate(Frame& f, const ir::Operand& o);
  [[nodiscard]] z3::expr fit(const z3::expr& e, unsigned bits);
  /// Executes the added non-branch instruction at f.pc; false when its form is not supported.
  bool execute(Frame& f);
  void write(Frame& f, std::uint32_t reg, const z3::expr& value, const ir::Instr& instr);
  [[nodiscard]] std::optional<std::string> walk(std::uint32_t start, std::vector<Path>& paths);
  [[nodiscard]] bool ends_ok(std::uint32_t end, std::uint32_t expected) const;

  const KernelPair* pair_;
  const EdgeValues* values_;
  unsigned timeout_ms_;
  z3::context ctx_;
  // Per edge: entry constants and their constraints.
  std::uint32_t from_ = kEdgeExit;
  std::map<std::uint32_t, z3::expr> entry_;
  std::vector<z3::expr> constraints_;
};

}  // namespace lockstep::checker::equiv
