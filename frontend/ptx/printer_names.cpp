// The names a kernel is printed with.
//
// PTX declares every register, variable and label of a function in one
// namespace, while the IR may hold two entities with one name (a name
// declared again in an inner `{ }` scope). The printer keeps every IR name
// that is unique and gives later duplicates a `_N` suffix that no other
// name uses. Branch targets that carry no label get `$L__pc<PC>`, every
// brx.idx gets a `.branchtargets` table named `$L__brx<PC>`, and every
// indirect call a `.callprototype` named `$L__proto<PC>`.
//
// Lowering already makes names unique, so the common case is a check (one
// sort of the kernel's names) and views into the IR: no copies.
#include <algorithm>
#include <string_view>
#include <unordered_set>

#include "frontend/ptx/printer_parts.hpp"

namespace lockstep::ptx::printer {
namespace {

/// Hands out names no other entity of the kernel uses.
class NameTable {
 public:
  NameTable(const ir::Kernel& k, std::deque<std::string>& owned) : owned_(owned) {
    taken_.reserve(k.regs.size() + k.vars.size() + k.labels.size());
    for (const auto& r : k.regs) taken_.emplace_back(r.name);
    for (const auto& v : k.vars) taken_.emplace_back(v.name);
    for (const auto& l : k.labels) taken_.emplace_back(l.name);
    std::sort(taken_.begin(), taken_.end());
    unique_ = std::adjacent_find(taken_.begin(), taken_.end()) == taken_.end() &&
              (taken_.empty() || !taken_.front().empty());
  }

  /// `name` itself the first time it is claimed, else a fresh name based on
  /// it (or on `fallback` and `index` for an empty name).
  std::string_view claim(std::string_view name, std::string_view fallback, std::size_t index) {
    if (name.empty()) return fresh(fmt::format("{}{}", fallback, index));
    if (unique_ || handed_.insert(name).second) return name;
    return fresh(std::string(name));
  }

  /// A name based on `base` that is neither an IR name nor handed out.
  std::string_view fresh(std::string base) {
    if (available(base)) return keep(std::move(base));
    for (unsigned n = 1;; ++n) {
      std::string candidate = fmt::format("{}_{}", base, n);
      if (available(candidate)) return keep(std::move(candidate));
    }
  }

 private:
  [[nodiscard]] bool available(std::string_view name) const {
    return !std::binary_search(taken_.begin(), taken_.end(), name) && !handed_.contains(name);
  }

  std::string_view keep(std::string name) {
    const std::string_view view = owned_.emplace_back(std::move(name));
    handed_.insert(view);
    return view;
  }

  std::deque<std::string>& owned_;
  std::vector<std::string_view> taken_;             ///< every IR name, sorted
  bool unique_ = true;                              ///< no IR name repeats, none is empty
  std::unordered_set<std::string_view> handed_;     ///< names handed out (when not unique_) and made
};

}  // namespace

KernelNames::KernelNames(const ir::Kernel& kernel) {
  NameTable table(kernel, owned_);
  regs.reserve(kernel.regs.size());
  for (std::size_t i = 0; i < kernel.regs.size(); ++i) {
    regs.push_back(table.claim(kernel.regs[i].name, "%__reg", i));
  }
  vars.reserve(kernel.vars.size());
  for (std::size_t i = 0; i < kernel.vars.size(); ++i) {
    vars.push_back(table.claim(kernel.vars[i].name, "__var", i));
  }

  const auto end = static_cast<std::uint32_t>(kernel.code.size());
  target_.resize(std::size_t{end} + 1);
  labels.reserve(kernel.labels.size());
  for (std::size_t i = 0; i < kernel.labels.size(); ++i) {
    const auto& label = kernel.labels[i];
    if (label.pc > end) continue;
    const std::string_view name = table.claim(label.name, "$L__label", i);
    labels.emplace_back(label.pc, name);
    if (target_[label.pc].empty()) target_[label.pc] = name;
  }
  bool sorted = std::is_sorted(labels.begin(), labels.end(),
                               [](const auto& a, const auto& b) { return a.first < b.first; });
  for (const auto& op : kernel.operands) {
    if (op.kind != ir::OperandKind::Label) continue;
    const auto pc = op.label_pc();
    if (pc > end || !target_[pc].empty()) continue;
    target_[pc] = table.fresh(fmt::format("$L__pc{}", pc));
    labels.emplace_back(pc, target_[pc]);
    sorted = false;
  }
  if (!sorted) {
    std::stable_sort(labels.begin(), labels.end(),
                     [](const auto& a, const auto& b) { return a.first < b.first; });
  }
  for (std::uint32_t pc = 0; pc < end; ++pc) {
    const ir::Instr& in = kernel.code[pc];
    if (in.op == ir::Opcode::BrxIdx) {
      tables.emplace_back(pc, table.fresh(fmt::format("$L__brx{}", pc)));
    } else if (in.op == ir::Opcode::Call && in.op_count == 3 && kernel.op(pc, 1).kind == ir::OperandKind::Reg) {
      tables.emplace_back(pc, table.fresh(fmt::format("$L__proto{}", pc)));
    }
  }
}

std::string_view KernelNames::table(std::uint32_t pc) const {
  const auto it = std::lower_bound(tables.begin(), tables.end(), pc,
                                   [](const auto& t, std::uint32_t p) { return t.first < p; });
  return it != tables.end() && it->first == pc ? it->second : std::string_view{};
}

}  // namespace lockstep::ptx::printer
