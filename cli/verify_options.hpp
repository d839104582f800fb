// The options of `lockstep verify` as written on the command line, and their
// translation into an ExploreRequest. Every malformed value is a usage error
// (InputError "lockstep: error: ...").
#pragma once

#include <string>

#include "checker/explore/explore_launch.hpp"
#include "checker/verify/verdict.hpp"
#include "cli/model_options.hpp"
#include "semantics/launch/launch_setup.hpp"

namespace lockstep::cli {

struct VerifyCliOptions {
  std::string file;
  std::string launch;
  std::string kernel;
  std::string model = "mimd";
  std::string reconvergence = "nvidia";
  std::string property = "all";
  std::string tm_protocol = "ideal";  ///< the commit protocol under --property serializable (docs/tm.md)
  std::string max_states = "10000000";
  std::string max_depth = "1000000";
  std::string max_memory = "auto";  ///< MiB; auto: 4096, or half the machine's memory when that is less
  std::string timeout = "600";  ///< seconds; a default so an unattended run always ends with a verdict
  bool no_merge = false;
  bool no_canonical = false;
  bool no_por = false;  ///< no persistent sets
  bool full_states = false;
  std::string order_seed = "0";  ///< 0: warp and lane order; else a seeded random order (swarm jobs)
  std::string trace_out;
  bool json = false;
  bool quiet = false;      ///< no progress line
  bool no_timing = false;  ///< hidden: leave times out (golden tests)
};

/// The parsed settings.
struct VerifySettings {
  /// The model; under verify an AWARE timeout of any value is timeout=any (every value at once).
  sem::ModelSpec model;
  TableOption table = TableOption::Nvidia;
  checker::VerifyProperties properties;
  checker::ExploreOptions explore;
  sem::TmProtocolConfig tm_protocol;
};

[[nodiscard]] VerifySettings parse_verify_options(const VerifyCliOptions& o);

/// The default memory bound of a search: 4096 MiB, or half the machine's
/// physical memory when that is less (an unattended search ends with a
/// verdict instead of being killed).
[[nodiscard]] std::uint64_t default_max_memory_mib();

/// `<ptx stem>.<model file tag>.trace.json` in the current directory.
[[nodiscard]] std::string default_trace_path(const std::string& ptx, const std::string& model);

}  // namespace lockstep::cli
