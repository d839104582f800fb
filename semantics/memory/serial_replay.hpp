// The serial order of committed transactions (Kilo TM's criterion, research
// 001-kilotm.md §3.12-3.13, goals G1 and G3; docs/tm.md): replaying the
// committed write logs in commit-ID order from the initial memory must give
// exactly the value of every word each committed transaction read, and the
// final memory must hold the replayed value of every word a commit wrote.
//
// SerialReplay is that replay, one commit at a time (the launch state keeps
// one under `verify --property serializable`): the words some commit wrote,
// with the value the serial order gives them. check_serial_history runs it
// over a whole history and names what breaks it: the reading transaction,
// the word, the value read, the serial value and the transaction that wrote
// it last in the serial order.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "semantics/memory/global_memory.hpp"
#include "semantics/memory/tx_log.hpp"

namespace lockstep::sem {

/// One committed transaction: its commit ID (1, 2, ... in commit order), the
/// thread (linear block index, linear thread index in the block) and its log.
struct TxCommitRecord {
  std::uint64_t cid = 0;
  std::uint32_t block = 0;
  std::uint32_t thread = 0;
  TxLog log;
};

/// A read the serial order does not explain.
struct SerialMismatch {
  std::uint64_t addr = 0;
  std::uint32_t read = 0;    ///< the value the transaction read (or the final memory holds)
  std::uint32_t serial = 0;  ///< the value the serial order gives
};

class SerialReplay {
 public:
  /// The first read entry of `log` whose value differs from the serial memory.
  [[nodiscard]] std::optional<SerialMismatch> check(const GlobalMemory& initial, const TxLog& log) const;
  /// Applies a committed write log.
  void apply(const GlobalMemory& initial, const TxLog& log);
  /// The first written word whose value in `final` differs from the serial one.
  [[nodiscard]] std::optional<SerialMismatch> check_final(const GlobalMemory& final) const;
  /// The serial value of the word at `addr` (a multiple of 4).
  [[nodiscard]] std::uint32_t value(const GlobalMemory& initial, std::uint64_t addr) const;

  [[nodiscard]] const std::vector<TxRead>& words() const noexcept { return words_; }
  friend bool operator==(const SerialReplay&, const SerialReplay&) = default;

 private:
  std::vector<TxRead> words_;  ///< sorted by address: the words commits wrote and their serial values
};

struct SerialViolation {
  bool final = false;            ///< the final memory, not a read, differs
  TxCommitRecord reader;         ///< the transaction whose read differs (not set when final)
  SerialMismatch mismatch;
  std::optional<TxCommitRecord> writer;  ///< the last serial writer of the word (none: the initial value)
  /// "transaction CID 3 (block 0, thread 5) read 7 at 0x100000004, but the serial order of CIDs 1..2 gives 9
  /// (written by CID 2, block 0, thread 1)"; `thread_name` spells a (block, thread) pair.
  [[nodiscard]] std::string text() const;
};

/// Replays `commits` (in CID order) from `initial`; the first violation, or
/// none. `final` (optional): the launch's final memory, checked on every
/// word a commit wrote.
[[nodiscard]] std::optional<SerialViolation> check_serial_history(const GlobalMemory& initial,
                                                                  const std::vector<TxCommitRecord>& commits,
                                                                  const GlobalMemory* final);

}  // namespace lockstep::sem
