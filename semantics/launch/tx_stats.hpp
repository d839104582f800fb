// Transaction counters of one launch (Kilo TM, docs/tm.md): commits, aborts
// by cause, and the retries of each thread that retried. Counters, not
// state: never hashed or compared.
#pragma once

#include <cstdint>
#include <map>

namespace lockstep::sem {

struct TxStats {
  std::uint64_t begins = 0;              ///< outermost __tbegin executed, per thread
  std::uint64_t commits = 0;             ///< transactions committed (the last commit ID)
  std::uint64_t aborts_validation = 0;   ///< __tcommit whose value-based validation failed
  std::uint64_t aborts_explicit = 0;     ///< __tabort
  std::uint64_t aborts_watchdog = 0;     ///< the watchdog found a doomed transaction
  /// Retries per thread that retried: key = block * threads per block + thread (linear indices).
  std::map<std::uint64_t, std::uint32_t> retries;
  [[nodiscard]] std::uint64_t aborts() const noexcept { return aborts_validation + aborts_explicit + aborts_watchdog; }
};

}  // namespace lockstep::sem
