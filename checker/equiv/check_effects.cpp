// The `effects` check: inside every output block, the copied instructions
// are consecutive input instructions in input order. Copy makes each equal
// to its origin and fresh makes the added instructions between them act
// only on fresh registers, so the block has exactly the effect of that run
// of input instructions on the input's registers and on memory, for every
// initial state (the sequences are identical, so no solver query is needed;
// a reordering is reported even where it would be harmless).
#include <fmt/format.h>

#include "checker/equiv/refine_checks.hpp"

namespace lockstep::checker::equiv {

CheckResult check_effects(const KernelPair& pair) {
  CheckResult r;
  r.name = "effects";
  const ir::Kernel& out = pair.out();
  for (const ir::Block& b : out.blocks) {
    std::uint32_t prev = kEdgeExit;  // output pc of the previous copy in the block
    for (std::uint32_t pc = b.first_pc; pc <= b.last_pc; ++pc) {
      if (pair.added(pc)) continue;
      if (prev != kEdgeExit && pair.origin()[pc] != pair.origin()[prev] + 1) {
        r.status = CheckStatus::Failed;
        r.out_pc = pc;
        r.detail = fmt::format(
            "block {}: {} copies {}, but the copy before it in the block, {}, copies {}: the block does not "
            "execute a run of consecutive input instructions",
            b.label, pair.where_out(pc), pair.where_in(pair.origin()[pc]), pair.where_out(prev),
            pair.where_in(pair.origin()[prev]));
        return r;
      }
      prev = pc;
    }
  }
  r.status = CheckStatus::Passed;
  r.detail = fmt::format("{} blocks execute runs of input instructions", out.blocks.size());
  return r;
}

}  // namespace lockstep::checker::equiv
