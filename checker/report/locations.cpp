#include "checker/report/locations.hpp"

#include <fmt/format.h>

#include "frontend/analysis/reconvergence_table.hpp"
#include "frontend/ir/cuda_location.hpp"
#include "frontend/ptx/callee_name.hpp"
#include "frontend/ptx/printer_parts.hpp"

namespace lockstep::checker {

std::string_view detect_mode_spelling(DetectMode m) noexcept {
  return m == DetectMode::Thesis ? "thesis" : "refined";
}

std::string_view table_choice_spelling(TableChoice t) noexcept {
  return t == TableChoice::Ipdom ? "ipdom" : "nvidia";
}

std::string cuda_location(const ir::Module& module, const ir::Instr& instr) {
  return ir::cuda_location(module, instr.cuda);
}

nlohmann::ordered_json location_json(const ir::Module& module, const ir::Instr& instr) {
  std::string loc = cuda_location(module, instr);
  if (loc.empty()) return nullptr;
  return loc;
}

std::string op_spelling(const ir::Instr& instr) {
  ptx::printer::Out out;
  ptx::printer::print_opcode(out, instr);
  return fmt::to_string(out);
}

std::string call_target(const ir::Module& module, const ir::Kernel& kernel, std::uint32_t pc) {
  const ir::Instr& in = kernel.code[pc];
  if (in.op != ir::Opcode::Call || in.op_count < 2) return {};
  const ir::Operand& callee = kernel.op(pc, 1);
  if (callee.kind == ir::OperandKind::Function && callee.a < module.functions.size()) {
    return module.functions[callee.a].name;
  }
  if (callee.kind == ir::OperandKind::Reg && callee.a < kernel.regs.size()) return kernel.regs[callee.a].name;
  return "?";
}

std::string op_words(const ir::Module& module, const ir::Kernel& kernel, std::uint32_t pc) {
  std::string words = op_spelling(kernel.code[pc]);
  if (const std::string callee = call_target(module, kernel, pc); !callee.empty()) words += " " + callee;
  return words;
}

std::string barrier_words(const ir::Module& module, const ir::Kernel& kernel, const BarrierFinding& b) {
  return fmt::format("pc {} {} ({}){}", b.pc, op_words(module, kernel, b.pc), where(module, kernel, b.pc),
                     b.call ? ", which may hold a barrier" : "");
}

std::string where(const ir::Module& module, const ir::Kernel& kernel, std::uint32_t pc) {
  const ir::Instr& in = kernel.code[pc];
  const std::string loc = cuda_location(module, in);
  if (loc.empty()) return fmt::format("line {}", in.loc.line);
  return fmt::format("line {}, {}", in.loc.line, loc);
}

std::vector<const ir::InlineFrame*> inline_chain(const ir::Kernel& kernel, std::uint32_t pc) {
  std::vector<const ir::InlineFrame*> out;
  for (std::uint32_t f = kernel.code[pc].frame; f < kernel.frames.size() && out.size() < kernel.frames.size();
       f = kernel.frames[f].parent) {
    out.push_back(&kernel.frames[f]);
  }
  return out;
}

std::string function_name(std::string_view ptx_name) { return std::string(ptx::callee_base_name(ptx_name)); }

std::string call_site(const ir::Module& module, const ir::InlineFrame& frame) {
  std::string cuda = ir::cuda_location(module, frame.call_cuda);
  if (!cuda.empty()) return cuda;
  return fmt::format("line {}", frame.call.line);
}

std::string inlined_text(const ir::Module& module, const ir::Kernel& kernel, std::uint32_t pc) {
  std::string out;
  for (const ir::InlineFrame* f : inline_chain(kernel, pc)) {
    out += fmt::format("{} {}() called at {}", out.empty() ? "inside" : " from", function_name(f->callee),
                       call_site(module, *f));
  }
  return out;
}

nlohmann::ordered_json inlined_json(const ir::Module& module, const ir::Kernel& kernel, std::uint32_t pc) {
  nlohmann::ordered_json out = nlohmann::ordered_json::array();
  for (const ir::InlineFrame* f : inline_chain(kernel, pc)) {
    nlohmann::ordered_json j;
    j["function"] = function_name(f->callee);
    j["callee"] = f->callee;
    j["call_line"] = f->call.line;
    if (ir::has_source_line(f->call_cuda)) {
      j["call_location"] = call_site(module, *f);
    } else {
      j["call_location"] = nullptr;
    }
    out.push_back(std::move(j));
  }
  return out;
}

nlohmann::ordered_json point_json(std::uint32_t point) {
  if (point == analysis::kExitPc) return "exit";
  return point;
}

std::string point_text(const ir::Module& module, const ir::Kernel& kernel, std::uint32_t point) {
  if (point == analysis::kExitPc || point >= kernel.code.size()) return "the kernel exit";
  return fmt::format("pc {} ({})", point, where(module, kernel, point));
}

}  // namespace lockstep::checker
