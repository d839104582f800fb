// Import of GPGPU-Sim configuration files (`gpgpusim.config`).
//
// The file is read as GPGPU-Sim reads it: `#` starts a comment to the end
// of the line; the rest is a sequence of whitespace-separated tokens, where
// a token starting with `"` continues until a token ending with `"` (quoted
// values may span lines); tokens pair up as `-option value` (a 0/1 option
// may stand alone, meaning 1); a later setting of an option replaces an
// earlier one. Options not given keep GPGPU-Sim's built-in defaults
// (gpgpusim_defaults()). `-inter_config_file NAME` names a BookSim file,
// resolved relative to the config file's folder, whose `key = value;`
// settings describe the interconnect when `-network_mode` is 1.
//
// Every option GPGPU-Sim 3.x and 4.x know is in one of three classes
// (sim/config/gpgpusim_options.cpp, docs/sim.md):
//   - modelled: the value goes to a GpuConfig field;
//   - not modelled, but it would change timing: accepted, and when its value
//     differs from the one lockstep's model behaves like, reported once as a
//     warning `FILE:LINE:COL: warning: -OPTION ...`;
//   - without effect on timing (output, statistics, functional-simulation
//     and host options): accepted silently.
// An unknown option, a malformed value or an inconsistent result
// (check_gpu_config) is one InputError `FILE:LINE:COL: error: -OPTION: WHY`
// pointing into the value where it can.
#pragma once

#include <filesystem>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "frontend/diagnostics.hpp"
#include "sim/config/gpu_config.hpp"

namespace lockstep::sim {

struct ImportedGpu {
  GpuConfig config;
  std::vector<Diagnostic> warnings;  ///< unmodelled options, once each, in file order
};

/// Reads the file at a path as it would be shown in messages; nullopt when
/// it cannot be read (the caller reports that).
using ConfigFileReader = std::function<std::optional<std::string>(const std::string& path)>;

/// GPGPU-Sim's defaults (the values its option registry starts from), with
/// name "gpgpusim-defaults".
[[nodiscard]] GpuConfig gpgpusim_defaults();

/// Imports `text`, the contents of `path`; an interconnect file is read with
/// `read_file` at its path joined to the folder of `path`.
[[nodiscard]] ImportedGpu parse_gpgpusim_config(std::string_view text, const std::string& path,
                                                const ConfigFileReader& read_file);
/// Reads and imports a file from disk. The GpuConfig's name is the file's
/// folder name when the file is called gpgpusim.config, else its stem.
[[nodiscard]] ImportedGpu read_gpgpusim_config_file(const std::filesystem::path& file);

}  // namespace lockstep::sim
