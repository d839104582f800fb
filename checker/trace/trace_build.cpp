// build_trace: an explorer finding plus what its replay showed, as a Trace.
#include "checker/trace/trace_build.hpp"

#include <fmt/format.h>

#include "frontend/ir/cuda_location.hpp"
#include "frontend/source.hpp"
#include "frontend/ptx/printer_parts.hpp"
#include "semantics/launch/grid_barrier_hang.hpp"

namespace lockstep::checker {

TraceOrigin trace_origin_of_files(const std::string& ptx, const std::string& launch, std::string model,
                                  std::string reconvergence) {
  TraceOrigin o;
  o.ptx = ptx;
  o.ptx_bytes = std::string(Source::read_file(ptx).text());
  o.launch = launch;
  o.launch_bytes = std::string(Source::read_file(launch).text());
  o.model = std::move(model);
  o.reconvergence = std::move(reconvergence);
  return o;
}
namespace {

std::string source_line(const ir::Module& m, const ir::Instr& in) { return ir::cuda_location(m, in.cuda); }

/// The instruction at pc as PTX text on one line, tabs as spaces, without the trailing ';'.
std::string instr_text(const sem::LaunchSetup& s, const ptx::printer::KernelNames& names, std::uint32_t pc) {
  ptx::printer::Out out;
  ptx::printer::print_instr(out, ptx::printer::Names{*s.module, *s.kernel, names}, pc);
  std::string text = fmt::to_string(out);
  if (!text.empty() && text.back() == ';') text.pop_back();
  for (char& c : text) {
    if (c == '\t') c = ' ';
  }
  return text;
}

/// Lanes of warp w that issued an instruction in steps[from, end).
sem::Mask issued_in(const Finding& f, std::size_t from, std::uint32_t w) {
  sem::Mask m = 0;
  for (std::size_t i = from; i < f.steps.size(); ++i) {
    if (f.steps[i].warp == w) m |= f.steps[i].lanes;
  }
  return m;
}

std::vector<TraceStuck> stuck_threads(const sem::LaunchSetup& s, const Finding& f, const TraceEnd& end) {
  const std::uint32_t wpb = s.shape.warps_per_block();
  std::vector<TraceStuck> out;
  for (const auto& [w, wait] : end.waits) {
    TraceStuck t;
    t.warp = w;
    t.block = w / wpb;
    t.warp_in_block = w % wpb;
    t.lanes = wait.lanes;
    t.pc = wait.pc;
    t.state = sem::wait_kind_name(wait.kind);
    if (wait.kind == sem::WaitKind::Reconverge) t.until_pc = wait.until_pc;
    if (wait.kind == sem::WaitKind::Ready && f.kind == FindingKind::NonTermination &&
        (issued_in(f, f.cycle_start, w) & wait.lanes) != 0) {
      t.state = "spinning";
    }
    out.push_back(std::move(t));
  }
  return out;
}

/// "block 0 waits in grid.sync() for block 1, which never arrives", or "".
std::string grid_barrier_detail(const sem::LaunchSetup& s, const std::vector<TraceStuck>& stuck) {
  std::vector<std::pair<std::uint32_t, bool>> spinning;
  for (const TraceStuck& t : stuck) {
    if (t.state == "grid-barrier" || t.state == "spinning") spinning.emplace_back(t.block, t.state == "grid-barrier");
  }
  const auto hang = sem::grid_barrier_hang(s, spinning);
  return hang ? sem::grid_barrier_text(s, *hang) : std::string();
}

}  // namespace

Trace build_trace(const sem::LaunchSetup& setup, const TraceOrigin& origin, const Finding& finding,
                  const TraceEnd& end) {
  Trace t;
  t.ptx = origin.ptx;
  t.ptx_xxh64 = xxh64_hex(origin.ptx_bytes);
  t.launch = origin.launch;
  t.launch_xxh64 = xxh64_hex(origin.launch_bytes);
  t.kernel = setup.kernel->name;
  t.model = origin.model;
  t.push_order = push_order_of(origin.model);
  t.reconvergence = origin.reconvergence;
  t.grid = setup.shape.grid;
  t.block = setup.shape.block;
  t.inputs = origin.inputs;
  t.kind = finding.kind;
  t.canonical = origin.canonical;
  t.cuda_barrier_rule = origin.cuda_barrier_rule;
  t.tm_serializable = origin.tm_serializable;
  t.tm_protocol = origin.tm_protocol;
  t.state_digest = finding.digest;
  t.detail = finding.detail;
  if (finding.kind == FindingKind::NonTermination) t.cycle_start = finding.cycle_start;

  const ptx::printer::KernelNames names(*setup.kernel);
  const std::uint32_t wpb = setup.shape.warps_per_block();
  const auto& code = setup.kernel->code;
  std::size_t event = 0;
  for (const StepRecord& r : finding.steps) {
    TraceStep st;
    st.warp = r.warp;
    st.block = r.warp / wpb;
    st.warp_in_block = r.warp % wpb;
    st.key = r.key;
    st.lanes = r.lanes;
    st.count = r.count;
    st.pc = r.pc;
    st.prefix = r.prefix;
    if (r.key >= sem::kWarpSize) {
      st.instr = event < end.events.size()
                     ? fmt::format("(model event: {})", end.events[event])
                     : fmt::format("(model event: timeout of reconvergence entry {})", r.key - sem::kWarpSize);
      ++event;
    } else if (r.pc < code.size()) {
      st.instr = instr_text(setup, names, r.pc);
      st.line = code[r.pc].loc.line;
      st.src = source_line(*setup.module, code[r.pc]);
    }
    t.steps.push_back(std::move(st));
  }
  t.stuck = stuck_threads(setup, finding, end);
  if (end.fault) {
    const sem::LaunchFault& f = *end.fault;
    const auto& g = setup.shape.grid;
    const std::uint32_t block = f.block[0] + g[0] * (f.block[1] + g[1] * f.block[2]);
    t.fault = TraceFault{f.kind, f.message, block, f.warp, f.lane, f.pc};
  }
  t.mismatches = end.mismatches;
  t.label = finding_label(t.kind, t.model, t.stuck);
  if (finding.kind == FindingKind::NonTermination && t.detail.empty()) t.detail = grid_barrier_detail(setup, t.stuck);
  return t;
}

std::vector<StepRecord> trace_records(const Trace& trace) {
  std::vector<StepRecord> out;
  out.reserve(trace.steps.size());
  for (const TraceStep& s : trace.steps) {
    out.push_back(StepRecord{s.warp, s.key, s.count, s.pc, s.lanes, s.prefix});
  }
  return out;
}

}  // namespace lockstep::checker
