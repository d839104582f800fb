#include "semantics/launch/model_kind.hpp"

#include <array>
#include <utility>

namespace lockstep::sem {
namespace {
constexpr std::array<std::pair<std::string_view, ModelKind>, 4> kNames{{
    {"mimd", ModelKind::Mimd},
    {"stack", ModelKind::Stack},
    {"stack-amd", ModelKind::StackAmd},
    {"stack-nt", ModelKind::StackNt},
}};
}  // namespace

std::optional<ModelKind> parse_model_kind(std::string_view name) noexcept {
  for (const auto& [n, k] : kNames) {
    if (n == name) return k;
  }
  return std::nullopt;
}

std::string_view model_kind_name(ModelKind k) noexcept {
  for (const auto& [n, kind] : kNames) {
    if (kind == k) return n;
  }
  return "?";
}

}  // namespace lockstep::sem
