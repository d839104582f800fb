// The LD/ST unit's address path: a warp instruction's per-lane accesses
// (the semantics' AccessLog) turned into what the memory pipeline handles.
//
// Global and local memory (GPGPU-Sim's memory_coalescing_arch): the warp is
// split into `memory_warp_parts` parts; in each, the lanes' accesses are
// grouped by aligned segment — 32 bytes for 1-byte accesses, 64 for 2-byte
// and 128 for larger ones, or 32 bytes throughout when `sectors` (compute
// capability 4.0 and above, or Fermi/Kepler with the L1D skipped) — and each
// segment becomes one request, shrunk to its used 64- or 32-byte half when
// the other half is untouched. An access that crosses a segment boundary
// adds the next segment. Local accesses of more than 4 bytes are split into
// 4-byte words first, each at its own interleaved timing address
// (timing_addresses.hpp). Atomics (memory_coalescing_arch_atomic) group the
// same way, but two lanes touching the same bytes go into different
// requests: each request's bytes are distinct.
//
// Constant and parameter reads (the constant cache): one access per
// distinct `line_bytes` line the active lanes touch ("accesses from a warp
// to different addresses are serialized", research/001-microarch-tbc.md
// §1.4), in ascending address order.
//
// Requests come out in ascending address order per part, parts in order.
#pragma once

#include <cstdint>
#include <memory>
#include <vector>

#include "semantics/memory/access_log.hpp"
#include "sim/mem/mem_request.hpp"

namespace lockstep::sim {

/// One access the LD/ST unit sends to a cache or the interconnect.
struct MemAccess {
  std::uint64_t addr = 0;   ///< timing address of its first byte
  std::uint32_t bytes = 0;  ///< 32, 64 or 128 (a constant-cache access: the line)
  sem::Mask lanes = 0;      ///< lanes served by it
  std::uint8_t sector_mask = 0;  ///< 32-byte chunks of its 128-byte block the lanes touch
  ByteMask byte_mask;            ///< bytes of its 128-byte block the lanes touch
  bool local = false;            ///< a local-memory access (else global or constant)
};

struct CoalescingRules {
  std::uint32_t warp_parts = 1;  ///< core.memory_warp_parts
  bool sectors = false;          ///< 32-byte segments throughout
};

/// Where each lane's local memory lives in the timing address space.
struct LocalLayout {
  std::uint64_t first_thread = 0;  ///< global hardware thread of lane 0 of the warp
  std::uint64_t threads_on_gpu = 1;
};

struct CoalescerScratch;

/// Holds the scratch space, so that coalescing allocates nothing once warm.
class Coalescer {
 public:
  explicit Coalescer(CoalescingRules rules);
  ~Coalescer();
  Coalescer(Coalescer&&) noexcept;
  Coalescer& operator=(Coalescer&&) noexcept;
  Coalescer(const Coalescer&) = delete;
  Coalescer& operator=(const Coalescer&) = delete;

  /// Appends the global (or, with `local`, local) accesses of the lanes in
  /// `lanes` of log to `out`.
  void coalesce(const sem::AccessLog& log, sem::Mask lanes, const LocalLayout* local, bool atomic,
                std::vector<MemAccess>& out);

 private:
  CoalescingRules rules_;
  std::unique_ptr<CoalescerScratch> scratch_;
};

/// Splits the accesses of `out` from `first` on into pieces of at most
/// `granule` bytes (aligned), keeping the bytes each piece covers: what a
/// cache with lines (or sectors) of `granule` bytes takes one at a time.
/// A piece keeps the lanes of its access.
void split_accesses(std::vector<MemAccess>& out, std::size_t first, std::uint32_t granule);

/// Appends the constant-cache accesses (lines of `line_bytes`) of the lanes
/// in `lanes` to `out`; `base` is kConstBase or kParamBase.
void constant_lines(const sem::AccessLog& log, sem::Mask lanes, std::uint64_t base, std::uint32_t line_bytes,
                    std::vector<MemAccess>& out);

}  // namespace lockstep::sim
