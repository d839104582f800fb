// What the persistent-set reduction (persistent_set.hpp, docs/explorer.md
// "Reductions") needs to know about a kernel, computed once per launch:
//
//   - which PCs lie on a cycle of the control-flow graph (a step that starts
//     there may lie on a cycle of the state graph; such steps are never
//     taken alone: the cycle proviso),
//   - for each PC, the memory accesses a thread standing there may still
//     execute (every ld/ld.u/st/atom/red on memory other threads can see,
//     reachable in the CFG), and for each whether its address register is
//     written on no path from that PC (then its address is the register's
//     current value: exact, per thread),
//   - the cross-thread alias analysis (checker/alias) with the launch's
//     buffers, for the accesses whose address is computed later: two
//     accesses through parameters that point to different buffers touch
//     different bytes, as long as every access through a parameter stays in
//     its buffer. That assumption is checked on every access the search
//     meets (`inside_buffers`); the first that leaves its buffer switches
//     the reduction off and the search is run again without it.
//
// A kernel with transactional-memory markers or opaque calls gets no
// reduction (`why_not`).
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "semantics/launch/launch_setup.hpp"

namespace lockstep::checker {

class AddressAnalysis;

/// One memory access a thread may still execute.
struct FutureAccess {
  std::uint32_t pc = 0;
  bool write = false;   ///< st, atom, red
  bool fixed = false;   ///< its address is fixed now (no register it depends on is written later)
  bool global = false;  ///< written .global
};

class PorKernel {
 public:
  explicit PorKernel(const sem::LaunchSetup& setup);
  ~PorKernel();
  PorKernel(const PorKernel&) = delete;
  PorKernel& operator=(const PorKernel&) = delete;

  /// Empty when the reduction may be used on this kernel, else why not.
  [[nodiscard]] const std::string& why_not() const noexcept { return why_not_; }
  /// True when pc lies on a cycle of the control-flow graph.
  [[nodiscard]] bool cyclic(std::uint32_t pc) const noexcept;
  /// The accesses a thread whose next instruction is at pc may execute.
  [[nodiscard]] const std::vector<FutureAccess>& future(std::uint32_t pc) const;
  /// False only when the alias analysis proves that the global accesses at
  /// pcs `a` and `b` (both through parameters, with `a_writes` / `b_writes`)
  /// never touch a common byte in two different threads.
  [[nodiscard]] bool may_conflict(std::uint32_t a, bool a_writes, std::uint32_t b, bool b_writes) const;
  /// True unless the access at pc, whose alias answers rest on its staying
  /// in the buffers its parameters point to, touches bytes [lo, hi) outside
  /// all of them (`global`: the bytes are global memory).
  [[nodiscard]] bool inside_buffers(std::uint32_t pc, bool global, std::uint64_t lo, std::uint64_t hi) const noexcept;
  [[nodiscard]] const ir::Kernel& kernel() const noexcept { return *setup_.kernel; }

 private:
  struct Range {
    std::uint64_t lo = 0, hi = 0;
  };
  const sem::LaunchSetup& setup_;
  std::string why_not_;
  std::vector<std::uint32_t> block_of_;
  std::size_t block_words_ = 1, reg_words_ = 1;
  std::vector<std::uint64_t> reach_;      ///< per block: blocks reachable through its successors
  std::vector<std::uint64_t> defs_;       ///< per pc: registers it writes
  std::vector<std::uint32_t> accesses_;   ///< pcs of visible memory accesses
  std::vector<bool> cyclic_;              ///< per block
  std::vector<std::vector<Range>> buffers_;  ///< per pc: the buffers of the parameters it goes through
  std::unique_ptr<AddressAnalysis> alias_;
  mutable std::vector<std::unique_ptr<std::vector<FutureAccess>>> future_;  ///< per pc, computed on first use
};

}  // namespace lockstep::checker
