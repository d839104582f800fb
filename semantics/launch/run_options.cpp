#include "semantics/launch/run_options.hpp"

#include "semantics/spec/element.hpp"

namespace lockstep::sem {

std::optional<RunOptions> parse_schedule(std::string_view text, RunOptions base) {
  if (text == "round-robin") {
    base.policy = SchedulePolicy::RoundRobin;
    return base;
  }
  if (text == "greedy") {
    base.policy = SchedulePolicy::Greedy;
    return base;
  }
  constexpr std::string_view prefix = "random:";
  if (text.substr(0, prefix.size()) == prefix) {
    const auto seed = parse_u64_text(text.substr(prefix.size()));  // decimal or 0x-hex, as buffer seeds
    if (!seed) return std::nullopt;
    base.policy = SchedulePolicy::Random;
    base.seed = *seed;
    return base;
  }
  return std::nullopt;
}

}  // namespace lockstep::sem
