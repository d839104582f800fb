// detection_text: the readable rendering of detection results. One header
// line, then per kernel
//
//   kernel NAME: L loops, F flagged
//     loop 0 at $L__BB0_1 (pc 4, line 30): flagged (redefined)
//       exit  pc 8 bra (line 35): divergent, reconverges at pc 9 (line 37)
//       read  pc 6 atom.global.cas.b32 (line 33) global:param0+[0,3]
//       write pc 14 atom.global.exch.b32 (line 42): reachable, must alias, redefines pc 6
//     loop 1 at BB5 (pc 20, line 50): not flagged (uniform-exit)
//     divergent barrier pc 12 bar.sync (line 40) under the divergent branch at pc 5 (line 33)
//     divergent barrier pc 28 bar.sync (line 41, k.cu:13) inside block_total() called at k.cu:29, under the
//       divergent branch at pc 14 (line 168, k.cu:28)       (one line: a barrier in an inlined function)
//     possible divergent barrier pc 20 call.uni _Z3sumi (line 52), which may hold a barrier, under
//       the divergent branch at pc 5 (line 33)                       (an opaque call: one line)
#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>

#include "checker/report/detection_report.hpp"
#include "checker/report/evidence_render.hpp"
#include "checker/report/locations.hpp"

namespace lockstep::checker {
namespace {

std::string plural(std::size_t n, std::string_view word) {
  return fmt::format("{} {}{}", n, word, n == 1 ? "" : "s");
}

std::string instr_text(const ir::Module& module, const ir::Kernel& kernel, std::uint32_t pc) {
  return fmt::format("pc {} {} ({})", pc, op_words(module, kernel, pc), where(module, kernel, pc));
}

void loop_text(std::ostream& out, const ir::Module& module, const KernelDetectionRef& k, const LoopFinding& f,
               const DetectionReport& report) {
  const ir::Kernel& kernel = *k.kernel;
  const ir::Block& h = kernel.blocks[f.header];
  std::string verdict = f.flagged ? "flagged" : "not flagged";
  verdict += fmt::format(" ({}", loop_reason_name(f.reason));
  std::vector<std::string_view> filters;
  for (LoopReason r : f.filters) filters.push_back(loop_reason_name(r));
  if (!filters.empty()) verdict += fmt::format("; filters: {}", fmt::join(filters, ", "));
  verdict += ")";
  out << fmt::format("  loop {} at {} (pc {}, {}): {}\n", f.loop, h.label, h.first_pc,
                     where(module, kernel, h.first_pc), verdict);
  if (!f.flagged) return;
  for (const ExitBranch& e : f.exits) {
    out << fmt::format("    exit  {}: {}, reconverges at {}\n", instr_text(module, kernel, e.pc),
                       e.uniform ? "uniform" : "divergent", point_text(module, kernel, e.reconv_pc));
  }
  for (const SharedRead& r : f.reads) {
    std::string addr;
    if (k.addresses != nullptr && k.addresses->is_access(r.pc)) addr = " " + k.addresses->describe(r.pc);
    out << fmt::format("    read  {}{}\n", instr_text(module, kernel, r.pc), addr);
  }
  for (const RedefiningWrite& w : f.writes) {
    out << fmt::format("    write {}: {}, {} alias, redefines pc {}\n", instr_text(module, kernel, w.pc),
                       write_relation_name(w.relation), alias_name(w.alias), fmt::join(w.reads, ", "));
  }
  if (const LoopEvidence* ev = evidence_of(k, f.loop)) evidence_text(out, *ev, module.path, report.timing);
}

/// ", evidence: 1 confirmed, 0 discharged, 1 unknown".
std::string evidence_counts(const std::vector<LoopEvidence>& ev) {
  std::size_t n[3] = {0, 0, 0};
  for (const LoopEvidence& e : ev) ++n[static_cast<int>(e.status)];
  return fmt::format(" ({} confirmed, {} discharged, {} unknown)", n[0], n[1], n[2]);
}

}  // namespace

void detection_text(std::ostream& out, const DetectionReport& report) {
  const ir::Module& module = *report.module;
  out << fmt::format("{}: mode {}, table {}{}{}\n", module.path, detect_mode_spelling(report.options.mode),
                     table_choice_spelling(report.options.table),
                     report.options.alias.assume_noalias_params ? ", distinct parameters assumed not to alias" : "",
                     report.evidence_launches.empty() ? "" : ", evidence on " + report.evidence_launches);
  for (const KernelDetectionRef& k : report.kernels) {
    const KernelDetection& d = *k.detection;
    std::string summary = fmt::format("{}, {} flagged", plural(d.loops.size(), "loop"), d.flagged_loops());
    if (k.evidence != nullptr) summary += evidence_counts(*k.evidence);
    const auto calls = static_cast<std::size_t>(
        std::count_if(d.barriers.begin(), d.barriers.end(), [](const BarrierFinding& b) { return b.call; }));
    if (d.barriers.size() > calls) summary += ", " + plural(d.barriers.size() - calls, "divergent barrier");
    if (calls != 0) summary += ", " + plural(calls, "possible divergent barrier");
    out << fmt::format("kernel {}: {}\n", k.kernel->name, summary);
    for (const LoopFinding& f : d.loops) loop_text(out, module, k, f, report);
    for (const BarrierFinding& b : d.barriers) {
      const std::string inside = inlined_text(module, *k.kernel, b.pc);
      const std::string branch_inside = inlined_text(module, *k.kernel, b.branch_pc);
      std::string what = instr_text(module, *k.kernel, b.pc);
      if (!inside.empty()) what += " " + inside;
      if (b.call) what += ", which may hold a barrier";
      if (b.call || !inside.empty()) what += ",";
      const std::string under =
          b.branch_pc == b.pc
              ? std::string("under its divergent guard")
              : fmt::format("under the divergent branch at pc {} ({}){}", b.branch_pc,
                            where(module, *k.kernel, b.branch_pc), branch_inside.empty() ? "" : " " + branch_inside);
      out << fmt::format("  {}divergent barrier {} {}\n", b.call ? "possible " : "", what, under);
    }
  }
}

}  // namespace lockstep::checker
