// recover_origin (origin_recover.hpp): one pass over the output with an
// input cursor.
#include "checker/equiv/origin_recover.hpp"

#include <fmt/format.h>

#include <string_view>
#include <unordered_map>

#include "checker/equiv/kernel_pair.hpp"
#include "checker/equiv/origin_map.hpp"

namespace lockstep::checker::equiv {
namespace {

/// True for labels of blocks that SSDE builds from added code only.
bool added_block_label(std::string_view label) {
  constexpr std::string_view prefix = "$L__ssde_";
  if (label.substr(0, prefix.size()) != prefix) return false;
  const std::string_view rest = label.substr(prefix.size());
  return !rest.empty() && rest.front() != 'B' && rest.front() != 'L';
}

}  // namespace

RecoveredOrigin recover_origin(const ir::Module& in_module, const ir::Kernel& in, const ir::Module& out_module,
                               const ir::Kernel& out) {
  RecoveredOrigin r;
  r.origin.assign(out.code.size(), kOriginAdded);
  const KernelPair pair(in_module, in, out_module, out, r.origin);  // used for names and copy equality only
  std::unordered_map<std::string, std::uint32_t> in_labels;
  for (const auto& l : in.labels) in_labels.emplace(l.name, l.pc);
  std::vector<std::vector<const std::string*>> labels_at(out.code.size() + 1);
  for (const auto& l : out.labels) labels_at[l.pc].push_back(&l.name);

  std::uint32_t cursor = 0;
  bool in_added_block = false;
  for (std::uint32_t pc = 0; pc < out.code.size(); ++pc) {
    if (!labels_at[pc].empty()) in_added_block = false;
    for (const std::string* name : labels_at[pc]) {
      if (auto it = in_labels.find(*name); it != in_labels.end()) cursor = it->second;
      if (added_block_label(*name)) in_added_block = true;
    }
    if (in_added_block) continue;
    const ir::Instr& instr = out.code[pc];
    bool writes_fresh = instr.guarded() && pair.fresh(instr.guard);
    pair.for_each_reg(pc, [](std::uint32_t) {}, [&](std::uint32_t reg) { writes_fresh = writes_fresh || pair.fresh(reg); });
    if (writes_fresh) continue;
    if (cursor < in.code.size() && pair.copy_mismatch(pc, cursor).empty()) {
      r.origin[pc] = cursor++;
      continue;
    }
    const bool jump = instr.op == ir::Opcode::Bra || instr.op == ir::Opcode::Ret || instr.op == ir::Opcode::Exit;
    if (jump && !instr.guarded()) continue;
    r.error = fmt::format("output pc {} (line {}) matches no input instruction (the input cursor is at pc {})", pc,
                          instr.loc.line, cursor);
    r.origin.clear();
    return r;
  }
  return r;
}

}  // namespace lockstep::checker::equiv
