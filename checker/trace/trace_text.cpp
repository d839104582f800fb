// trace_text: the readable rendering of a Trace.
#include "checker/trace/trace_text.hpp"

#include <fmt/format.h>

namespace lockstep::checker {
namespace {

std::string dim3(const std::array<std::uint32_t, 3>& d) { return fmt::format("({},{},{})", d[0], d[1], d[2]); }

std::string unit_name(std::uint32_t block, std::uint32_t warp_in_block) {
  return fmt::format("b{}.w{}", block, warp_in_block);
}

std::string stuck_reason(const TraceStuck& s) {
  if (s.state == "reconvergence") {
    return s.until_pc ? fmt::format("waits for reconvergence at pc {}", *s.until_pc) : "waits for reconvergence";
  }
  if (s.state == "pending-path") return "a divergent path the model never schedules";
  if (s.state == "barrier") return "waits at a barrier";
  if (s.state == "warp-sync") return "waits at a warp-synchronous instruction for lanes that never arrive";
  if (s.state == "spinning") return "spinning (keeps issuing inside the cycle)";
  if (s.state == "grid-barrier") return "waits at the grid barrier (grid.sync(); spinning on the grid workspace)";
  if (s.state == "commit-units") return "waits at __tcommit for the commit units' outcome";
  return s.state;
}

void step_line(std::ostream& out, std::size_t i, const TraceStep& s) {
  std::string instr = s.instr;
  if (s.count > 1) instr += fmt::format("  (+{} private)", s.count - 1);
  std::string where = s.line == 0 ? std::string() : fmt::format("line {}", s.line);
  if (!s.src.empty()) where += fmt::format(", {}", s.src);
  const std::string pc = s.key >= sem::kWarpSize ? std::string("-") : fmt::format("{}", s.pc);  // a model event
  out << fmt::format("  {:>4}  {:<7} 0x{:08x} {:>4}  {:<48}  {}{}\n", i, unit_name(s.block, s.warp_in_block), s.lanes,
                     pc, instr, where, s.prefix ? "  [prefix]" : "");
}

}  // namespace

std::string lane_set_text(sem::Mask m) {
  if (m == 0) return "no lanes";
  std::string s;
  const bool one = sem::lane_count(m) == 1;
  while (m != 0) {
    const unsigned a = sem::lowest_lane(m);
    unsigned b = a;
    while (b + 1 < sem::kWarpSize && sem::has_lane(m, b + 1)) ++b;
    s += fmt::format("{}{}", s.empty() ? "" : ",", a == b ? fmt::format("{}", a) : fmt::format("{}-{}", a, b));
    m = b + 1 >= sem::kWarpSize ? 0U : m & ~((sem::Mask{1} << (b + 1)) - 1);
  }
  return fmt::format("{} {}", one ? "lane" : "lanes", s);
}

std::string trace_headline(const Trace& t) {
  const std::string order = t.model == "mimd" ? std::string() : fmt::format(" (push order {})", t.push_order);
  const std::string table = t.model == "mimd" ? std::string() : fmt::format(", reconvergence {}", t.reconvergence);
  const std::string what =
      t.kind == FindingKind::Error ? finding_summary(t) : fmt::format("{} ({})", t.label, finding_kind_name(t.kind));
  return fmt::format("{} under {}{}{}", what, t.model, order, table);
}

std::string stuck_line(const TraceStuck& s) {
  return fmt::format("{} {} at pc {}: {}", unit_name(s.block, s.warp_in_block), lane_set_text(s.lanes), s.pc,
                     stuck_reason(s));
}

void stuck_text(std::ostream& out, const std::vector<TraceStuck>& stuck) {
  if (stuck.empty()) return;
  out << "stuck:\n";
  for (const TraceStuck& s : stuck) out << "  " << stuck_line(s) << '\n';
}

void trace_text(std::ostream& out, const Trace& t) {
  out << trace_headline(t) << '\n';
  std::string inputs = "concrete";
  if (!t.inputs.empty()) {
    inputs.clear();
    for (const TraceInput& in : t.inputs) inputs += fmt::format("{}{} = {}", inputs.empty() ? "" : ", ", in.name, in.value);
  }
  out << fmt::format("kernel {}, grid {}, block {}, inputs: {}\n", t.kernel, dim3(t.grid), dim3(t.block), inputs);
  out << fmt::format("  {:>4}  {:<7} {:<10} {:>4}  {}\n", "#", "warp", "lanes", "pc", "instr");
  for (std::size_t i = 0; i < t.steps.size(); ++i) {
    if (t.cycle_start && i == *t.cycle_start) out << "  -- cycle: repeats forever; every enabled unit issues in it --\n";
    step_line(out, i, t.steps[i]);
  }
  if (t.cycle_start) out << fmt::format("  -- back to step {} --\n", *t.cycle_start);
  if (t.steps.empty()) out << "  (no steps: the initial state)\n";
  stuck_text(out, t.stuck);
  if (t.fault) {
    const TraceFault& f = *t.fault;
    out << fmt::format("fault: {}: {} ({} lane {} at pc {})\n", f.kind, f.message,
                       unit_name(f.block, f.warp_in_block), f.lane, f.pc);
  }
  for (const TraceMismatch& m : t.mismatches) {
    out << fmt::format("mismatch: {}[{}]: expected {}, got {}\n", m.buffer, m.index, m.expected, m.actual);
  }
  if (t.mismatches.empty() && !t.fault && !t.detail.empty()) out << fmt::format("detail: {}\n", t.detail);
}

}  // namespace lockstep::checker
