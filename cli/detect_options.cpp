#include "cli/detect_options.hpp"

#include <fmt/format.h>

#include "cli/usage_error.hpp"
#include "frontend/diagnostics.hpp"

namespace lockstep::cli {
checker::DetectMode parse_detect_mode(const std::string& text) {
  if (text == "refined") return checker::DetectMode::Refined;
  if (text == "thesis") return checker::DetectMode::Thesis;
  usage_error(fmt::format("unknown detection mode '{}' (thesis, refined)", text));
}

checker::TableChoice parse_table_choice(const std::string& text) {
  if (text == "nvidia") return checker::TableChoice::Nvidia;
  if (text == "ipdom") return checker::TableChoice::Ipdom;
  usage_error(fmt::format("unknown reconvergence table '{}' (nvidia, ipdom)", text));
}

}  // namespace lockstep::cli
