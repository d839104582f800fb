#include "semantics/launch/run_options.hpp"

#include <charconv>

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
    const std::string_view num = text.substr(prefix.size());
    std::uint64_t seed = 0;
    const auto [end, ec] = std::from_chars(num.data(), num.data() + num.size(), seed);
    if (num.empty() || ec != std::errc{} || end != num.data() + num.size()) return std::nullopt;
    base.policy = SchedulePolicy::Random;
    base.seed = seed;
    return base;
  }
  return std::nullopt;
}

}  // namespace lockstep::sem
