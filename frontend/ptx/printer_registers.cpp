// Register declarations.
//
// Registers named `<prefix><n>` (n a canonical decimal number: no leading
// zero) are declared together as one range `.reg .b32 %r<N>;`, which declares
// %r0 ... %r(N-1), N = 1 + the largest n — as nvcc writes them. A prefix
// forms a range only when it has no digit (so the copies `%r4_i1`, `%r4_i2`
// of an inlined function stay apart), at least two registers share it, all
// with one type, and no other name of the kernel or module falls inside the
// range.
// Every other register is declared on its own line. Ranges and single
// declarations come in the order of their first register id.
//
// Lowering gives a register its id at its first use, so declaring a range
// with names the kernel never uses changes nothing in the IR.
#include <algorithm>
#include <limits>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "frontend/ptx/printer_parts.hpp"

namespace lockstep::ptx::printer {
namespace {

constexpr std::uint32_t kNone = std::numeric_limits<std::uint32_t>::max();

/// Splits "%r12" into "%r" and 12; false for names without a canonical
/// trailing number ("%r", "%r012", "12", or more than 9 digits).
bool split_numbered(std::string_view name, std::string_view& prefix, std::uint32_t& number) {
  std::size_t i = name.size();
  while (i > 0 && name[i - 1] >= '0' && name[i - 1] <= '9') --i;
  const std::size_t digits = name.size() - i;
  if (digits == 0 || i == 0 || digits > 9) return false;
  if (digits > 1 && name[i] == '0') return false;
  std::uint32_t n = 0;
  for (std::size_t j = i; j < name.size(); ++j) n = n * 10 + static_cast<std::uint32_t>(name[j] - '0');
  prefix = name.substr(0, i);
  number = n;
  return true;
}

bool has_digit(std::string_view s) {
  return s.find_first_of("0123456789") != std::string_view::npos;
}

struct Range {
  std::uint32_t first = kNone;  ///< lowest register id with this prefix
  ir::Type type = ir::Type::None;
  std::uint32_t largest = 0;
  std::uint32_t members = 0;
  bool usable = true;
};

using Ranges = std::unordered_map<std::string_view, Range>;

/// A name that is not one of the range's registers but that the range
/// would declare makes the range unusable.
void exclude(Ranges& ranges, std::string_view name) {
  std::string_view prefix;
  std::uint32_t n = 0;
  if (!split_numbered(name, prefix, n)) return;
  const auto it = ranges.find(prefix);
  if (it != ranges.end() && n <= it->second.largest) it->second.usable = false;
}

Ranges find_ranges(const ir::Module& module, const ir::Kernel& kernel, const KernelNames& names) {
  Ranges ranges;
  for (std::uint32_t id = 0; id < names.regs.size(); ++id) {
    std::string_view prefix;
    std::uint32_t n = 0;
    if (!split_numbered(names.regs[id], prefix, n)) continue;
    Range& r = ranges[prefix];
    if (r.first == kNone) {
      r.first = id;
      r.type = kernel.regs[id].type;
    } else if (r.type != kernel.regs[id].type) {
      r.usable = false;
    }
    r.largest = std::max(r.largest, n);
    ++r.members;
  }
  if (ranges.empty()) return ranges;
  for (const auto& v : names.vars) exclude(ranges, v);
  for (const auto& [pc, label] : names.labels) exclude(ranges, label);
  for (const auto& [pc, table] : names.tables) exclude(ranges, table);
  for (const auto& g : module.globals) exclude(ranges, g.name);
  return ranges;
}

}  // namespace

void print_registers(Out& out, const ir::Module& module, const ir::Kernel& kernel,
                     const KernelNames& names) {
  const Ranges ranges = find_ranges(module, kernel, names);
  auto sink = std::back_inserter(out);
  for (std::uint32_t id = 0; id < names.regs.size(); ++id) {
    const std::string_view type = ir::type_name(kernel.regs[id].type);
    std::string_view prefix;
    std::uint32_t n = 0;
    if (split_numbered(names.regs[id], prefix, n)) {
      const Range& r = ranges.at(prefix);
      if (r.usable && r.members >= 2 && !has_digit(prefix)) {
        if (r.first == id) fmt::format_to(sink, "\t.reg .{} \t{}<{}>;\n", type, prefix, r.largest + 1);
        continue;
      }
    }
    fmt::format_to(sink, "\t.reg .{} \t{};\n", type, names.regs[id]);
  }
}

}  // namespace lockstep::ptx::printer
