// Small helpers of the trace data model: labels, digest spellings, push
// orders and file digests.
#include "checker/trace/trace.hpp"

#include <array>
#include <utility>

#include <fmt/format.h>
#include <xxhash.h>

#include "semantics/launch/model_spec.hpp"

namespace lockstep::checker {

std::string finding_label(FindingKind kind, std::string_view model, const std::vector<TraceStuck>& stuck) {
  switch (kind) {
    case FindingKind::Deadlock: return "deadlock";
    case FindingKind::Error: return "error";
    case FindingKind::ExpectMismatch: return "expect mismatch";
    case FindingKind::Completed: return "completed";
    case FindingKind::NonTermination: break;
  }
  bool grid = false;
  bool other_spin = false;
  for (const TraceStuck& s : stuck) {
    grid = grid || s.state == "grid-barrier";
    other_spin = other_spin || s.state == "spinning";
  }
  if (grid && !other_spin) return "deadlock at the grid barrier";
  if (model != "mimd") {
    for (const TraceStuck& s : stuck) {
      if (s.state == "reconvergence") return "SIMT-induced deadlock";
    }
  }
  return "livelock";
}

std::string finding_summary(const Trace& t) {
  if (t.kind == FindingKind::Error && t.fault) return fmt::format("{} ({}: {})", t.label, t.fault->kind, t.fault->message);
  if (t.kind == FindingKind::NonTermination && !t.detail.empty()) return fmt::format("{} ({})", t.label, t.detail);
  return t.label;
}

std::string digest_hex(const Digest& d) { return fmt::format("{:016x}{:016x}", d.hi, d.lo); }

std::optional<std::uint64_t> parse_hex_digits(std::string_view s) noexcept {
  if (s.empty() || s.size() > 16) return std::nullopt;
  std::uint64_t v = 0;
  for (const char c : s) {
    unsigned d = 0;
    if (c >= '0' && c <= '9') {
      d = static_cast<unsigned>(c - '0');
    } else if (c >= 'a' && c <= 'f') {
      d = static_cast<unsigned>(c - 'a') + 10;
    } else if (c >= 'A' && c <= 'F') {
      d = static_cast<unsigned>(c - 'A') + 10;
    } else {
      return std::nullopt;
    }
    v = (v << 4) | d;
  }
  return v;
}

std::optional<Digest> parse_digest_hex(std::string_view text) noexcept {
  if (text.size() != 32) return std::nullopt;
  const auto hi = parse_hex_digits(text.substr(0, 16));
  const auto lo = parse_hex_digits(text.substr(16));
  if (!hi || !lo) return std::nullopt;
  return Digest{*lo, *hi};
}

std::optional<FindingKind> parse_finding_kind(std::string_view name) noexcept {
  for (const FindingKind k :
       {FindingKind::Deadlock, FindingKind::NonTermination, FindingKind::Error, FindingKind::ExpectMismatch,
        FindingKind::Completed}) {
    if (name == finding_kind_name(k)) return k;
  }
  return std::nullopt;
}

std::string_view push_order_of(std::string_view model) noexcept {
  constexpr std::array<std::pair<std::string_view, std::string_view>, 6> kOrders{{{"stack", "nvidia"},
                                                                                  {"stack-amd", "amd"},
                                                                                  {"stack-nt", "not-taken-first"},
                                                                                  {"aware", "not-taken-first"},
                                                                                  {"mp", "nvidia"},
                                                                                  {"mp-orec", "nvidia"}}};
  const std::string_view name = model.substr(0, model.find(':'));
  if (name == "aware") {
    const sem::ModelSpecParse p = sem::parse_model_spec(model);
    if (p.spec && p.spec->taken_first) return "taken-first";
  }
  for (const auto& [m, order] : kOrders) {
    if (m == name) return order;
  }
  return "none";
}

std::string xxh64_hex(std::string_view bytes) {
  return fmt::format("{:016x}", XXH64(bytes.data(), bytes.size(), 0));
}

}  // namespace lockstep::checker
