#include "cli/run_report.hpp"

#include <algorithm>
#include <cmath>
#include <optional>
#include <set>
#include <span>
#include <vector>

#include <fmt/format.h>

#include "checker/trace/trace_text.hpp"
#include "cli/tx_report.hpp"
#include "frontend/ir/cuda_location.hpp"
#include "semantics/launch/grid_barrier_hang.hpp"
#include "semantics/model/lane_list.hpp"
#include "semantics/spec/element.hpp"
#include "semantics/spec/expect.hpp"

namespace lockstep::cli {
namespace {

using nlohmann::ordered_json;

using sem::lane_list;

std::string cuda_loc(const ir::Module& m, const ir::Instr& in) { return ir::cuda_location(m, in.cuda); }

/// The CUDA position as JSON: "file.cu:7", or null without a `.loc`.
ordered_json cuda_json(const ir::Module& m, const ir::Instr& in) {
  const std::string cuda = cuda_loc(m, in);
  return cuda.empty() ? ordered_json(nullptr) : ordered_json(cuda);
}

/// "pc 12 (file.ptx:40, file.cu:7)".
std::string where(const sem::LaunchSetup& s, std::uint32_t pc) {
  const ir::Kernel& k = *s.kernel;
  if (pc >= k.code.size()) return fmt::format("pc {}", pc);
  const ir::Instr& in = k.code[pc];
  const std::string cuda = cuda_loc(*s.module, in);
  return fmt::format("pc {} ({}:{}{}{})", pc, s.module->path, in.loc.line, cuda.empty() ? "" : ", ", cuda);
}

std::string dim3(const std::array<std::uint32_t, 3>& v) { return fmt::format("({},{},{})", v[0], v[1], v[2]); }

std::string state_name(const sem::StuckThreads& t) {
  if (t.progressing && t.wait.kind != sem::WaitKind::GridBarrier) return "spinning";
  return sem::wait_kind_name(t.wait.kind);
}

/// The grid-barrier hang of a livelock, when every spinning thread is in a grid barrier's loop.
std::optional<sem::GridBarrierHang> grid_hang(const sem::LaunchSetup& s, const sem::RunResult& res) {
  std::vector<std::pair<std::uint32_t, bool>> spinning;
  for (const sem::StuckThreads& t : res.stuck) {
    if (t.progressing) spinning.emplace_back(t.block, t.wait.kind == sem::WaitKind::GridBarrier);
  }
  return sem::grid_barrier_hang(s, spinning);
}

std::string reason(const sem::LaunchSetup& s, const sem::StuckThreads& t) {
  if (t.wait.kind == sem::WaitKind::GridBarrier) {
    return "waits at the grid barrier (grid.sync(); spinning on the grid workspace)";
  }
  switch (t.progressing ? sem::WaitKind::Ready : t.wait.kind) {
    case sem::WaitKind::Ready: return t.progressing ? "keeps executing inside the cycle" : "could issue but never finishes";
    case sem::WaitKind::Reconverge: return fmt::format("waits for reconvergence at {}", where(s, t.wait.until_pc));
    case sem::WaitKind::Pending: return "a divergent path that the model never schedules";
    case sem::WaitKind::Barrier: return "waits at a barrier";
    case sem::WaitKind::WarpSync: return "waits at a warp-synchronous instruction for lanes that never arrive";
    case sem::WaitKind::GridBarrier: break;
    case sem::WaitKind::CommitUnits: return "waits at __tcommit for the commit units' outcome";
  }
  return {};
}

std::vector<std::uint8_t> buffer_bytes(const sem::GlobalMemory& memory, const sem::BufferBinding& b) {
  std::vector<std::uint8_t> bytes(b.bytes());
  if (!bytes.empty()) memory.read(b.address, bytes.size(), bytes.data());
  return bytes;
}

/// Innermost loops that contain a PC of the cycle: (header pc, loop) pairs.
std::vector<std::uint32_t> cycle_loops(const sem::LaunchSetup& s, const std::vector<std::uint32_t>& pcs) {
  std::set<std::uint32_t> headers;
  const auto& loops = s.analysis.loops.loops();
  for (const std::uint32_t pc : pcs) {
    const std::uint32_t b = s.kernel->block_of(pc);
    std::uint32_t best = 0xffffffffU;
    for (std::uint32_t i = 0; i < loops.size(); ++i) {
      const auto& l = loops[i];
      if (std::binary_search(l.blocks.begin(), l.blocks.end(), b) && (best == 0xffffffffU || l.depth > loops[best].depth)) {
        best = i;
      }
    }
    if (best != 0xffffffffU) headers.insert(s.kernel->blocks[loops[best].header].first_pc);
  }
  return {headers.begin(), headers.end()};
}

/// Data-level parallelism: thread instructions per issued warp instruction (0 before any issue).
double dlp(const sem::LaunchStats& st) {
  return st.warp_instructions == 0 ? 0.0
                                   : static_cast<double>(st.thread_instructions) / static_cast<double>(st.warp_instructions);
}

bool expectations_hold(const sem::GlobalMemory& memory, const RunContext& c) {
  for (const sem::ExpectSpec& e : c.spec->expects) {
    const sem::BufferBinding& b = c.setup->buffers[e.buffer];
    if (!sem::compare_expect(e, b.type, buffer_bytes(memory, b), 1).empty()) return false;
  }
  return true;
}

}  // namespace

int run_exit_status(const sem::RunOutcome& r, const RunContext& c) { return exit_status(r.result, r.memory, c); }

int exit_status(const sem::RunResult& result, const sem::GlobalMemory& memory, const RunContext& c) {
  switch (result.status) {
    case sem::RunStatus::Completed: return expectations_hold(memory, c) ? 0 : 2;
    case sem::RunStatus::Deadlock:
    case sem::RunStatus::Livelock: return 3;
    case sem::RunStatus::StepLimit: return 4;
    case sem::RunStatus::Error: return 5;
  }
  return 5;
}

void run_text(std::ostream& out, const sem::RunOutcome& r, const RunContext& c) {
  const sem::LaunchSetup& s = *c.setup;
  const sem::RunResult& res = r.result;
  out << r.output;
  out << fmt::format("kernel: {}  model: {}  schedule: {}  grid: {}  block: {}{}\n", s.kernel->name, c.model,
                     c.schedule, dim3(s.shape.grid), dim3(s.shape.block), s.cooperative ? "  (cooperative)" : "");
  if (res.resident_blocks != 0) {
    out << fmt::format("residency: at most {} of {} blocks resident at once ({})\n", res.resident_blocks,
                       s.shape.blocks(), c.residency);
  }
  status_text(out, res, c, "steps");
  out << fmt::format("steps: {}  warp instructions: {}  thread instructions: {}  DLP: {:.2f}\n", res.stats.steps,
                     res.stats.warp_instructions, res.stats.thread_instructions, dlp(res.stats));
  tx_text(out, res.stats.tx, s);
  if (res.status != sem::RunStatus::Completed) return;
  results_text(out, r.memory, c);
}

void status_text(std::ostream& out, const sem::RunResult& res, const RunContext& c, std::string_view unit) {
  const sem::LaunchSetup& s = *c.setup;
  switch (res.status) {
    case sem::RunStatus::Completed: out << "status: completed\n"; break;
    case sem::RunStatus::Deadlock:
      if (!res.occupancy_deadlock.empty()) {
        out << "status: deadlock: " << res.occupancy_deadlock << '\n';
      } else {
        out << "status: deadlock: no thread can issue and some never finished\n";
      }
      break;
    case sem::RunStatus::Livelock:
      if (const auto hang = res.fair ? grid_hang(s, res) : std::nullopt) {
        out << fmt::format("status: deadlock at the grid barrier: {} (the waiting threads spin: the launch state "
                           "repeats every {} {})\n",
                           sem::grid_barrier_text(s, *hang), res.cycle_steps, unit);
      } else if (res.fair) {
        out << fmt::format("status: livelock: the launch state repeats every {} {} under a fair schedule; "
                           "these threads can never finish{}\n",
                           res.cycle_steps, unit, c.model == "mimd" ? "" : " (SIMT-induced deadlock)");
      } else {
        out << fmt::format("status: livelock: the launch state repeats every {} {}, but the schedule is not fair "
                           "(a unit that could issue never did); not evidence of a SIMT-induced deadlock\n",
                           res.cycle_steps, unit);
      }
      for (const std::uint32_t h : cycle_loops(s, res.cycle_pcs)) {
        out << fmt::format("  loop with header {} {}\n", s.kernel->blocks[s.kernel->block_of(h)].label.empty()
                                                          ? std::string("?") : s.kernel->blocks[s.kernel->block_of(h)].label,
                           where(s, h));
      }
      break;
    case sem::RunStatus::StepLimit: out << "status: step-limit: inconclusive, the step limit was reached\n"; break;
    case sem::RunStatus::Error: {
      const sem::LaunchFault& f = *res.fault;
      out << fmt::format("status: error: {}: {}\n  thread {} of block {} (warp {} lane {}) at {}\n", f.kind, f.message,
                         dim3(f.thread), dim3(f.block), f.warp, f.lane, where(s, f.pc));
      break;
    }
  }
  stuck_text(out, res, c);
}

void stuck_text(std::ostream& out, const sem::RunResult& res, const RunContext& c) {
  const sem::LaunchSetup& s = *c.setup;
  for (const sem::StuckThreads& t : res.stuck) {
    out << fmt::format("  block {} warp {} lanes {}: {} at {}: {}\n", dim3(sem::LaunchShape::unflatten(t.block, s.shape.grid)),
                       t.warp_in_block, lane_list(t.wait.lanes), state_name(t), where(s, t.wait.pc), reason(s, t));
  }
}

void results_text(std::ostream& out, const sem::GlobalMemory& memory, const RunContext& c) {
  const sem::LaunchSetup& s = *c.setup;
  if (!c.spec->expects.empty()) {
    for (const sem::ExpectSpec& e : c.spec->expects) {
      const sem::BufferBinding& b = s.buffers[e.buffer];
      const auto bytes = buffer_bytes(memory, b);
      const auto all = sem::compare_expect(e, b.type, bytes);
      if (all.empty()) {
        out << fmt::format("expect {}: ok ({} elements)\n", b.name, b.count);
        continue;
      }
      out << fmt::format("expect {}: {} mismatch(es)\n", b.name, all.size());
      for (std::size_t i = 0; i < all.size() && i < 20; ++i) {
        out << fmt::format("  {}[{}]: expected {}, got {}\n", b.name, all[i].index, all[i].expected, all[i].actual);
      }
      if (all.size() > 20) out << fmt::format("  ... {} more\n", all.size() - 20);
    }
    return;
  }
  for (const sem::BufferBinding& b : s.buffers) {
    // Only the elements printed are read (a buffer may be large).
    const unsigned w = ir::byte_width(b.type);
    std::vector<std::uint8_t> bytes(std::min<std::size_t>(b.count, 64) * w);
    if (!bytes.empty()) memory.read(b.address, bytes.size(), bytes.data());
    std::string line;
    for (std::size_t i = 0; i < b.count && i < 64; ++i) line += (i ? " " : "") + sem::format_element(b.type, bytes.data() + i * w);
    if (b.count > 64) line += fmt::format(" ... ({} more)", b.count - 64);
    out << fmt::format("buffer {} ({} x {}): {}\n", b.name, ir::type_name(b.type), b.count, line);
  }
}

ordered_json run_json(const sem::RunOutcome& r, const RunContext& c) {
  const sem::LaunchSetup& s = *c.setup;
  const sem::RunResult& res = r.result;
  ordered_json j;
  j["status"] = sem::run_status_name(res.status);
  j["kernel"] = s.kernel->name;
  j["model"] = c.model;
  j["schedule"] = c.schedule;
  j["grid"] = s.shape.grid;
  j["block"] = s.shape.block;
  if (s.cooperative) j["cooperative"] = true;
  j["steps"] = res.stats.steps;
  j["warp_instructions"] = res.stats.warp_instructions;
  j["thread_instructions"] = res.stats.thread_instructions;
  j["dlp"] = std::round(dlp(res.stats) * 10000) / 10000;
  tx_json(j, res.stats.tx, s);
  if (res.resident_blocks != 0) {
    j["residency"] = {{"resident_blocks", res.resident_blocks}, {"blocks", s.shape.blocks()}, {"limit", c.residency}};
  }
  if (!res.occupancy_deadlock.empty()) j["occupancy_deadlock"] = res.occupancy_deadlock;
  j["output"] = r.output;
  outcome_json(j, res, r.memory, c);
  return j;
}

void outcome_json(ordered_json& j, const sem::RunResult& res, const sem::GlobalMemory& memory, const RunContext& c) {
  const sem::LaunchSetup& s = *c.setup;
  ordered_json bufs = ordered_json::object();
  for (const sem::BufferBinding& b : s.buffers) {
    const auto bytes = buffer_bytes(memory, b);
    const unsigned w = ir::byte_width(b.type);
    ordered_json arr = ordered_json::array();
    for (std::size_t i = 0; i < b.count; ++i) {
      const std::string text = sem::format_element(b.type, bytes.data() + i * w);
      const ordered_json v = ordered_json::parse(text, nullptr, false);
      arr.push_back(v.is_discarded() ? ordered_json(text) : v);
    }
    bufs[b.name] = std::move(arr);
  }
  j["buffers"] = std::move(bufs);
  ordered_json ex = ordered_json::array();
  if (res.status == sem::RunStatus::Completed) {
    for (const sem::ExpectSpec& e : c.spec->expects) {
      const sem::BufferBinding& b = s.buffers[e.buffer];
      const auto mism = sem::compare_expect(e, b.type, buffer_bytes(memory, b), 100);
      ordered_json m = ordered_json::array();
      for (const sem::Mismatch& x : mism) m.push_back({{"index", x.index}, {"expected", x.expected}, {"actual", x.actual}});
      ex.push_back({{"buffer", b.name}, {"ok", mism.empty()}, {"mismatches", std::move(m)}});
    }
  }
  j["expect"] = std::move(ex);
  ordered_json stuck = ordered_json::array();
  for (const sem::StuckThreads& t : res.stuck) {
    const ir::Instr& in = s.kernel->code[t.wait.pc];
    ordered_json threads = ordered_json::array();
    sem::for_each_lane(t.wait.lanes, [&](unsigned l) { threads.push_back(t.warp_in_block * sem::kWarpSize + l); });
    ordered_json e;
    e["block"] = sem::LaunchShape::unflatten(t.block, s.shape.grid);
    e["warp"] = t.warp_in_block;
    e["lanes"] = lane_list(t.wait.lanes);
    e["threads"] = std::move(threads);
    e["pc"] = t.wait.pc;
    e["line"] = in.loc.line;
    e["cuda"] = cuda_json(*s.module, in);
    e["state"] = state_name(t);
    if (t.wait.kind == sem::WaitKind::Reconverge && !t.progressing) e["until_pc"] = t.wait.until_pc;
    e["reason"] = reason(s, t);
    stuck.push_back(std::move(e));
  }
  j["stuck"] = std::move(stuck);
  if (res.status == sem::RunStatus::Livelock) {
    ordered_json loops = ordered_json::array();
    for (const std::uint32_t h : cycle_loops(s, res.cycle_pcs)) {
      loops.push_back({{"header_pc", h}, {"line", s.kernel->code[h].loc.line},
                       {"cuda", cuda_json(*s.module, s.kernel->code[h])}});
    }
    const auto hang = res.fair ? grid_hang(s, res) : std::nullopt;
    j["livelock"] = {{"fair", res.fair}, {"simt_induced", res.fair && c.model != "mimd" && !hang},
                     {"cycle_steps", res.cycle_steps}, {"cycle_pcs", res.cycle_pcs}, {"loops", std::move(loops)}};
    if (hang) {
      j["livelock"]["grid_barrier"] = {{"waiting_blocks", hang->waiting}, {"missing_blocks", hang->missing},
                                       {"text", sem::grid_barrier_text(s, *hang)}};
    }
  }
  if (res.fault) {
    const sem::LaunchFault& f = *res.fault;
    j["fault"] = {{"kind", f.kind}, {"message", f.message}, {"block", f.block}, {"thread", f.thread},
                  {"warp", f.warp}, {"lane", f.lane}, {"pc", f.pc}, {"line", s.kernel->code[f.pc].loc.line},
                  {"cuda", cuda_json(*s.module, s.kernel->code[f.pc])}};
  }
}

}  // namespace lockstep::cli

namespace lockstep::cli {
namespace {

/// What the replay confirmed, by the trace's kind.
std::string replay_confirmation(const checker::Trace& t, const checker::TraceReplay& r) {
  switch (t.kind) {
    case checker::FindingKind::NonTermination:
      return fmt::format("replayed: the cycle (steps {} to {}) returns to the same state", *t.cycle_start,
                         t.steps.size() - 1);
    case checker::FindingKind::Deadlock: return "replayed: the launch deadlocks in the trace's state";
    case checker::FindingKind::Error:
      return r.outcome.fault ? fmt::format("replayed: the launch faults in the trace's state: {}: {}",
                                           r.outcome.fault->kind, r.outcome.fault->message)
                             : "replayed: the launch faults in the trace's state";
    case checker::FindingKind::ExpectMismatch:
      return "replayed: the launch completes in the trace's state with [expect] mismatches";
    case checker::FindingKind::Completed:
      return r.mismatches.empty() ? "replayed: the launch completes in the trace's state"
                                  : "replayed: the launch completes in the trace's state with [expect] mismatches";
  }
  return "replayed";
}

}  // namespace

void replay_text(std::ostream& out, const checker::Trace& t, const checker::TraceReplay& r, const std::string& path) {
  out << r.outcome.output;
  out << fmt::format("replay: {}\n", path);
  out << fmt::format("  {}\n", checker::trace_headline(t));
  out << fmt::format("  kernel {}, grid {}, block {}\n", t.kernel, dim3(t.grid), dim3(t.block));
  out << fmt::format("  steps: {}  instructions: {}\n", t.steps.size(), r.outcome.instructions);
  out << replay_confirmation(t, r) << '\n';
  checker::stuck_text(out, r.stuck);
  if (r.outcome.fault) {
    const sem::LaunchFault& f = *r.outcome.fault;
    out << fmt::format("fault: {}: {} (thread {} of block {}, warp {} lane {}, pc {})\n", f.kind, f.message,
                       dim3(f.thread), dim3(f.block), f.warp, f.lane, f.pc);
  }
  for (const checker::TraceMismatch& m : r.mismatches) {
    out << fmt::format("mismatch: {}[{}]: expected {}, got {}\n", m.buffer, m.index, m.expected, m.actual);
  }
}

ordered_json replay_json(const checker::Trace& t, const checker::TraceReplay& r, const std::string& path) {
  ordered_json j;
  j["replay"] = path;
  j["replayed"] = r.ok;
  j["kind"] = checker::finding_kind_name(t.kind);
  j["label"] = t.label;
  j["model"] = t.model;
  j["kernel"] = t.kernel;
  j["steps"] = t.steps.size();
  j["instructions"] = r.outcome.instructions;
  j["digest"] = checker::digest_hex(r.outcome.digest);
  j["output"] = r.outcome.output;
  ordered_json stuck = ordered_json::array();
  for (const checker::TraceStuck& s : r.stuck) {
    stuck.push_back({{"block", s.block}, {"warp_in_block", s.warp_in_block}, {"lanes", lane_list(s.lanes)},
                     {"pc", s.pc}, {"state", s.state}});
  }
  j["stuck"] = std::move(stuck);
  if (r.outcome.fault) {
    const sem::LaunchFault& f = *r.outcome.fault;
    j["fault"] = {{"kind", f.kind}, {"message", f.message}, {"block", f.block}, {"thread", f.thread},
                  {"warp", f.warp}, {"lane", f.lane}, {"pc", f.pc}};
  } else {
    j["fault"] = nullptr;
  }
  ordered_json mism = ordered_json::array();
  for (const checker::TraceMismatch& m : r.mismatches) {
    mism.push_back({{"buffer", m.buffer}, {"index", m.index}, {"expected", m.expected}, {"actual", m.actual}});
  }
  j["mismatches"] = std::move(mism);
  return j;
}

}  // namespace lockstep::cli
