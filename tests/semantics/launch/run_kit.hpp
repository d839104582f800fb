// Helpers for the launch tests: load a PTX module and a launch spec (from
// text or files), run the launch under one divergence model and schedule,
// and capture what a differential test compares: the status (with a
// readable description), every spec buffer's final bytes and the printf
// output.
#pragma once

#include <algorithm>
#include <cstdint>
#include <exception>
#include <filesystem>
#include <memory>
#include <optional>
#include <stdexcept>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "frontend/ir/module.hpp"
#include "frontend/load.hpp"
#include "frontend/source.hpp"
#include "semantics/launch/launch_setup.hpp"
#include "semantics/launch/model_kind.hpp"
#include "semantics/launch/model_spec.hpp"
#include "semantics/launch/run_model.hpp"
#include "semantics/launch/run_options.hpp"
#include "semantics/launch/run_result.hpp"
#include "semantics/spec/launch_spec.hpp"

namespace lockstep::test {

/// A module, its launch spec and the prepared launch. Not movable: the setup
/// points into the module.
struct PreparedLaunch {
  ir::Module module;
  sem::LaunchSpec spec;
  std::unique_ptr<sem::LaunchSetup> setup;

  PreparedLaunch(ir::Module m, sem::LaunchSpec s, sem::ReconvergenceChoice table = sem::ReconvergenceChoice::Nvidia)
      : module(std::move(m)), spec(std::move(s)) {
    setup = sem::prepare_launch(module, spec, table);
  }
  PreparedLaunch(const PreparedLaunch&) = delete;
  PreparedLaunch& operator=(const PreparedLaunch&) = delete;
};

/// Loads PTX and spec texts (names used in messages only; `file:` buffer
/// paths are relative to base_dir). Throws InputError on bad input.
inline std::unique_ptr<PreparedLaunch> prepare_from_text(
    const std::string& ptx, const std::string& spec_text, const std::filesystem::path& base_dir = ".",
    const std::string& ptx_name = "kernel.ptx", const std::string& spec_name = "launch.toml",
    sem::ReconvergenceChoice table = sem::ReconvergenceChoice::Nvidia) {
  ir::Module module = load_ptx(Source(ptx_name, ptx));
  sem::LaunchSpec spec = sem::parse_launch_spec(spec_text, spec_name, base_dir);
  return std::make_unique<PreparedLaunch>(std::move(module), std::move(spec), table);
}

/// The PTX header of the hand-written test kernels.
inline const std::string kPtxHeader = ".version 7.0\n.target sm_75\n.address_size 64\n";

/// A launch of `kernel`: one block of `threads` threads, one u32 buffer
/// `out` per thread (zeros) as its only parameter.
inline std::string one_out_spec(const std::string& kernel, unsigned threads) {
  return "kernel = \"" + kernel + "\"\ngrid = [1]\nblock = [" + std::to_string(threads) +
         "]\nparams = [\"out\"]\n\n[[buffer]]\nname = \"out\"\ntype = \"u32\"\ncount = " + std::to_string(threads) +
         "\ninit = \"zeros\"\n";
}

/// Loads a PTX file and a launch.toml file.
inline std::unique_ptr<PreparedLaunch> prepare_from_files(
    const std::filesystem::path& ptx_file, const std::filesystem::path& spec_file,
    sem::ReconvergenceChoice table = sem::ReconvergenceChoice::Nvidia) {
  ir::Module module = load_ptx_file(ptx_file.string());
  sem::LaunchSpec spec = sem::parse_launch_spec_file(spec_file);
  return std::make_unique<PreparedLaunch>(std::move(module), std::move(spec), table);
}

/// What one run produced.
struct RunCapture {
  sem::RunStatus status = sem::RunStatus::Error;
  std::string description;                         ///< status, and the fault or the stuck threads
  std::vector<std::vector<std::uint8_t>> buffers;  ///< final bytes of every spec buffer, in spec order
  std::string output;                              ///< printf output in issue order
  sem::LaunchStats stats;
};

/// "completed", or the status with the fault / stuck threads spelled out.
inline std::string describe_result(const sem::RunResult& r) {
  std::ostringstream s;
  s << sem::run_status_name(r.status);
  if (r.fault) {
    s << ": " << r.fault->kind << ": " << r.fault->message << " (block " << r.fault->block[0] << ", thread "
      << r.fault->thread[0] << ", warp " << r.fault->warp << ", lane " << r.fault->lane << ", pc " << r.fault->pc
      << ")";
  }
  for (const sem::StuckThreads& st : r.stuck) {
    s << "\n  warp " << st.warp << " (block " << st.block << ") lanes 0x" << std::hex << st.wait.lanes << std::dec
      << " at pc " << st.wait.pc << ": " << sem::wait_kind_name(st.wait.kind);
    if (st.wait.kind == sem::WaitKind::Reconverge) s << " until pc " << st.wait.until_pc;
  }
  return s.str();
}

/// Runs the prepared launch; exceptions become an Error capture.
inline RunCapture run_capture(const PreparedLaunch& p, const sem::ModelSpec& model, const sem::RunOptions& options) {
  RunCapture c;
  try {
    sem::RunOutcome out = sem::run_model(*p.setup, model, options);
    c.status = out.result.status;
    c.description = describe_result(out.result);
    c.stats = out.result.stats;
    c.output = std::move(out.output);
    for (const sem::BufferBinding& b : p.setup->buffers) {
      std::vector<std::uint8_t> bytes(static_cast<std::size_t>(b.bytes()));
      if (!bytes.empty()) out.memory.read(b.address, bytes.size(), bytes.data());
      c.buffers.push_back(std::move(bytes));
    }
  } catch (const std::exception& e) {
    c.status = sem::RunStatus::Error;
    c.description = std::string("exception: ") + e.what();
  }
  return c;
}

/// A model spec by its command-line text (the test fails to compile nothing: a bad name throws).
inline sem::ModelSpec model_named(const std::string& text) {
  const sem::ModelSpecParse p = sem::parse_model_spec(text);
  if (!p.spec) throw std::invalid_argument(p.error);
  return *p.spec;
}

/// The four classic divergence models (mimd and the SIMT stacks).
inline const std::vector<sem::ModelSpec>& all_models() {
  static const std::vector<sem::ModelSpec> models{sem::ModelKind::Mimd, sem::ModelKind::Stack, sem::ModelKind::StackAmd,
                                                  sem::ModelKind::StackNt};
  return models;
}

/// The models of issue 13, with the parameter values worth covering: AWARE
/// with a short timeout (it fires in ordinary kernels) and with virtualised
/// tables (one entry each, which spill in any divergence; a small split
/// table with the short timeout), the dual-path stack, a small and the
/// default fetch-history size.
inline const std::vector<sem::ModelSpec>& new_models() {
  static const std::vector<sem::ModelSpec> models = [] {
    std::vector<sem::ModelSpec> v;
    for (const char* name : {"aware", "aware:timeout=20", "aware:st=1,rt=1", "aware:timeout=20,st=2,rt=1", "mp", "mp:splits=2", "mp-orec", "its", "minpc", "minsp-minpc",
                             "maxfun-minpc", "long:2", "long:8", "lee", "pdom-minsp", "longest-path", "round-robin"}) {
      v.push_back(model_named(name));
    }
    return v;
  }();
  return models;
}

/// The block-scope models of issue 14: thread block compaction, with
/// likely-convergence points, and with the compactor off; dynamic warp
/// formation with warp barriers (plain `dwf` breaks warp-synchronous code
/// even in converged regions, so it is checked on kernels without
/// warp-level instructions only).
inline const std::vector<sem::ModelSpec>& block_models() {
  static const std::vector<sem::ModelSpec> models = [] {
    std::vector<sem::ModelSpec> v;
    for (const char* name : {"tbc", "tbc-lcp", "tbc:compactor=off", "dwf-wb"}) v.push_back(model_named(name));
    return v;
  }();
  return models;
}

/// True when `kernel` has a warp-level instruction (vote, shfl, match,
/// activemask, redux, bar.warp.sync), whose result depends on which threads
/// share a warp.
inline bool has_warp_level_instruction(const ir::Kernel& kernel) {
  for (const ir::Instr& in : kernel.code) {
    switch (in.op) {
      case ir::Opcode::Vote:
      case ir::Opcode::Shfl:
      case ir::Opcode::Match:
      case ir::Opcode::Activemask:
      case ir::Opcode::Redux:
      case ir::Opcode::BarWarp: return true;
      default: break;
    }
  }
  return false;
}

/// Every model: the classic four, then new_models(), then block_models().
inline const std::vector<sem::ModelSpec>& every_model() {
  static const std::vector<sem::ModelSpec> models = [] {
    std::vector<sem::ModelSpec> v = all_models();
    v.insert(v.end(), new_models().begin(), new_models().end());
    v.insert(v.end(), block_models().begin(), block_models().end());
    return v;
  }();
  return models;
}

/// The schedules of the differential tests, by command-line name.
inline const std::vector<std::pair<std::string, sem::RunOptions>>& standard_schedules() {
  static const std::vector<std::pair<std::string, sem::RunOptions>> schedules = [] {
    std::vector<std::pair<std::string, sem::RunOptions>> v;
    for (const char* name : {"round-robin", "greedy", "random:1", "random:2"}) {
      const std::optional<sem::RunOptions> o = sem::parse_schedule(name);
      if (o) v.emplace_back(name, *o);
    }
    return v;
  }();
  return schedules;
}

/// The lines of a printf output, sorted (a multiset: schedules may order the
/// lines of different threads differently).
inline std::vector<std::string> sorted_lines(const std::string& output) {
  std::vector<std::string> lines;
  std::string line;
  std::istringstream in(output);
  while (std::getline(in, line)) lines.push_back(line);
  std::sort(lines.begin(), lines.end());
  return lines;
}

/// Little-endian element `i` of width `w` bytes, as an unsigned number.
inline std::uint64_t element_bits(const std::vector<std::uint8_t>& bytes, std::size_t i, std::size_t w) {
  std::uint64_t v = 0;
  for (std::size_t k = 0; k < w && i * w + k < bytes.size(); ++k)
    v |= static_cast<std::uint64_t>(bytes[i * w + k]) << (8 * k);
  return v;
}

/// Empty when equal; otherwise the first differing element of width w
/// ("element 12: 0x00000005 vs 0x00000007") or the size difference.
inline std::string first_difference(const std::vector<std::uint8_t>& a, const std::vector<std::uint8_t>& b,
                                    std::size_t w) {
  if (a.size() != b.size()) return "sizes differ: " + std::to_string(a.size()) + " vs " + std::to_string(b.size());
  if (w == 0) w = 1;
  for (std::size_t i = 0; i * w < a.size(); ++i) {
    const std::uint64_t x = element_bits(a, i, w);
    const std::uint64_t y = element_bits(b, i, w);
    if (x != y) {
      std::ostringstream s;
      s << "element " << i << ": 0x" << std::hex << x << " vs 0x" << y;
      return s.str();
    }
  }
  return {};
}

}  // namespace lockstep::test
