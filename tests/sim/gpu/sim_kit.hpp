// Helpers for the simulator tests: load a kernel and a launch spec from the
// repository (optionally editing the spec text), load a GPU and change it,
// simulate, and read statistics by their names.
#pragma once

#include <cmath>
#include <cstdint>
#include <filesystem>
#include <memory>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "frontend/load.hpp"
#include "frontend/source.hpp"
#include "semantics/launch/launch_setup.hpp"
#include "semantics/launch/model_spec.hpp"
#include "semantics/spec/launch_spec.hpp"
#include "sim/config/load_gpu.hpp"
#include "sim/gpu/simulate.hpp"
#include "sim/stats/sim_stats.hpp"

namespace lockstep::test {

inline std::filesystem::path repo(const std::string& rel) { return std::filesystem::path(LOCKSTEP_SOURCE_DIR) / rel; }

/// A module, its spec and the prepared launch (not movable: the setup points into the module).
struct SimLaunch {
  ir::Module module;
  sem::LaunchSpec spec;
  std::unique_ptr<sem::LaunchSetup> setup;
  SimLaunch(ir::Module m, sem::LaunchSpec s) : module(std::move(m)), spec(std::move(s)) {
    setup = sem::prepare_launch(module, spec);
  }
  SimLaunch(const SimLaunch&) = delete;
  SimLaunch& operator=(const SimLaunch&) = delete;
};

/// Loads `ptx` and `spec` (paths relative to the repository); each pair in
/// `edits` replaces its first string by the second in the spec text first.
inline std::unique_ptr<SimLaunch> load(const std::string& ptx, const std::string& spec,
                                       const std::vector<std::pair<std::string, std::string>>& edits = {}) {
  ir::Module module = load_ptx_file(repo(ptx).string());
  std::string text(Source::read_file(repo(spec).string()).text());
  for (const auto& [from, to] : edits) {
    const auto at = text.find(from);
    if (at == std::string::npos) throw std::invalid_argument("spec has no '" + from + "'");
    text.replace(at, from.size(), to);
  }
  sem::LaunchSpec s = sem::parse_launch_spec(text, spec, repo(spec).parent_path());
  return std::make_unique<SimLaunch>(std::move(module), std::move(s));
}

inline sim::GpuConfig gpu(const std::string& name) { return sim::load_gpu(name).config; }

inline sim::SimResult simulate(const SimLaunch& l, const sim::GpuConfig& g, sem::ModelSpec model = sem::ModelKind::Stack,
                               sim::SimOptions options = {}) {
  options.model = model;
  if (options.registers == 0) options.registers = l.spec.registers;
  if (options.max_cycles == 0) options.max_cycles = 20'000'000;
  return sim::simulate(*l.setup, g, options);
}

/// A statistic by name (counter or ratio), from either group; NaN when absent.
inline double stat(const sim::SimResult& r, const sim::GpuConfig& g, const std::string& name) {
  const sim::StatGroups s = sim::collect_stats(r, g);
  for (const auto* group : {&s.gpgpusim, &s.lockstep}) {
    for (const sim::NamedStat& n : *group) {
      if (n.name == name) return n.ratio ? n.value : static_cast<double>(n.count);
    }
  }
  return std::nan("");
}

/// The bytes of buffer `b` at the end.
inline std::vector<std::uint8_t> buffer(const sim::SimResult& r, const sem::LaunchSetup& setup, std::size_t b) {
  const sem::BufferBinding& bb = setup.buffers[b];
  std::vector<std::uint8_t> bytes(bb.bytes());
  if (!bytes.empty()) r.memory.read(bb.address, bytes.size(), bytes.data());
  return bytes;
}

}  // namespace lockstep::test
