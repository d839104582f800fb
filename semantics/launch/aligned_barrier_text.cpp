// aligned_barrier_text (aligned_barrier_text.hpp).
#include "semantics/launch/aligned_barrier_text.hpp"

#include <fmt/format.h>

#include "semantics/model/lane_list.hpp"

namespace lockstep::sem {
namespace {

const char* bar_name(const ir::Instr& in) noexcept {
  switch (in.bar) {
    case ir::BarOp::Arrive: return "bar.arrive";
    case ir::BarOp::Red: return "bar.red";
    default: return "bar.sync";
  }
}

}  // namespace

std::string aligned_barrier_text(const ir::Instr& in, std::uint32_t pc, std::uint32_t warp, Mask executing,
                                 Mask guard_off, Mask apart, std::span<const WaitInfo> where) {
  std::string others;
  const auto add = [&](Mask lanes, const std::string& what) {
    others += fmt::format("{}lanes {} {}", others.empty() ? "" : ", ", lane_list(lanes), what);
  };
  if ((apart & guard_off) != 0) add(apart & guard_off, fmt::format("skip it (false guard at pc {})", pc));
  for (const WaitInfo& w : where) {
    const Mask lanes = w.lanes & apart & ~guard_off;
    if (lanes == 0) continue;
    add(lanes, w.kind == WaitKind::Ready ? fmt::format("are at pc {}", w.pc)
                                         : fmt::format("are at pc {} ({})", w.pc, wait_kind_name(w.kind)));
  }
  const char* name = bar_name(in);
  return fmt::format("undefined behaviour: aligned barrier {} executed by lanes {} of warp {} while {} (PTX ISA: "
                     "{} is barrier{}.aligned, which every thread of the warp must execute together; use "
                     "barrier{} in divergent code)",
                     name, lane_list(executing), warp, others, name, name + 3, name + 3);
}

}  // namespace lockstep::sem
