// The divergence models `run` offers, by command-line name.
//
//   mimd       every thread its own PC (the loosely fair reference)
//   stack      SIMT stack, IPDOM reconvergence, taken path first (NVIDIA)
//   stack-amd  SIMT stack, the path with fewer threads first (AMD)
//   stack-nt   SIMT stack, not-taken path first
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>

namespace lockstep::sem {

enum class ModelKind : std::uint8_t { Mimd, Stack, StackAmd, StackNt };

[[nodiscard]] std::optional<ModelKind> parse_model_kind(std::string_view name) noexcept;
[[nodiscard]] std::string_view model_kind_name(ModelKind k) noexcept;

}  // namespace lockstep::sem
