#include "checker/explore/exploration.hpp"

namespace lockstep::checker {

const char* finding_kind_name(FindingKind k) noexcept {
  switch (k) {
    case FindingKind::Deadlock: return "deadlock";
    case FindingKind::NonTermination: return "non-termination";
    case FindingKind::Error: return "error";
    case FindingKind::ExpectMismatch: return "expect";
    case FindingKind::Completed: return "completed";
  }
  return "?";
}

const char* bound_kind_name(BoundKind k) noexcept {
  switch (k) {
    case BoundKind::None: return "none";
    case BoundKind::States: return "states";
    case BoundKind::Depth: return "depth";
    case BoundKind::Memory: return "memory";
    case BoundKind::Time: return "time";
    case BoundKind::Solver: return "solver";
    case BoundKind::Forks: return "forks";
    case BoundKind::AddressValues: return "address-values";
    case BoundKind::Interrupted: return "interrupted";
  }
  return "?";
}

}  // namespace lockstep::checker
