#include "checker/symbolic/sym_context.hpp"

#include <chrono>

#include <fmt/format.h>

#include "checker/symbolic/sym_context_impl.hpp"

namespace lockstep::checker {
namespace {

/// The decimal text of raw bits of a `bits`-wide type.
std::string number_text(std::uint64_t v, unsigned bits, bool is_signed) {
  if (!is_signed) return fmt::format("{}", v);
  const std::uint64_t mask = bits >= 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << bits) - 1;
  const std::uint64_t sign = std::uint64_t{1} << (bits - 1);
  return fmt::format("{}", static_cast<std::int64_t>(((v & mask) ^ sign) - sign));
}

}  // namespace

SymContext::SymContext(unsigned timeout_ms) : impl_(std::make_unique<SymContextImpl>()) {
  z3::params p(impl_->z3);
  p.set("timeout", timeout_ms);
  impl_->solver.set(p);
}

SymContext::~SymContext() = default;

std::size_t SymContext::add_input(std::string name, unsigned bits, bool is_signed, std::optional<std::uint64_t> min,
                                  std::optional<std::uint64_t> max, std::vector<std::uint32_t>& initial) {
  SymContextImpl& c = *impl_;
  const z3::expr var = c.z3.bv_const(name.c_str(), bits);
  const z3::expr wide = bits >= 64 ? var : z3::zext(var, 64 - bits);
  SymInput in;
  in.name = std::move(name);
  in.bits = bits;
  in.is_signed = is_signed;
  in.value = c.intern(wide);
  const auto conjunct = [&](const z3::expr& e) {
    initial.push_back(c.intern(e));
  };
  if (min) {
    const z3::expr lo = c.bv(*min & (bits >= 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << bits) - 1), bits);
    conjunct(is_signed ? z3::sge(var, lo) : z3::uge(var, lo));
  }
  if (max) {
    const z3::expr hi = c.bv(*max & (bits >= 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << bits) - 1), bits);
    conjunct(is_signed ? z3::sle(var, hi) : z3::ule(var, hi));
  }
  if (min && max) {
    in.constraint = fmt::format("{} <= {} <= {}", number_text(*min, bits, is_signed), in.name,
                                number_text(*max, bits, is_signed));
  } else if (min) {
    in.constraint = fmt::format("{} >= {}", in.name, number_text(*min, bits, is_signed));
  } else if (max) {
    in.constraint = fmt::format("{} <= {}", in.name, number_text(*max, bits, is_signed));
  }
  inputs_.push_back(std::move(in));
  return inputs_.size() - 1;
}

std::uint32_t SymContext::truth_of(std::uint32_t t) {
  SymContextImpl& c = *impl_;
  return c.intern(c.term(t).extract(0, 0) == c.bv(1, 1));
}

std::uint32_t SymContext::equals(std::uint32_t t, std::uint64_t v) {
  SymContextImpl& c = *impl_;
  return c.intern(c.term(t) == c.bv(v));
}

std::uint32_t SymContext::negate(std::uint32_t b) {
  SymContextImpl& c = *impl_;
  return c.intern(!c.term(b));
}

std::optional<bool> SymContext::bool_constant(std::uint32_t b) {
  const z3::expr e = impl_->term(b);
  if (e.is_true()) return true;
  if (e.is_false()) return false;
  return std::nullopt;
}

Sat SymContext::check(const std::vector<std::uint32_t>& pc, std::uint32_t query) {
  SymContextImpl& c = *impl_;
  auto key = std::make_pair(pc, query);
  if (const auto it = c.memo.find(key); it != c.memo.end()) return it->second;
  z3::expr_vector assume(c.z3);
  const auto literal_of = [&](std::uint32_t conj) {
    auto it = c.literal.find(conj);
    if (it == c.literal.end()) {
      const z3::expr b = c.z3.bool_const(fmt::format("pc!{}", conj).c_str());
      c.solver.add(z3::implies(b, c.term(conj)));
      it = c.literal.emplace(conj, c.intern(b)).first;
    }
    return c.term(it->second);
  };
  for (const std::uint32_t conj : pc) assume.push_back(literal_of(conj));
  if (query != 0) assume.push_back(literal_of(query));
  const auto t0 = std::chrono::steady_clock::now();
  const z3::check_result r = c.solver.check(assume);
  seconds_ += std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  ++queries_;
  const Sat s = r == z3::sat ? Sat::Yes : r == z3::unsat ? Sat::No : Sat::Unknown;
  c.memo.emplace(std::move(key), s);
  return s;
}

std::optional<std::uint64_t> SymContext::model_value(const std::vector<std::uint32_t>& pc, std::uint32_t query,
                                                      std::uint32_t t) {
  SymContextImpl& c = *impl_;
  c.memo.erase(std::make_pair(pc, query));  // a model needs a fresh check
  if (check(pc, query) != Sat::Yes) return std::nullopt;
  const z3::model m = c.solver.get_model();
  return m.eval(c.term(t), true).get_numeral_uint64();
}

std::optional<std::vector<std::pair<std::string, std::uint64_t>>> SymContext::model_inputs(
    const std::vector<std::uint32_t>& pc) {
  SymContextImpl& c = *impl_;
  c.memo.erase(std::make_pair(pc, std::uint32_t{0}));
  if (check(pc, 0) != Sat::Yes) return std::nullopt;
  const z3::model m = c.solver.get_model();
  std::vector<std::pair<std::string, std::uint64_t>> out;
  for (const SymInput& in : inputs_) out.emplace_back(in.name, m.eval(c.term(in.value), true).get_numeral_uint64());
  return out;
}

std::string SymContext::text(std::uint32_t t) const { return impl_->terms[static_cast<int>(t)].to_string(); }

}  // namespace lockstep::checker
