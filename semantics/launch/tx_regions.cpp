#include "semantics/launch/tx_regions.hpp"

#include <cstdint>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "frontend/diagnostics.hpp"

namespace lockstep::sem {
namespace {

constexpr std::uint32_t kNone = 0xffffffffU;

struct Where {
  std::uint32_t depth = kNone;   ///< nesting depth on entry (kNone: not reached yet)
  std::uint32_t region = kNone;  ///< the outermost __tbegin's pc (kNone outside transactions)
};

/// Throws at the instruction when checking (a module given); a walk of a
/// kernel already checked has nothing to report.
void error(const ir::Module* m, const ir::Instr& in, std::string message) {
  if (m != nullptr) throw InputError(Diagnostic{Severity::Error, m->path, in.loc, std::move(message)});
}

const char* collective_name(ir::Opcode op) {
  switch (op) {
    case ir::Opcode::Bar: return "a barrier";
    case ir::Opcode::BarWarp: return "a warp barrier (bar.warp.sync)";
    case ir::Opcode::Vote: return "a warp vote";
    case ir::Opcode::Shfl: return "a warp shuffle";
    case ir::Opcode::Match: return "a warp match";
    case ir::Opcode::Redux: return "a warp reduction";
    case ir::Opcode::Activemask: return "activemask";
    default: return nullptr;
  }
}

/// The data flow of nesting depths over the kernel's blocks: checks the
/// shape when `module` is given, and marks in `inside` the instructions
/// reached at a depth above 0 when given.
bool walk(const ir::Module* module, const ir::Kernel& k, std::vector<bool>* inside) {
  bool any = false;
  for (const ir::Instr& in : k.code) {
    any = any || in.op == ir::Opcode::TmBegin || in.op == ir::Opcode::TmCommit || in.op == ir::Opcode::TmAbort;
  }
  if (!any || k.blocks.empty()) return any;
  std::vector<Where> at(k.blocks.size());
  std::vector<std::uint32_t> commit_of(k.code.size(), kNone);  // per outermost __tbegin pc
  std::vector<std::uint32_t> work{0};
  at[0] = Where{0, kNone};
  while (!work.empty()) {
    const std::uint32_t b = work.back();
    work.pop_back();
    const ir::Block& blk = k.blocks[b];
    Where cur = at[b];
    for (std::uint32_t pc = blk.first_pc; pc <= blk.last_pc; ++pc) {
      const ir::Instr& in = k.code[pc];
      if (inside != nullptr) (*inside)[pc] = cur.depth != 0;
      switch (in.op) {
        case ir::Opcode::TmBegin:
          if (in.guarded()) error(module, in, "__tbegin under a guard predicate: a transaction must begin unconditionally");
          if (++cur.depth == 1) cur.region = pc;
          break;
        case ir::Opcode::TmCommit: {
          if (in.guarded()) error(module, in, "__tcommit under a guard predicate: a transaction must end unconditionally");
          if (cur.depth == 0) error(module, in, "__tcommit outside a transaction (no __tbegin on this path)");
          if (--cur.depth == 0) {
            std::uint32_t& c = commit_of[cur.region];
            if (c != kNone && c != pc) {
              error(module, in,
                    fmt::format("the transaction begun at line {} ends at two __tcommit (lines {} and {}); a "
                                "transaction needs a single exit",
                                k.code[cur.region].loc.line, k.code[c].loc.line, in.loc.line));
            }
            c = pc;
            cur.region = kNone;
          }
          break;
        }
        case ir::Opcode::TmAbort:
          if (cur.depth == 0) error(module, in, "__tabort outside a transaction (no __tbegin on this path)");
          break;
        case ir::Opcode::Exit:
        case ir::Opcode::Ret:
          if (cur.depth != 0) {
            error(module, in, "the thread exits inside a transaction: __tbegin and __tcommit are unbalanced on this path");
          }
          break;
        default:
          if (const char* what = collective_name(in.op); what != nullptr && cur.depth != 0) {
            error(module, in, fmt::format("{} inside a transaction (between __tbegin and __tcommit)", what));
          }
          break;
      }
    }
    for (const std::uint32_t s : blk.succs) {
      if (at[s].depth == kNone) {
        at[s] = cur;
        work.push_back(s);
      } else if (module != nullptr && (at[s].depth != cur.depth || at[s].region != cur.region)) {
        error(module, k.code[k.blocks[s].first_pc],
              fmt::format("__tbegin and __tcommit are unbalanced: this instruction is reached at transaction "
                          "nesting depth {} on one path and {} on another",
                          at[s].depth, cur.depth));
      }
    }
  }
  return any;
}

}  // namespace

bool check_transactions(const ir::Module& module, const ir::Kernel& k) { return walk(&module, k, nullptr); }

std::vector<bool> transactional_pcs(const ir::Kernel& k) {
  std::vector<bool> inside(k.code.size(), false);
  walk(nullptr, k, &inside);
  return inside;
}

bool plain_global_writes(const ir::Kernel& k) {
  const std::vector<bool> inside = transactional_pcs(k);
  for (std::size_t pc = 0; pc < k.code.size(); ++pc) {
    const ir::Instr& in = k.code[pc];
    const bool writes = in.op == ir::Opcode::St || in.op == ir::Opcode::Atom || in.op == ir::Opcode::Red ||
                        in.op == ir::Opcode::Call;
    const bool global = in.space == ir::Space::Global || in.space == ir::Space::Generic || in.op == ir::Opcode::Call;
    if (writes && global && !inside[pc]) return true;
  }
  return false;
}

}  // namespace lockstep::sem
