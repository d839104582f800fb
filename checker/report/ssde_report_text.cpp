// ssde_report_text: the readable rendering of the SSDE pipeline's result.
//
//   spin_lock.ptx: ssde, mode refined
//   kernel _Z9spin_lockPiPVi: 1 loop transformed, 1 BBS
//     BBS $L__ssde_S0 (output pc 13) before pc 13 (line 43), the SafePDom of
//       loop 0 at $L__BB0_1 (pc 4, line 30): case 1 -> $L__BB0_1
//         SafePDom: exit (pc 8) -> pc 9, write (pc 12) -> pc 13
//     added: 2 blocks, 4 instructions, 2 registers; repairs: 1 edge split, ...
//     after: nothing flagged
#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <string>
#include <vector>

#include "checker/report/locations.hpp"
#include "checker/report/ssde_report.hpp"

namespace lockstep::checker {
namespace {

std::string plural(std::size_t n, std::string_view word) {
  return fmt::format("{} {}{}", n, word, n == 1 ? "" : "s");
}

std::string pc_or_exit(std::uint32_t pc) {
  return pc == analysis::kExitPc ? std::string("exit") : fmt::format("pc {}", pc);
}

void loop_lines(std::ostream& out, const ir::Module& m, const ir::Kernel& in, const SsdePipelineResult& r,
                const SsdeGroup& g, const SsdeCase& c) {
  std::string at;
  for (const SsdeLoop& l : g.loops) {
    if (l.loop != c.loop) continue;
    const ir::Block& h = in.blocks[l.header];
    at = fmt::format(" at {} (pc {}, {})", h.label, h.first_pc, where(m, in, h.first_pc));
  }
  out << fmt::format("    loop {}{}: case {} -> {}\n", c.loop, at, c.value, c.target_label);
  for (const LoopSafePdom& s : r.safepdoms.loops) {
    if (s.loop != c.loop || s.history.empty()) continue;
    std::vector<std::string> steps;
    for (const Rise& rise : s.history) {
      steps.push_back(fmt::format("{} ({}) -> {}", rise_cause_name(rise.cause), pc_or_exit(rise.from_pc),
                                  pc_or_exit(rise.point)));
    }
    out << fmt::format("      SafePDom: {}\n", fmt::join(steps, ", "));
  }
}

void evidence_lines(std::ostream& out, const ir::Module& m, const ir::Kernel& in, const SsdePipelineResult& r,
                    const std::vector<LoopEvidence>& ev) {
  for (const LoopEvidence& e : ev) {
    const ir::Block& h = in.blocks[r.before.loops[e.loop].header];
    const bool alone = std::find(r.left_alone.begin(), r.left_alone.end(), e.loop) != r.left_alone.end();
    out << fmt::format("  loop {} at {} (pc {}, {}): {}{}: {}\n", e.loop, h.label, h.first_pc, where(m, in, h.first_pc),
                       evidence_status_name(e.status), alone ? ", left alone" : "", e.summary);
  }
}

void kernel_text(std::ostream& out, const ir::Module& m, const SsdePipelineResult& r,
                 const std::vector<LoopEvidence>* ev) {
  const ir::Kernel& in = m.kernels[r.kernel_index];
  if (!r.transformed) {
    out << fmt::format("kernel {}: nothing to transform\n", in.name);
    if (ev != nullptr) evidence_lines(out, m, in, r, *ev);
  } else {
    std::size_t loops = 0;
    for (const SsdeSwitch& sw : r.report.switches) loops += sw.cases.size();
    out << fmt::format("kernel {}: {} transformed, {}\n", in.name, plural(loops, "loop"),
                       plural(r.report.switches.size(), "BBS"));
    if (r.fell_back_to_exit)
      out << "  (the SafePDoms were refused by the transformation; every loop reconverges at the kernel exit)\n";
    if (ev != nullptr) evidence_lines(out, m, in, r, *ev);
    for (std::size_t i = 0; i < r.report.switches.size() && i < r.groups.size(); ++i) {
      const SsdeSwitch& sw = r.report.switches[i];
      out << fmt::format("  BBS {} (output pc {}) before {}, the SafePDom of\n", sw.bbs_label, sw.bbs_pc,
                         point_text(m, in, sw.point));
      for (const SsdeCase& c : sw.cases) loop_lines(out, m, in, r, r.groups[i], c);
    }
    const SsdeReport& rep = r.report;
    out << fmt::format("  added: {}, {}, {}; repairs: {}, {}, {}{}\n", plural(rep.blocks_added, "block"),
                       plural(rep.instructions_added, "instruction"), plural(rep.registers_added, "register"),
                       plural(rep.edge_splits, "edge split"), plural(rep.merged_back_edges, "merged back edge"),
                       plural(rep.new_headers, "new header"), rep.exit_materialised ? ", exit block made" : "");
  }
  for (const BarrierFinding& b : r.unfixable) {
    out << fmt::format("  {}divergent barrier {}: not removable by SSDE\n", b.call ? "possible " : "",
                       barrier_words(m, in, b));
  }
  if (!r.transformed) return;
  const std::string alone =
      r.after_left_alone.empty() ? std::string() : fmt::format(" (but {} left alone)", plural(r.after_left_alone.size(), "loop"));
  if (r.clean()) {
    out << "  after: nothing flagged" << alone << "\n";
    return;
  }
  std::vector<std::string> left;
  for (const LoopFinding& f : r.after.loops) {
    if (f.flagged && !r.left_alone_after(f.loop))
      left.push_back(fmt::format("loop {} at output pc {}", f.loop, r.kernel.blocks[f.header].first_pc));
  }
  const auto calls = static_cast<std::size_t>(std::count_if(
      r.after.barriers.begin(), r.after.barriers.end(), [](const BarrierFinding& b) { return b.call; }));
  if (r.after.barriers.size() > calls) left.push_back(plural(r.after.barriers.size() - calls, "divergent barrier"));
  if (calls != 0) left.push_back(plural(calls, "possible divergent barrier"));
  out << fmt::format("  after: still flagged: {}{}\n", fmt::join(left, ", "), alone);
}

}  // namespace

void ssde_report_text(std::ostream& out, const SsdeReportInput& input) {
  const ir::Module& m = *input.module;
  out << fmt::format("{}: ssde, mode {}\n", m.path, detect_mode_spelling(input.options.mode));
  for (std::size_t i = 0; i < input.kernels.size(); ++i)
    kernel_text(out, m, *input.kernels[i], i < input.evidence.size() ? input.evidence[i] : nullptr);
}

}  // namespace lockstep::checker
