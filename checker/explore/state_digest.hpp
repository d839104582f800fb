// The 128-bit digest the explorer matches states by (XXH3-128 over the
// canonical state bytes LaunchState::hash feeds), and the number of bytes
// hashed (the explorer's per-state memory estimate).
#pragma once

#include <cstdint>

#include "checker/explore/exploration.hpp"
#include "semantics/model/state_hasher.hpp"

namespace lockstep::checker {

template <class S>
[[nodiscard]] Digest digest_of(const S& s) {
  sem::StateHasher h;
  s.hash(h);
  return h.digest();
}

template <class S>
[[nodiscard]] std::uint64_t hashed_bytes(const S& s) {
  sem::StateHasher h;
  s.hash(h);
  return h.hashed();
}

}  // namespace lockstep::checker
