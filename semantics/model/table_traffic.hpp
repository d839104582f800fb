// The memory traffic of a divergence model whose tables are virtualised:
// AWARE with physical split/reconvergence-table sizes (research
// 000-aware-bows-ddos-mp.md §1.7; docs/models/aware.md "Virtualised
// tables"). The model decides which entries spill and fill (that changes
// which split runs next, so it is semantics); the simulator turns each
// access into a memory request to the warp's reserved region and stalls the
// warp by the research's buffer rules (docs/sim.md "Divergence models").
#pragma once

#include <cstdint>
#include <vector>

namespace lockstep::sem {

struct TableAccess {
  enum class Kind : std::uint8_t {
    StSpill,    ///< a split-table entry written out (12 bytes)
    StFill,     ///< a virtual split at the FIFO head: its entry is read back (12 bytes)
    StInstall,  ///< a filled (transient) split reached the FIFO head: it issues once its fill has returned
    RtSpill,    ///< a reconvergence-table entry written out (16 bytes)
    RtFill,     ///< a virtual reconvergence entry updated or timed out: read back (16 bytes) before the warp goes on
  };
  Kind kind = Kind::StSpill;
  std::uint8_t entry = 0;  ///< the entry's index in its table: its slot in the warp's reserved region
  friend bool operator==(const TableAccess&, const TableAccess&) = default;
};

/// Bytes moved by one access (research §1.7: 12-byte split entries, 16-byte reconvergence entries).
[[nodiscard]] constexpr std::uint32_t table_access_bytes(TableAccess::Kind k) noexcept {
  switch (k) {
    case TableAccess::Kind::StSpill:
    case TableAccess::Kind::StFill: return 12;
    case TableAccess::Kind::RtSpill:
    case TableAccess::Kind::RtFill: return 16;
    case TableAccess::Kind::StInstall: return 0;
  }
  return 0;
}

/// Where a model records its accesses, in order; null when nobody listens.
using TableTraffic = std::vector<TableAccess>;

}  // namespace lockstep::sem
