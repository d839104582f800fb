#include "cli/tx_report.hpp"

#include <fmt/format.h>

namespace lockstep::cli {
namespace {

constexpr std::size_t kListed = 32;

std::array<std::uint32_t, 3> block_of(const sem::LaunchSetup& s, std::uint64_t key) {
  return sem::LaunchShape::unflatten(static_cast<std::uint32_t>(key / s.shape.threads_per_block()), s.shape.grid);
}
std::array<std::uint32_t, 3> thread_of(const sem::LaunchSetup& s, std::uint64_t key) {
  return sem::LaunchShape::unflatten(static_cast<std::uint32_t>(key % s.shape.threads_per_block()), s.shape.block);
}
std::string dim3(const std::array<std::uint32_t, 3>& v) { return fmt::format("({},{},{})", v[0], v[1], v[2]); }

}  // namespace

void tx_text(std::ostream& out, const sem::TxStats& tx, const sem::LaunchSetup& s) {
  if (tx.begins == 0) return;
  out << fmt::format("transactions: {} committed, {} aborted (validation {}, explicit {}, watchdog {}), {} "
                     "thread(s) retried\n",
                     tx.commits, tx.aborts(), tx.aborts_validation, tx.aborts_explicit, tx.aborts_watchdog,
                     tx.retries.size());
  std::size_t n = 0;
  for (const auto& [key, count] : tx.retries) {
    if (n++ == kListed) {
      out << fmt::format("  ... {} more thread(s)\n", tx.retries.size() - kListed);
      break;
    }
    out << fmt::format("  block {} thread {}: {} retr{}\n", dim3(block_of(s, key)), dim3(thread_of(s, key)), count,
                       count == 1 ? "y" : "ies");
  }
}

void tx_json(nlohmann::ordered_json& j, const sem::TxStats& tx, const sem::LaunchSetup& s) {
  if (tx.begins == 0) return;
  nlohmann::ordered_json retries = nlohmann::ordered_json::array();
  for (const auto& [key, count] : tx.retries) {
    retries.push_back({{"block", block_of(s, key)}, {"thread", thread_of(s, key)}, {"retries", count}});
  }
  j["transactions"] = {{"commits", tx.commits},
                       {"aborts", {{"validation", tx.aborts_validation},
                                   {"explicit", tx.aborts_explicit},
                                   {"watchdog", tx.aborts_watchdog}}},
                       {"retries", std::move(retries)}};
}

}  // namespace lockstep::cli
