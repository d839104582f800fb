#include "checker/detect/point.hpp"

namespace lockstep::checker {

using analysis::kExitPc;

std::uint32_t PointOrder::block(std::uint32_t point) const noexcept {
  return point == kExitPc ? analysis_->exit_block() : kernel_->block_of(point);
}

std::uint32_t PointOrder::block_start(std::uint32_t b) const noexcept {
  return b == analysis_->exit_block() ? kExitPc : kernel_->blocks[b].first_pc;
}

bool PointOrder::post_dominates(std::uint32_t p, std::uint32_t q) const noexcept {
  if (p == kExitPc) return true;
  if (q == kExitPc) return false;
  const std::uint32_t bp = block(p), bq = block(q);
  if (bp == bq) return p >= q;
  return analysis_->postdom.strictly_post_dominates(bp, bq);
}

std::uint32_t PointOrder::join(std::uint32_t p, std::uint32_t q) const noexcept {
  if (p == kExitPc || q == kExitPc) return kExitPc;
  const std::uint32_t bp = block(p), bq = block(q);
  if (bp == bq) return p > q ? p : q;
  const std::uint32_t d = analysis_->postdom.nearest_common_post_dominator(bp, bq);
  if (d == bp) return p;
  if (d == bq) return q;
  if (d == analysis::kNone) return kExitPc;
  return block_start(d);
}

std::uint32_t PointOrder::after(std::uint32_t pc) const noexcept {
  const std::uint32_t b = kernel_->block_of(pc);
  if (pc < kernel_->blocks[b].last_pc) return pc + 1;
  const std::uint32_t ip = analysis_->postdom.ipdom(b);
  return ip == analysis::kNone ? kExitPc : block_start(ip);
}

}  // namespace lockstep::checker
