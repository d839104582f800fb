#include "checker/report/locations.hpp"

#include <fmt/format.h>

#include "frontend/analysis/reconvergence_table.hpp"
#include "frontend/ptx/printer_parts.hpp"

namespace lockstep::checker {

std::string_view detect_mode_spelling(DetectMode m) noexcept {
  return m == DetectMode::Thesis ? "thesis" : "refined";
}

std::string_view table_choice_spelling(TableChoice t) noexcept {
  return t == TableChoice::Ipdom ? "ipdom" : "nvidia";
}

std::string cuda_location(const ir::Module& module, const ir::Instr& instr) {
  if (instr.cuda.file == 0) return {};
  const auto f = module.files.find(instr.cuda.file);
  return fmt::format("{}:{}", f == module.files.end() ? std::string("?") : f->second, instr.cuda.line);
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

std::string where(const ir::Module& module, const ir::Kernel& kernel, std::uint32_t pc) {
  const ir::Instr& in = kernel.code[pc];
  const std::string loc = cuda_location(module, in);
  if (loc.empty()) return fmt::format("line {}", in.loc.line);
  return fmt::format("line {}, {}", in.loc.line, loc);
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
