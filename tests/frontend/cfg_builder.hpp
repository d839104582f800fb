// Test support: builds a real ir::Kernel from a compact, PTX-like
// description, so CFG shapes and small kernels fit in a few lines.
//
// One basic block per line, `NAME: statement; statement; ...`:
//
//   A: mov %r1, %tid.x; setp.lt %p1, %r1, 4; @%p1 bra C
//   B: -> D
//   C: add %r2, %r1, 1
//   D: exit
//
// Statements are PTX instructions with a small syntax: an opcode with dot
// modifiers (spaces, comparisons, atomic ops, vote/shfl/match modes, types,
// `uni`, `nc`, `cc`, `to`, `sync`, `v2`, `v4`), an optional guard `@%p` / `@!%p`,
// and operands:
// registers `%name` (declared on first use; `%p...` are predicates, `%rd...`
// 64-bit, the rest 32-bit), special registers (`%tid.x`, `%laneid`,
// `%clock`, ...), integers, addresses `[%r]`, `[%r+8]`, `[name]` (a kernel
// variable in the instruction's space), block names as branch targets,
// other names as variable addresses (`mov.local %rd1, buf`: the mov keeps
// the variable's space, as the lowering does), and label lists `{A, B}` for
// brx.idx. Shorthands for shape-only tests:
//
//   -> X        bra X
//   ? X         @%c_NAME bra X     (a predicate of its own, never written)
//   ?? X Y Z    brx.idx %i_NAME, {X, Y, Z}
//
// A conditional branch (and a guarded exit) falls through to the next line.
// A line whose last statement does not transfer control gets `bra <next>`
// (`exit` on the last line), so every line is exactly one basic block and
// block ids follow line order; build_cfg checks that ir::build_blocks agrees
// and throws std::runtime_error otherwise, or on any malformed statement.
#pragma once

#include <cctype>
#include <cstdint>
#include <functional>
#include <initializer_list>
#include <map>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "frontend/ir/kernel.hpp"

namespace lockstep::test {

struct BuiltKernel {
  ir::Kernel kernel;
  std::map<std::string, std::uint32_t, std::less<>> blocks;  ///< line name -> block id

  [[nodiscard]] std::uint32_t block(std::string_view name) const {
    auto it = blocks.find(name);
    if (it == blocks.end()) throw std::runtime_error("cfg_builder: no block " + std::string(name));
    return it->second;
  }
  [[nodiscard]] std::uint32_t reg(std::string_view name) const {
    for (std::uint32_t i = 0; i < kernel.regs.size(); ++i)
      if (kernel.regs[i].name == name) return i;
    throw std::runtime_error("cfg_builder: no register " + std::string(name));
  }
  [[nodiscard]] std::uint32_t first_pc(std::string_view name) const { return kernel.blocks[block(name)].first_pc; }
  /// PC of the block's last instruction (its branch, when it has one).
  [[nodiscard]] std::uint32_t last_pc(std::string_view name) const { return kernel.blocks[block(name)].last_pc; }
  /// Block ids of the given names, in the order given.
  [[nodiscard]] std::vector<std::uint32_t> ids(std::initializer_list<std::string_view> names) const {
    std::vector<std::uint32_t> out;
    for (auto n : names) out.push_back(block(n));
    return out;
  }
};

namespace cfg_detail {

inline std::string trim(std::string_view s) {
  std::size_t b = 0;
  std::size_t e = s.size();
  while (b < e && std::isspace(static_cast<unsigned char>(s[b])) != 0) ++b;
  while (e > b && std::isspace(static_cast<unsigned char>(s[e - 1])) != 0) --e;
  return std::string(s.substr(b, e - b));
}

inline std::vector<std::string> split(std::string_view s, char sep) {
  std::vector<std::string> out;
  std::size_t depth = 0;
  std::string cur;
  for (char c : s) {
    if (c == '{' || c == '[') ++depth;
    if ((c == '}' || c == ']') && depth > 0) --depth;
    if (c == sep && depth == 0) {
      out.push_back(trim(cur));
      cur.clear();
    } else {
      cur += c;
    }
  }
  out.push_back(trim(cur));
  return out;
}

[[noreturn]] inline void fail(const std::string& what) { throw std::runtime_error("cfg_builder: " + what); }

/// One statement before label resolution.
struct Stmt {
  std::string guard;  ///< predicate name or empty
  bool guard_neg = false;
  std::string opcode;  ///< full dotted opcode, e.g. "ld.global.nc"
  std::vector<std::string> operands;
};

struct Line {
  std::string name;
  std::vector<Stmt> stmts;
};

inline Stmt parse_stmt(const std::string& block, std::string text) {
  Stmt st;
  if (text.rfind("->", 0) == 0) {
    st.opcode = "bra";
    st.operands.push_back(trim(text.substr(2)));
    return st;
  }
  if (text.rfind("??", 0) == 0) {
    st.opcode = "brx.idx";
    std::string targets;
    for (const auto& t : split(trim(text.substr(2)), ' '))
      if (!t.empty()) targets += (targets.empty() ? "" : ",") + t;
    st.operands = {"%i_" + block, "{" + targets + "}"};
    return st;
  }
  if (text.rfind('?', 0) == 0) {
    st.guard = "%c_" + block;
    st.opcode = "bra";
    st.operands.push_back(trim(text.substr(1)));
    return st;
  }
  if (!text.empty() && text[0] == '@') {
    const auto sp = text.find(' ');
    if (sp == std::string::npos) fail("guard without instruction: " + text);
    std::string g = text.substr(1, sp - 1);
    if (!g.empty() && g[0] == '!') {
      st.guard_neg = true;
      g = g.substr(1);
    }
    st.guard = g;
    text = trim(text.substr(sp));
  }
  const auto sp = text.find(' ');
  st.opcode = text.substr(0, sp);
  if (sp != std::string::npos)
    for (const auto& o : split(text.substr(sp + 1), ','))
      if (!o.empty()) st.operands.push_back(o);
  return st;
}

inline bool transfers_control(const Stmt& s) {
  const std::string base = s.opcode.substr(0, s.opcode.find('.'));
  return base == "bra" || base == "brx" || base == "exit" || base == "ret" || base == "trap";
}

class Assembler {
 public:
  explicit Assembler(ir::Kernel& k) : k_(k) {}

  void emit(const Stmt& s, const std::map<std::string, std::uint32_t, std::less<>>& label_pc) {
    ir::Instr in;
    const std::vector<std::string> parts = split(s.opcode, '.');
    std::string base = parts[0];
    std::size_t first_mod = 1;
    if (base == "brx" && parts.size() > 1 && parts[1] == "idx") {
      base = "brx.idx";
      first_mod = 2;
    }
    const auto op = ir::parse_opcode(base);
    if (!op) fail("unknown opcode " + s.opcode);
    in.op = *op;
    for (std::size_t i = first_mod; i < parts.size(); ++i) modifier(in, parts[i]);
    if ((in.op == ir::Opcode::Ld || in.op == ir::Opcode::Ldu || in.op == ir::Opcode::St ||
         in.op == ir::Opcode::Atom || in.op == ir::Opcode::Red) &&
        in.space == ir::Space::None)
      in.space = ir::Space::Generic;
    if (in.type == ir::Type::None) in.type = ir::Type::U32;
    if (!s.guard.empty()) {
      in.guard = reg(s.guard);
      in.guard_negated = s.guard_neg;
    }
    std::vector<ir::Operand> ops;
    std::vector<std::vector<ir::Operand>> elems(s.operands.size());
    for (std::size_t i = 0; i < s.operands.size(); ++i) ops.push_back(operand(s.operands[i], in.space, label_pc, elems[i]));
    if (in.op == ir::Opcode::Mov && ops.size() == 2 && ops[1].kind == ir::OperandKind::Symbol)
      in.space = k_.vars[ops[1].a].space;
    in.op_begin = static_cast<std::uint32_t>(k_.operands.size());
    in.op_count = static_cast<std::uint16_t>(ops.size());
    k_.operands.insert(k_.operands.end(), ops.begin(), ops.end());
    // Vector elements live after the instruction's own operands.
    for (std::size_t i = 0; i < ops.size(); ++i) {
      if (ops[i].kind != ir::OperandKind::Vector) continue;
      ir::Operand& v = k_.operands[in.op_begin + i];
      v.a = static_cast<std::uint32_t>(k_.operands.size());
      v.b = static_cast<std::uint32_t>(elems[i].size());
      k_.operands.insert(k_.operands.end(), elems[i].begin(), elems[i].end());
    }
    k_.code.push_back(in);
  }

 private:
  std::uint32_t reg(const std::string& name) {
    for (std::uint32_t i = 0; i < k_.regs.size(); ++i)
      if (k_.regs[i].name == name) return i;
    ir::RegInfo r;
    r.name = name;
    r.type = name.rfind("%p", 0) == 0 ? ir::Type::Pred : name.rfind("%rd", 0) == 0 ? ir::Type::U64 : ir::Type::U32;
    k_.regs.push_back(r);
    return static_cast<std::uint32_t>(k_.regs.size() - 1);
  }

  std::uint32_t variable(const std::string& name, ir::Space space) {
    for (std::uint32_t i = 0; i < k_.vars.size(); ++i)
      if (k_.vars[i].name == name) return i;
    ir::Variable v;
    v.name = name;
    v.space = space == ir::Space::Generic || space == ir::Space::None ? ir::Space::Global : space;
    v.type = ir::Type::U32;
    k_.vars.push_back(v);
    return static_cast<std::uint32_t>(k_.vars.size() - 1);
  }

  static std::optional<ir::Operand> special(const std::string& text) {
    const std::string base = text.substr(0, text.find('.'));
    const std::string comp = text.find('.') == std::string::npos ? "" : text.substr(text.find('.') + 1);
    for (std::uint32_t i = 0; i < static_cast<std::uint32_t>(ir::SpecialReg::Count_); ++i) {
      const auto r = static_cast<ir::SpecialReg>(i);
      if (base != ir::special_reg_name(r)) continue;
      ir::Operand o;
      o.kind = ir::OperandKind::Special;
      o.a = i;
      o.b = comp == "x" ? 1U : comp == "y" ? 2U : comp == "z" ? 3U : 0U;
      return o;
    }
    return std::nullopt;
  }

  ir::Operand operand(const std::string& text, ir::Space space,
                      const std::map<std::string, std::uint32_t, std::less<>>& label_pc,
                      std::vector<ir::Operand>& elems) {
    if (text.empty()) fail("empty operand");
    if (text == "_") return ir::Operand{};
    if (text[0] == '{') {
      ir::Operand v;
      v.kind = ir::OperandKind::Vector;
      std::vector<ir::Operand> unused;
      for (const auto& e : split(text.substr(1, text.size() - 2), ','))
        elems.push_back(operand(e, space, label_pc, unused));
      return v;
    }
    if (text[0] == '[') {
      const std::string inner = trim(text.substr(1, text.size() - 2));
      ir::Operand a;
      a.kind = ir::OperandKind::Address;
      const auto plus = inner.find('+');
      const std::string base = trim(inner.substr(0, plus));
      if (plus != std::string::npos) a.value = std::stoll(trim(inner.substr(plus + 1)));
      if (base[0] == '%') {
        a.b = static_cast<std::uint32_t>(ir::AddrBase::Reg);
        a.a = reg(base);
      } else if (std::isdigit(static_cast<unsigned char>(base[0])) != 0) {
        a.b = static_cast<std::uint32_t>(ir::AddrBase::Absolute);
        a.value = std::stoll(base);
      } else {
        a.b = static_cast<std::uint32_t>(ir::AddrBase::Symbol);
        a.a = variable(base, space);
      }
      return a;
    }
    if (text[0] == '%') {
      if (auto sp = special(text)) return *sp;
      return ir::Operand::reg(reg(text));
    }
    if (text[0] == '!' && text.size() > 1 && text[1] == '%') return ir::Operand::reg(reg(text.substr(1)), true);
    if (std::isdigit(static_cast<unsigned char>(text[0])) != 0 || text[0] == '-') return ir::Operand::imm(std::stoll(text));
    auto it = label_pc.find(text);
    if (it != label_pc.end()) return ir::Operand::label(it->second);
    // Any other name is the address of a kernel variable in the
    // instruction's space (`mov.local %rd1, buf` takes a local address).
    ir::Operand sym;
    sym.kind = ir::OperandKind::Symbol;
    sym.a = variable(text, space);
    return sym;
  }

  static void modifier(ir::Instr& in, const std::string& m) {
    using ir::Opcode;
    if (m == "uni" && in.op != Opcode::Vote) return in.set(ir::InstrFlag::Uni);
    if (m == "nc") return in.set(ir::InstrFlag::NonCoherent);
    if (m == "cc") return in.set(ir::InstrFlag::CarryOut);
    if (m == "to") return in.set(ir::InstrFlag::ToSpace);
    if (m == "v2" || m == "v4" || m == "v8") return void(in.vec = static_cast<std::uint8_t>(m[1] - '0'));
    if (m == "sync") {
      if (in.op == Opcode::Bar) in.bar = ir::BarOp::Sync;
      return in.set(ir::InstrFlag::Sync);
    }
    if (m == "arrive") return void(in.bar = ir::BarOp::Arrive);
    if (m == "volatile") return void(in.sem = ir::MemSem::Volatile);
    if (in.op == Opcode::Vote) {
      if (m == "all") return void(in.vote = ir::VoteMode::All);
      if (m == "any") return void(in.vote = ir::VoteMode::Any);
      if (m == "uni") return void(in.vote = ir::VoteMode::Uni);
      if (m == "ballot") return void(in.vote = ir::VoteMode::Ballot);
    }
    if (in.op == Opcode::Shfl) {
      if (m == "up") return void(in.shfl = ir::ShflMode::Up);
      if (m == "down") return void(in.shfl = ir::ShflMode::Down);
      if (m == "bfly") return void(in.shfl = ir::ShflMode::Bfly);
      if (m == "idx") return void(in.shfl = ir::ShflMode::Idx);
    }
    if (in.op == Opcode::Match) {
      if (m == "any") return void(in.match = ir::MatchMode::Any);
      if (m == "all") return void(in.match = ir::MatchMode::All);
    }
    if (in.op == Opcode::Bar && m == "red") return void(in.bar = ir::BarOp::Red);
    if (in.op == Opcode::Atom || in.op == Opcode::Red || in.op == Opcode::Redux || in.op == Opcode::Bar) {
      static const std::map<std::string, ir::AtomOp, std::less<>> kAtom{
          {"and", ir::AtomOp::And}, {"or", ir::AtomOp::Or},   {"xor", ir::AtomOp::Xor},
          {"cas", ir::AtomOp::Cas}, {"exch", ir::AtomOp::Exch}, {"add", ir::AtomOp::Add},
          {"inc", ir::AtomOp::Inc}, {"dec", ir::AtomOp::Dec}, {"min", ir::AtomOp::Min},
          {"max", ir::AtomOp::Max}, {"popc", ir::AtomOp::Popc}};
      if (auto it = kAtom.find(m); it != kAtom.end()) return void(in.aop = it->second);
    }
    if (in.op == Opcode::Setp || in.op == Opcode::Set) {
      static const std::map<std::string, ir::CmpOp, std::less<>> kCmp{
          {"eq", ir::CmpOp::Eq}, {"ne", ir::CmpOp::Ne}, {"lt", ir::CmpOp::Lt},
          {"le", ir::CmpOp::Le}, {"gt", ir::CmpOp::Gt}, {"ge", ir::CmpOp::Ge}};
      if (auto it = kCmp.find(m); it != kCmp.end()) return void(in.cmp = it->second);
    }
    if (auto sp = ir::parse_space(m)) return void(in.space = *sp);
    if (auto t = ir::parse_type(m)) return void(in.type = *t);
    fail("unknown modifier ." + m);
  }

  ir::Kernel& k_;
};

}  // namespace cfg_detail

/// Builds the kernel described by `text` (see the top of this file).
inline BuiltKernel build_cfg(std::string_view text, std::string name = "k") {
  using namespace cfg_detail;
  std::vector<Line> lines;
  for (const auto& raw : split(text, '\n')) {
    std::string line = trim(raw.substr(0, raw.find('#')));
    if (line.empty()) continue;
    const auto colon = line.find(':');
    if (colon == std::string::npos) fail("line without 'NAME:': " + line);
    Line l;
    l.name = trim(line.substr(0, colon));
    for (const auto& st : split(line.substr(colon + 1), ';'))
      if (!st.empty()) l.stmts.push_back(parse_stmt(l.name, st));
    lines.push_back(std::move(l));
  }
  if (lines.empty()) fail("no blocks");
  // Close every block so each line is one basic block.
  for (std::size_t i = 0; i < lines.size(); ++i) {
    auto& st = lines[i].stmts;
    if (!st.empty() && transfers_control(st.back())) continue;
    Stmt close;
    if (i + 1 < lines.size()) {
      close.opcode = "bra";
      close.operands.push_back(lines[i + 1].name);
    } else {
      close.opcode = "exit";
    }
    st.push_back(close);
  }
  BuiltKernel out;
  out.kernel.name = std::move(name);
  std::map<std::string, std::uint32_t, std::less<>> label_pc;
  std::uint32_t pc = 0;
  for (const auto& l : lines) {
    if (label_pc.count(l.name) != 0) fail("duplicate block " + l.name);
    label_pc[l.name] = pc;
    out.kernel.labels.push_back({l.name, pc});
    pc += static_cast<std::uint32_t>(l.stmts.size());
  }
  Assembler as(out.kernel);
  for (const auto& l : lines)
    for (const auto& st : l.stmts) as.emit(st, label_pc);
  ir::build_blocks(out.kernel);
  if (out.kernel.blocks.size() != lines.size()) fail("blocks do not follow lines");
  for (std::uint32_t i = 0; i < lines.size(); ++i) {
    if (out.kernel.blocks[i].label != lines[i].name) fail("block " + std::to_string(i) + " is not " + lines[i].name);
    out.blocks[lines[i].name] = i;
  }
  return out;
}

}  // namespace lockstep::test
