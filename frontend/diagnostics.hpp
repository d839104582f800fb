// Diagnostics: errors and warnings with FILE:LINE:COL positions.
//
// Every user-facing input error is reported once, as
//   FILE:LINE:COL: error: MESSAGE
// The frontend stops at the first error (PTX files are machine-generated;
// one precise message beats a cascade).
#pragma once

#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

#include "frontend/ir/instr.hpp"

namespace lockstep {

enum class Severity : std::uint8_t { Error, Warning, Note };

struct Diagnostic {
  Severity severity = Severity::Error;
  std::string file;
  ir::SrcLoc loc;      ///< line 0 = no position (whole file)
  std::string message;

  /// "FILE:LINE:COL: error: MESSAGE" (or "FILE: error: MESSAGE" without a position).
  [[nodiscard]] std::string format() const;
};

/// Thrown by the frontend for the first error in an input.
class InputError : public std::runtime_error {
 public:
  explicit InputError(Diagnostic d) : std::runtime_error(d.format()), diag_(std::move(d)) {}
  [[nodiscard]] const Diagnostic& diagnostic() const noexcept { return diag_; }

 private:
  Diagnostic diag_;
};

}  // namespace lockstep
