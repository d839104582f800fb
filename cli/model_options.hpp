// The `--model` and `--reconvergence` options shared by run, verify, equiv and
// run --replay: parsing them (every malformed value is a usage error,
// "lockstep: error: ...") and preparing a launch with the chosen table.
//
// Tables: nvidia (default), ipdom, and the SafePDom tables of refined
// detection, which delay reconvergence without changing the code: safe
// (Algorithms 2 + 3 on the NVIDIA table, the SSDE input) and safe-aware
// (Algorithm 5 over every branch: AWARE's delayed reconvergence).
#pragma once

#include <memory>
#include <optional>
#include <string>

#include "frontend/ir/module.hpp"
#include "semantics/launch/launch_setup.hpp"
#include "semantics/launch/model_spec.hpp"
#include "semantics/spec/launch_spec.hpp"

namespace lockstep::cli {

enum class TableOption : std::uint8_t { Nvidia, Ipdom, Safe, SafeAware };

/// Parses a model spec; a usage error names the problem and the accepted forms.
[[nodiscard]] sem::ModelSpec parse_model_option(const std::string& text);
/// Parses a reconvergence table name; nullopt when unknown.
[[nodiscard]] std::optional<TableOption> parse_table_name(const std::string& text) noexcept;
/// Parses a reconvergence table option; a usage error when unknown.
[[nodiscard]] TableOption parse_table_option(const std::string& text);

/// prepare_launch with the chosen table (the SafePDom tables are computed by detection).
[[nodiscard]] std::unique_ptr<sem::LaunchSetup> prepare_with_table(const ir::Module& module,
                                                                   const sem::LaunchSpec& spec, TableOption table);

/// A file-name-safe form of a model spec: "aware:timeout=any" -> "aware-timeout-any".
[[nodiscard]] std::string model_file_tag(const std::string& model);

}  // namespace lockstep::cli
