// The origin map of an SSDE output (docs/equiv.md): per output PC, the PC of
// the input instruction it copies, or kOriginAdded for an instruction the
// transformation added. It is the correspondence part (a) of `equiv` checks.
//
// On disk (`lockstep ssde --origin-out FILE`, `lockstep equiv --origin
// FILE`) it is JSON:
//   {"format": "lockstep-ssde-origin", "version": 1,
//    "kernels": [{"name": K, "origin": [0, 1, "added", 2, ...]}]}
// one entry per transformed kernel, the array indexed by output PC.
#pragma once

#include <nlohmann/json.hpp>

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace lockstep::checker {

/// Origin of an added instruction (the same value as kAddedPc of ssde.hpp).
inline constexpr std::uint32_t kOriginAdded = 0xffffffffU;

/// The origin of one kernel.
struct KernelOrigin {
  std::string kernel;                 ///< the kernel's PTX name
  std::vector<std::uint32_t> origin;  ///< per output PC
};

/// The JSON document for a set of kernels.
[[nodiscard]] nlohmann::json origin_to_json(const std::vector<KernelOrigin>& kernels);

/// Parses a document written by origin_to_json. Throws std::invalid_argument
/// with a message naming what is wrong (format, version, a bad entry).
[[nodiscard]] std::vector<KernelOrigin> origin_from_json(const nlohmann::json& doc);

/// The entry for `kernel`, if the document has one.
[[nodiscard]] std::optional<std::vector<std::uint32_t>> find_origin(const std::vector<KernelOrigin>& kernels,
                                                                    const std::string& kernel);

}  // namespace lockstep::checker
