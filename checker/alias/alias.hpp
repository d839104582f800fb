// Cross-thread alias analysis of a kernel's memory accesses.
//
// Every memory access (ld, ldu, st, atom, red, and the other instructions
// with an address operand) gets an abstract address: the memory space, the
// base it was derived from (a kernel parameter, a variable's address, a
// pointer loaded from memory, or anything), an interval of byte offsets from
// that base widened by the access size, and whether the address can differ
// between threads. The abstract values are computed flow-insensitively over
// the kernel's registers (one value per register = join over all its
// definitions), through ld.param, mov of symbols, cvta, add/sub/mad of a
// pointer and an integer, and integer intervals of offsets (constants, and,
// rem, shl/mul by constants, %tid/%laneid ranges).
//
// The question asked is the one SIMT-deadlock detection needs: can a write
// executed by one thread of a warp touch a byte that a read executed by
// another thread of the same warp reads? Thread-varying parts of addresses are
// over-approximated by their range over all threads, never "same expression,
// so same address". Answers: No (provably disjoint), Must (one fixed address,
// the same in every thread, e.g. a lock word), May (everything else).
// Distinct kernel parameters may alias (PTX carries no `restrict`) unless
// AliasOptions::assume_noalias_params is set, or a launch says which buffer
// each parameter points to (AliasOptions::param_buffers).
//
// See docs/detection.md for the rule table.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "frontend/ir/kernel.hpp"
#include "frontend/ir/module.hpp"

namespace lockstep::checker {

enum class Alias : std::uint8_t { No, May, Must };

/// "no", "may", "must".
[[nodiscard]] const char* alias_name(Alias a) noexcept;

/// The per-thread local memory one access may touch (the `-G` stack frame,
/// `__local_depot`, and the other `.local` variables).
struct LocalFootprint {
  enum class Kind : std::uint8_t {
    None,     ///< no local memory
    Vars,     ///< only local memory, within `ranges`
    Unknown,  ///< local memory the analysis cannot place (or local and other memory)
  };
  /// Bytes [first, last] of a local variable (`whole`: any byte of it).
  struct Range {
    ir::SymScope scope = ir::SymScope::Kernel;
    std::uint32_t var = 0;
    bool whole = false;
    std::int64_t first = 0;
    std::int64_t last = 0;
  };
  Kind kind = Kind::Unknown;
  std::vector<Range> ranges;
};

struct AliasOptions {
  /// Distinct kernel parameters never alias (off by default: PTX has no restrict).
  bool assume_noalias_params = false;
  /// The buffer of a launch that each kernel parameter points to (index: the
  /// parameter; -1: not a buffer of the launch). When given, two parameters
  /// that point to buffers alias only when it is the same buffer (at the
  /// same start, so their offsets compare), and a parameter that points to a
  /// buffer never aliases a module variable: a launch's buffers are
  /// allocations of their own, and an access through a parameter stays in
  /// its buffer (leaving it is undefined; lockstep faults on an access
  /// outside every allocation).
  std::vector<std::int32_t> param_buffers;
};

/// How a kernel uses one of its parameters as an address: the accesses that
/// may go through the parameter's value (a base Param(i) with no field).
struct ParamAccesses {
  std::uint32_t param = 0;
  std::vector<std::uint32_t> pcs;  ///< ascending
  /// Every such access touches bytes [0, end) of what the parameter points
  /// to (offsets known and non-negative); false: some offset is unknown.
  bool bounded = true;
  std::int64_t end = 0;
};

class AddressAnalysisImpl;

/// Abstract addresses of every memory access of one kernel.
class AddressAnalysis {
 public:
  /// Analyses the kernel (its blocks must be built); `module` gives the
  /// module-scope variables that Symbol operands refer to.
  AddressAnalysis(const ir::Module& module, const ir::Kernel& kernel, AliasOptions options = {});
  ~AddressAnalysis();
  AddressAnalysis(AddressAnalysis&&) noexcept;
  AddressAnalysis& operator=(AddressAnalysis&&) noexcept;
  AddressAnalysis(const AddressAnalysis&) = delete;
  AddressAnalysis& operator=(const AddressAnalysis&) = delete;

  /// True when the instruction at pc accesses memory through an address
  /// operand (ld, ldu, st, atom, red, prefetch, ...).
  [[nodiscard]] bool is_access(std::uint32_t pc) const noexcept;

  /// Can the access at `write_pc` by one thread touch a byte that the access
  /// at `read_pc` touches in another thread of the same warp (or the same
  /// thread)? Per-thread memory (local, param) and read-only memory (const)
  /// therefore never alias. Both PCs should be accesses; a PC that is not
  /// one answers May.
  [[nodiscard]] Alias alias(std::uint32_t read_pc, std::uint32_t write_pc) const;

  /// False when the access at pc provably touches only memory private to
  /// its thread or read-only (local, param, const), e.g. a generic load from
  /// a local array; true otherwise (and for a PC that is not an access).
  [[nodiscard]] bool may_be_shared(std::uint32_t pc) const noexcept;

  /// The local memory the access at pc may touch: None for accesses that
  /// provably touch none, Vars when every address it may use is an offset
  /// from a local variable's address (a frame slot reached through
  /// `cvta.local` and generic addressing included), Unknown otherwise (and
  /// for a PC that is not an access).
  [[nodiscard]] LocalFootprint local_footprint(std::uint32_t pc) const;

  /// The parameters used as addresses, ascending by parameter index.
  [[nodiscard]] std::vector<ParamAccesses> param_accesses() const;

  /// A short readable rendering of the abstract address of the access at pc,
  /// e.g. "global:param0+0", "shared:s_hist+[0,1023]", "global:loaded@12+?",
  /// "generic:any".
  [[nodiscard]] std::string describe(std::uint32_t pc) const;

 private:
  std::unique_ptr<AddressAnalysisImpl> impl_;
};

}  // namespace lockstep::checker
