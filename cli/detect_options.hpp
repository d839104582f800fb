// Command-line spellings of the detection options shared by `detect`,
// `ssde` and `run --reconvergence safe`, and the version the tool reports.
#pragma once

#include <string>

#include "checker/detect/detection.hpp"

namespace lockstep::cli {

/// The version `lockstep --version` and SARIF logs report.
inline constexpr const char* kLockstepVersion = "0.1.0";

/// "thesis" / "refined"; anything else is a usage error (InputError
/// "unknown detection mode 'x' (thesis, refined)").
[[nodiscard]] checker::DetectMode parse_detect_mode(const std::string& text);
/// "nvidia" / "ipdom"; anything else is a usage error.
[[nodiscard]] checker::TableChoice parse_table_choice(const std::string& text);

}  // namespace lockstep::cli
