#include <array>
#include <cstddef>

#include "frontend/ir/operand.hpp"

namespace lockstep::ir {
namespace {

constexpr std::size_t kCount = static_cast<std::size_t>(SpecialReg::Count_);

constexpr std::array<const char*, kCount> kNames{{
    "%tid", "%ntid", "%ctaid", "%nctaid", "%laneid", "%warpid", "%nwarpid", "%smid", "%nsmid",
    "%gridid", "%lanemask_eq", "%lanemask_le", "%lanemask_lt", "%lanemask_ge", "%lanemask_gt",
    "%clock", "%clock_hi", "%clock64", "%globaltimer", "%globaltimer_lo", "%globaltimer_hi",
    "%total_smem_size", "%dynamic_smem_size", "%aggr_smem_size",
    "%pm0", "%pm1", "%pm2", "%pm3", "%pm4", "%pm5", "%pm6", "%pm7",
    "%pm0_64", "%pm1_64", "%pm2_64", "%pm3_64", "%pm4_64", "%pm5_64", "%pm6_64", "%pm7_64",
    "%envreg",
}};

}  // namespace

const char* special_reg_name(SpecialReg r) noexcept {
  const auto i = static_cast<std::size_t>(r);
  return i < kCount ? kNames[i] : "";
}

bool special_reg_has_component(SpecialReg r) noexcept {
  return r == SpecialReg::Tid || r == SpecialReg::Ntid || r == SpecialReg::Ctaid ||
         r == SpecialReg::Nctaid;
}

}  // namespace lockstep::ir

namespace lockstep::ir {

std::optional<SpecialReg> parse_special_reg(std::string_view name) noexcept {
  if (name.size() > 7 && name.substr(0, 7) == "%envreg") return SpecialReg::Envreg;
  for (std::size_t i = 0; i + 1 < static_cast<std::size_t>(SpecialReg::Count_); ++i) {
    if (name == special_reg_name(static_cast<SpecialReg>(i))) return static_cast<SpecialReg>(i);
  }
  return std::nullopt;
}

}  // namespace lockstep::ir
