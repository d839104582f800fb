// The PTX files a checker benchmark runs on: every `*.ptx` one folder below
// each given folder (`models/kernels/*/*.ptx`, `models/corpus/*/*.ptx`),
// loaded once. Files that do not load are skipped and listed, so a corpus
// that is still growing (or holds a file the frontend rejects) does not stop
// the benchmark.
#pragma once

#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

#include "frontend/ir/module.hpp"

namespace lockstep::bench {

struct KernelFiles {
  std::vector<ir::Module> modules;      ///< one per file that loaded, sorted by path
  std::vector<std::string> loaded;      ///< their paths
  std::vector<std::string> skipped;     ///< "PATH: reason" for each file that did not load
  [[nodiscard]] std::size_t kernels() const noexcept;
};

/// Loads `dir/*/*.ptx` for each folder in `dirs` (a folder that does not
/// exist contributes nothing).
[[nodiscard]] KernelFiles load_kernel_files(const std::vector<std::filesystem::path>& dirs);

/// A kernel of a KernelFiles: module index and kernel index in it.
struct KernelRef {
  std::uint32_t module = 0;
  std::uint32_t kernel = 0;
};

/// Every kernel of `files` in order, repeated until there are exactly `count`
/// (empty when `files` has no kernel).
[[nodiscard]] std::vector<KernelRef> cycle_kernels(const KernelFiles& files, std::size_t count);

}  // namespace lockstep::bench
