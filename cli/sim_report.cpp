#include "cli/sim_report.hpp"

#include <cmath>

#include <fmt/format.h>

#include "sim/stats/stats_format.hpp"

namespace lockstep::cli {
namespace {

using nlohmann::ordered_json;

std::string dim3(const std::array<std::uint32_t, 3>& v) { return fmt::format("({},{},{})", v[0], v[1], v[2]); }

std::string percent(double v) { return std::isfinite(v) ? fmt::format("{:.1f}%", 100.0 * v) : std::string("n/a"); }

double ipc(const sim::SimResult& r) {
  return r.cycles == 0 ? 0.0
                       : static_cast<double>(sim::executed_instructions(r)) / static_cast<double>(r.cycles);
}

std::uint64_t thread_instructions(const sim::SimResult& r) {
  std::uint64_t n = 0;
  for (const sim::SmStats& s : r.sm_stats) n += s.thread_instructions;
  return n;
}

}  // namespace

int sim_exit_status(const sim::SimResult& r, const SimContext& c) { return exit_status(r.run, r.memory, c.run); }

void sim_text(std::ostream& out, const sim::SimResult& r, const SimContext& c) {
  const sem::LaunchSetup& s = *c.run.setup;
  out << r.output;
  out << fmt::format("kernel: {}  model: {}  gpu: {}  grid: {}  block: {}{}\n", s.kernel->name, c.run.model, c.gpu,
                     dim3(s.shape.grid), dim3(s.shape.block), s.cooperative ? "  (cooperative)" : "");
  out << fmt::format("occupancy: {}; {} registers per thread{}\n", r.occupancy_text, r.registers,
                     r.registers_estimated ? " (lockstep's estimate)" : "");
  switch (r.run.status) {
    case sem::RunStatus::StepLimit:
      out << fmt::format("status: cycle-limit: inconclusive, the limit of {} cycles was reached\n", c.max_cycles);
      break;
    case sem::RunStatus::Deadlock:
      if (!r.occupancy_deadlock.empty()) {
        out << fmt::format("status: deadlock at cycle {}: {}\n", r.cycles, r.occupancy_deadlock);
        stuck_text(out, r.run, c.run);
      } else {
        out << fmt::format("status: deadlock at cycle {}: no thread can issue and some never finished{}\n", r.cycles,
                           r.undispatched_blocks == 0 ? std::string()
                                                      : fmt::format(" ({} blocks never dispatched)", r.undispatched_blocks));
        stuck_text(out, r.run, c.run);
      }
      break;
    default:
      status_text(out, r.run, c.run, "instructions");
      if (r.run.status == sem::RunStatus::Livelock) out << fmt::format("  detected at cycle {}\n", r.cycles);
      break;
  }
  const double dlp = sim::dlp(r);
  out << fmt::format("cycles: {}  instructions: {}  ipc: {:.4f}  simd efficiency: {}  DLP: {:.2f}  warp instructions: {}\n",
                     r.cycles, sim::executed_instructions(r), ipc(r), percent(sim::simd_efficiency(r)),
                     std::isfinite(dlp) ? dlp : 0.0, sim::warp_instructions(r));
  if (c.ddos) {
    out << fmt::format("spin-inducing branches confirmed (DDOS): {}\n",
                       r.detections.empty() ? std::string("none") : fmt::format("{}", r.detections.size()));
    for (const sim::SpinDetection& d : r.detections) {
      const ir::Kernel& k = *c.run.setup->kernel;
      const std::uint32_t target = k.op(d.pc, 0).label_pc();
      out << fmt::format("  pc {} (bra {}) at cycle {}: SM {} warp slot {} (block {} warp {})\n", d.pc,
                         k.blocks[k.block_of(target)].label, d.cycle, d.sm, d.warp, d.block, d.warp_in_block);
    }
  }
  if (r.run.status != sem::RunStatus::Completed) return;
  results_text(out, r.memory, c.run);
}

ordered_json sim_json(const sim::SimResult& r, const SimContext& c, const sim::StatGroups* stats) {
  const sem::LaunchSetup& s = *c.run.setup;
  ordered_json j;
  j["status"] = r.run.status == sem::RunStatus::StepLimit ? "cycle-limit" : sem::run_status_name(r.run.status);
  j["kernel"] = s.kernel->name;
  j["model"] = c.run.model;
  j["gpu"] = c.gpu;
  j["grid"] = s.shape.grid;
  j["block"] = s.shape.block;
  if (s.cooperative) j["cooperative"] = true;
  j["cycles"] = r.cycles;
  j["instructions"] = sim::executed_instructions(r);
  j["thread_instructions"] = thread_instructions(r);
  j["warp_instructions"] = sim::warp_instructions(r);
  j["ipc"] = ipc(r);
  const double eff = sim::simd_efficiency(r);
  j["simd_efficiency"] = std::isfinite(eff) ? ordered_json(eff) : ordered_json(nullptr);
  const double dlp = sim::dlp(r);
  j["dlp"] = std::isfinite(dlp) ? ordered_json(std::round(dlp * 10000) / 10000) : ordered_json(nullptr);
  j["occupancy"] = {{"ctas_per_sm", r.occupancy.ctas},
                    {"limit", sim::occupancy_limit_name(r.occupancy.limit)},
                    {"text", r.occupancy_text},
                    {"registers_per_thread", r.registers},
                    {"registers_estimated", r.registers_estimated}};
  j["output"] = r.output;
  outcome_json(j, r.run, r.memory, c.run);
  if (!r.occupancy_deadlock.empty()) j["occupancy_deadlock"] = r.occupancy_deadlock;
  if (r.undispatched_blocks != 0) j["undispatched_blocks"] = r.undispatched_blocks;
  if (c.ddos) {
    ordered_json d = ordered_json::array();
    for (const sim::SpinDetection& x : r.detections) {
      d.push_back({{"pc", x.pc}, {"cycle", x.cycle}, {"sm", x.sm}, {"warp", x.warp}, {"block", x.block},
                   {"warp_in_block", x.warp_in_block}});
    }
    j["ddos_detections"] = std::move(d);
    ordered_json b = ordered_json::array();
    const ir::Kernel& k = *c.run.setup->kernel;
    for (const sim::BackwardBranchRecord& x : r.backward_branches) {
      b.push_back({{"sm", x.sm}, {"pc", x.pc}, {"target", k.op(x.pc, 0).label_pc()}, {"first_cycle", x.first},
                   {"last_cycle", x.last},
                   {"executions", x.executions}, {"repeats", x.repeats}});
    }
    j["ddos_branches"] = std::move(b);
  }
  if (stats != nullptr) j["stats"] = sim::stats_json(*stats);
  return j;
}

}  // namespace lockstep::cli
