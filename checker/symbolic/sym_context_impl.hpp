// The Z3 objects behind a SymContext (included by the symbolic library's
// .cpp files only, so that z3++.h stays out of the domain's header).
#pragma once

#include <z3++.h>

#include <cstdint>
#include <map>
#include <unordered_map>
#include <utility>
#include <vector>

#include "checker/symbolic/sym_context.hpp"

namespace lockstep::checker {

struct SymContextImpl {
  z3::context z3;
  z3::expr_vector terms{z3};                         ///< index -> term (index 0: a placeholder)
  std::unordered_map<unsigned, std::uint32_t> by_id;  ///< Z3 AST id -> index
  z3::solver solver{z3};
  std::unordered_map<std::uint32_t, std::uint32_t> literal;  ///< conjunct index -> its assumption literal's index
  std::map<std::pair<std::vector<std::uint32_t>, std::uint32_t>, Sat> memo;

  SymContextImpl() { terms.push_back(z3.bool_val(true)); }

  /// Enters a term (simplified) and returns its index.
  std::uint32_t intern(const z3::expr& e) {
    const z3::expr s = e.simplify();
    const unsigned id = s.id();
    const auto it = by_id.find(id);
    if (it != by_id.end()) return it->second;
    const auto idx = static_cast<std::uint32_t>(terms.size());
    terms.push_back(s);
    by_id.emplace(id, idx);
    return idx;
  }
  [[nodiscard]] z3::expr term(std::uint32_t i) { return terms[static_cast<int>(i)]; }
  [[nodiscard]] z3::expr bv(std::uint64_t v, unsigned w = 64) { return z3.bv_val(static_cast<std::uint64_t>(v), w); }
};

}  // namespace lockstep::checker
