// verify_text / verify_json: the renderings of a verification result.
#include "checker/verify/verify_report.hpp"

#include <cmath>

#include <fmt/format.h>

#include "checker/trace/trace_json.hpp"
#include "checker/trace/trace_text.hpp"
#include "semantics/launch/model_spec.hpp"

namespace lockstep::checker {
namespace {

using nlohmann::ordered_json;

std::string dim3(const std::array<std::uint32_t, 3>& d) { return fmt::format("({},{},{})", d[0], d[1], d[2]); }

std::uint64_t threads(const VerifyReport& r) {
  std::uint64_t n = 1;
  for (std::size_t i = 0; i < 3; ++i) n *= std::uint64_t{r.grid[i]} * r.block[i];
  return n;
}

std::string inputs_text(const VerifyReport& r) {
  std::string values;
  for (const TraceInput& in : r.inputs) values += fmt::format("{}{} = {}", values.empty() ? "" : ", ", in.name, in.value);
  if (r.symbolic.empty()) return values.empty() ? "concrete" : values;
  std::string s = fmt::format("symbolic, for all inputs satisfying: {}", r.symbolic);
  if (!values.empty()) s += fmt::format("; the counterexample's: {}", values);
  return s;
}

std::string race_line(const Race& x) {
  return fmt::format("pc {} and pc {}, threads {} and {}, {} byte 0x{:x}, {}{}{}", x.pc_a, x.pc_b, x.thread_a, x.thread_b,
                     x.space, x.address, x.write_write ? "write-write" : "read-write",
                     x.same_instruction ? ", lanes of one instruction" : "", x.is_volatile ? ", volatile" : "");
}

void races_text(std::ostream& out, const Exploration& e) {
  if (e.races.empty()) {
    out << fmt::format("  races: none found{}\n", e.races_complete ? " (every reachable state checked)" : "");
    return;
  }
  for (const Race& x : e.races) out << fmt::format("  race: {}\n", race_line(x));
}

std::string model_text(const VerifyReport& r) {
  if (r.model == "mimd") return "mimd (every thread its own PC; loosely fair)";
  const sem::ModelSpecParse p = sem::parse_model_spec(r.model);
  if (!p.spec) return r.model;
  switch (p.spec->kind) {
    case sem::ModelKind::Stack:
    case sem::ModelKind::StackAmd:
    case sem::ModelKind::StackNt:
      return fmt::format("{} (SIMT stack, push order {}, reconvergence table {})", r.model, push_order_of(r.model),
                         r.reconvergence);
    case sem::ModelKind::Aware: {
      const auto size = [](std::uint32_t n) { return n == 0 ? std::string("unbounded") : std::to_string(n); };
      const std::string tables =
          p.spec->st_entries == 0 && p.spec->rt_entries == 0
              ? std::string()
              : fmt::format(", virtualised tables of {} split / {} reconvergence entries", size(p.spec->st_entries),
                            size(p.spec->rt_entries));
      return fmt::format("{} (AWARE, FIFO splits, {} path first, {}{}, reconvergence table {}; fair per warp{})",
                         r.model, p.spec->taken_first ? "taken" : "not-taken",
                         p.spec->timeout == 0 ? std::string("no timeout") : std::string("timeout of any value"), tables,
                         r.reconvergence, p.spec->timeout == 0 ? "" : " and per warp's timeouts");
    }
    default: {
      const sem::ModelInfo& info = sem::model_info(p.spec->kind);
      return fmt::format("{} ({}; fair per {}; reconvergence table {})", r.model, info.summary, info.fairness,
                         r.reconvergence);
    }
  }
}

std::string headline(const VerifyReport& r) {
  const Verdict& v = r.verdict;
  switch (v.kind) {
    case VerdictKind::Verified:
      return r.options.full_states ? "verified: exhaustive for this launch (exact state matching)"
                                   : "verified: exhaustive for this launch up to hash collisions (--full-states for "
                                     "a proof)";
    case VerdictKind::Counterexample:
      return fmt::format("counterexample: {}", r.trace ? finding_summary(*r.trace) : finding_kind_name(*v.finding));
    case VerdictKind::Inconclusive: {
      if (v.bound == BoundKind::Interrupted) {
        return fmt::format("inconclusive: stopped by {}; what was explored is below", bound_text(v.bound, v.bound_limit));
      }
      std::string s = fmt::format("inconclusive: {} was reached", bound_text(v.bound, v.bound_limit));
      if (!v.bound_detail.empty()) s += fmt::format(" ({})", v.bound_detail);
      return s;
    }
  }
  return "?";
}

}  // namespace

std::string reductions_text(const ExploreOptions& o) {
  std::string s;
  if (o.merge) s = "thread-private instructions merged into the preceding step";
  if (o.canonical) s += s.empty() ? "dead registers zeroed" : ", dead registers zeroed";
  if (o.sleep_sets) s += s.empty() ? "sleep sets" : ", sleep sets";
  return s.empty() ? "none" : s;
}

std::string persistent_sets_text(const Exploration& e) {
  if (e.persistent_sets) return "persistent sets (acyclic proviso)";
  return fmt::format("no persistent sets ({})", e.persistent_sets_off);
}

double omission_probability(std::uint64_t states) noexcept {
  // Two of n distinct states share a 128-bit digest with probability at most n(n-1)/2 / 2^128.
  const double n = static_cast<double>(states);
  return n * (n - 1) / 2 / std::ldexp(1.0, 128);
}

std::string state_matching_text(const ExploreOptions& o, std::uint64_t states) {
  if (o.full_states) return "exact (full states)";
  return fmt::format("128-bit hash compaction: omission probability <= {:.1e} for {} states (not a proof; "
                     "--full-states matches exactly)",
                     omission_probability(states), states);
}

void verify_text(std::ostream& out, const VerifyReport& r) {
  const ExploreStats& st = r.exploration->stats;
  out << fmt::format("verdict: {}\n", headline(r));
  out << fmt::format("  kernel: {} in {}\n", r.kernel, r.ptx);
  out << fmt::format("  model: {}\n", model_text(r));
  // The explorer keeps every block resident (run's --residency does not apply).
  const std::uint64_t blocks = std::uint64_t{r.grid[0]} * r.grid[1] * r.grid[2];
  const char* residency = r.cooperative ? ", cooperative: every block co-resident"
                          : blocks > 1  ? ", every block resident"
                                        : "";
  out << fmt::format("  launch: grid {}, block {} ({} threads{}), inputs: {}\n", dim3(r.grid), dim3(r.block),
                     threads(r), residency, inputs_text(r));
  out << fmt::format("  properties: {}\n", properties_text(r.properties));
  std::string reductions = reductions_text(r.options);
  if (r.options.persistent_sets) {
    const std::string por = persistent_sets_text(*r.exploration);
    reductions = reductions == "none" ? por : reductions + ", " + por;
  }
  if (r.if_converted != 0) {
    reductions += fmt::format(", {} branch region{} on register values if-converted (symbolic data)", r.if_converted,
                              r.if_converted == 1 ? "" : "s");
  }
  out << fmt::format("  reductions: {}\n", reductions);
  out << fmt::format("  state matching: {}\n", state_matching_text(r.options, st.states));
  if (r.options.order_seed != 0) {
    out << fmt::format("  search order: random, seed {} (as exhaustive; bounds leave other states out)\n",
                       r.options.order_seed);
  }
  out << fmt::format("  states: {}  transitions: {}  instructions: {}  revisits: {}  max depth: {}\n", st.states,
                     st.transitions, st.instructions, st.revisits, st.max_depth);
  if (r.exploration->persistent_sets) {
    out << fmt::format("  persistent sets: {} state{} explored one warp's steps (mimd: one thread's), {} step{} left out\n",
                       st.por_states, st.por_states == 1 ? "" : "s", st.por_pruned, st.por_pruned == 1 ? "" : "s");
  }
  out << fmt::format("  completed states: {}  distinct final memories: {}\n", st.terminal,
                     r.exploration->final_digests.size());
  if (r.timing) {
    out << fmt::format("  time: {:.3f} s ({:.0f} states/s)\n", st.seconds, st.states_per_second());
  }
  races_text(out, *r.exploration);
  if (r.trace) {
    out << "counterexample: ";
    trace_text(out, *r.trace);
    if (!r.trace_path.empty()) {
      out << fmt::format("trace: {}  (replay: lockstep run {} --replay {})\n", r.trace_path, r.ptx, r.trace_path);
    }
  }
}

ordered_json verify_json(const VerifyReport& r) {
  const ExploreStats& st = r.exploration->stats;
  const Verdict& v = r.verdict;
  ordered_json j;
  j["verdict"] = verdict_name(v.kind);
  j["kind"] = v.finding ? ordered_json(finding_kind_name(*v.finding)) : ordered_json(nullptr);
  j["label"] = r.trace ? ordered_json(r.trace->label) : ordered_json(nullptr);
  j["ptx"] = r.ptx;
  j["kernel"] = r.kernel;
  j["model"] = r.model;
  j["push_order"] = push_order_of(r.model);
  j["reconvergence"] = r.model == "mimd" ? ordered_json(nullptr) : ordered_json(r.reconvergence);
  j["shape"] = {{"grid", r.grid}, {"block", r.block}};
  if (r.cooperative) j["shape"]["cooperative"] = true;
  ordered_json inputs = ordered_json::object();
  for (const TraceInput& in : r.inputs) {
    const ordered_json x = ordered_json::parse(in.value, nullptr, false);
    inputs[in.name] = x.is_discarded() ? ordered_json(in.value) : x;
  }
  j["inputs"] = std::move(inputs);
  j["symbolic"] = r.symbolic.empty() ? ordered_json(nullptr) : ordered_json(r.symbolic);
  ordered_json races = ordered_json::array();
  for (const Race& x : r.exploration->races) {
    races.push_back({{"pc_a", x.pc_a}, {"pc_b", x.pc_b}, {"thread_a", x.thread_a}, {"thread_b", x.thread_b},
                     {"space", x.space}, {"address", x.address}, {"write_write", x.write_write},
                     {"volatile", x.is_volatile}, {"same_instruction", x.same_instruction}});
  }
  j["races"] = std::move(races);
  j["races_complete"] = r.exploration->races_complete;
  ordered_json props = ordered_json::array();
  if (r.properties.deadlock) props.push_back("deadlock");
  if (r.properties.termination) props.push_back("non-termination");
  props.push_back("error");
  if (r.properties.expect) props.push_back("expect");
  if (r.properties.cuda_barriers) props.push_back("barrier-divergence");
  if (r.properties.serializable) props.push_back("serializable");
  j["properties"] = std::move(props);
  if (r.properties.tm_protocol != "ideal") j["tm_protocol"] = r.properties.tm_protocol;
  j["reductions"] = {{"merge", r.options.merge}, {"canonical", r.options.canonical},
                     {"sleep_sets", r.options.sleep_sets},
                     {"persistent_sets", r.exploration->persistent_sets}};
  if (r.options.persistent_sets && !r.exploration->persistent_sets) {
    j["reductions"]["persistent_sets_off"] = r.exploration->persistent_sets_off;
  }
  if (r.if_converted != 0) j["reductions"]["if_converted"] = r.if_converted;
  j["state_matching"] = r.options.full_states ? "exact" : "128-bit hash compaction";
  if (!r.options.full_states) j["omission_probability"] = omission_probability(st.states);
  if (r.options.order_seed != 0) j["order_seed"] = r.options.order_seed;
  ordered_json stats = {{"states", st.states},         {"transitions", st.transitions},
                        {"instructions", st.instructions}, {"revisits", st.revisits},
                        {"sleep_pruned", st.sleep_pruned}, {"por_states", st.por_states},
                        {"por_pruned", st.por_pruned},     {"terminal", st.terminal},
                        {"sccs", st.sccs},             {"max_depth", st.max_depth}};
  if (r.timing) {
    stats["seconds"] = st.seconds;
    stats["states_per_second"] = st.states_per_second();
    stats["peak_bytes"] = st.peak_bytes;
  }
  j["stats"] = std::move(stats);
  if (v.kind == VerdictKind::Inconclusive) {
    j["bound"] = {{"kind", bound_kind_name(v.bound)}, {"limit", v.bound_limit}, {"detail", v.bound_detail}};
  } else {
    j["bound"] = nullptr;
  }
  j["trace"] = r.trace_path.empty() ? ordered_json(nullptr) : ordered_json(r.trace_path);
  j["counterexample"] = r.trace ? trace_json(*r.trace) : ordered_json(nullptr);
  j["final_states"] = r.exploration->final_digests.size();
  return j;
}

}  // namespace lockstep::checker
