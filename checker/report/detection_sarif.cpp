// detection_sarif: detection results as a SARIF 2.1.0 log (one run, rules
// LS001 SimtInducedDeadlockLoop and LS002 DivergentBarrier). Locations point
// into the CUDA source when the instruction has a `.loc`, else into the PTX
// file; every file named is listed once in the run's `artifacts`. A barrier
// inlined from device functions is located in the innermost function (its
// logical location), each call site is a related location, and the calls
// form the result's `stacks` entry (SARIF §3.27.23: frame 0 the barrier,
// then each call site, outermost last).
#include <fmt/format.h>

#include <string>
#include <vector>

#include "checker/report/detection_report.hpp"
#include "checker/report/evidence_render.hpp"
#include "checker/trace/trace_text.hpp"
#include "checker/report/locations.hpp"
#include "frontend/ir/cuda_location.hpp"

namespace lockstep::checker {
namespace {

using nlohmann::ordered_json;

constexpr const char* kSchemaUri = "https://json.schemastore.org/sarif-2.1.0.json";

ordered_json rule(const char* id, const char* name, const char* brief, const char* full) {
  ordered_json r;
  r["id"] = id;
  r["name"] = name;
  r["shortDescription"] = {{"text", brief}};
  r["fullDescription"] = {{"text", full}};
  r["defaultConfiguration"] = {{"level", "warning"}};
  return r;
}

ordered_json rules() {
  ordered_json rs = ordered_json::array();
  rs.push_back(rule("LS001", "SimtInducedDeadlockLoop",
                    "A loop whose exit waits for a write that other threads of the warp may not get to run.",
                    "The loop's exit condition depends on a shared-memory read that a write may redefine, and "
                    "that write lies where threads of the same warp cannot execute while others iterate in the "
                    "loop (reachable from the loop's reconvergence point without a barrier, or on another side "
                    "of a divergent branch). On a GPU that serialises divergent paths with a reconvergence stack "
                    "the warp can spin forever (SIMT-induced deadlock). `lockstep ssde` rewrites such loops."));
  rs.push_back(rule("LS002", "DivergentBarrier",
                    "A CTA barrier that threads of a warp may reach on divergent paths.",
                    "The barrier lies on one side of a branch that may diverge, so some threads of a warp wait at "
                    "the barrier for threads that the reconvergence stack keeps parked on the other side. This is "
                    "not removed by SSDE."));
  return rs;
}

/// The run's artifacts, each URI once, in order of first use.
class Artifacts {
 public:
  std::size_t index(const std::string& uri) {
    for (std::size_t i = 0; i < uris_.size(); ++i) if (uris_[i] == uri) return i;
    uris_.push_back(uri);
    return uris_.size() - 1;
  }
  [[nodiscard]] ordered_json json() const {
    ordered_json a = ordered_json::array();
    for (const auto& u : uris_) a.push_back({{"location", {{"uri", u}}}});
    return a;
  }

 private:
  std::vector<std::string> uris_;
};

struct Ctx {
  const ir::Module& module;
  const ir::Kernel& kernel;
  Artifacts& artifacts;
};

/// A SARIF location of a place in the code: its CUDA line when it has one,
/// else its PTX line; `function` names the function it is in.
ordered_json location_at(const Ctx& c, const ir::SrcLoc& ptx, const ir::CudaLoc& cuda, const std::string& function) {
  std::string uri = c.module.path;
  std::uint32_t line = ptx.line;
  if (ir::has_source_line(cuda)) {
    const auto f = c.module.files.find(cuda.file);
    if (f != c.module.files.end()) {
      uri = f->second;
      line = cuda.line;
    }
  }
  ordered_json phys;
  phys["artifactLocation"] = {{"uri", uri}, {"index", c.artifacts.index(uri)}};
  if (line != 0) phys["region"] = {{"startLine", line}};
  ordered_json loc;
  loc["physicalLocation"] = std::move(phys);
  loc["logicalLocations"] = ordered_json::array({{{"name", function}, {"kind", "function"}}});
  return loc;
}

/// The location of the instruction at pc, in the kernel.
ordered_json location(const Ctx& c, std::uint32_t pc) {
  const ir::Instr& in = c.kernel.code[pc];
  return location_at(c, in.loc, in.cuda, c.kernel.name);
}

/// A related location (`loc` without its logical locations).
ordered_json related_at(ordered_json loc, int id, const std::string& text) {
  loc.erase("logicalLocations");
  ordered_json out;
  out["id"] = id;
  for (auto& [k, v] : loc.items()) out[k] = v;
  out["message"] = {{"text", text}};
  return out;
}

ordered_json related(const Ctx& c, std::uint32_t pc, int id, const std::string& text) {
  return related_at(location(c, pc), id, text);
}

std::string instr_words(const Ctx& c, std::uint32_t pc) {
  return fmt::format("pc {} {} ({})", pc, op_words(c.module, c.kernel, pc), where(c.module, c.kernel, pc));
}

/// The call stack of an inlined instruction as a SARIF stack: frame 0 is
/// the instruction in the innermost function, then each call site in its
/// caller, the last one in the kernel.
ordered_json call_stack(const Ctx& c, std::uint32_t pc, const std::vector<const ir::InlineFrame*>& chain) {
  ordered_json frames = ordered_json::array();
  const ir::Instr& in = c.kernel.code[pc];
  frames.push_back({{"location", location_at(c, in.loc, in.cuda, function_name(chain.front()->callee))}});
  for (std::size_t i = 0; i < chain.size(); ++i) {
    const std::string caller = i + 1 < chain.size() ? function_name(chain[i + 1]->callee) : c.kernel.name;
    frames.push_back({{"location", location_at(c, chain[i]->call, chain[i]->call_cuda, caller)}});
  }
  ordered_json stack;
  stack["message"] = {{"text", fmt::format("calls leading to {}", instr_words(c, pc))}};
  stack["frames"] = std::move(frames);
  return stack;
}

constexpr std::size_t kWitnessSteps = 16;  ///< related locations of the witness's schedule, at most

/// The witness as related locations: its stuck threads, then the steps of
/// its cycle (or the last steps before a deadlock).
void witness_locations(const Ctx& c, const Witness& w, ordered_json& rel, int& id) {
  for (const TraceStuck& s : w.trace.stuck) {
    if (s.pc < c.kernel.code.size()) rel.push_back(related(c, s.pc, id++, "witness, at the end: " + stuck_line(s)));
  }
  const auto& steps = w.trace.steps;
  std::size_t first = w.trace.cycle_start.value_or(steps.size() > kWitnessSteps ? steps.size() - kWitnessSteps : 0);
  first = std::max(first, steps.size() > kWitnessSteps ? steps.size() - kWitnessSteps : std::size_t{0});
  for (std::size_t i = first; i < steps.size(); ++i) {
    const TraceStep& s = steps[i];
    if (s.pc >= c.kernel.code.size()) continue;
    rel.push_back(related(c, s.pc, id++,
                          fmt::format("witness step {}{}: b{}.w{} lanes 0x{:08x} {}", i,
                                      w.trace.cycle_start && i >= *w.trace.cycle_start ? " (cycle)" : "", s.block,
                                      s.warp_in_block, s.lanes, s.instr)));
  }
}

/// kind/level, message, attachments and properties of a loop result with evidence.
void add_evidence(ordered_json& r, const LoopEvidence& ev, bool timing) {
  std::string text = r["message"]["text"].get<std::string>();
  switch (ev.status) {
    case EvidenceStatus::Confirmed:
      r["kind"] = "fail";
      r["level"] = "error";
      text += ". Confirmed: " + ev.summary;
      break;
    case EvidenceStatus::Discharged:
      r["kind"] = "pass";
      r["level"] = "none";
      text += ". Discharged: " + ev.summary;
      break;
    case EvidenceStatus::Unknown:
      r["kind"] = "fail";
      r["level"] = "warning";
      text += ". Evidence unknown: " + ev.summary;
      break;
  }
  r["message"]["text"] = text;
  if (ev.witness) {
    ordered_json att = ordered_json::array();
    att.push_back({{"description", {{"text", "the witness: a trace that `lockstep run --replay` replays"}}},
                   {"artifactLocation", {{"uri", ev.witness->trace_path}}}});
    att.push_back({{"description", {{"text", "the launch the witness runs on"}}},
                   {"artifactLocation", {{"uri", ev.witness->launch_path}}}});
    r["attachments"] = std::move(att);
  }
  r["properties"]["evidence"] = evidence_json(ev, timing);
}

ordered_json loop_result(const Ctx& c, const DetectionReport& report, const LoopFinding& f, const LoopEvidence* ev) {
  const ir::Block& h = c.kernel.blocks[f.header];
  std::string text = fmt::format("loop at {} (pc {}) in kernel {} may SIMT-deadlock", h.label, h.first_pc,
                                 c.kernel.name);
  if (f.reason == LoopReason::NestedSafePdom) {
    text += ": a loop nested in it must reconverge after its exit";
  } else if (!f.reads.empty() && !f.writes.empty()) {
    // Name the strongest redefinition: the first must-alias write, else the first write.
    const RedefiningWrite* w = &f.writes.front();
    for (const RedefiningWrite& x : f.writes) {
      if (x.alias == Alias::Must) {
        w = &x;
        break;
      }
    }
    const std::uint32_t read = w->reads.empty() ? f.reads.front().pc : w->reads.front();
    text += fmt::format(": its exit depends on the read at {}, which the write at {} may redefine while threads "
                        "of the warp that would perform it cannot run",
                        instr_words(c, read), instr_words(c, w->pc));
  }
  ordered_json r;
  r["ruleId"] = "LS001";
  r["ruleIndex"] = 0;
  r["level"] = "warning";
  r["message"] = {{"text", text}};
  r["locations"] = ordered_json::array({location(c, h.first_pc)});
  ordered_json rel = ordered_json::array();
  int id = 1;
  for (const ExitBranch& e : f.exits) {
    rel.push_back(related(c, e.pc, id++, fmt::format("exit branch {}", instr_words(c, e.pc))));
  }
  for (const SharedRead& rd : f.reads) {
    rel.push_back(related(c, rd.pc, id++, fmt::format("shared read in the exit condition: {}", instr_words(c, rd.pc))));
  }
  for (const RedefiningWrite& w : f.writes) {
    ordered_json jw = related(c, w.pc, id++, fmt::format("redefining write ({}, {} alias): {}",
                                                          write_relation_name(w.relation), alias_name(w.alias),
                                                          instr_words(c, w.pc)));
    jw["properties"] = {{"relation", std::string(write_relation_name(w.relation))}, {"alias", alias_name(w.alias)}};
    rel.push_back(std::move(jw));
  }
  if (ev != nullptr && ev->witness) witness_locations(c, *ev->witness, rel, id);
  if (!rel.empty()) r["relatedLocations"] = std::move(rel);
  r["properties"] = {{"kernel", c.kernel.name},
                     {"mode", std::string(detect_mode_spelling(report.options.mode))},
                     {"loop", f.loop},
                     {"header_pc", h.first_pc},
                     {"reason", std::string(loop_reason_name(f.reason))}};
  if (ev != nullptr) add_evidence(r, *ev, report.timing);
  return r;
}

ordered_json barrier_result(const Ctx& c, const DetectionReport& report, const BarrierFinding& b) {
  ordered_json r;
  r["ruleId"] = "LS002";
  r["ruleIndex"] = 1;
  r["level"] = "warning";
  const std::string inside = inlined_text(c.module, c.kernel, b.pc);
  const std::string at = instr_words(c, b.pc) + (inside.empty() ? "" : " " + inside);
  const std::string what = b.call ? fmt::format("call {}, whose body is not seen and may hold a barrier,", at)
                                  : fmt::format("barrier {}", at);
  const bool guard = b.branch_pc == b.pc;
  r["message"] = {{"text", guard ? fmt::format("{} in kernel {} has a divergent guard", what, c.kernel.name)
                                 : fmt::format("{} in kernel {} may be reached by a divergent warp (branch at {})",
                                               what, c.kernel.name, instr_words(c, b.branch_pc))}};
  const auto chain = inline_chain(c.kernel, b.pc);
  ordered_json loc = location(c, b.pc);
  if (!chain.empty()) loc["logicalLocations"][0]["name"] = function_name(chain.front()->callee);
  r["locations"] = ordered_json::array({std::move(loc)});
  const std::string branch = fmt::format("{} {}", guard ? "divergent guard of" : "divergent branch",
                                         instr_words(c, b.branch_pc));
  ordered_json rel = ordered_json::array({related(c, b.branch_pc, 1, branch)});
  int id = 2;
  for (const ir::InlineFrame* f : chain) {
    rel.push_back(related_at(location_at(c, f->call, f->call_cuda, c.kernel.name), id++,
                             fmt::format("call of {}() that leads to the barrier", function_name(f->callee))));
  }
  r["relatedLocations"] = std::move(rel);
  if (!chain.empty()) r["stacks"] = ordered_json::array({call_stack(c, b.pc, chain)});
  r["properties"] = {{"kernel", c.kernel.name},
                     {"mode", std::string(detect_mode_spelling(report.options.mode))},
                     {"branch_pc", b.branch_pc}};
  return r;
}

}  // namespace

nlohmann::ordered_json detection_sarif(const DetectionReport& report) {
  const ir::Module& module = *report.module;
  Artifacts artifacts;
  artifacts.index(module.path);
  ordered_json results = ordered_json::array();
  for (const KernelDetectionRef& k : report.kernels) {
    const Ctx c{module, *k.kernel, artifacts};
    for (const LoopFinding& f : k.detection->loops) {
      if (f.flagged) results.push_back(loop_result(c, report, f, evidence_of(k, f.loop)));
    }
    for (const BarrierFinding& b : k.detection->barriers) results.push_back(barrier_result(c, report, b));
  }

  ordered_json driver;
  driver["name"] = "lockstep";
  driver["version"] = report.tool_version;
  driver["rules"] = rules();
  ordered_json run;
  run["tool"] = {{"driver", std::move(driver)}};
  run["artifacts"] = artifacts.json();
  run["results"] = std::move(results);
  run["properties"] = {{"mode", std::string(detect_mode_spelling(report.options.mode))},
                       {"table", std::string(table_choice_spelling(report.options.table))},
                       {"assume_noalias_params", report.options.alias.assume_noalias_params}};
  if (!report.evidence_launches.empty()) run["properties"]["evidence"] = report.evidence_launches;
  ordered_json doc;
  doc["$schema"] = kSchemaUri;
  doc["version"] = "2.1.0";
  doc["runs"] = ordered_json::array({std::move(run)});
  return doc;
}

}  // namespace lockstep::checker
