#include "semantics/memory/tx_log.hpp"

#include <algorithm>
#include <cstring>

namespace lockstep::sem {
namespace {

constexpr std::uint64_t kWord = 4;

/// The bytes of word `w` that lie in a region (bit i: byte i).
std::uint8_t region_bytes(const GlobalMemory& g, std::uint64_t w) {
  std::uint8_t m = 0;
  for (unsigned i = 0; i < kWord; ++i) {
    if (g.find(w + i, 1) != nullptr) m = static_cast<std::uint8_t>(m | (1U << i));
  }
  return m;
}

}  // namespace

std::uint32_t tx_word(const GlobalMemory& g, std::uint64_t addr) {
  if (g.find(addr, kWord) != nullptr) {
    std::uint32_t v = 0;
    g.read(addr, kWord, &v);
    return v;
  }
  std::uint32_t v = 0;
  const std::uint8_t in = region_bytes(g, addr);
  for (unsigned i = 0; i < kWord; ++i) {
    if ((in >> i) & 1U) {
      std::uint8_t b = 0;
      g.read(addr + i, 1, &b);
      v |= std::uint32_t{b} << (8 * i);
    }
  }
  return v;
}

void tx_store(GlobalMemory& g, const TxWrite& w) {
  if (w.mask == 0xf) {
    g.write(w.addr, kWord, &w.value);
    return;
  }
  for (unsigned i = 0; i < kWord; ++i) {
    if ((static_cast<unsigned>(w.mask) >> i) & 1U) {
      const auto b = static_cast<std::uint8_t>(w.value >> (8 * i));
      g.write(w.addr + i, 1, &b);
    }
  }
}

void TxLog::read(const GlobalMemory& g, std::uint64_t addr, std::uint64_t size, void* out, AccessKind access) {
  g.check(addr, size, access);
  auto* dst = static_cast<std::uint8_t*>(out);
  const std::uint64_t first = addr & ~(kWord - 1);
  for (std::uint64_t w = first; w < addr + size; w += kWord) {
    const auto it = std::lower_bound(writes.begin(), writes.end(), w,
                                     [](const TxWrite& e, std::uint64_t a) { return e.addr < a; });
    const bool logged = it != writes.end() && it->addr == w;
    std::uint32_t value = 0;
    if (!logged || it->mask != 0xf) {
      // Some bytes come from memory: the word joins the read log.
      value = tx_word(g, w);
      const TxRead r{w, value};
      if (std::find(reads.begin(), reads.end(), r) == reads.end()) reads.push_back(r);
    }
    if (logged) {
      std::uint32_t keep = 0;
      for (unsigned i = 0; i < kWord; ++i) {
        if ((static_cast<unsigned>(it->mask) >> i) & 1U) keep |= 0xffU << (8 * i);
      }
      value = (value & ~keep) | (it->value & keep);
    }
    for (unsigned i = 0; i < kWord; ++i) {
      const std::uint64_t a = w + i;
      if (a >= addr && a < addr + size) dst[a - addr] = static_cast<std::uint8_t>(value >> (8 * i));
    }
  }
}

void TxLog::write(const GlobalMemory& g, std::uint64_t addr, std::uint64_t size, const void* in, AccessKind access) {
  g.check(addr, size, access);
  const auto* src = static_cast<const std::uint8_t*>(in);
  const std::uint64_t first = addr & ~(kWord - 1);
  for (std::uint64_t w = first; w < addr + size; w += kWord) {
    auto it = std::lower_bound(writes.begin(), writes.end(), w,
                               [](const TxWrite& e, std::uint64_t a) { return e.addr < a; });
    if (it == writes.end() || it->addr != w) it = writes.insert(it, TxWrite{w, 0, 0});
    for (unsigned i = 0; i < kWord; ++i) {
      const std::uint64_t a = w + i;
      if (a < addr || a >= addr + size) continue;
      it->value = (it->value & ~(0xffU << (8 * i))) | (std::uint32_t{src[a - addr]} << (8 * i));
      it->mask = static_cast<std::uint8_t>(it->mask | (1U << i));
    }
  }
}

bool TxLog::valid(const GlobalMemory& g) const {
  return std::all_of(reads.begin(), reads.end(), [&](const TxRead& r) { return tx_word(g, r.addr) == r.value; });
}

void TxLog::publish(GlobalMemory& g) const {
  for (const TxWrite& w : writes) tx_store(g, w);
}

}  // namespace lockstep::sem
