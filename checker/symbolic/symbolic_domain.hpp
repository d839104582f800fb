// The symbolic value domain: what LaunchState<M, SymbolicDomain> computes
// with when some kernel inputs are symbolic (docs/explorer-plan.md §4).
//
// Values are SymVal handles (sym_val.hpp); every operation takes the
// concrete domain's code when all its operands are concrete, so a launch
// runs at near concrete speed until a symbolic value appears
// (sym_int_ops.hpp, sym_float_ops.hpp).
//
// Per state (hashed and compared with the launch state): the path
// condition (sorted conjunct term indices) and the byte shadow of symbolic
// memory (sym_memory.hpp). Shared by all states: the SymContext. Per step
// (neither hashed nor compared): the Choices of the run in progress.
//
// Where the semantics needs a concrete answer:
//   truth(v)  (guards, branch conditions, barrier predicates): when only one
//             of v, !v is feasible under the path condition, that one,
//             with nothing added; when both are, a fork point (Choices),
//             and the chosen side joins the path condition.
//   bits(v)   (addresses, shuffle lanes, barrier ids, stored atomic
//             operands): the values v can take under the path condition are
//             enumerated; one value: that one; up to max_address_values: a
//             fork point over them (v == value joins the path condition);
//             more: the step stops (StopKind::AddressValues).
// A solver answer of unknown stops the step (StopKind::Solver).
#pragma once

#include <cstdint>
#include <utility>
#include <vector>

#include "checker/symbolic/choices.hpp"
#include "checker/symbolic/sym_float_ops.hpp"
#include "checker/symbolic/sym_memory.hpp"
#include "frontend/ir/types.hpp"

namespace lockstep::checker {

class SymbolicDomain : public SymFloatOps {
 public:
  SymbolicDomain() = default;
  SymbolicDomain(SymContext* ctx, std::vector<std::uint32_t> path_condition, SymMemory shadow)
      : SymFloatOps(ctx), pc_(std::move(path_condition)), shadow_(std::move(shadow)) {}

  [[nodiscard]] static V constant(std::uint64_t b) noexcept { return V::of(b); }
  [[nodiscard]] V pred_not(V v) const { return v.concrete() ? V::of(v.bits ^ 1U) : xor_(v, V::of(1), 64); }
  [[nodiscard]] V fit(V v, unsigned bits) const {
    if (v.concrete()) return V::of(bits >= 64 ? v.bits : (v.bits & ((std::uint64_t{1} << bits) - 1)));
    return bits >= 64 ? v : zext(v, bits);
  }
  [[nodiscard]] bool truth(V v) { return v.concrete() ? (v.bits & 1U) != 0 : truth_slow(v); }
  [[nodiscard]] std::uint64_t bits(V v) { return v.concrete() ? v.bits : bits_slow(v); }

  // ---- memory hooks (exec_memory) -------------------------------------------
  template <class Target>
  [[nodiscard]] V load_value(const Target& t, unsigned lane, unsigned size, std::uint64_t bits, bool is_signed) {
    if (shadow_.empty()) return V::of(bits);
    const ShadowKey k = key(t, lane);
    if (!shadow_.any(k, size)) return V::of(bits);
    return load_slow(k, size, bits, is_signed);
  }
  template <class Target>
  [[nodiscard]] std::uint64_t store_value(const Target& t, unsigned lane, unsigned size, V v) {
    if (v.concrete()) {
      if (!shadow_.empty()) shadow_.erase(key(t, lane), size);
      return v.bits;
    }
    shadow_.set(key(t, lane), size, v.term);
    return 0;
  }
  template <class Port, class Target>
  void before_atomic(Port& m, const Target& t, unsigned lane, unsigned size) {
    if (shadow_.empty()) return;
    const ShadowKey k = key(t, lane);
    if (!shadow_.any(k, size)) return;
    const std::uint64_t v = bits(load_slow(k, size, m.load(t, lane, size), false));
    m.store(t, lane, size, v);
    shadow_.erase(k, size);
  }

  // ---- per-state data -------------------------------------------------------
  [[nodiscard]] const std::vector<std::uint32_t>& path_condition() const noexcept { return pc_; }
  [[nodiscard]] const SymMemory& shadow() const noexcept { return shadow_; }
  /// The decisions of the run in progress (set by the generator around a step; null otherwise).
  void set_choices(Choices* c) noexcept { choices_ = c; }

  template <class Hasher>
  void hash(Hasher& h) const {
    h.value(pc_.size());
    h.elements(pc_.data(), pc_.size());
    if (const SymMemory::Map* m = shadow_.map()) {
      for (const auto& [k, b] : *m) {
        h.value(k.space);
        h.value(k.owner);
        h.value(k.addr);
        h.value(b);
      }
    }
  }
  friend bool operator==(const SymbolicDomain& a, const SymbolicDomain& b) {
    return a.pc_ == b.pc_ && a.shadow_ == b.shadow_;
  }

 private:
  template <class Target>
  [[nodiscard]] ShadowKey key(const Target& t, unsigned lane) const noexcept {
    const auto space = static_cast<std::uint8_t>(t.space);
    std::uint32_t owner = 0;
    if (t.space == ir::Space::Shared) owner = block_;
    if (t.space == ir::Space::Local) owner = warp_ * 32U + lane;
    return ShadowKey{space, owner, t.addr};
  }
  [[nodiscard]] bool truth_slow(V v);
  [[nodiscard]] std::uint64_t bits_slow(V v);
  [[nodiscard]] V load_slow(ShadowKey k, unsigned size, std::uint64_t bits, bool is_signed);
  void add_conjunct(std::uint32_t b);

  std::vector<std::uint32_t> pc_;
  SymMemory shadow_;
  Choices* choices_ = nullptr;
};

}  // namespace lockstep::checker
