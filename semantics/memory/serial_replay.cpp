#include "semantics/memory/serial_replay.hpp"

#include <algorithm>

#include <fmt/format.h>

namespace lockstep::sem {
namespace {

auto find_word(const std::vector<TxRead>& words, std::uint64_t addr) {
  return std::lower_bound(words.begin(), words.end(), addr, [](const TxRead& e, std::uint64_t a) { return e.addr < a; });
}

std::uint32_t merge(std::uint32_t base, const TxWrite& w) {
  std::uint32_t keep = 0;
  for (unsigned i = 0; i < 4; ++i) {
    if ((static_cast<unsigned>(w.mask) >> i) & 1U) keep |= 0xffU << (8 * i);
  }
  return (base & ~keep) | (w.value & keep);
}

}  // namespace

std::uint32_t SerialReplay::value(const GlobalMemory& initial, std::uint64_t addr) const {
  const auto it = find_word(words_, addr);
  return it != words_.end() && it->addr == addr ? it->value : tx_word(initial, addr);
}

std::optional<SerialMismatch> SerialReplay::check(const GlobalMemory& initial, const TxLog& log) const {
  for (const TxRead& r : log.reads) {
    const std::uint32_t s = value(initial, r.addr);
    if (s != r.value) return SerialMismatch{r.addr, r.value, s};
  }
  return std::nullopt;
}

void SerialReplay::apply(const GlobalMemory& initial, const TxLog& log) {
  for (const TxWrite& w : log.writes) {
    auto it = std::lower_bound(words_.begin(), words_.end(), w.addr,
                               [](const TxRead& e, std::uint64_t a) { return e.addr < a; });
    if (it == words_.end() || it->addr != w.addr) it = words_.insert(it, TxRead{w.addr, tx_word(initial, w.addr)});
    it->value = merge(it->value, w);
  }
}

std::optional<SerialMismatch> SerialReplay::check_final(const GlobalMemory& final) const {
  for (const TxRead& w : words_) {
    const std::uint32_t now = tx_word(final, w.addr);
    if (now != w.value) return SerialMismatch{w.addr, now, w.value};
  }
  return std::nullopt;
}

std::string SerialViolation::text() const {
  const std::string by =
      writer ? fmt::format("written by CID {} (block {}, thread {})", writer->cid, writer->block, writer->thread)
             : std::string("the initial value");
  if (final) {
    return fmt::format("the final memory holds {} at {:#x}, but the serial order of the committed transactions "
                       "gives {} ({})",
                       mismatch.read, mismatch.addr, mismatch.serial, by);
  }
  const std::string order =
      reader.cid <= 1 ? std::string("the initial memory") : fmt::format("the serial order of CIDs 1..{}", reader.cid - 1);
  return fmt::format("transaction CID {} (block {}, thread {}) committed having read {} at {:#x}, but {} gives {} ({})",
                     reader.cid, reader.block, reader.thread, mismatch.read, mismatch.addr, order, mismatch.serial, by);
}

std::optional<SerialViolation> check_serial_history(const GlobalMemory& initial,
                                                    const std::vector<TxCommitRecord>& commits,
                                                    const GlobalMemory* final) {
  SerialReplay replay;
  const auto last_writer = [&](std::size_t before, std::uint64_t addr) -> std::optional<TxCommitRecord> {
    for (std::size_t j = before; j-- > 0;) {
      const auto& ws = commits[j].log.writes;
      const auto it = std::lower_bound(ws.begin(), ws.end(), addr,
                                       [](const TxWrite& e, std::uint64_t a) { return e.addr < a; });
      if (it != ws.end() && it->addr == addr) return commits[j];
    }
    return std::nullopt;
  };
  for (std::size_t i = 0; i < commits.size(); ++i) {
    if (const auto m = replay.check(initial, commits[i].log)) {
      SerialViolation v;
      v.reader = commits[i];
      v.mismatch = *m;
      v.writer = last_writer(i, m->addr);
      return v;
    }
    replay.apply(initial, commits[i].log);
  }
  if (final != nullptr) {
    if (const auto m = replay.check_final(*final)) {
      SerialViolation v;
      v.final = true;
      v.mismatch = *m;
      v.writer = last_writer(commits.size(), m->addr);
      return v;
    }
  }
  return std::nullopt;
}

}  // namespace lockstep::sem
