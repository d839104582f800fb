// An SM's side of its cluster's interconnect port: where its caches' misses,
// write-throughs and the LD/ST unit's uncached requests go
// (MemorySystem::can_accept / push for the SM's cluster). The cycle loop
// provides one per cluster; tests provide their own.
#pragma once

#include "sim/mem/mem_request.hpp"

namespace lockstep::sim {

class ClusterPort {
 public:
  ClusterPort() = default;
  ClusterPort(const ClusterPort&) = delete;
  ClusterPort& operator=(const ClusterPort&) = delete;
  virtual ~ClusterPort() = default;

  /// The port has room for the request's packet now.
  [[nodiscard]] virtual bool can_accept(const MemRequest& request) const = 0;
  /// Injects it (precondition: can_accept).
  virtual void push(const MemRequest& request, Cycle now) = 0;
};

}  // namespace lockstep::sim
