#include "sim/config/load_gpu.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <filesystem>

#include "frontend/did_you_mean.hpp"
#include "sim/config/bundled_gpus_data.hpp"
#include "sim/config/gpgpusim_config.hpp"
#include "sim/config/gpu_toml.hpp"

namespace lockstep::sim {
namespace {

bool ends_with(std::string_view s, std::string_view tail) {
  return s.size() >= tail.size() && s.substr(s.size() - tail.size()) == tail;
}

}  // namespace

std::span<const BundledGpu> bundled_gpus() noexcept { return config_detail::bundled_gpu_files(); }

LoadedGpu load_gpu(const std::string& name_or_file) {
  std::error_code ec;
  const bool is_file = std::filesystem::exists(name_or_file, ec) || name_or_file.find('/') != std::string::npos ||
                       ends_with(name_or_file, ".toml") || ends_with(name_or_file, ".config");
  if (is_file) {
    if (ends_with(name_or_file, ".toml")) return LoadedGpu{read_gpu_toml_file(name_or_file), {}};
    ImportedGpu g = read_gpgpusim_config_file(name_or_file);
    return LoadedGpu{std::move(g.config), std::move(g.warnings)};
  }
  std::vector<std::string_view> names;
  for (const BundledGpu& b : bundled_gpus()) {
    if (b.name == name_or_file) {
      return LoadedGpu{parse_gpu_toml(b.toml, fmt::format("models/gpus/{}.toml", b.name)), {}};
    }
    names.push_back(b.name);
  }
  std::string list;
  for (std::string_view n : names) list += list.empty() ? std::string(n) : fmt::format(", {}", n);
  throw InputError(Diagnostic{Severity::Error, "lockstep", {},
                              fmt::format("unknown GPU '{}'{} (bundled: {}; or a .toml or gpgpusim.config file)",
                                          name_or_file, did_you_mean(name_or_file, names), list)});
}

}  // namespace lockstep::sim
