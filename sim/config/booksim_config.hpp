// Internal to the GPGPU-Sim import: the BookSim interconnect file that
// `-inter_config_file` names (GPGPU-Sim's intersim2).
//
// The file is a sequence of `key = value;` settings; `//` starts a comment
// to the end of the line; a value is a number, a word, or a `{...}` list.
// Keys are BookSim's and intersim2's (booksim_config.cpp,
// intersim_config.cpp); each is modelled, not modelled but changing timing
// (warned), or without effect on GPGPU-Sim's crossbar (silent), as for the
// main file. The crossbar lockstep models is a single router: the
// `topology = fly` with `n = 1` that GPGPU-Sim's files use.
#pragma once

#include <cstdint>
#include <string_view>
#include <vector>

#include "frontend/diagnostics.hpp"
#include "frontend/source.hpp"
#include "sim/config/interconnect_config.hpp"

namespace lockstep::sim::gpgpusim {

/// Where a modelled setting set GpuConfig fields (for placing problems).
struct SetBy {
  std::string_view fields;  ///< space-separated GpuConfig key paths or prefixes
  std::string_view option;  ///< the option or setting name
  ir::SrcLoc loc;           ///< where its value is
};

struct BooksimResult {
  InterconnectConfig interconnect;
  std::vector<Diagnostic> warnings;  ///< unmodelled settings, once each
  /// The router's ports (k^n), which must reach every cluster and memory
  /// sub-partition, and where `k` was set (line 0 when not set).
  std::uint64_t ports = 0;
  ir::SrcLoc ports_loc;
  std::vector<SetBy> set;  ///< the modelled settings in file order
};

/// Reads a BookSim file; throws InputError at the first problem.
[[nodiscard]] BooksimResult parse_booksim_config(const Source& src);

}  // namespace lockstep::sim::gpgpusim
