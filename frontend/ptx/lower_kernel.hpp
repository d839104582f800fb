// The pieces of lowering (ptx/lower.hpp), one concept per file:
//
//   lower.cpp           the module: directives, module variables, the
//                       function table, one KernelState per `.entry`;
//   lower_body.cpp      a function body: declarations, scopes, labels,
//                       `.loc`, instructions;
//   lower_operands.cpp  operands: name resolution and the per-role checks;
//   lower_call.cpp      `call`: the recognised callees (TM markers, vprintf,
//                       __assertfail) and inlining of device functions;
//   lower_opaque_call.cpp calls that are not inlined (external functions,
//                       registers) and the module's function table;
//   lower_names.cpp     scoped bindings and unique final names (with the
//                       hash table of lower_flat_map.hpp);
//   lower_init.cpp      initialisers;
//   decode*.cpp         opcode and modifier decoding.
//
// A kernel is lowered by one BodyLowerer for its own body; every call to a
// device function runs a fresh BodyLowerer (its own scopes and labels, names
// suffixed `_i<N>`) that appends to the same ir::Kernel.
#pragma once

#include <array>
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <tuple>
#include <unordered_map>
#include <vector>

#include "frontend/ir/kernel.hpp"
#include "frontend/ir/module.hpp"
#include "frontend/ptx/ast.hpp"
#include "frontend/ptx/decode.hpp"
#include "frontend/ptx/lower_names.hpp"
#include "frontend/source.hpp"

namespace lockstep::ptx::lowering {

/// Largest register range whose ids are kept in a dense table, and the most
/// dense slots a kernel may use (larger ranges use a hash map).
inline constexpr std::uint32_t kDenseRange = std::uint32_t{1} << 16;
inline constexpr std::size_t kMaxDenseSlots = std::size_t{1} << 22;
/// Most instructions a kernel may have after inlining.
inline constexpr std::size_t kMaxKernelInstrs = std::size_t{1} << 22;
/// Deepest chain of nested inlined calls.
inline constexpr std::size_t kMaxCallDepth = 256;

/// Module-wide facts the lowering of every kernel reads.
struct ModuleContext {
  const Source& source;
  ir::Module& module;
  std::unordered_map<std::string_view, std::uint32_t, NameHash> globals;           ///< -> Module::globals
  std::unordered_map<std::string_view, const ast::Function*, NameHash> functions;  ///< definitions first
  UniqueNames reserved;  ///< module-level names (variables, functions)
  /// Module-scope `.reg` declarations (ISA 1.x): registers every function
  /// of a kernel shares.
  std::vector<const ast::RegDecl*> module_regs;
  std::unordered_map<const ast::Function*, bool> inlined;  ///< functions inlined somewhere
  /// Functions recorded in Module::functions (opaque callees, addresses taken) -> index.
  std::unordered_map<const ast::Function*, std::uint32_t> function_ids;
  /// Decoded opcode spellings (a file uses few distinct ones, many times),
  /// with a small direct-mapped cache in front.
  std::unordered_map<std::string_view, decode::Decoded, NameHash> decoded;
  std::array<std::pair<std::string_view, const decode::Decoded*>, 256> recent{};
  /// `.debug_str` labels -> strings (the function names of `.loc ..., function_name`).
  std::unordered_map<std::string_view, std::string_view, NameHash> debug_strings;
};

/// State shared by a kernel's body and every function inlined into it.
struct KernelState {
  KernelState(ModuleContext& m, ir::Kernel& k) : mod(m), kernel(k), names(&m.reserved) {}
  ModuleContext& mod;
  ir::Kernel& kernel;
  NameArena arena;
  UniqueNames names;
  /// Register ids of dense ranges (Binding::dense): kNoReg until first use.
  std::vector<std::uint32_t> range_slots;
  /// (range number << 32 | N) -> register id, for the other ranges.
  std::unordered_map<std::uint64_t, std::uint32_t> range_regs;
  std::uint32_t next_range = 0;
  std::uint32_t next_instance = 1;
  /// ModuleContext::module_regs, declared for this kernel (shared by every
  /// inlined copy: their names get no `_i<N>` suffix).
  ScopedNames module_regs;
  std::vector<std::string_view> call_stack;  ///< functions being inlined, outermost first
};

/// Declares the module-scope registers (ModuleContext::module_regs) in a
/// new kernel's KernelState::module_regs.
void declare_module_regs(KernelState& ks);

/// True for the callees lowering turns into IR instructions (the
/// transactional-memory markers, vprintf, __assertfail).
[[nodiscard]] bool recognised_callee(const ast::Function& fn) noexcept;

/// The index of `fn` in Module::functions, recorded there on first use
/// (lower_opaque_call.cpp). Throws for `.reg` parameters.
[[nodiscard]] std::uint32_t function_id(ModuleContext& mod, const ast::Function& fn);

/// Builds an ir::Variable (without initialiser) from a declaration; throws
/// for unknown or unsupported spaces and types.
[[nodiscard]] ir::Variable make_variable(const ast::VarDecl& decl, const Source& source, ir::SrcLoc loc);

/// Lowers one function body into the kernel: the kernel's own body
/// (instance 0) or an inlined copy of a device function (instance N > 0,
/// whose names get the suffix `_iN` and whose `ret` becomes a branch to the
/// end of the copy).
class BodyLowerer {
 public:
  /// `frame`: the kernel's InlineFrame of an inlined copy (ir::kNoFrame
  /// for the kernel's own body); every instruction pushed records it.
  BodyLowerer(KernelState& ks, const ast::Function& fn, std::uint32_t instance, ir::CudaLoc cuda,
              std::uint32_t frame = ir::kNoFrame);

  /// Declares a kernel variable for `decl` in the outermost scope and
  /// returns its index in Kernel::vars.
  std::uint32_t add_var(const ast::VarDecl& decl, bool is_param);
  /// Declares a register `name` of `type` in the outermost scope (made now).
  std::uint32_t add_reg(std::string_view name, ir::Type type, ast::Offset at);
  /// Declares `name` as another name of kernel variable `var`.
  void alias_var(std::string_view name, std::uint32_t var, ast::Offset at);

  /// Lowers the body, resolves labels; appends to Kernel::code.
  void run();

  /// The register or variable `name` means in this body, for a call's arguments.
  struct Resolved {
    enum class Kind : std::uint8_t { None, Reg, Var, Global } kind = Kind::None;
    std::uint32_t id = 0;
  };
  [[nodiscard]] Resolved resolve(std::string_view name);

 private:
  [[nodiscard]] Resolved resolve_uncached(std::string_view name);
  struct LabelSlot {
    std::string_view name;     ///< as written ("" for the return point)
    std::uint32_t pc = 0;
    bool defined = false;
    ast::Offset first_use = 0;
    bool used = false;
  };
  struct Fixup {
    std::uint32_t operand = 0;  ///< index in Kernel::operands
    std::uint32_t slot = 0;
  };

  // lower_body.cpp
  /// The `.branchtargets`, `.calltargets` or `.callprototype` list a label
  /// of this body names (the first, for a name used twice), or nullptr.
  [[nodiscard]] const ast::TargetList* target_list(std::string_view name);
  void statement(const ast::Statement& st, std::size_t index);
  void declare_regs(const ast::RegDecl& d);
  void declare_var(const ast::VarDecl& d);
  void define_label(std::string_view name, ast::Offset at);
  void instruction(const ast::Instruction& in, std::size_t index);
  void finish_labels();
  [[nodiscard]] std::uint32_t slot_of(std::string_view name, ast::Offset use);
  [[nodiscard]] std::uint32_t return_slot();
  /// Places a label operand referring to `slot` at Kernel::operands[index].
  void put_label(std::uint32_t index, std::uint32_t slot);
  void push(const ir::Instr& in);
  [[nodiscard]] const decode::Decoded& decoded(const ast::Instruction& in);
  /// Source::locate for offsets that mostly increase: counts lines forward
  /// from the previous call.
  [[nodiscard]] ir::SrcLoc locate(ast::Offset offset);
  [[nodiscard]] std::uint32_t make_reg(std::string_view declared, ir::Type type);
  [[nodiscard]] std::uint32_t range_reg(const Binding& b, std::uint32_t number, std::string_view suffix);
  [[nodiscard]] std::string_view final_name(std::string_view declared);

  // lower_operands.cpp
  void operands(const ast::Instruction& in, const decode::Decoded& d, ir::Instr& out);
  [[nodiscard]] ir::Operand operand(const ast::Operand& a, decode::Role role, ir::Instr& out,
                                    const ast::Instruction& in);
  [[nodiscard]] ir::Operand dst(const ast::Operand& a, bool pred, const ast::Instruction& in);
  [[nodiscard]] ir::Operand src(const ast::Operand& a, bool pred, const ast::Instruction& in);
  /// `mov.u64 %rd1, f;`: the address of a function (recorded in Module::functions).
  [[nodiscard]] ir::Operand function_address(const ast::Operand& a, const ast::Function& fn,
                                             const ast::Instruction& in);
  [[nodiscard]] ir::Operand pair(const ast::Operand& a, bool first_pred, const ast::Instruction& in);
  [[nodiscard]] ir::Operand address(const ast::Operand& a, const ast::Instruction& in);
  [[nodiscard]] ir::Operand vector(const ast::Operand& a, bool dest, std::uint32_t count,
                                   const ast::Instruction& in);
  [[nodiscard]] ir::Operand targets(const ast::Operand& a, const ast::Instruction& in);
  /// The register `name` (written at a.offset) must be; `in` names the
  /// instruction in messages (nullptr: a guard).
  [[nodiscard]] std::uint32_t reg_id(const ast::Operand& a, std::string_view name, bool pred,
                                     const ast::Instruction* in);
  [[nodiscard]] bool is_pred(std::uint32_t reg) const;
  void guard(const ast::Guard& g, ir::Instr& out);
  [[noreturn]] void fail(ast::Offset at, std::string message) const;
  [[noreturn]] void undeclared(const ast::Operand& a, std::string_view name) const;

  // lower_call.cpp
  void call(const ast::Instruction& in, const decode::Decoded& d);
  void recognised_call(const ast::Instruction& in, const ast::Function& fn, ir::Instr base);
  void inline_call(const ast::Instruction& in, const ast::Function& fn, ir::Instr base);
  struct Pending {
    ir::Instr instr;
    ir::Operand a, b;
  };
  void bind_argument(BodyLowerer& callee, const ast::VarDecl& formal, const ast::Operand* actual,
                     bool is_return, const ir::Instr& at, std::vector<Pending>& after);
  [[nodiscard]] ir::Operand param_symbol(const ast::Operand& a, std::string_view callee);

  /// The call's argument and result counts match the callee's parameters and results.
  void check_call_arity(const ast::Instruction& in, const ast::Function& fn);
  // lower_opaque_call.cpp
  void external_call(const ast::Instruction& in, const ast::Function& fn, const ir::Instr& base);
  void indirect_call(const ast::Instruction& in, std::uint32_t reg, const ir::Instr& base);
  void opaque_call(const ast::Instruction& in, const ir::Operand& callee, std::string_view name, ir::Instr base);
  /// An argument or return value of an opaque call: a .param variable, a
  /// register, or (arguments) an immediate.
  [[nodiscard]] ir::Operand call_value(const ast::Operand& a, bool is_return, std::string_view callee);
  void emit(ir::Instr in, const ir::Operand& a, const ir::Operand& b);
  [[nodiscard]] std::uint32_t anonymous_slot();
  /// The frame a `.loc` puts the following instructions in (lower_loc.cpp).
  void apply_loc(const ast::LocDir& loc);
  void define_slot(std::uint32_t slot, std::string_view base);

  KernelState& ks_;
  ir::Kernel& k_;
  const Source& src_;
  const ast::Function& fn_;
  std::uint32_t instance_;
  std::uint32_t frame_;
  /// The frame of the instructions being lowered: frame_, or a frame of a
  /// function nvcc inlined (`.loc ..., function_name F, inlined_at P`).
  std::uint32_t loc_frame_;
  /// CUDA position (file, line, col) -> the frame the last `.loc` there set:
  /// what an `inlined_at` position is inside of.
  std::map<std::tuple<std::uint32_t, std::uint32_t, std::uint32_t>, std::uint32_t> pos_frame_;
  std::string suffix_;  ///< "" for the kernel's own body, "_i<N>" for an inlined copy
  ScopedNames scope_;
  ir::CudaLoc cuda_;
  NameIndex label_slots_;  ///< label name -> 1 + index in slots_
  std::vector<LabelSlot> slots_;
  std::vector<Fixup> fixups_;
  std::unordered_map<std::string_view, const ast::TargetList*, NameHash> target_lists_;
  bool target_lists_read_ = false;
  std::size_t last_instruction_ = 0;  ///< statement index of the last instruction (inlined copies)
  std::optional<std::uint32_t> return_slot_;
  /// resolve()'s memory of recent names, valid while generation matches
  /// resolve_generation_ (bumped by every declaration and scope close).
  struct Recent {
    std::string_view name;
    std::uint32_t generation = 0;
    Resolved resolved;
  };
  std::array<Recent, 64> recent_{};
  std::uint32_t resolve_generation_ = 1;
  std::size_t line_offset_ = 0;  ///< locate(): the offset, line and line start it reached
  std::uint32_t line_ = 1;
  std::size_t line_start_ = 0;
};

}  // namespace lockstep::ptx::lowering
