// Basic blocks of a kernel: maximal PC ranges entered only at the first PC.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace lockstep::ir {

struct Block {
  std::uint32_t id = 0;
  std::uint32_t first_pc = 0;  ///< inclusive
  std::uint32_t last_pc = 0;   ///< inclusive
  std::string label;           ///< the label at first_pc, or "BB<id>" when it has none
  std::vector<std::uint32_t> succs;  ///< block ids, in branch-target-then-fallthrough order, no duplicates
  std::vector<std::uint32_t> preds;  ///< block ids, ascending
  /// The last instruction may leave the kernel (ret/exit/trap, guarded or
  /// not): analyses add an edge to their virtual exit.
  bool may_exit = false;
  friend bool operator==(const Block&, const Block&) = default;
};

}  // namespace lockstep::ir
