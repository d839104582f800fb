// Finding a GPU by name or file: what `--gpu NAME|FILE` and `gpu show` take.
//
// The bundled GPUs (models/gpus/*.toml) are compiled into the library (the
// build embeds the files; see sim/CMakeLists.txt), so an installed lockstep
// needs no data files. An argument is a file when it names an existing
// file, contains '/', or ends in .toml or .config; otherwise it is the name
// of a bundled GPU. Files ending in .toml are lockstep TOML; any other file
// is a GPGPU-Sim option file.
#pragma once

#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "frontend/diagnostics.hpp"
#include "sim/config/gpu_config.hpp"

namespace lockstep::sim {

struct BundledGpu {
  std::string_view name;  ///< the file's stem: "gtx480"
  std::string_view toml;  ///< the file's text
};

/// The bundled GPUs in name order.
[[nodiscard]] std::span<const BundledGpu> bundled_gpus() noexcept;

struct LoadedGpu {
  GpuConfig config;
  std::vector<Diagnostic> warnings;  ///< GPGPU-Sim imports only
};

/// A bundled GPU by name or a configuration file (see above). Unknown names
/// are an InputError listing the bundled ones.
[[nodiscard]] LoadedGpu load_gpu(const std::string& name_or_file);

}  // namespace lockstep::sim
