// Internal to sim/config: the text of models/gpus/*.toml, compiled in by the
// build (cmake/embed_files.cmake writes bundled_gpus_data.cpp).
#pragma once

#include <span>

#include "sim/config/load_gpu.hpp"

namespace lockstep::sim::config_detail {

/// The bundled GPU files in name order.
[[nodiscard]] std::span<const BundledGpu> bundled_gpu_files() noexcept;

}  // namespace lockstep::sim::config_detail
