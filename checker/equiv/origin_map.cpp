// JSON reading and writing of origin maps (origin_map.hpp).
#include "checker/equiv/origin_map.hpp"

#include <fmt/format.h>

#include <stdexcept>

namespace lockstep::checker {
namespace {

constexpr const char* kFormat = "lockstep-ssde-origin";
constexpr int kVersion = 1;

}  // namespace

nlohmann::json origin_to_json(const std::vector<KernelOrigin>& kernels) {
  nlohmann::json list = nlohmann::json::array();
  for (const auto& k : kernels) {
    nlohmann::json pcs = nlohmann::json::array();
    for (const std::uint32_t pc : k.origin) {
      if (pc == kOriginAdded) {
        pcs.push_back("added");
      } else {
        pcs.push_back(pc);
      }
    }
    list.push_back({{"name", k.kernel}, {"origin", std::move(pcs)}});
  }
  return {{"format", kFormat}, {"version", kVersion}, {"kernels", std::move(list)}};
}

std::vector<KernelOrigin> origin_from_json(const nlohmann::json& doc) {
  if (!doc.is_object() || !doc.contains("format") || doc["format"] != kFormat) {
    throw std::invalid_argument(fmt::format("not an origin map (\"format\" is not \"{}\")", kFormat));
  }
  if (!doc.contains("version") || doc["version"] != kVersion) {
    throw std::invalid_argument(fmt::format("unsupported origin map version (expected {})", kVersion));
  }
  if (!doc.contains("kernels") || !doc["kernels"].is_array()) {
    throw std::invalid_argument("origin map: \"kernels\" must be an array");
  }
  std::vector<KernelOrigin> out;
  for (const auto& k : doc["kernels"]) {
    if (!k.is_object() || !k.contains("name") || !k["name"].is_string() || !k.contains("origin") ||
        !k["origin"].is_array()) {
      throw std::invalid_argument("origin map: every kernel needs a \"name\" string and an \"origin\" array");
    }
    KernelOrigin ko;
    ko.kernel = k["name"].get<std::string>();
    for (const auto& e : k["origin"]) {
      if (e.is_string() && e.get<std::string>() == "added") {
        ko.origin.push_back(kOriginAdded);
      } else if (e.is_number_unsigned() && e.get<std::uint64_t>() < kOriginAdded) {
        ko.origin.push_back(static_cast<std::uint32_t>(e.get<std::uint64_t>()));
      } else {
        throw std::invalid_argument(fmt::format(
            "origin map: kernel {}: output pc {}: expected an input pc or \"added\", got {}", ko.kernel,
            ko.origin.size(), e.dump()));
      }
    }
    out.push_back(std::move(ko));
  }
  return out;
}

std::optional<std::vector<std::uint32_t>> find_origin(const std::vector<KernelOrigin>& kernels,
                                                      const std::string& kernel) {
  for (const auto& k : kernels) {
    if (k.kernel == kernel) return k.origin;
  }
  return std::nullopt;
}

}  // namespace lockstep::checker
