#include "checker/report/evidence_render.hpp"

#include <fmt/format.h>

#include "checker/trace/trace_text.hpp"

#include "checker/report/detection_report.hpp"

namespace lockstep::checker {

const LoopEvidence* evidence_of(const KernelDetectionRef& k, std::uint32_t loop) noexcept {
  if (k.evidence == nullptr) return nullptr;
  for (const LoopEvidence& ev : *k.evidence)
    if (ev.loop == loop) return &ev;
  return nullptr;
}

void evidence_text(std::ostream& out, const LoopEvidence& ev, const std::string& ptx, bool timing) {
  const std::string cost = timing ? fmt::format(" ({:.2f} s, {} states)", ev.seconds, ev.states) : std::string();
  out << fmt::format("    evidence: {}{}: {}\n", evidence_status_name(ev.status), cost, ev.summary);
  if (ev.witness) {
    const Witness& w = *ev.witness;
    if (!w.trace_path.empty()) {
      out << fmt::format("      witness: {} on {} (replay: lockstep run {} --replay {})\n", w.trace_path,
                         w.launch_path, ptx, w.trace_path);
    } else {
      out << fmt::format("      witness: {}, {} steps (not written)\n", w.trace.label, w.trace.steps.size());
    }
    for (const TraceStuck& s : w.trace.stuck) out << "        " << stuck_line(s) << '\n';
  }
  for (const std::string& a : ev.assumptions) out << "      assumed: " << a << '\n';
  const char* label = ev.status == EvidenceStatus::Discharged ? "covers" : "searched";
  for (const std::string& l : ev.launches) out << "      " << label << ": " << l << '\n';
}

nlohmann::ordered_json evidence_json(const LoopEvidence& ev, bool timing) {
  nlohmann::ordered_json j;
  j["status"] = evidence_status_name(ev.status);
  j["summary"] = ev.summary;
  j["assumptions"] = ev.assumptions;
  j["launches"] = ev.launches;
  j["states"] = ev.states;
  if (timing) j["seconds"] = ev.seconds;
  if (ev.witness) {
    const Witness& w = *ev.witness;
    nlohmann::ordered_json jw;
    jw["trace"] = w.trace_path;
    jw["launch"] = w.launch_path;
    jw["launch_summary"] = w.launch;
    jw["kind"] = finding_kind_name(w.trace.kind);
    jw["label"] = w.trace.label;
    jw["steps"] = w.trace.steps.size();
    if (w.trace.cycle_start) {
      jw["cycle_start"] = *w.trace.cycle_start;
    } else {
      jw["cycle_start"] = nullptr;
    }
    nlohmann::ordered_json inputs = nlohmann::ordered_json::object();
    for (const TraceInput& in : w.trace.inputs) inputs[in.name] = in.value;
    jw["inputs"] = std::move(inputs);
    nlohmann::ordered_json stuck = nlohmann::ordered_json::array();
    for (const TraceStuck& s : w.trace.stuck) {
      nlohmann::ordered_json js;
      js["warp"] = s.warp;
      js["block"] = s.block;
      js["warp_in_block"] = s.warp_in_block;
      js["lanes"] = fmt::format("0x{:08x}", s.lanes);
      js["pc"] = s.pc;
      js["state"] = s.state;
      if (s.until_pc) js["until_pc"] = *s.until_pc;
      stuck.push_back(std::move(js));
    }
    jw["stuck"] = std::move(stuck);
    j["witness"] = std::move(jw);
  } else {
    j["witness"] = nullptr;
  }
  return j;
}

}  // namespace lockstep::checker
