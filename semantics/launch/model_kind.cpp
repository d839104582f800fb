#include "semantics/launch/model_kind.hpp"

#include <array>

namespace lockstep::sem {
namespace {

constexpr std::string_view kNvidia = "nvidia";
constexpr std::string_view kNone = "none (no reconvergence points)";

constexpr std::array<ModelInfo, 20> kModels{{
    {ModelKind::Mimd, "mimd", "", "every thread its own PC; the loosely fair reference machine", "warp", "thread",
     kNone},
    {ModelKind::Stack, "stack", "", "SIMT stack, IPDOM reconvergence, taken path first (NVIDIA pre-Volta)", "warp",
     "warp", kNvidia},
    {ModelKind::StackAmd, "stack-amd", "", "SIMT stack, the path with fewer threads first (AMD)", "warp", "warp",
     kNvidia},
    {ModelKind::StackNt, "stack-nt", "", "SIMT stack, not-taken path first", "warp", "warp", kNvidia},
    {ModelKind::Aware, "aware", "timeout=N|off,switch=every-branch|divergence,order=not-taken-first|taken-first,st=N,rt=N",
     "AWARE: split and reconvergence tables (virtualised with st=N,rt=N), FIFO splits, divergent "
     "barriers, delayed reconvergence (the safe-aware table), timeout", "warp",
     "warp (with a timeout: also each warp's timeouts)", kNvidia},
    {ModelKind::Mp, "mp", "splits=N", "Multi-Path IPDOM: every split of the split table may issue", "warp", "split",
     kNvidia},
    {ModelKind::MpOrec, "mp-orec", "splits=N", "Multi-Path IPDOM with opportunistic early reconvergence", "warp",
     "split", kNvidia},
    {ModelKind::Its, "its", "", "independent thread scheduling: per-thread PCs, convergence barriers at the "
     "reconvergence points, yield at backward branches", "warp", "thread (the group at one PC)", kNvidia},
    {ModelKind::MinPc, "minpc", "", "heuristic: the smallest PC runs", "warp", "warp", kNone},
    {ModelKind::MinSpMinPc, "minsp-minpc", "", "heuristic: the largest stack size, then the smallest PC", "warp",
     "warp", kNone},
    {ModelKind::MaxFunMinPc, "maxfun-minpc", "", "heuristic: the deepest call level, then the smallest PC", "warp",
     "warp", kNone},
    {ModelKind::Long, "long", "SIZE", "heuristic: Long's fetch-history buffers of SIZE block starts (default 8)",
     "warp", "warp", kNone},
    {ModelKind::Lee, "lee", "", "heuristic: the smallest PC among threads that have not jumped backwards", "warp",
     "warp", kNone},
    {ModelKind::PdomMinSp, "pdom-minsp", "", "heuristic: post-dominator reconvergence marks, MinSP-MinPC helper",
     "warp", "warp", kNvidia},
    {ModelKind::LongestPath, "longest-path", "", "heuristic: thread frontiers, the longest path to the end first",
     "warp", "warp", kNone},
    {ModelKind::RoundRobin, "round-robin", "", "heuristic: one thread per issue, lanes in turn (MIMD, DLP 1)",
     "warp", "warp", kNone},
    {ModelKind::Tbc, "tbc", "compactor=on|off",
     "thread block compaction: a block-wide SIMT stack, warps compacted at divergent branches and "
     "reconvergence points, threads in their home lanes",
     "block", "compacted warp (slot of the block)", kNvidia},
    {ModelKind::TbcLcp, "tbc-lcp", "compactor=on|off",
     "thread block compaction with likely-convergence points (a break's loop latch)", "block",
     "compacted warp (slot of the block)", kNvidia},
    {ModelKind::Dwf, "dwf", "",
     "dynamic warp formation: a warp pool per block (per SM in sim), threads regrouped by PC after every "
     "instruction in their home lanes, reconvergence by coincidence",
     "block (core in sim)", "dynamic warp (pool entry)", kNone},
    {ModelKind::DwfWb, "dwf-wb", "",
     "dynamic warp formation with warp barriers: a static warp's threads regroup after its top-level divergent "
     "branch and are restored at its reconvergence point",
     "block (core in sim)", "dynamic warp (pool entry)", kNvidia},
}};

}  // namespace

std::span<const ModelInfo> model_catalog() noexcept { return kModels; }

const ModelInfo& model_info(ModelKind k) noexcept {
  for (const ModelInfo& m : kModels) {
    if (m.kind == k) return m;
  }
  return kModels.front();
}

std::optional<ModelKind> parse_model_kind(std::string_view name) noexcept {
  for (const ModelInfo& m : kModels) {
    if (m.name == name) return m.kind;
  }
  return std::nullopt;
}

std::string_view model_kind_name(ModelKind k) noexcept { return model_info(k).name; }

}  // namespace lockstep::sem
