// The strings of a `.section .debug_str { ... }`: what `.loc ...,
// function_name $L__info_stringN` refers to (nvcc -lineinfo names the
// functions it inlined this way). The section body is a run of labels and
// `.b8` byte lists, each string ending in a zero byte:
//
//   $L__info_string0:
//   .b8 95,90,53,105,110,110,101,114,105,80,105,0
//
// Debug data is optional: anything this reader does not understand is
// skipped, never an error.
#pragma once

#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace lockstep::ptx {

/// (label, string) pairs in the order of the section; a label whose bytes
/// hold several strings names the first.
[[nodiscard]] std::vector<std::pair<std::string_view, std::string>> parse_debug_str(std::string_view body);

}  // namespace lockstep::ptx
