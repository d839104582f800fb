#include "frontend/analysis/error_paths.hpp"

#include <algorithm>

namespace lockstep::analysis {
namespace {

using ir::Opcode;

/// An instruction that may wait for other threads of the warp or the block.
bool may_wait(const ir::Instr& in) noexcept {
  switch (in.op) {
    case Opcode::Bar:
    case Opcode::BarWarp:
    case Opcode::Vote:
    case Opcode::Shfl:
    case Opcode::Match:
    case Opcode::Redux:
      return true;
    default:
      return false;
  }
}

enum class Scan : std::uint8_t { Error, Waits, Plain };

/// What a thread entering the block meets first: an error instruction, an
/// instruction that may wait, or neither.
Scan scan(const ir::Kernel& k, const ir::Block& b) noexcept {
  for (std::uint32_t pc = b.first_pc; pc <= b.last_pc && pc < k.code.size(); ++pc) {
    const ir::Instr& in = k.code[pc];
    if (is_error_instr(in)) return Scan::Error;
    if (may_wait(in)) return Scan::Waits;
  }
  return Scan::Plain;
}

}  // namespace

bool is_error_instr(const ir::Instr& instr) noexcept {
  return !instr.guarded() && (instr.op == Opcode::Trap || instr.op == Opcode::AssertFail);
}

std::vector<bool> error_only_blocks(const ir::Kernel& kernel) {
  const auto n = static_cast<std::uint32_t>(kernel.blocks.size());
  std::vector<bool> out(n, false);
  // Candidates for the inductive case, and how many of their successors
  // are not yet known to be error-only.
  std::vector<std::uint32_t> pending(n, 0);
  std::vector<bool> candidate(n, false);
  std::vector<std::uint32_t> work;
  for (const auto& b : kernel.blocks) {
    const Scan s = scan(kernel, b);
    if (s == Scan::Error) {
      out[b.id] = true;
      work.push_back(b.id);
    } else if (s == Scan::Plain && !b.may_exit && !b.succs.empty()) {
      candidate[b.id] = true;
      pending[b.id] = static_cast<std::uint32_t>(b.succs.size());
    }
  }
  while (!work.empty()) {
    const std::uint32_t x = work.back();
    work.pop_back();
    for (const std::uint32_t p : kernel.blocks[x].preds) {
      if (!candidate[p] || out[p]) continue;
      if (--pending[p] == 0) {
        out[p] = true;
        work.push_back(p);
      }
    }
  }
  return out;
}

bool any_error_only(const std::vector<bool>& error_only) noexcept {
  return std::find(error_only.begin(), error_only.end(), true) != error_only.end();
}

Digraph surviving_graph(const Digraph& g, const std::vector<bool>& error_only) {
  std::vector<Edge> edges;
  edges.reserve(g.edge_count());
  for (std::uint32_t u = 0; u < g.size(); ++u)
    for (const std::uint32_t v : g.succs(u))
      if (v >= error_only.size() || !error_only[v]) edges.emplace_back(u, v);
  return Digraph(g.size(), edges);
}

}  // namespace lockstep::analysis
