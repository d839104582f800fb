// Errors raised while executing one instruction.
//
// Instruction semantics throw ExecError when an instruction (or an operand
// combination) cannot be given a meaning; the launch state catches it and
// stops the launch with an `error` status naming the PC, the source location
// and the thread. Memory faults have their own type (memory/memory_fault.hpp).
#pragma once

#include <optional>
#include <stdexcept>
#include <string>

namespace lockstep::sem {

class ExecError : public std::runtime_error {
 public:
  explicit ExecError(const std::string& what) : std::runtime_error(what) {}
  /// An error caused by one lane's values (e.g. a brx.idx index out of range).
  ExecError(const std::string& what, unsigned lane) : std::runtime_error(what), lane_(lane) {}
  /// The lane whose values caused the error, when known.
  [[nodiscard]] std::optional<unsigned> lane() const noexcept { return lane_; }

 private:
  std::optional<unsigned> lane_;
};

/// Reports an instruction form the semantics does not define.
[[noreturn]] inline void unsupported(const std::string& what) { throw ExecError("unsupported: " + what); }

}  // namespace lockstep::sem
