#include <fmt/format.h>

#include "cli/cfg_report.hpp"

namespace lockstep::cli {
namespace {

std::string escape(const std::string& s) {
  std::string r;
  for (char c : s) {
    if (c == '"' || c == '\\') r += '\\';
    r += c;
  }
  return r;
}

class DotWriter {
 public:
  DotWriter(std::ostream& out, const ir::Kernel& k, const analysis::KernelAnalysis& a, std::size_t index)
      : out_(out), k_(k), a_(a), index_(index) {}

  void write() {
    out_ << fmt::format("  subgraph cluster_k{} {{\n    label=\"{}\";\n", index_, escape(k_.name));
    for (const auto& b : k_.blocks) {
      if (a_.loops.innermost(b.id) == analysis::kNone) node(b, "    ");
    }
    for (std::uint32_t l = 0; l < a_.loops.size(); ++l) {
      if (a_.loops.loop(l).parent == analysis::kNone) loop_cluster(l, "    ");
    }
    out_ << fmt::format("    k{}_exit [label=\"exit\", shape=doublecircle];\n", index_);
    edges();
    out_ << "  }\n";
  }

 private:
  void node(const ir::Block& b, const std::string& indent) {
    const bool header = a_.loops.loop_with_header(b.id) != analysis::kNone;
    out_ << fmt::format("{}k{}_b{} [shape=box{}, label=\"{}: {}\\npc {}-{}\"];\n", indent, index_, b.id,
                        header ? ", style=bold" : "", b.id, escape(b.label), b.first_pc, b.last_pc);
  }

  void loop_cluster(std::uint32_t id, const std::string& indent) {
    const analysis::Loop& l = a_.loops.loop(id);
    out_ << fmt::format("{}subgraph cluster_k{}_l{} {{\n{}  label=\"loop {}{}\"; color={};\n", indent, index_, id,
                        indent, l.header, l.reducible ? "" : " (irreducible)", l.reducible ? "blue" : "red");
    for (auto b : l.blocks) {
      if (a_.loops.innermost(b) == id) node(k_.blocks[b], indent + "  ");
    }
    for (auto c : l.children) loop_cluster(c, indent + "  ");
    out_ << indent << "}\n";
  }

  bool back_edge(std::uint32_t from, std::uint32_t to) const {
    const std::uint32_t l = a_.loops.loop_with_header(to);
    return l != analysis::kNone && a_.loops.contains(l, from);
  }

  std::string target(std::uint32_t b) const {
    return b == a_.exit_block() ? fmt::format("k{}_exit", index_) : fmt::format("k{}_b{}", index_, b);
  }

  void edges() {
    for (const auto& b : k_.blocks) {
      for (auto s : b.succs) {
        out_ << fmt::format("    k{}_b{} -> k{}_b{}{};\n", index_, b.id, index_, s,
                            back_edge(b.id, s) ? " [style=dashed]" : "");
      }
      if (b.may_exit) out_ << fmt::format("    k{}_b{} -> k{}_exit;\n", index_, b.id, index_);
    }
    for (const auto& br : a_.branches()) {
      const char* color = br.uniform ? "gray" : "darkgreen";
      out_ << fmt::format("    k{}_b{} -> {} [style=dotted, color={}, constraint=false, label=\"ipdom\"];\n",
                          index_, br.block, target(br.ipdom), color);
      if (br.ipdom_nvidia != br.ipdom) {
        out_ << fmt::format(
            "    k{}_b{} -> {} [style=dotted, color=orange, constraint=false, label=\"nvidia\"];\n", index_,
            br.block, target(br.ipdom_nvidia));
      }
    }
  }

  std::ostream& out_;
  const ir::Kernel& k_;
  const analysis::KernelAnalysis& a_;
  std::size_t index_;
};

}  // namespace

void cfg_dot(std::ostream& out, const ir::Kernel& kernel, const analysis::KernelAnalysis& a, std::size_t index) {
  DotWriter(out, kernel, a, index).write();
}

}  // namespace lockstep::cli
