// detection_json: the JSON rendering of detection results (format in
// report/detection_report.hpp and docs/cli.md).
#include <string>

#include "checker/report/detection_report.hpp"
#include "frontend/analysis/loop_branches.hpp"
#include "checker/report/evidence_render.hpp"
#include "checker/report/locations.hpp"

namespace lockstep::checker {
namespace {

using nlohmann::ordered_json;

/// pc, line, location of an instruction: the common head of every item.
ordered_json instr_ref(const ir::Module& module, const ir::Kernel& kernel, std::uint32_t pc) {
  ordered_json j;
  j["pc"] = pc;
  j["line"] = kernel.code[pc].loc.line;
  j["location"] = location_json(module, kernel.code[pc]);
  return j;
}

/// instr_ref plus the opcode and, when known, the abstract address.
ordered_json access_ref(const ir::Module& module, const KernelDetectionRef& k, std::uint32_t pc) {
  ordered_json j = instr_ref(module, *k.kernel, pc);
  j["op"] = op_spelling(k.kernel->code[pc]);
  if (k.addresses != nullptr && k.addresses->is_access(pc)) j["address"] = k.addresses->describe(pc);
  if (const std::string callee = call_target(module, *k.kernel, pc); !callee.empty()) j["callee"] = callee;
  return j;
}

ordered_json header_json(const ir::Module& module, const ir::Kernel& kernel, std::uint32_t block) {
  const ir::Block& b = kernel.blocks[block];
  ordered_json j;
  j["block"] = block;
  j["label"] = b.label;
  j["pc"] = b.first_pc;
  j["line"] = kernel.code[b.first_pc].loc.line;
  j["location"] = location_json(module, kernel.code[b.first_pc]);
  return j;
}

ordered_json loop_json(const ir::Module& module, const KernelDetectionRef& k, const LoopFinding& f, bool timing) {
  const ir::Kernel& kernel = *k.kernel;
  ordered_json j;
  j["id"] = f.loop;
  j["header"] = header_json(module, kernel, f.header);
  if (k.analysis != nullptr && f.loop < k.analysis->loops.size()) {
    const analysis::Loop& l = k.analysis->loops.loop(f.loop);
    j["blocks"] = l.blocks;
    j["depth"] = l.depth;
    j["reducible"] = l.reducible;
    j["backward_branches"] = analysis::loop_backward_branches(kernel, l);
  }
  j["flagged"] = f.flagged;
  j["reason"] = std::string(loop_reason_name(f.reason));

  ordered_json exits = ordered_json::array();
  for (const ExitBranch& e : f.exits) {
    ordered_json je = instr_ref(module, kernel, e.pc);
    je["uniform"] = e.uniform;
    je["reconvergence_pc"] = point_json(e.reconv_pc);
    exits.push_back(std::move(je));
  }
  j["exit_branches"] = std::move(exits);

  ordered_json reads = ordered_json::array();
  for (const SharedRead& r : f.reads) reads.push_back(access_ref(module, k, r.pc));
  j["reads"] = std::move(reads);

  ordered_json writes = ordered_json::array();
  for (const RedefiningWrite& w : f.writes) {
    ordered_json jw = access_ref(module, k, w.pc);
    jw["relation"] = std::string(write_relation_name(w.relation));
    jw["alias"] = alias_name(w.alias);
    jw["reads"] = w.reads;
    jw["reach_branches"] = w.reach_branches;
    jw["para_branches"] = w.para_branches;
    writes.push_back(std::move(jw));
  }
  j["redefining_writes"] = std::move(writes);

  ordered_json filters = ordered_json::array();
  for (LoopReason r : f.filters) filters.push_back(std::string(loop_reason_name(r)));
  j["filters"] = std::move(filters);
  if (k.evidence != nullptr && f.flagged) {
    const LoopEvidence* ev = evidence_of(k, f.loop);
    j["evidence"] = ev != nullptr ? evidence_json(*ev, timing) : ordered_json();
  }
  return j;
}

ordered_json kernel_json(const ir::Module& module, const KernelDetectionRef& k, bool timing) {
  const KernelDetection& d = *k.detection;
  ordered_json j;
  j["name"] = k.kernel->name;
  j["flagged"] = d.flagged();
  j["flagged_loops"] = d.flagged_loops();
  ordered_json loops = ordered_json::array();
  for (const LoopFinding& f : d.loops) loops.push_back(loop_json(module, k, f, timing));
  j["loops"] = std::move(loops);
  ordered_json barriers = ordered_json::array();
  for (const BarrierFinding& b : d.barriers) {
    ordered_json jb = instr_ref(module, *k.kernel, b.pc);
    jb["op"] = op_spelling(k.kernel->code[b.pc]);
    if (b.call) jb["callee"] = call_target(module, *k.kernel, b.pc);
    jb["inlined"] = inlined_json(module, *k.kernel, b.pc);
    jb["branch_pc"] = b.branch_pc;
    jb["branch_line"] = k.kernel->code[b.branch_pc].loc.line;
    jb["branch_location"] = location_json(module, k.kernel->code[b.branch_pc]);
    jb["branch_inlined"] = inlined_json(module, *k.kernel, b.branch_pc);
    barriers.push_back(std::move(jb));
  }
  j["barriers"] = std::move(barriers);
  return j;
}

}  // namespace

nlohmann::ordered_json detection_json(const DetectionReport& report) {
  const ir::Module& module = *report.module;
  ordered_json doc;
  doc["file"] = module.path;
  doc["mode"] = std::string(detect_mode_spelling(report.options.mode));
  doc["table"] = std::string(table_choice_spelling(report.options.table));
  doc["assume_noalias_params"] = report.options.alias.assume_noalias_params;
  if (!report.evidence_launches.empty()) doc["evidence"] = report.evidence_launches;
  ordered_json kernels = ordered_json::array();
  for (const KernelDetectionRef& k : report.kernels) kernels.push_back(kernel_json(module, k, report.timing));
  doc["kernels"] = std::move(kernels);
  return doc;
}

}  // namespace lockstep::checker
