// The part of the symbolic domain every operation needs: the exploration's
// shared context and where the launch state is executing (block, warp, PC:
// for the memory shadow's keys and for messages). Neither is part of a
// state's identity: they are not hashed or compared.
#pragma once

#include <cstdint>
#include <string>

#include <fmt/format.h>

#include "checker/symbolic/sym_context.hpp"
#include "checker/symbolic/sym_int.hpp"
#include "checker/symbolic/sym_stop.hpp"
#include "checker/symbolic/sym_val.hpp"

namespace lockstep::checker {

class SymDomainCore {
 public:
  using V = SymVal;

  explicit SymDomainCore(SymContext* ctx = nullptr) noexcept : ctx_(ctx) {}

  void enter(std::uint32_t block, std::uint32_t warp, std::uint32_t pc) noexcept {
    block_ = block;
    warp_ = warp;
    at_pc_ = pc;
  }
  [[nodiscard]] SymContext& context() const noexcept { return *ctx_; }
  [[nodiscard]] std::uint32_t at_pc() const noexcept { return at_pc_; }

 protected:
  [[nodiscard]] static bool both(V a, V b) noexcept { return a.concrete() && b.concrete(); }
  [[nodiscard]] static bool all3(V a, V b, V c) noexcept { return a.concrete() && b.concrete() && c.concrete(); }
  [[nodiscard]] V sym(IntCall call) const { return sym_int(*ctx_, call); }
  /// A floating-point operation reached a symbolic operand.
  [[noreturn]] void reject_float(const char* op) const {
    throw SymbolicStop(StopKind::Unsupported, 0,
                       fmt::format("unsupported on symbolic values: {} at pc {} (make this input concrete)", op,
                                   at_pc_));
  }

  SymContext* ctx_ = nullptr;
  std::uint32_t block_ = 0;
  std::uint32_t warp_ = 0;
  std::uint32_t at_pc_ = 0;
};

}  // namespace lockstep::checker
