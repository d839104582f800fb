#include "checker/symbolic/symbolic_domain.hpp"

#include <algorithm>

#include <fmt/format.h>

#include "checker/symbolic/sym_context_impl.hpp"

namespace lockstep::checker {
namespace {

[[noreturn]] void solver_unknown(std::uint32_t pc) {
  throw SymbolicStop(StopKind::Solver, 0, fmt::format("the solver gave no answer for a condition at pc {}", pc));
}

/// pc with conjunct b inserted (sorted, unique).
std::vector<std::uint32_t> with(std::vector<std::uint32_t> pc, std::uint32_t b) {
  const auto it = std::lower_bound(pc.begin(), pc.end(), b);
  if (it == pc.end() || *it != b) pc.insert(it, b);
  return pc;
}

}  // namespace

void SymbolicDomain::add_conjunct(std::uint32_t b) {
  const auto it = std::lower_bound(pc_.begin(), pc_.end(), b);
  if (it == pc_.end() || *it != b) pc_.insert(it, b);
}

bool SymbolicDomain::truth_slow(V v) {
  SymContext& c = *ctx_;
  const std::uint32_t b = c.truth_of(v.term);
  if (const auto k = c.bool_constant(b)) return *k;
  if (choices_ != nullptr) {
    if (const auto it = choices_->truth_memo.find(b); it != choices_->truth_memo.end()) return it->second;
  }
  const std::uint32_t nb = c.negate(b);
  const Sat yes = c.check(pc_, b);
  const Sat no = c.check(pc_, nb);
  if (yes == Sat::Unknown || no == Sat::Unknown) solver_unknown(at_pc_);
  bool result = yes == Sat::Yes;
  if (yes == Sat::Yes && no == Sat::Yes) {
    if (choices_ == nullptr) {
      throw SymbolicStop(StopKind::Unsupported, 0,
                         fmt::format("a decision on a symbolic value at pc {} outside a step", at_pc_));
    }
    result = choices_->decide(2) == 0;
    add_conjunct(result ? b : nb);
  }
  if (choices_ != nullptr) choices_->truth_memo.emplace(b, result);
  return result;
}

std::uint64_t SymbolicDomain::bits_slow(V v) {
  SymContext& c = *ctx_;
  if (choices_ != nullptr) {
    if (const auto it = choices_->value_memo.find(v.term); it != choices_->value_memo.end()) return it->second;
  }
  const std::uint64_t limit = choices_ != nullptr ? choices_->max_address_values : 16;
  std::vector<std::uint64_t> values;
  std::vector<std::uint32_t> blocked = pc_;
  while (values.size() <= limit) {
    const Sat s = c.check(blocked, 0);
    if (s == Sat::Unknown) solver_unknown(at_pc_);
    if (s == Sat::No) break;
    const auto val = c.model_value(blocked, 0, v.term);
    if (!val) solver_unknown(at_pc_);
    values.push_back(*val);
    blocked = with(std::move(blocked), c.negate(c.equals(v.term, *val)));
  }
  if (values.empty()) solver_unknown(at_pc_);  // the path condition itself is infeasible: cannot happen
  if (values.size() > limit) {
    throw SymbolicStop(StopKind::AddressValues, limit,
                       fmt::format("a symbolic value at pc {} (an address or operand that must be concrete) "
                                   "takes more than {} values",
                                   at_pc_, limit));
  }
  std::sort(values.begin(), values.end());  // models come in any order; a re-run must see the same list
  std::uint64_t result = values[0];
  if (values.size() > 1) {
    if (choices_ == nullptr) {
      throw SymbolicStop(StopKind::Unsupported, 0,
                         fmt::format("a decision on a symbolic value at pc {} outside a step", at_pc_));
    }
    result = values[choices_->decide(static_cast<std::uint32_t>(values.size()))];
    add_conjunct(c.equals(v.term, result));
  }
  if (choices_ != nullptr) choices_->value_memo.emplace(v.term, result);
  return result;
}

SymVal SymbolicDomain::load_slow(ShadowKey k, unsigned size, std::uint64_t bits, bool is_signed) {
  SymContextImpl& c = ctx_->impl();
  // One term read whole, in order: that term.
  const auto first = shadow_.at(k);
  if (size == 8 && first && first->byte == 0) {
    bool whole = true;
    for (unsigned i = 1; i < 8 && whole; ++i) {
      const auto b = shadow_.at(ShadowKey{k.space, k.owner, k.addr + i});
      whole = b && b->term == first->term && b->byte == i;
    }
    if (whole) return V::of_term(first->term);
  }
  z3::expr value = c.bv(0, 8);
  for (unsigned i = 0; i < size; ++i) {
    const auto b = shadow_.at(ShadowKey{k.space, k.owner, k.addr + i});
    const z3::expr byte = b ? c.term(b->term).extract(8 * b->byte + 7, 8 * b->byte) : c.bv((bits >> (8 * i)) & 0xffU, 8);
    value = i == 0 ? byte : z3::concat(byte, value);
  }
  const unsigned w = 8 * size;
  if (w < 64) value = is_signed ? z3::sext(value, 64 - w) : z3::zext(value, 64 - w);
  const z3::expr s = value.simplify();
  std::uint64_t n = 0;
  if (s.is_numeral_u64(n)) return V::of(n);
  return V::of_term(c.intern(s));
}

}  // namespace lockstep::checker
