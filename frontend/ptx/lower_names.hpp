// Names during lowering: what a PTX name means where it is used (scoped
// bindings), and the names entities end up with in the IR (unique within a
// kernel and apart from module-level names).
//
// Register ranges (`.reg .b32 %r<100>;`) are kept as one binding, not a
// hundred: a use of `%r42` is found by splitting it into the prefix `%r` and
// the number 42. Registers get their IR id on first use, so a range costs
// nothing for the registers it never uses.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string_view>
#include <vector>

#include "frontend/ir/types.hpp"
#include "frontend/ptx/lower_flat_map.hpp"

namespace lockstep::ptx::lowering {

/// std::hash replacement for the name-keyed standard maps.
struct NameHash {
  [[nodiscard]] std::size_t operator()(std::string_view s) const noexcept {
    return static_cast<std::size_t>(name_hash(s));
  }
};

/// Copies of generated names, stable for the arena's lifetime (string_views
/// into it stay valid while it grows).
class NameArena {
 public:
  [[nodiscard]] std::string_view store(std::string_view s);

 private:
  std::vector<std::unique_ptr<char[]>> chunks_;
  std::size_t used_ = 0;
  std::size_t capacity_ = 0;
};

/// Splits a name that ends in a canonical decimal number ("%r12" -> "%r", 12;
/// "%r012" and "%r" do not split). Returns false when it does not split.
bool split_numbered(std::string_view name, std::string_view& prefix, std::uint32_t& number) noexcept;

/// The final names used so far in one kernel (or at module level). Names are
/// string_views into the source text or a NameArena.
class UniqueNames {
 public:
  explicit UniqueNames(const UniqueNames* outer = nullptr) : outer_(outer) {}

  [[nodiscard]] bool taken(std::string_view name) const;
  /// True when no name `prefix<N>` with N < count is taken.
  [[nodiscard]] bool range_free(std::string_view prefix, std::uint32_t count) const;
  /// Takes every name `prefix<N>`, N < count (prefix must be stable).
  void take_range(std::string_view prefix, std::uint32_t count);
  /// Takes `name` itself (must be stable storage; must not be taken).
  void take(std::string_view name);
  /// Takes `name`, or `name_1`, `name_2`, ... when it is taken; a name that
  /// is not `stable` (or a suffixed one) is copied into the arena.
  [[nodiscard]] std::string_view claim(std::string_view name, bool stable, NameArena& arena);

 private:
  FlatNameMap<bool> exact_;
  FlatNameMap<std::uint32_t> ranges_;  ///< prefix -> largest count taken
  FlatNameMap<std::uint32_t> lowest_;  ///< prefix -> lowest N of an exact prefix<N>
  const UniqueNames* outer_;
};

/// A map from names to nonzero integers that scans a short vector while it
/// holds few names (the usual case: a handful per function) and hashes once
/// it grows.
class NameIndex {
 public:
  /// The value stored for `name`, or 0.
  [[nodiscard]] std::uint32_t find(std::string_view name) const noexcept;
  /// Stores a nonzero value for `name` (replacing any).
  void set(std::string_view name, std::uint32_t value);
  void erase(std::string_view name);
  [[nodiscard]] bool empty() const noexcept { return small_.empty() && big_.empty(); }

 private:
  static constexpr std::size_t kLinear = 16;
  /// A cheap signature of a name; the linear scan is skipped when a name's
  /// bit is not in filter_ (most lookups of a register miss the exact names).
  [[nodiscard]] static std::uint64_t signature(std::string_view name) noexcept {
    if (name.empty()) return 1;
    const auto first = static_cast<unsigned char>(name.front());
    const auto last = static_cast<unsigned char>(name.back());
    return std::uint64_t{1} << ((name.size() * 7 + last * 31 + first) & 63);
  }
  std::vector<std::pair<std::string_view, std::uint32_t>> small_;
  std::uint64_t filter_ = 0;
  FlatNameMap<std::uint32_t> big_;
};

/// What a declared name stands for.
struct Binding {
  enum class Kind : std::uint8_t { Reg, Var, RegRange };
  Kind kind = Kind::Reg;
  ir::Type type = ir::Type::None;  ///< Reg, RegRange: declared type
  /// RegRange: the final names are the declared ones (the range was free).
  bool plain_names = false;
  /// RegRange: the ids live in KernelState::range_slots[id + N] (else in
  /// KernelState::range_regs, keyed by the range number id).
  bool dense = false;
  /// Reg: register id (kNoReg until first use); Var: index in Kernel::vars;
  /// RegRange: where its lazily made ids are kept (see `dense`).
  std::uint32_t id = 0;
  std::uint32_t count = 0;  ///< RegRange: number of registers
  std::string_view name;    ///< declared name (RegRange: the prefix)
};

/// Declared names with PTX `{ }` scoping: an inner declaration shadows an
/// outer one until its scope closes; two declarations of one name in the
/// same scope are an error (declare() returns false).
class ScopedNames {
 public:
  void open();
  void close();
  [[nodiscard]] std::uint32_t depth() const noexcept { return depth_; }

  /// Declares a name (Kind Reg or Var) or a register range (Kind RegRange,
  /// name = prefix). False when it clashes with a declaration of this scope.
  [[nodiscard]] bool declare(const Binding& b);

  struct Found {
    Binding* binding = nullptr;
    std::uint32_t number = 0;  ///< for RegRange: which register of the range
  };
  /// The innermost visible declaration of `name`.
  [[nodiscard]] std::optional<Found> find(std::string_view name);

 private:
  struct Entry {
    Binding b;
    std::uint32_t depth = 0;
    std::uint32_t prev = 0;  ///< 1 + index of the entry it shadows, 0 none
  };
  [[nodiscard]] bool clashes_in_scope(const Binding& b) const;

  std::vector<Entry> entries_;
  NameIndex exact_;   ///< name -> 1 + entry index
  NameIndex ranges_;  ///< prefix -> 1 + entry index
  std::vector<std::size_t> marks_;
  std::uint32_t depth_ = 0;
};

}  // namespace lockstep::ptx::lowering
