// Why a symbolic step could not be completed: an operation the symbolic
// domain does not model on symbolic operands, a symbolic address or value
// with too many possible values, too many forks in one step, or a solver
// query without an answer. Thrown from inside LaunchState::step (it is no
// ExecError or MemoryFault, so the launch state does not turn it into a
// fault) and caught by the symbolic generator, which reports it as a cut.
#pragma once

#include <cstdint>
#include <stdexcept>
#include <string>

namespace lockstep::checker {

enum class StopKind : std::uint8_t { Unsupported, AddressValues, Forks, Solver };

class SymbolicStop : public std::runtime_error {
 public:
  SymbolicStop(StopKind kind, std::uint64_t limit, const std::string& what)
      : std::runtime_error(what), kind_(kind), limit_(limit) {}
  [[nodiscard]] StopKind kind() const noexcept { return kind_; }
  [[nodiscard]] std::uint64_t limit() const noexcept { return limit_; }

 private:
  StopKind kind_;
  std::uint64_t limit_;
};

/// An operation on symbolic operands that the domain does not model.
[[noreturn]] inline void symbolic_unsupported(const std::string& what) {
  throw SymbolicStop(StopKind::Unsupported, 0, what);
}

}  // namespace lockstep::checker
