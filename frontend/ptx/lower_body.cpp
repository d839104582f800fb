// A function body: declarations with `{ }` scoping, labels, `.loc`, and
// instructions (decoded, then their operands checked and resolved).
#include <fmt/format.h>

#include <array>
#include <charconv>
#include <cstring>
#include <variant>

#include "frontend/ptx/lower_init.hpp"
#include "frontend/ptx/lower_kernel.hpp"

namespace lockstep::ptx::lowering {

BodyLowerer::BodyLowerer(KernelState& ks, const ast::Function& fn, std::uint32_t instance, ir::CudaLoc cuda,
                         std::uint32_t frame)
    : ks_(ks), k_(ks.kernel), src_(ks.mod.source), fn_(fn), instance_(instance), frame_(frame), loc_frame_(frame),
      cuda_(cuda) {
  if (instance_ != 0) suffix_ = fmt::format("_i{}", instance_);
  const ir::SrcLoc start = src_.locate(fn.offset);
  line_offset_ = fn.offset;
  line_ = start.line;
  line_start_ = fn.offset - (start.col - 1);
}

void BodyLowerer::fail(ast::Offset at, std::string message) const {
  throw src_.error_at(at, std::move(message));
}

// ---- names ---------------------------------------------------------------------

std::string_view BodyLowerer::final_name(std::string_view declared) {
  if (suffix_.empty()) return ks_.names.claim(declared, true, ks_.arena);
  fmt::memory_buffer buf;
  fmt::format_to(std::back_inserter(buf), "{}{}", declared, suffix_);
  return ks_.names.claim(std::string_view(buf.data(), buf.size()), false, ks_.arena);
}

std::uint32_t BodyLowerer::make_reg(std::string_view declared, ir::Type type) {
  const auto id = static_cast<std::uint32_t>(k_.regs.size());
  k_.regs.push_back(ir::RegInfo{std::string(final_name(declared)), type});
  return id;
}

std::uint32_t BodyLowerer::range_reg(const Binding& b, std::uint32_t number, std::string_view suffix) {
  std::uint32_t* slot = nullptr;
  if (b.dense) {
    slot = &ks_.range_slots[b.id + number];
  } else {
    slot = &ks_.range_regs.try_emplace((std::uint64_t{b.id} << 32) | number, ir::kNoReg).first->second;
  }
  if (*slot != ir::kNoReg) return *slot;
  // "<prefix><number>[<suffix>]", built in place
  fmt::memory_buffer buf;
  buf.append(b.name.data(), b.name.data() + b.name.size());
  std::array<char, 16> digits{};
  const char* const end = std::to_chars(digits.data(), digits.data() + digits.size(), number).ptr;
  buf.append(digits.data(), end);
  std::string_view name(buf.data(), buf.size());
  if (!b.plain_names) {
    buf.append(suffix.data(), suffix.data() + suffix.size());
    name = ks_.names.claim(std::string_view(buf.data(), buf.size()), false, ks_.arena);
  }
  const auto id = static_cast<std::uint32_t>(k_.regs.size());
  k_.regs.emplace_back(ir::RegInfo{std::string(name), b.type});
  *slot = id;
  return id;
}

const decode::Decoded& BodyLowerer::decoded(const ast::Instruction& in) {
  const std::string_view op = in.opcode;
  const std::size_t n = op.size();
  const std::size_t key =
      n == 0 ? 0 : (n * 31 + static_cast<unsigned char>(op[n - 1]) * 7 + static_cast<unsigned char>(op[n / 2]) * 3) & 255;
  auto& recent = ks_.mod.recent[key];
  if (recent.second != nullptr && recent.first == op) return *recent.second;
  auto& cache = ks_.mod.decoded;
  auto it = cache.find(op);
  if (it == cache.end()) it = cache.emplace(op, decode::decode_opcode(op, in.opcode_offset, src_)).first;
  recent = {it->first, &it->second};
  return it->second;
}

ir::SrcLoc BodyLowerer::locate(ast::Offset offset) {
  const std::string_view text = src_.text();
  if (offset < line_offset_ || offset > text.size()) {
    const ir::SrcLoc loc = src_.locate(offset);
    line_offset_ = offset;
    line_ = loc.line;
    line_start_ = offset - (loc.col - 1);
    return loc;
  }
  const char* p = text.data() + line_offset_;
  const char* const end = text.data() + offset;
  while (p < end) {
    const auto* nl = static_cast<const char*>(std::memchr(p, '\n', static_cast<std::size_t>(end - p)));
    if (nl == nullptr) break;
    ++line_;
    line_start_ = static_cast<std::size_t>(nl + 1 - text.data());
    p = nl + 1;
  }
  line_offset_ = offset;
  return ir::SrcLoc{line_, static_cast<std::uint32_t>(offset - line_start_ + 1)};
}

BodyLowerer::Resolved BodyLowerer::resolve(std::string_view name) {
  const std::size_t n = name.size();
  Recent& recent = recent_[n < 2 ? n : (n * 13 + static_cast<unsigned char>(name[n - 1]) * 7 +
                                        static_cast<unsigned char>(name[n - 2]) * 3) & 63];
  if (recent.generation == resolve_generation_ && recent.name == name) return recent.resolved;
  const Resolved r = resolve_uncached(name);
  if (r.kind != Resolved::Kind::None) recent = Recent{name, resolve_generation_, r};
  return r;
}

BodyLowerer::Resolved BodyLowerer::resolve_uncached(std::string_view name) {
  if (auto found = scope_.find(name)) {
    Binding& b = *found->binding;
    switch (b.kind) {
      case Binding::Kind::Reg:
        if (b.id == ir::kNoReg) {
          const std::uint32_t id = make_reg(b.name, b.type);
          b.id = id;  // make_reg does not touch the scope, so `b` is still valid
        }
        return {Resolved::Kind::Reg, b.id};
      case Binding::Kind::RegRange: return {Resolved::Kind::Reg, range_reg(b, found->number, suffix_)};
      case Binding::Kind::Var: return {Resolved::Kind::Var, b.id};
    }
  }
  if (auto found = ks_.module_regs.find(name)) {
    Binding& b = *found->binding;
    if (b.kind == Binding::Kind::RegRange) return {Resolved::Kind::Reg, range_reg(b, found->number, {})};
    if (b.id == ir::kNoReg) {
      const auto id = static_cast<std::uint32_t>(k_.regs.size());
      k_.regs.push_back(ir::RegInfo{std::string(ks_.names.claim(b.name, true, ks_.arena)), b.type});
      b.id = id;
    }
    return {Resolved::Kind::Reg, b.id};
  }
  if (const auto it = ks_.mod.globals.find(name); it != ks_.mod.globals.end()) {
    return {Resolved::Kind::Global, it->second};
  }
  return {};
}

// ---- declarations ----------------------------------------------------------------

std::uint32_t BodyLowerer::add_var(const ast::VarDecl& decl, bool is_param) {
  ir::Variable v = make_variable(decl, src_, locate(decl.offset));
  v.is_param = is_param;
  v.name = std::string(final_name(decl.name));
  const InitNames names{ks_.mod.globals, ks_.mod.functions};
  lower_initializer(v, decl, names, src_);
  const auto index = static_cast<std::uint32_t>(k_.vars.size());
  Binding b;
  b.kind = Binding::Kind::Var;
  b.id = index;
  b.name = decl.name;
  if (!scope_.declare(b)) fail(decl.name_offset, fmt::format("duplicate declaration of '{}'", decl.name));
  ++resolve_generation_;
  k_.vars.push_back(std::move(v));
  return index;
}

std::uint32_t BodyLowerer::add_reg(std::string_view name, ir::Type type, ast::Offset at) {
  Binding b;
  b.kind = Binding::Kind::Reg;
  b.type = type;
  b.id = ir::kNoReg;
  b.name = name;
  if (!scope_.declare(b)) fail(at, fmt::format("duplicate declaration of '{}'", name));
  ++resolve_generation_;
  return resolve(name).id;
}

void BodyLowerer::alias_var(std::string_view name, std::uint32_t var, ast::Offset at) {
  Binding b;
  b.kind = Binding::Kind::Var;
  b.id = var;
  b.name = name;
  if (!scope_.declare(b)) fail(at, fmt::format("duplicate declaration of '{}'", name));
  ++resolve_generation_;
}

namespace {

/// Declares the registers of `d` in `scope`; names in copies of inlined
/// functions (`suffix` not empty) are made unique register by register.
void declare_registers(KernelState& ks, ScopedNames& scope, const ast::RegDecl& d, std::string_view suffix) {
  const Source& src = ks.mod.source;
  const auto type = ir::parse_type(d.type);
  if (!type) throw src.error_at(d.offset, fmt::format("unknown register type '.{}'", d.type));
  if (d.vec != 1) throw src.error_at(d.offset, "vector registers are not supported");
  for (const auto& n : d.names) {
    Binding b;
    b.type = *type;
    b.name = n.name;
    if (n.has_range) {
      if (n.count == 0) continue;
      b.kind = Binding::Kind::RegRange;
      b.count = n.count;
      b.dense = n.count <= kDenseRange && ks.range_slots.size() + n.count <= kMaxDenseSlots;
      if (b.dense) {
        b.id = static_cast<std::uint32_t>(ks.range_slots.size());
        ks.range_slots.resize(ks.range_slots.size() + n.count, ir::kNoReg);
      } else {
        b.id = ks.next_range++;
      }
      b.plain_names = suffix.empty() && ks.names.range_free(n.name, n.count);
      if (!scope.declare(b)) {
        throw src.error_at(n.offset, fmt::format("duplicate declaration of '{}<{}>'", n.name, n.count));
      }
      if (b.plain_names) ks.names.take_range(n.name, n.count);
    } else {
      b.kind = Binding::Kind::Reg;
      b.id = ir::kNoReg;
      if (!scope.declare(b)) throw src.error_at(n.offset, fmt::format("duplicate declaration of '{}'", n.name));
    }
  }
}

}  // namespace

void declare_module_regs(KernelState& ks) {
  for (const ast::RegDecl* d : ks.mod.module_regs) declare_registers(ks, ks.module_regs, *d, {});
}

void BodyLowerer::declare_regs(const ast::RegDecl& d) {
  ++resolve_generation_;
  declare_registers(ks_, scope_, d, suffix_);
}

void BodyLowerer::declare_var(const ast::VarDecl& d) { add_var(d, false); }

// ---- labels ------------------------------------------------------------------------

std::uint32_t BodyLowerer::slot_of(std::string_view name, ast::Offset use) {
  std::uint32_t slot = label_slots_.find(name);
  if (slot == 0) {
    slots_.push_back(LabelSlot{name, 0, false, use, false});
    slot = static_cast<std::uint32_t>(slots_.size());
    label_slots_.set(name, slot);
  }
  LabelSlot& s = slots_[slot - 1];
  if (!s.used) {
    s.used = true;
    s.first_use = use;
  }
  return slot - 1;
}

std::uint32_t BodyLowerer::anonymous_slot() {
  slots_.push_back(LabelSlot{});
  slots_.back().used = true;
  return static_cast<std::uint32_t>(slots_.size() - 1);
}

void BodyLowerer::define_slot(std::uint32_t slot, std::string_view base) {
  LabelSlot& s = slots_[slot];
  s.defined = true;
  s.pc = static_cast<std::uint32_t>(k_.code.size());
  k_.labels.push_back(ir::LabelInfo{std::string(final_name(base)), s.pc});
}

std::uint32_t BodyLowerer::return_slot() {
  if (!return_slot_) return_slot_ = anonymous_slot();
  return *return_slot_;
}

void BodyLowerer::define_label(std::string_view name, ast::Offset at) {
  std::uint32_t slot = label_slots_.find(name);
  if (slot == 0) {
    slots_.push_back(LabelSlot{name, 0, false, 0, false});
    slot = static_cast<std::uint32_t>(slots_.size());
    label_slots_.set(name, slot);
  }
  if (slots_[slot - 1].defined) fail(at, fmt::format("duplicate label '{}'", name));
  define_slot(slot - 1, name);
}

void BodyLowerer::put_label(std::uint32_t index, std::uint32_t slot) {
  k_.operands[index] = ir::Operand::label(0);
  fixups_.push_back(Fixup{index, slot});
}

void BodyLowerer::finish_labels() {
  if (return_slot_) define_slot(*return_slot_, "$L__ret");
  for (const Fixup& f : fixups_) {
    const LabelSlot& s = slots_[f.slot];
    if (!s.defined) fail(s.first_use, fmt::format("undefined label '{}'", s.name));
    k_.operands[f.operand].value = s.pc;
  }
}

// ---- the body ---------------------------------------------------------------------

const ast::TargetList* BodyLowerer::target_list(std::string_view name) {
  if (!target_lists_read_) {
    target_lists_read_ = true;
    const auto& body = fn_.body;
    for (std::size_t i = 1; i < body.size(); ++i) {
      const auto* tl = std::get_if<ast::TargetList>(&body[i]);
      const auto* label = std::get_if<ast::Label>(&body[i - 1]);
      if (tl != nullptr && label != nullptr) {
        target_lists_.try_emplace(label->name, tl);
      }
    }
  }
  const auto it = target_lists_.find(name);
  return it == target_lists_.end() ? nullptr : it->second;
}

void BodyLowerer::run() {
  const auto& stmts = fn_.body;
  if (instance_ != 0) {
    for (std::size_t i = stmts.size(); i-- > 0;) {
      if (std::holds_alternative<ast::Instruction>(stmts[i])) {
        last_instruction_ = i;
        break;
      }
    }
  }
  scope_.open();
  const auto& body = fn_.body;
  for (std::size_t i = 0; i < body.size(); ++i) statement(body[i], i);
  while (scope_.depth() > 0) scope_.close();
  finish_labels();
}

void BodyLowerer::statement(const ast::Statement& st, std::size_t index) {
  const auto& body = fn_.body;
  switch (st.index()) {
    case 0: instruction(std::get<ast::Instruction>(st), index); return;
    case 1: {
      const auto& label = std::get<ast::Label>(st);
      const bool names_list =
          index + 1 < body.size() && std::holds_alternative<ast::TargetList>(body[index + 1]);
      if (!names_list) define_label(label.name, label.offset);
      return;
    }
    case 2: declare_regs(std::get<ast::RegDecl>(st)); return;
    case 3: declare_var(std::get<ast::VarDecl>(st)); return;
    case 4: {
      // Line 0 is "no source line" (ir/cuda_location.hpp).
      const auto& loc = std::get<ast::LocDir>(st);
      cuda_ = loc.line == 0 ? ir::CudaLoc{} : ir::CudaLoc{loc.file, loc.line, loc.col};
      apply_loc(loc);
      return;
    }
    case 5: return;  // .pragma
    case 6: scope_.open(); return;
    case 7:
      if (scope_.depth() <= 1) fail(std::get<ast::ScopeClose>(st).offset, "unbalanced '}'");
      scope_.close();
      ++resolve_generation_;
      return;
    default: {
      // `$name: .branchtargets ...;` (read by target_list()); the label names the list.
      const auto& tl = std::get<ast::TargetList>(st);
      if (index == 0 || !std::holds_alternative<ast::Label>(body[index - 1])) {
        fail(tl.offset, fmt::format("'.{}' needs a label", tl.directive));
      }
      if (tl.directive == "branchtargets" && target_list(std::get<ast::Label>(body[index - 1]).name) != &tl) {
        fail(std::get<ast::Label>(body[index - 1]).offset,
             fmt::format("duplicate label '{}'", std::get<ast::Label>(body[index - 1]).name));
      }
      return;
    }
  }
}

void BodyLowerer::push(const ir::Instr& in) {
  if (k_.code.size() >= kMaxKernelInstrs) {
    throw src_.error_at(in.loc, fmt::format("kernel '{}' is too large after inlining (more than {} instructions)",
                                            k_.name, kMaxKernelInstrs));
  }
  k_.code.push_back(in);
  k_.code.back().frame = loc_frame_;
}

void BodyLowerer::instruction(const ast::Instruction& in, std::size_t index) {
  const decode::Decoded& d = decoded(in);
  if (d.is_call) {
    call(in, d);
    return;
  }
  ir::Instr out = d.instr;
  out.loc = locate(in.offset);
  out.cuda = cuda_;
  if (in.has_guard) guard(in.guard, out);
  if (out.op == ir::Opcode::Ret && instance_ != 0) {
    // `ret` of an inlined function: continue after the inlined copy.
    if (!in.operands.empty()) {
      fail(in.opcode_offset, fmt::format("'{}' expects 0 operands, found {}", in.opcode, in.operands.size()));
    }
    if (!out.guarded() && index == last_instruction_) return;
    out.op = ir::Opcode::Bra;
    out.op_begin = static_cast<std::uint32_t>(k_.operands.size());
    out.op_count = 1;
    k_.operands.emplace_back();
    put_label(out.op_begin, return_slot());
    push(out);
    return;
  }
  operands(in, d, out);
  push(out);
}

}  // namespace lockstep::ptx::lowering
