// Feeds the canonical bytes of a state into xxHash3 (128-bit) for livelock
// detection in `run` and for the explorer's visited set.
#pragma once

#include <cstddef>
#include <cstdint>
#include <type_traits>

#ifndef XXH_STATIC_LINKING_ONLY
#define XXH_STATIC_LINKING_ONLY  // XXH3_state_t on the stack
#endif
#include <xxhash.h>

namespace lockstep::sem {

class StateHasher {
 public:
  StateHasher() { XXH3_128bits_reset(&st_); }
  void bytes(const void* p, std::size_t n) {
    XXH3_128bits_update(&st_, p, n);
    hashed_ += n;
  }
  /// Bytes fed so far.
  [[nodiscard]] std::uint64_t hashed() const noexcept { return hashed_; }
  /// The bytes of v. Only for types whose bytes are all value (no padding,
  /// no floating point): padding holds whatever the compiler left there, so
  /// equal states would hash differently.
  template <class T>
    requires std::has_unique_object_representations_v<T>
  void value(const T& v) { bytes(&v, sizeof v); }
  /// The bytes of n elements (the same condition as value()).
  template <class T>
    requires std::has_unique_object_representations_v<T>
  void elements(const T* p, std::size_t n) {
    if (n != 0) bytes(p, n * sizeof(T));
  }
  struct Digest {
    std::uint64_t lo = 0, hi = 0;
    friend bool operator==(const Digest&, const Digest&) = default;
  };
  [[nodiscard]] Digest digest() const {
    const XXH128_hash_t h = XXH3_128bits_digest(&st_);
    return Digest{h.low64, h.high64};
  }

 private:
  XXH3_state_t st_{};
  std::uint64_t hashed_ = 0;
};

}  // namespace lockstep::sem
