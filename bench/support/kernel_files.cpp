#include "bench/support/kernel_files.hpp"

#include <algorithm>
#include <exception>

#include "frontend/load.hpp"

namespace lockstep::bench {

std::size_t KernelFiles::kernels() const noexcept {
  std::size_t n = 0;
  for (const auto& m : modules) n += m.kernels.size();
  return n;
}

KernelFiles load_kernel_files(const std::vector<std::filesystem::path>& dirs) {
  std::vector<std::filesystem::path> paths;
  for (const auto& dir : dirs) {
    if (!std::filesystem::is_directory(dir)) continue;
    for (const auto& sub : std::filesystem::directory_iterator(dir)) {
      if (!sub.is_directory()) continue;
      for (const auto& file : std::filesystem::directory_iterator(sub.path())) {
        if (file.is_regular_file() && file.path().extension() == ".ptx") paths.push_back(file.path());
      }
    }
  }
  std::sort(paths.begin(), paths.end());
  KernelFiles files;
  for (const auto& path : paths) {
    try {
      files.modules.push_back(load_ptx_file(path.string()));
      files.loaded.push_back(path.string());
    } catch (const std::exception& e) {
      std::string reason = e.what();
      reason = reason.substr(0, reason.find('\n'));
      files.skipped.push_back(path.string() + ": " + reason);
    }
  }
  return files;
}

std::vector<KernelRef> cycle_kernels(const KernelFiles& files, std::size_t count) {
  std::vector<KernelRef> all;
  for (std::size_t m = 0; m < files.modules.size(); ++m) {
    for (std::size_t k = 0; k < files.modules[m].kernels.size(); ++k) {
      all.push_back({static_cast<std::uint32_t>(m), static_cast<std::uint32_t>(k)});
    }
  }
  std::vector<KernelRef> out;
  if (all.empty()) return out;
  out.reserve(count);
  for (std::size_t i = 0; i < count; ++i) out.push_back(all[i % all.size()]);
  return out;
}

}  // namespace lockstep::bench
