// What every state of one symbolic exploration shares: the Z3 context, the
// term table, the inputs and the solver (with its memo of answers).
//
// Terms are named by their index in the table (index 0 is reserved: "no
// term", i.e. concrete). Bit-vector terms are 64 bits wide (sym_val.hpp);
// Boolean terms (path-condition conjuncts, queries) live in the same table.
// The table maps a Z3 term to one index (by Z3's AST id; Z3 hash-conses
// terms and every term is simplified before it is entered), so an index is
// a canonical name for a term within one exploration.
//
// Solver: one incremental z3::solver with assumption literals — each
// path-condition conjunct c gets a fresh Boolean b with `b => c` asserted
// once; a query is check({b...} + the query's own literal). Answers are
// memoised by (sorted conjunct indices, query index). A query the solver
// cannot answer within the timeout is Unknown.
//
// The context is owned by the exploration and reached through a pointer from
// every state's domain; it is not thread-safe.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace lockstep::checker {

enum class Sat : std::uint8_t { Yes, No, Unknown };

/// One symbolic input: a spec parameter or one element of a symbolic buffer.
struct SymInput {
  std::string name;        ///< "n", "data[3]"
  unsigned bits = 32;      ///< width of the input's type
  bool is_signed = false;  ///< signed type (ranges compare signed)
  std::uint32_t value = 0; ///< term: the input's bits zero-extended to 64
  std::string constraint;  ///< "0 <= n <= 63", "" when unconstrained
};

struct SymContextImpl;  // z3 objects (sym_context_impl.hpp)

class SymContext {
 public:
  explicit SymContext(unsigned timeout_ms = 10'000);
  ~SymContext();
  SymContext(const SymContext&) = delete;
  SymContext& operator=(const SymContext&) = delete;

  /// Declares an input of `bits` bits; returns its index in inputs(). With
  /// min/max (raw bits of the type), the range is a conjunct of `initial`.
  std::size_t add_input(std::string name, unsigned bits, bool is_signed, std::optional<std::uint64_t> min,
                        std::optional<std::uint64_t> max, std::vector<std::uint32_t>& initial);
  [[nodiscard]] const std::vector<SymInput>& inputs() const noexcept { return inputs_; }

  /// The Boolean term "bit 0 of the 64-bit term t is 1" (a predicate's truth).
  [[nodiscard]] std::uint32_t truth_of(std::uint32_t t);
  /// The Boolean term "t == v" for a 64-bit term t.
  [[nodiscard]] std::uint32_t equals(std::uint32_t t, std::uint64_t v);
  /// The negation of Boolean term b.
  [[nodiscard]] std::uint32_t negate(std::uint32_t b);
  /// True when term b is the constant true / false.
  [[nodiscard]] std::optional<bool> bool_constant(std::uint32_t b);

  /// Is the conjunction of `pc` (sorted Boolean term indices) and `query`
  /// (a Boolean term index, 0 for none) satisfiable?
  [[nodiscard]] Sat check(const std::vector<std::uint32_t>& pc, std::uint32_t query);
  /// The value of 64-bit term t in a model of pc ∧ query (nullopt: not SAT).
  [[nodiscard]] std::optional<std::uint64_t> model_value(const std::vector<std::uint32_t>& pc, std::uint32_t query,
                                                          std::uint32_t t);
  /// Every input's value in one model of pc (spec order), or nullopt when pc is not SAT.
  [[nodiscard]] std::optional<std::vector<std::pair<std::string, std::uint64_t>>> model_inputs(
      const std::vector<std::uint32_t>& pc);
  /// A readable form of term t (SMT-LIB).
  [[nodiscard]] std::string text(std::uint32_t t) const;

  [[nodiscard]] std::uint64_t queries() const noexcept { return queries_; }
  [[nodiscard]] double solver_seconds() const noexcept { return seconds_; }

  /// The z3 objects, for the term builders (sym_int.cpp, sym_memory.cpp).
  [[nodiscard]] SymContextImpl& impl() noexcept { return *impl_; }

 private:
  std::unique_ptr<SymContextImpl> impl_;
  std::vector<SymInput> inputs_;
  std::uint64_t queries_ = 0;
  double seconds_ = 0;
};

}  // namespace lockstep::checker
