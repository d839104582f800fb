// The abstract value of a register in the address analysis.
//
// A register holds either nothing yet (Bottom: no definition seen, or a
// register that is never written), an integer (Int: an Interval of values),
// or a pointer (Ptr): a small set of bases plus an Interval of byte offsets
// from them, the memory spaces it may point into, and whether it is
// certainly an address (`definite`: it went through cvta or names a
// variable) rather than a value that may be a pointer or an integer (a
// 64-bit kernel parameter or a 64-bit value loaded from memory). A Ptr with
// `any` set may point anywhere in its spaces (the bases are then empty).
//
// Bases:
//   Param(i, f)  the value of kernel parameter i (f: byte offset of the field
//                read, for parameters passed by value as byte arrays);
//   Sym(v)       the address of variable v (kernel-scope or module-scope;
//                `.extern .shared` arrays are marked: they share one start);
//   Loaded(pc)   a pointer-sized value loaded from memory at pc.
// `thread_varying` says whether the value can differ between threads of a
// warp (thread ids, loaded values); Params and Syms are the same for all.
#pragma once

#include <array>
#include <cstdint>

#include "checker/alias/interval.hpp"
#include "frontend/ir/operand.hpp"
#include "frontend/ir/types.hpp"

namespace lockstep::checker::addr {

/// Memory spaces as a bit set.
enum SpaceBit : std::uint8_t {
  kGlobal = 1U << 0,
  kShared = 1U << 1,
  kLocal = 1U << 2,
  kParam = 1U << 3,
  kConst = 1U << 4,
};
inline constexpr std::uint8_t kAllSpaces = kGlobal | kShared | kLocal | kParam | kConst;
/// Spaces that two threads of a warp share (and can write).
inline constexpr std::uint8_t kCrossThread = kGlobal | kShared;
/// Spaces private to one thread (where per-thread cells live).
inline constexpr std::uint8_t kPerThread = kLocal | kParam;

/// The bit of a state space; 0 for Generic/None/Reg/SReg (no space written).
/// Tex and Surf count as global, shared::cluster as shared.
[[nodiscard]] std::uint8_t space_bits(ir::Space s) noexcept;
/// "global", "shared", "local", "param", "const", "generic" (global and
/// shared both possible) or a '|'-joined list.
[[nodiscard]] std::string space_label(std::uint8_t bits);

enum class BaseKind : std::uint8_t { Param, Sym, Loaded };

struct Base {
  BaseKind kind = BaseKind::Loaded;
  ir::SymScope scope = ir::SymScope::Kernel;  ///< Sym: where the variable lives
  std::uint8_t space = kAllSpaces;            ///< spaces the base object can be in
  std::uint32_t id = 0;                       ///< Param: index; Sym: variable; Loaded: pc
  std::int64_t field = 0;                     ///< Param: byte offset of the field read
  /// Sym: an `.extern .shared` array. All of them start at the dynamic
  /// shared memory of the launch, so they may overlap one another.
  bool dynamic_shared = false;

  [[nodiscard]] static Base param(std::uint32_t index, std::int64_t field_offset) noexcept {
    return {BaseKind::Param, ir::SymScope::Kernel, kGlobal, index, field_offset, false};
  }
  [[nodiscard]] static Base sym(std::uint32_t var, ir::SymScope scope, std::uint8_t space,
                                bool dynamic = false) noexcept {
    return {BaseKind::Sym, scope, space, var, 0, dynamic};
  }
  [[nodiscard]] static Base loaded(std::uint32_t pc) noexcept {
    return {BaseKind::Loaded, ir::SymScope::Kernel, kAllSpaces, pc, 0, false};
  }
  friend bool operator==(const Base&, const Base&) = default;
};

inline constexpr std::size_t kMaxBases = 4;

struct AbsValue {
  enum class Kind : std::uint8_t { Bottom, Int, Ptr };

  Kind kind = Kind::Bottom;
  std::uint8_t space = 0;  ///< Ptr: spaces it may point into
  bool any = false;        ///< Ptr: any base (bases empty)
  bool definite = false;   ///< Ptr: certainly an address
  bool varying = false;    ///< may differ between threads of a warp
  std::uint8_t nbases = 0;
  std::array<Base, kMaxBases> bases{};
  Interval off;            ///< Int: the value; Ptr: offset from the bases

  [[nodiscard]] static AbsValue bottom() noexcept { return {}; }
  [[nodiscard]] static AbsValue integer(Interval v, bool varying) noexcept;
  [[nodiscard]] static AbsValue pointer(Base b, std::uint8_t space, bool definite, bool varying) noexcept;
  /// A pointer to anything in `space`.
  [[nodiscard]] static AbsValue any_pointer(std::uint8_t space, bool varying) noexcept;

  [[nodiscard]] bool is_bottom() const noexcept { return kind == Kind::Bottom; }
  [[nodiscard]] bool is_int() const noexcept { return kind == Kind::Int; }
  [[nodiscard]] bool is_ptr() const noexcept { return kind == Kind::Ptr; }
  /// Adds a base; more than kMaxBases makes the pointer `any`.
  void add_base(const Base& b) noexcept;
  /// Forgets the bases (any pointer).
  void make_any() noexcept;

  friend bool operator==(const AbsValue&, const AbsValue&) = default;
};

/// Least upper bound. An integer joined with a pointer is the pointer when
/// the integer is exactly 0 (a null pointer), else an any pointer.
[[nodiscard]] AbsValue join(const AbsValue& a, const AbsValue& b) noexcept;

}  // namespace lockstep::checker::addr
