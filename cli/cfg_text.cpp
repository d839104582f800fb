#include <fmt/format.h>
#include <fmt/ranges.h>

#include "cli/cfg_report.hpp"

namespace lockstep::cli {
namespace {

std::string block_name(std::uint32_t b, const analysis::KernelAnalysis& a) {
  return b == a.exit_block() ? std::string("exit") : std::to_string(b);
}

}  // namespace

void cfg_text(std::ostream& out, const ir::Kernel& kernel, const analysis::KernelAnalysis& a) {
  const auto branches = a.branches();
  out << fmt::format("kernel {}: {} instructions, {} blocks, {} loops, {} branches\n", kernel.name,
                     kernel.code.size(), kernel.blocks.size(), a.loops.size(), branches.size());
  out << "  blocks:\n";
  for (const auto& b : kernel.blocks) {
    out << fmt::format("    {:>4}  {:<24} pc {:>4}-{:<4}  -> {}{}\n", b.id, b.label, b.first_pc, b.last_pc,
                       b.succs.empty() ? std::string("-") : fmt::format("{}", fmt::join(b.succs, " ")),
                       b.may_exit ? "  (exit)" : "");
  }
  if (a.loops.size() > 0) out << "  loops:\n";
  for (const auto& l : a.loops.loops()) {
    out << fmt::format("    header {:<4} {:<11} depth {}  blocks {{{}}}  latches {{{}}}  exits {{{}}}\n", l.header,
                       l.reducible ? "reducible" : "irreducible", l.depth, fmt::join(l.blocks, " "),
                       fmt::join(l.latches, " "), fmt::join(l.exits, " "));
  }
  if (!branches.empty()) out << "  branches:\n";
  for (const auto& br : branches) {
    out << fmt::format("    pc {:>4}  block {:<4} -> {:<10} ipdom {:<5} nvidia {:<5} {}{}\n", br.pc, br.block,
                       fmt::format("{}", fmt::join(br.targets, " ")), block_name(br.ipdom, a),
                       block_name(br.ipdom_nvidia, a), br.uniform ? "uniform" : "divergent",
                       br.uni_asserted ? " (bra.uni)" : "");
  }
}

}  // namespace lockstep::cli
