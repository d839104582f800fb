#include "semantics/launch/grid_barrier_hang.hpp"

#include <algorithm>

#include <fmt/format.h>

namespace lockstep::sem {
namespace {

std::string block_name(const LaunchSetup& s, std::uint32_t b) {
  const auto& g = s.shape.grid;
  if (g[1] == 1 && g[2] == 1) return std::to_string(b);
  const auto v = LaunchShape::unflatten(b, g);
  return fmt::format("({},{},{})", v[0], v[1], v[2]);
}

std::string block_list(const LaunchSetup& s, const std::vector<std::uint32_t>& blocks) {
  constexpr std::size_t kShown = 8;
  std::string out = blocks.size() == 1 ? "block " : "blocks ";
  for (std::size_t i = 0; i < blocks.size() && i < kShown; ++i) out += (i ? ", " : "") + block_name(s, blocks[i]);
  if (blocks.size() > kShown) out += fmt::format(" and {} more", blocks.size() - kShown);
  return out;
}

}  // namespace

std::optional<GridBarrierHang> grid_barrier_hang(
    const LaunchSetup& setup, const std::vector<std::pair<std::uint32_t, bool>>& spinning) {
  if (spinning.empty()) return std::nullopt;
  GridBarrierHang h;
  for (const auto& [block, at_grid] : spinning) {
    if (!at_grid) return std::nullopt;
    h.waiting.push_back(block);
  }
  std::sort(h.waiting.begin(), h.waiting.end());
  h.waiting.erase(std::unique(h.waiting.begin(), h.waiting.end()), h.waiting.end());
  const auto blocks = static_cast<std::uint32_t>(setup.shape.blocks());
  for (std::uint32_t b = 0; b < blocks; ++b) {
    if (!std::binary_search(h.waiting.begin(), h.waiting.end(), b)) h.missing.push_back(b);
  }
  return h;
}

std::string grid_barrier_text(const LaunchSetup& setup, const GridBarrierHang& h) {
  const bool one = h.waiting.size() == 1;
  if (h.missing.empty()) {
    return fmt::format("{} {} in grid.sync() and never {} released", block_list(setup, h.waiting),
                       one ? "waits" : "wait", one ? "is" : "are");
  }
  return fmt::format("{} {} in grid.sync() for {}, which never {}", block_list(setup, h.waiting),
                     one ? "waits" : "wait", block_list(setup, h.missing),
                     h.missing.size() == 1 ? "arrives" : "arrive");
}

}  // namespace lockstep::sem
