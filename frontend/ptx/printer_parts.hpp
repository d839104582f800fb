// The pieces of the PTX printer (ptx/printer.hpp), one concept per file:
//
//   printer.cpp           the module: directives, extern declarations, the
//                         bodies of the transactional-memory markers, globals,
//                         kernels in order;
//   printer_names.cpp     the names a kernel is printed with (unique register,
//                         variable and label names; labels for unlabelled
//                         branch targets);
//   printer_variable.cpp  variable declarations and their initialisers;
//   printer_kernel.cpp    an entry: header, parameters, directives, variable
//                         declarations, body with labels and `.loc` lines;
//   printer_registers.cpp register declarations (`%r<N>` ranges);
//   printer_opcode.cpp    the dotted opcode spelling of an instruction, with
//                         every modifier in the PTX ISA's canonical order;
//   printer_operand.cpp   operands and whole instruction lines (including the
//                         call sequences of the IR-only opcodes).
//
// Everything is written with fmt::format_to into one memory buffer, so
// printing is linear in the size of the module.
#pragma once

#include <fmt/format.h>

#include <cstdint>
#include <deque>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "frontend/ir/kernel.hpp"
#include "frontend/ir/module.hpp"

namespace lockstep::ptx::printer {

using Out = fmt::memory_buffer;

inline void put(Out& out, std::string_view s) { out.append(s.data(), s.data() + s.size()); }

/// The names a kernel is printed with. Registers, variables and labels keep
/// their IR names unless two share one (then later ones get a `_N` suffix);
/// every PC that a branch names gets a label. Names are views into the
/// kernel or into names the object owns, so it is not copied.
class KernelNames {
 public:
  explicit KernelNames(const ir::Kernel& kernel);
  KernelNames(const KernelNames&) = delete;
  KernelNames& operator=(const KernelNames&) = delete;

  std::vector<std::string_view> regs;  ///< by register id
  std::vector<std::string_view> vars;  ///< by index in Kernel::vars
  /// Every label to print as (pc, name), by ascending pc (pc == code.size()
  /// for labels after the last instruction).
  std::vector<std::pair<std::uint32_t, std::string_view>> labels;
  /// brx.idx PC -> name of the `.branchtargets` table printed before it,
  /// indirect call PC -> name of its `.callprototype`; by ascending PC.
  std::vector<std::pair<std::uint32_t, std::string_view>> tables;

  /// The label a branch to `pc` prints ("" when there is none).
  [[nodiscard]] std::string_view target(std::uint32_t pc) const {
    return pc < target_.size() ? target_[pc] : std::string_view{};
  }
  /// The table or prototype name of the brx.idx or indirect call at `pc`
  /// ("" when there is none).
  [[nodiscard]] std::string_view table(std::uint32_t pc) const;

 private:
  std::vector<std::string_view> target_;  ///< by PC: first label at that PC
  std::deque<std::string> owned_;         ///< names the printer made
};

/// What an operand needs to be spelled: the kernel's names and the module's
/// variables.
struct Names {
  const ir::Module& module;
  const ir::Kernel& kernel;
  const KernelNames& local;
};

/// The dotted opcode spelling, e.g. "ld.volatile.global.v2.u32". IR-only
/// opcodes spell as "call" / "call.uni".
void print_opcode(Out& out, const ir::Instr& instr);

/// One operand as PTX text.
void print_operand(Out& out, const Names& names, const ir::Operand& op);

/// A whole instruction line without indentation or newline: guard, opcode
/// and operands, ending in ';'.
void print_instr(Out& out, const Names& names, std::uint32_t pc);

/// A variable declaration without the trailing ';' or newline, e.g.
/// ".global .align 4 .b8 x[16] = {...}"; `name` is the name to print.
void print_variable(Out& out, const ir::Module& module, const ir::Variable& var,
                    std::string_view name);

/// The `.reg` declarations of a kernel, one per line.
void print_registers(Out& out, const ir::Module& module, const ir::Kernel& kernel,
                     const KernelNames& names);

/// A whole `.entry` with its body.
void print_kernel(Out& out, const ir::Module& module, const ir::Kernel& kernel);

/// Spellings of the sub-operation enums, without the dot ("" for None).
[[nodiscard]] std::string_view cmp_name(ir::CmpOp c) noexcept;
[[nodiscard]] std::string_view bool_name(ir::BoolOp b) noexcept;
[[nodiscard]] std::string_view atom_name(ir::AtomOp a) noexcept;
[[nodiscard]] std::string_view rounding_name(ir::Rounding r) noexcept;
[[nodiscard]] std::string_view sem_name(ir::MemSem s) noexcept;
[[nodiscard]] std::string_view scope_name(ir::Scope s) noexcept;
[[nodiscard]] std::string_view linkage_name(ir::Linkage l) noexcept;

}  // namespace lockstep::ptx::printer
