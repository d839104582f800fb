// compose_verdict and the spellings of verdicts, properties and bounds.
#include "checker/verify/verdict.hpp"

#include <fmt/format.h>

namespace lockstep::checker {

const char* verdict_name(VerdictKind k) noexcept {
  switch (k) {
    case VerdictKind::Verified: return "verified";
    case VerdictKind::Counterexample: return "counterexample";
    case VerdictKind::Inconclusive: return "inconclusive";
  }
  return "?";
}

namespace {
std::optional<VerifyProperties> parse_property(std::string_view name) noexcept {
  if (name == "all") return VerifyProperties{};
  if (name == "safety") return VerifyProperties{true, false, true, false, false};
  if (name == "termination") return VerifyProperties{true, true, false, false, false};
  if (name == "barrier-divergence") return VerifyProperties{true, false, false, true, false};
  if (name == "serializable") return VerifyProperties{true, false, false, false, true};
  return std::nullopt;
}
}  // namespace

std::optional<VerifyProperties> parse_properties(std::string_view list) noexcept {
  VerifyProperties p{false, false, false, false, false};
  while (true) {
    const std::size_t comma = list.find(',');
    const auto one = parse_property(list.substr(0, comma));
    if (!one) return std::nullopt;
    p.deadlock = p.deadlock || one->deadlock;
    p.termination = p.termination || one->termination;
    p.expect = p.expect || one->expect;
    p.cuda_barriers = p.cuda_barriers || one->cuda_barriers;
    p.serializable = p.serializable || one->serializable;
    if (comma == std::string_view::npos) return p;
    list.remove_prefix(comma + 1);
  }
}

std::string properties_text(const VerifyProperties& p) {
  std::string s = p.deadlock ? "deadlock" : "";
  if (p.termination) s += s.empty() ? "non-termination" : ", non-termination";
  s += s.empty() ? "error" : ", error";
  if (p.expect) s += ", expect";
  if (p.cuda_barriers) s += ", barrier divergence (CUDA rule)";
  if (p.serializable) {
    s += p.tm_protocol == "ideal" ? std::string(", serializability (ideal commit)")
                                  : ", serializability (commit protocol " + p.tm_protocol + ")";
  }
  return s;
}

int Verdict::exit_status() const noexcept {
  switch (kind) {
    case VerdictKind::Verified: return 0;
    case VerdictKind::Counterexample: return 3;
    case VerdictKind::Inconclusive: return 4;
  }
  return 4;
}

Verdict compose_verdict(const Exploration& e) {
  Verdict v;
  if (e.finding) {
    v.kind = VerdictKind::Counterexample;
    v.finding = e.finding->kind;
    return v;
  }
  if (!e.exhaustive()) {
    v.kind = VerdictKind::Inconclusive;
    v.bound = e.bound;
    v.bound_limit = e.bound_limit;
    v.bound_detail = e.bound_detail;
    return v;
  }
  v.kind = VerdictKind::Verified;
  return v;
}

std::string bound_text(BoundKind kind, std::uint64_t limit) {
  switch (kind) {
    case BoundKind::None: return "no bound";
    case BoundKind::States: return fmt::format("the state bound (--max-states {})", limit);
    case BoundKind::Depth: return fmt::format("the depth bound (--max-depth {})", limit);
    case BoundKind::Memory: return fmt::format("the memory bound (--max-memory {} MiB)", limit);
    case BoundKind::Time: return fmt::format("the time bound (--timeout {} s)", limit);
    case BoundKind::Solver: return "a solver query that returned unknown";
    case BoundKind::Forks: return fmt::format("the fork bound ({} per step)", limit);
    case BoundKind::AddressValues: return fmt::format("the address-value bound ({} values)", limit);
    case BoundKind::Interrupted:
      return limit == 2 ? "an interruption (SIGINT)" : limit == 15 ? "an interruption (SIGTERM)" : "an interruption";
  }
  return "an unknown bound";
}

}  // namespace lockstep::checker
