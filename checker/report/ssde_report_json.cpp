// ssde_report_json: the JSON rendering of the SSDE pipeline's result (format
// in report/ssde_report.hpp and docs/cli.md).
#include <string>

#include "checker/report/locations.hpp"
#include "checker/report/ssde_report.hpp"

namespace lockstep::checker {
namespace {

using nlohmann::ordered_json;

const LoopSafePdom* find_safepdom(const SafePdoms& s, std::uint32_t loop) {
  for (const auto& l : s.loops) if (l.loop == loop) return &l;
  return nullptr;
}

const SsdeLoop* find_loop(const SsdeGroup& g, std::uint32_t loop) {
  for (const auto& l : g.loops) if (l.loop == loop) return &l;
  return nullptr;
}

ordered_json point_line(const ir::Kernel& k, std::uint32_t point) {
  if (point >= k.code.size()) return nullptr;
  return k.code[point].loc.line;
}

ordered_json point_location(const ir::Module& m, const ir::Kernel& k, std::uint32_t point) {
  if (point >= k.code.size()) return nullptr;
  return location_json(m, k.code[point]);
}

ordered_json header_json(const ir::Module& m, const ir::Kernel& k, std::uint32_t block) {
  const ir::Block& b = k.blocks[block];
  return {{"block", block},
          {"label", b.label},
          {"pc", b.first_pc},
          {"line", k.code[b.first_pc].loc.line},
          {"location", location_json(m, k.code[b.first_pc])}};
}

ordered_json transformed_loops(const ir::Module& m, const ir::Kernel& in, const SsdePipelineResult& r) {
  ordered_json out = ordered_json::array();
  for (std::size_t i = 0; i < r.report.switches.size() && i < r.groups.size(); ++i) {
    const SsdeSwitch& sw = r.report.switches[i];
    const SsdeGroup& g = r.groups[i];
    for (const SsdeCase& c : sw.cases) {
      ordered_json j;
      j["loop"] = c.loop;
      const SsdeLoop* l = find_loop(g, c.loop);
      j["header"] = l != nullptr ? header_json(m, in, l->header) : ordered_json(nullptr);
      j["safepdom_pc"] = point_json(g.point);
      j["safepdom_line"] = point_line(in, g.point);
      j["safepdom_location"] = point_location(m, in, g.point);
      ordered_json hist = ordered_json::array();
      if (const LoopSafePdom* s = find_safepdom(r.safepdoms, c.loop)) {
        for (const Rise& rise : s->history) {
          hist.push_back({{"cause", std::string(rise_cause_name(rise.cause))},
                          {"from_pc", point_json(rise.from_pc)},
                          {"point", point_json(rise.point)}});
        }
      }
      j["safepdom_history"] = std::move(hist);
      j["bbs_label"] = sw.bbs_label;
      j["bbs_pc"] = sw.bbs_pc;
      j["case_value"] = c.value;
      j["case_target"] = c.target_label;
      out.push_back(std::move(j));
    }
  }
  return out;
}

ordered_json switches(const SsdeReport& rep) {
  ordered_json out = ordered_json::array();
  for (const SsdeSwitch& sw : rep.switches) {
    ordered_json cases = ordered_json::array();
    for (const SsdeCase& c : sw.cases) {
      cases.push_back({{"loop", c.loop}, {"target_label", c.target_label}, {"value", c.value}});
    }
    out.push_back({{"point", point_json(sw.point)},
                   {"bbs_label", sw.bbs_label},
                   {"bbs_pc", sw.bbs_pc},
                   {"edge_register", sw.edge_register},
                   {"cases", std::move(cases)}});
  }
  return out;
}

ordered_json after_json(const SsdePipelineResult& r, bool evidence) {
  ordered_json loops = ordered_json::array();
  for (const LoopFinding& f : r.after.loops) {
    if (!f.flagged) continue;
    loops.push_back({{"loop", f.loop},
                     {"header_pc", r.kernel.blocks[f.header].first_pc},
                     {"reason", std::string(loop_reason_name(f.reason))}});
  }
  ordered_json j{{"flagged", !r.clean()}, {"flagged_loops", std::move(loops)}, {"barriers", r.after.barriers.size()}};
  if (evidence) j["left_alone"] = r.after_left_alone;
  return j;
}

ordered_json kernel_json(const ir::Module& m, const SsdePipelineResult& r, const std::vector<LoopEvidence>* ev) {
  const ir::Kernel& in = m.kernels[r.kernel_index];
  ordered_json j;
  j["name"] = in.name;
  j["transformed"] = r.transformed;
  if (r.fell_back_to_exit) j["fell_back_to_exit"] = true;
  j["transformed_loops"] = transformed_loops(m, in, r);
  j["switches"] = switches(r.report);
  j["blocks_added"] = r.report.blocks_added;
  j["instructions_added"] = r.report.instructions_added;
  j["registers_added"] = r.report.registers_added;
  j["repairs"] = {{"edge_splits", r.report.edge_splits},
                  {"merged_back_edges", r.report.merged_back_edges},
                  {"new_headers", r.report.new_headers},
                  {"exit_materialised", r.report.exit_materialised}};
  ordered_json barriers = ordered_json::array();
  for (const BarrierFinding& b : r.unfixable) {
    ordered_json jb = {{"pc", b.pc},
                       {"line", in.code[b.pc].loc.line},
                       {"location", location_json(m, in.code[b.pc])},
                       {"op", op_spelling(in.code[b.pc])}};
    if (b.call) jb["callee"] = call_target(m, in, b.pc);
    jb["branch_pc"] = b.branch_pc;
    barriers.push_back(std::move(jb));
  }
  j["unfixable_barriers"] = std::move(barriers);
  if (ev != nullptr) {
    ordered_json evidence = ordered_json::array();
    for (const LoopEvidence& e : *ev)
      evidence.push_back({{"loop", e.loop}, {"status", evidence_status_name(e.status)}, {"summary", e.summary}});
    j["evidence"] = std::move(evidence);
    ordered_json left = ordered_json::array();
    for (std::uint32_t l : r.left_alone)
      left.push_back({{"loop", l}, {"header", header_json(m, in, r.before.loops[l].header)}});
    j["left_alone"] = std::move(left);
  }
  j["after"] = after_json(r, ev != nullptr);
  return j;
}

}  // namespace

nlohmann::ordered_json ssde_report_json(const SsdeReportInput& input) {
  const ir::Module& m = *input.module;
  ordered_json doc;
  doc["file"] = m.path;
  doc["mode"] = std::string(detect_mode_spelling(input.options.mode));
  ordered_json kernels = ordered_json::array();
  for (std::size_t i = 0; i < input.kernels.size(); ++i)
    kernels.push_back(kernel_json(m, *input.kernels[i], i < input.evidence.size() ? input.evidence[i] : nullptr));
  doc["kernels"] = std::move(kernels);
  return doc;
}

}  // namespace lockstep::checker
