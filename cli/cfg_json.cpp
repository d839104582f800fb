#include <fmt/format.h>

#include "cli/cfg_report.hpp"
#include "frontend/ir/cuda_location.hpp"

namespace lockstep::cli {
namespace {

using nlohmann::ordered_json;

ordered_json block_ref(std::uint32_t b, const analysis::KernelAnalysis& a) {
  if (b == a.exit_block()) return "exit";
  return b;
}

ordered_json pc_ref(std::uint32_t pc) {
  if (pc == analysis::kExitPc) return "exit";
  return pc;
}

}  // namespace

ordered_json cfg_json(const ir::Module& module, const ir::Kernel& kernel, const analysis::KernelAnalysis& a) {
  ordered_json k;
  k["name"] = kernel.name;
  k["instructions"] = kernel.code.size();

  ordered_json blocks = ordered_json::array();
  for (const auto& b : kernel.blocks) {
    ordered_json jb;
    jb["id"] = b.id;
    jb["label"] = b.label;
    jb["first_pc"] = b.first_pc;
    jb["last_pc"] = b.last_pc;
    jb["succs"] = b.succs;
    jb["preds"] = b.preds;
    jb["may_exit"] = b.may_exit;
    blocks.push_back(std::move(jb));
  }
  k["blocks"] = std::move(blocks);

  ordered_json loops = ordered_json::array();
  for (const auto& l : a.loops.loops()) {
    ordered_json jl;
    jl["header"] = l.header;
    jl["blocks"] = l.blocks;
    jl["latches"] = l.latches;
    jl["exits"] = l.exits;
    jl["exiting"] = l.exiting;
    jl["entries"] = l.entries;
    jl["reducible"] = l.reducible;
    jl["depth"] = l.depth;
    jl["parent"] = l.parent == analysis::kNone ? ordered_json(nullptr) : ordered_json(l.parent);
    loops.push_back(std::move(jl));
  }
  k["loops"] = std::move(loops);

  ordered_json branches = ordered_json::array();
  for (const auto& br : a.branches()) {
    ordered_json jb;
    jb["pc"] = br.pc;
    jb["block"] = br.block;
    jb["targets"] = br.targets;
    jb["ipdom"] = block_ref(br.ipdom, a);
    jb["ipdom_nvidia"] = block_ref(br.ipdom_nvidia, a);
    jb["ipdom_pc"] = pc_ref(a.ipdom_table.find(br.pc).value_or(analysis::kExitPc));
    jb["ipdom_nvidia_pc"] = pc_ref(a.nvidia_table.find(br.pc).value_or(analysis::kExitPc));
    jb["uniform"] = br.uniform;
    jb["uni_asserted"] = br.uni_asserted;
    const ir::Instr& in = kernel.code[br.pc];
    jb["line"] = in.loc.line;
    const std::string cuda = ir::cuda_location(module, in.cuda);
    jb["cuda"] = cuda.empty() ? nlohmann::ordered_json(nullptr) : nlohmann::ordered_json(cuda);
    branches.push_back(std::move(jb));
  }
  k["branches"] = std::move(branches);
  return k;
}

}  // namespace lockstep::cli
