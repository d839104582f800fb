// EditGraph::relayout: the edit graph back into an ir::Kernel (new PCs,
// remapped labels and Label operands, fall-through fixes, CUDA positions of
// added instructions, blocks). See cfg_edit.hpp for the rules.
#include <algorithm>
#include <string>

#include "checker/ssde/cfg_edit.hpp"

namespace lockstep::checker::cfg {
namespace {

enum class Fix : std::uint8_t { None, Bra, Ret };

bool falls(const Node& n) noexcept { return n.items.empty() || !n.items.back().instr.ends_flow(); }

/// What must follow n's instructions so that its fall-through still reaches
/// `fall` when `next` is the node laid out after it (kNoNode: n is last).
Fix fix_for(const Node& n, std::uint32_t next) noexcept {
  if (!falls(n)) return Fix::None;
  const std::uint32_t fall = n.fall == kNoNode ? kEndNode : n.fall;
  if (fall == kEndNode) return next == kNoNode ? Fix::None : Fix::Ret;
  return fall == next ? Fix::None : Fix::Bra;
}

}  // namespace

ir::Kernel EditGraph::relayout(std::vector<std::uint32_t>* origin) const {
  const ir::Kernel& in = *input_;
  ir::Kernel out;
  out.name = in.name;
  out.linkage = in.linkage;
  out.loc = in.loc;
  out.directives = in.directives;
  out.regs = regs_;
  out.vars = in.vars;
  out.params = in.params;
  out.frames = in.frames;

  const std::vector<std::uint32_t> order = layout();
  std::vector<std::uint32_t> start(nodes_.size(), kNoNode);
  std::vector<Fix> fixes(order.size(), Fix::None);
  std::uint32_t pc = 0;
  for (std::size_t i = 0; i < order.size(); ++i) {
    const Node& node = nodes_[order[i]];
    start[order[i]] = pc;
    fixes[i] = fix_for(node, i + 1 < order.size() ? order[i + 1] : kNoNode);
    pc += static_cast<std::uint32_t>(node.items.size()) + (fixes[i] == Fix::None ? 0U : 1U);
  }
  const std::uint32_t total = pc;
  auto node_pc = [&](std::uint32_t n) { return n == kEndNode ? total : start[n]; };

  std::vector<std::uint32_t> new_pc(in.code.size(), kNoNode);
  std::vector<std::uint32_t> origins;
  origins.reserve(total);
  std::vector<std::uint32_t> pc_fixups;  ///< out operand indices whose value is an input PC
  std::vector<std::uint32_t> targets;    ///< branch target PCs (for labels)
  out.code.reserve(total);
  out.operands.reserve(ops_.size() + order.size());
  ir::CudaLoc cuda;
  std::uint32_t frame = ir::kNoFrame;

  auto emit = [&](const ir::Instr& src_instr, std::uint32_t from, bool branch) {
    ir::Instr instr = src_instr;
    if (from == kAdded) {
      instr.cuda = cuda;
      instr.frame = frame;
      instr.loc = {};
    } else {
      new_pc[from] = static_cast<std::uint32_t>(out.code.size());
    }
    cuda = instr.cuda;
    frame = instr.frame;
    instr.op_begin = static_cast<std::uint32_t>(out.operands.size());
    out.operands.insert(out.operands.end(), ops_.begin() + src_instr.op_begin,
                        ops_.begin() + src_instr.op_begin + src_instr.op_count);
    auto label = [&](std::uint32_t at) {
      ir::Operand& o = out.operands[at];
      if (branch) {
        o.value = node_pc(static_cast<std::uint32_t>(o.value));
        targets.push_back(o.label_pc());
      } else {
        pc_fixups.push_back(at);
      }
    };
    for (std::uint32_t i = 0; i < instr.op_count; ++i) {
      const std::uint32_t at = instr.op_begin + i;
      if (out.operands[at].kind == ir::OperandKind::Label) {
        label(at);
      } else if (out.operands[at].kind == ir::OperandKind::Vector) {
        const ir::Operand v = out.operands[at];
        const auto first = static_cast<std::uint32_t>(out.operands.size());
        out.operands.insert(out.operands.end(), ops_.begin() + v.a, ops_.begin() + v.a + v.b);
        out.operands[at].a = first;
        for (std::uint32_t j = 0; j < v.b; ++j) {
          if (out.operands[first + j].kind == ir::OperandKind::Label) label(first + j);
        }
      }
    }
    out.code.push_back(instr);
    origins.push_back(from);
  };

  for (std::size_t i = 0; i < order.size(); ++i) {
    const Node& node = nodes_[order[i]];
    for (const Item& item : node.items) emit(item.instr, item.origin, item.instr.is_branch());
    if (fixes[i] == Fix::None) continue;
    // `bra <fall>` or `ret`, built directly in the output.
    ir::Instr fix;
    fix.op = fixes[i] == Fix::Bra ? ir::Opcode::Bra : ir::Opcode::Ret;
    fix.cuda = cuda;
    fix.frame = frame;
    fix.op_begin = static_cast<std::uint32_t>(out.operands.size());
    if (fixes[i] == Fix::Bra) {
      fix.op_count = 1;
      out.operands.push_back(ir::Operand::label(node_pc(node.fall)));
      targets.push_back(node_pc(node.fall));
    }
    out.code.push_back(fix);
    origins.push_back(kAdded);
  }
  const auto in_size = static_cast<std::uint32_t>(in.code.size());
  for (const std::uint32_t at : pc_fixups) {
    const std::uint32_t old = out.operands[at].label_pc();
    out.operands[at].value = old < in_size ? new_pc[old] : total;
  }

  // Labels: the input's at their instructions' new PCs, then the nodes' own,
  // then one for every branch target still without a label.
  std::vector<ir::LabelInfo> labels;
  labels.reserve(in.labels.size() + 8);
  for (const auto& l : in.labels) labels.push_back({l.name, l.pc < in_size ? new_pc[l.pc] : total});
  for (const std::uint32_t n : order) {
    if (!nodes_[n].label.empty()) labels.push_back({nodes_[n].label, start[n]});
  }
  std::vector<bool> labelled(total + 1, false);
  for (const auto& l : labels) labelled[l.pc] = true;
  std::uint32_t k = 0;
  std::sort(targets.begin(), targets.end());
  targets.erase(std::unique(targets.begin(), targets.end()), targets.end());
  for (const std::uint32_t t : targets) {
    if (t >= total || labelled[t]) continue;
    std::string name;
    do {
      name = "$L__ssde_L" + std::to_string(k++);
    } while (names_.count(name) != 0);
    labels.push_back({name, t});
    labelled[t] = true;
  }
  std::stable_sort(labels.begin(), labels.end(),
                   [](const ir::LabelInfo& a, const ir::LabelInfo& b) { return a.pc < b.pc; });
  out.labels = std::move(labels);
  ir::build_blocks(out);
  if (origin != nullptr) *origin = std::move(origins);
  return out;
}

}  // namespace lockstep::checker::cfg
