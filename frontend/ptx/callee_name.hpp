// The base name of a called function: "_Z8__tbeginv" -> "__tbegin",
// "_ZN2tm8__tabortEv" -> "__tabort", "vprintf" -> "vprintf".
//
// Lowering recognises the transactional-memory markers by this name, so a
// marker declared in C++ (mangled) or C (plain) is found either way.
#pragma once

#include <string_view>

namespace lockstep::ptx {

/// The unqualified name of an Itanium-mangled function name (the last
/// component of a nested name), or the name itself when it is not mangled
/// (or not in a form this reads).
[[nodiscard]] std::string_view callee_base_name(std::string_view name) noexcept;

}  // namespace lockstep::ptx
