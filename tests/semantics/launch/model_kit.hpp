// Driving a divergence model directly with outcomes: a context whose
// reconvergence table the test fills and whose kernel marks which PCs are
// branches (AWARE sends its head split to the FIFO back at every executed
// branch), and outcome builders.
#pragma once

#include <cstdint>
#include <initializer_list>
#include <string>
#include <vector>

#include "frontend/analysis/reconvergence_table.hpp"
#include "frontend/ir/kernel.hpp"
#include "semantics/model/model_context.hpp"
#include "semantics/model/outcome.hpp"

namespace lockstep::sem::test {

struct ModelFixture {
  analysis::ReconvergenceTable table;
  ir::Kernel kernel;
  ModelContext ctx;
  /// `size` instructions, the ones at `branches` are `bra`.
  explicit ModelFixture(std::uint32_t size = 0, std::initializer_list<std::uint32_t> branches = {}) {
    kernel.code.resize(size);
    for (const std::uint32_t pc : branches) kernel.code[pc].op = ir::Opcode::Bra;
    ctx.kernel = &kernel;
    ctx.reconv = &table;
  }
  /// Basic blocks starting at `starts` (ascending, the first 0), up to the end of the code.
  void set_blocks(std::initializer_list<std::uint32_t> starts) {
    kernel.blocks.clear();
    const std::vector<std::uint32_t> s(starts);
    for (std::size_t i = 0; i < s.size(); ++i) {
      ir::Block b;
      b.id = static_cast<std::uint32_t>(i);
      b.first_pc = s[i];
      b.last_pc = i + 1 < s.size() ? s[i + 1] - 1 : static_cast<std::uint32_t>(kernel.code.size() - 1);
      kernel.blocks.push_back(b);
    }
  }
};

inline Outcome one(std::uint32_t pc, Mask m) {
  Outcome o;
  o.add(pc, m);
  return o;
}
/// A guarded branch: taken group first, then not-taken (branch order).
inline Outcome two(std::uint32_t taken_pc, Mask taken, std::uint32_t nt_pc, Mask nt) {
  Outcome o;
  o.add(taken_pc, taken);
  o.add(nt_pc, nt);
  return o;
}
inline Outcome exits(Mask m) {
  Outcome o;
  o.exited = m;
  return o;
}
inline Outcome blocks(Mask m) {
  Outcome o;
  o.blocked = m;
  return o;
}

/// 4 lanes, rightmost = lane 0 (as the research figures).
inline std::string mask4(Mask m) {
  std::string s;
  for (int l = 3; l >= 0; --l) s += ((m >> l) & 1U) != 0 ? '1' : '0';
  return s;
}

}  // namespace lockstep::sem::test
