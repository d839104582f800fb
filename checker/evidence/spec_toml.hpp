// A launch spec written back as TOML (docs/launch-spec.md), so that a launch
// lockstep made up (detect --evidence synthesises one per check) is a file
// `lockstep run`, `verify` and `run --replay` read like any other. Reading
// the text back gives the same spec, positions apart.
#pragma once

#include <string>

#include "semantics/spec/launch_spec.hpp"

namespace lockstep::checker {

/// The spec as TOML; `comment` (lines without '#') goes first, as comments.
[[nodiscard]] std::string spec_toml(const sem::LaunchSpec& spec, const std::string& comment = "");

}  // namespace lockstep::checker
