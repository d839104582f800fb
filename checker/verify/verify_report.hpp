// Renderings of a `lockstep verify` result: readable text and JSON.
//
// Text: one verdict line, then the facts the verdict rests on (kernel,
// model with push order and reconvergence table, launch shape, inputs,
// properties, reductions, state matching), the counts, the time (left out
// with `timing = false`, for golden tests), and for a counterexample the
// trace rendering (trace_text.hpp) and the trace file.
// JSON keys: verdict, kind, label, kernel, ptx, model, push_order,
// reconvergence, shape, inputs, properties, reductions, state_matching,
// stats, bound, trace, final_states.
#pragma once

#include <nlohmann/json.hpp>

#include <array>
#include <ostream>
#include <string>
#include <vector>

#include "checker/explore/exploration.hpp"
#include "checker/explore/explore_options.hpp"
#include "checker/trace/trace.hpp"
#include "checker/verify/verdict.hpp"

namespace lockstep::checker {

struct VerifyReport {
  Verdict verdict;
  const Exploration* exploration = nullptr;
  const Trace* trace = nullptr;  ///< counterexample only
  std::string trace_path;        ///< where the trace was written
  std::string ptx;
  std::string kernel;
  std::string model;
  std::string reconvergence;
  std::array<std::uint32_t, 3> grid{1, 1, 1};
  std::array<std::uint32_t, 3> block{1, 1, 1};
  bool cooperative = false;  ///< a cooperative launch: every block co-resident, grid workspace provided
  std::vector<TraceInput> inputs;  ///< a counterexample's input values (symbolic launches)
  std::string symbolic;            ///< symbolic launches: the input ranges the verdict covers
  std::uint32_t if_converted = 0;  ///< symbolic launches: branch regions explored if-converted
  VerifyProperties properties;
  ExploreOptions options;
  bool timing = true;  ///< print seconds and states per second
};

/// "merged thread-private steps, dead registers zeroed" or "none".
[[nodiscard]] std::string reductions_text(const ExploreOptions& o);
/// "persistent sets (acyclic proviso)", or "no persistent sets (why)".
[[nodiscard]] std::string persistent_sets_text(const Exploration& e);
/// How states were matched: exactly, or by 128-bit digests with the
/// probability that two of `states` distinct states collided (an omission).
[[nodiscard]] std::string state_matching_text(const ExploreOptions& o, std::uint64_t states);
/// At most n(n-1)/2 / 2^128 for n distinct states hashed to 128 bits.
[[nodiscard]] double omission_probability(std::uint64_t states) noexcept;

void verify_text(std::ostream& out, const VerifyReport& r);
[[nodiscard]] nlohmann::ordered_json verify_json(const VerifyReport& r);

}  // namespace lockstep::checker
