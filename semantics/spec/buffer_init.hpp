// Initial contents of launch-spec buffers (`init` of a [[buffer]]).
//
//   "zeros"        every byte 0 (the default when `init` is left out)
//   "iota"         element i = i converted to the type as C converts it:
//                  integers wrap modulo 2^width (u8 element 256 is 0, s8
//                  element 128 is -128), floats round to nearest even (f16
//                  element 2049 is 2048, elements from 65520 on are inf)
//   "random:SEED"  SEED: decimal, or "0x" and hex digits, 0 .. 2^64-1.
//                  Element i takes draw r_i = random_draw(SEED, i), the
//                  (i+1)-th output of splitmix64 seeded with SEED:
//                    z = SEED + (i + 1) * 0x9e3779b97f4a7c15   (mod 2^64)
//                    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9
//                    z = (z ^ (z >> 27)) * 0x94d049bb133111eb
//                    r_i = z ^ (z >> 31)
//                  integers keep the low `width` bits of r_i; floats are
//                  uniform in [0, 1) on a grid of their precision:
//                  f16 (r_i >> 53) * 2^-11, f32 (r_i >> 40) * 2^-24,
//                  f64 (r_i >> 11) * 2^-53 (all exact)
//   "file:PATH"    the raw little-endian bytes of the file; PATH is relative
//                  to the spec's folder (or absolute); the file must hold
//                  exactly count * element-size bytes; `count` is required
//   [n0, n1, ...]  inline numbers, checked for the type (element.hpp); with
//                  `count` also given, the lengths must agree (no padding)
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "frontend/ir/types.hpp"

namespace lockstep::sem {

/// r_i of "random:SEED" (above).
[[nodiscard]] std::uint64_t random_draw(std::uint64_t seed, std::uint64_t index) noexcept;
/// The bits of element i of a "random:SEED" buffer of type t.
[[nodiscard]] std::uint64_t random_element(ir::Type t, std::uint64_t seed, std::uint64_t index);
/// The bits of element i of an "iota" buffer of type t.
[[nodiscard]] std::uint64_t iota_element(ir::Type t, std::uint64_t index);

/// count elements of a generated buffer as little-endian bytes.
[[nodiscard]] std::vector<std::uint8_t> iota_bytes(ir::Type t, std::size_t count);
[[nodiscard]] std::vector<std::uint8_t> random_bytes(ir::Type t, std::size_t count, std::uint64_t seed);

}  // namespace lockstep::sem
