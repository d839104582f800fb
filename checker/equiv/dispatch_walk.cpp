// DispatchWalker (dispatch_walk.hpp): path enumeration over added code with
// Z3 terms, and the per-edge query.
#include "checker/equiv/dispatch_walk.hpp"

#include <fmt/format.h>

#include <algorithm>

namespace lockstep::checker::equiv {
namespace {

constexpr std::size_t kMaxPaths = 4096;
constexpr std::size_t kMaxSteps = 100000;

unsigned reg_bits(const ir::Kernel& k, std::uint32_t reg) { return ir::bit_width(k.regs[reg].type); }

}  // namespace

DispatchWalker::DispatchWalker(const KernelPair& pair, const EdgeValues& values, unsigned solver_timeout_ms)
    : pair_(&pair), values_(&values), timeout_ms_(solver_timeout_ms) {}

z3::expr DispatchWalker::fit(const z3::expr& e, unsigned bits) {
  if (e.is_bool()) return bits == 1 ? e : z3::ite(e, ctx_.bv_val(1, bits), ctx_.bv_val(0, bits));
  const unsigned have = e.get_sort().bv_size();
  if (have == bits) return e;
  if (have > bits) return e.extract(bits - 1, 0);
  return z3::zext(e, bits - have);
}

z3::expr DispatchWalker::read(Frame& f, std::uint32_t reg) {
  if (auto it = f.regs.find(reg); it != f.regs.end()) return it->second;
  if (auto it = entry_.find(reg); it != entry_.end()) return it->second;
  const ir::Kernel& k = pair_->out();
  const bool pred = k.regs[reg].type == ir::Type::Pred;
  const std::string name = k.regs[reg].name;
  z3::expr c = pred ? ctx_.bool_const(name.c_str()) : ctx_.bv_const(name.c_str(), reg_bits(k, reg));
  entry_.emplace(reg, c);
  if (from_ != kEdgeExit && pair_->fresh(reg)) {
    const ValueSet& vs = values_->after(from_, reg);
    if (!vs.any) {
      z3::expr_vector alts(ctx_);
      for (const std::uint64_t v : vs.values) {
        alts.push_back(pred ? (c == ctx_.bool_val(v != 0)) : (c == ctx_.bv_val(v, reg_bits(k, reg))));
      }
      constraints_.push_back(z3::mk_or(alts));  // empty: the edge is never taken
    }
  }
  return c;
}

z3::expr DispatchWalker::source(Frame& f, const ir::Operand& o, unsigned bits) {
  if (o.kind == ir::OperandKind::ImmInt) return ctx_.bv_val(static_cast<std::uint64_t>(o.value), bits);
  return fit(read(f, o.a), bits);
}

z3::expr DispatchWalker::predicate(Frame& f, const ir::Operand& o) {
  z3::expr v = read(f, o.a);
  if (!v.is_bool()) v = v != ctx_.bv_val(0, v.get_sort().bv_size());
  return o.negated ? !v : v;
}

void DispatchWalker::write(Frame& f, std::uint32_t reg, const z3::expr& value, const ir::Instr& instr) {
  const ir::Kernel& k = pair_->out();
  z3::expr v = k.regs[reg].type == ir::Type::Pred ? (value.is_bool() ? value : value != ctx_.bv_val(0, value.get_sort().bv_size()))
                                                  : fit(value, reg_bits(k, reg));
  if (instr.guarded()) {
    z3::expr g = read(f, instr.guard);
    if (!g.is_bool()) g = g != ctx_.bv_val(0, g.get_sort().bv_size());
    if (instr.guard_negated) g = !g;
    v = z3::ite(g, v, read(f, reg));
  }
  f.regs.insert_or_assign(reg, v);
}

bool DispatchWalker::execute(Frame& f) {
  const ir::Kernel& k = pair_->out();
  const ir::Instr& in = k.code[f.pc];
  const auto op = [&](unsigned i) -> const ir::Operand& { return k.op(f.pc, i); };
  switch (in.op) {
    case ir::Opcode::Mov: {
      const unsigned bits = reg_bits(k, op(0).a);
      if (k.regs[op(0).a].type == ir::Type::Pred) {
        if (op(1).kind == ir::OperandKind::ImmInt) {
          write(f, op(0).a, ctx_.bool_val(op(1).value != 0), in);
        } else {
          write(f, op(0).a, predicate(f, op(1)), in);
        }
      } else {
        write(f, op(0).a, source(f, op(1), bits), in);
      }
      return true;
    }
    case ir::Opcode::Selp: {
      const unsigned bits = ir::bit_width(in.type);
      write(f, op(0).a, z3::ite(predicate(f, op(3)), source(f, op(1), bits), source(f, op(2), bits)), in);
      return true;
    }
    case ir::Opcode::Setp: {
      const unsigned bits = ir::bit_width(in.type);
      if (ir::is_float(in.type) || bits == 0) return false;
      const z3::expr a = source(f, op(1), bits);
      const z3::expr b = source(f, op(2), bits);
      const bool s = ir::is_signed(in.type);
      std::optional<z3::expr> c;
      switch (in.cmp) {
        case ir::CmpOp::Eq: c = a == b; break;
        case ir::CmpOp::Ne: c = a != b; break;
        case ir::CmpOp::Lt: c = s ? a < b : z3::ult(a, b); break;
        case ir::CmpOp::Le: c = s ? a <= b : z3::ule(a, b); break;
        case ir::CmpOp::Gt: c = s ? a > b : z3::ugt(a, b); break;
        case ir::CmpOp::Ge: c = s ? a >= b : z3::uge(a, b); break;
        case ir::CmpOp::Lo: c = z3::ult(a, b); break;
        case ir::CmpOp::Ls: c = z3::ule(a, b); break;
        case ir::CmpOp::Hi: c = z3::ugt(a, b); break;
        case ir::CmpOp::Hs: c = z3::uge(a, b); break;
        default: return false;
      }
      auto combine = [&](const z3::expr& x) -> std::optional<z3::expr> {
        if (in.bop == ir::BoolOp::None) return x;
        if (in.op_count < 4) return std::nullopt;
        const z3::expr p = predicate(f, op(3));
        switch (in.bop) {
          case ir::BoolOp::And: return x && p;
          case ir::BoolOp::Or: return x || p;
          case ir::BoolOp::Xor: return x != p;
          default: return std::nullopt;
        }
      };
      const auto first = combine(*c);
      const auto second = combine(!*c);
      if (!first || !second) return false;
      if (op(0).kind == ir::OperandKind::RegPair) {
        write(f, op(0).a, *first, in);
        write(f, op(0).b, *second, in);
      } else {
        write(f, op(0).a, *first, in);
      }
      return true;
    }
    default:
      return false;
  }
}

std::optional<std::string> DispatchWalker::walk(std::uint32_t start, std::vector<Path>& paths) {
  const ir::Kernel& k = pair_->out();
  const auto n = static_cast<std::uint32_t>(k.code.size());
  std::vector<Frame> stack;
  stack.push_back(Frame{start, {}, ctx_.bool_val(true), {}});
  std::size_t steps = 0;
  while (!stack.empty()) {
    Frame f = std::move(stack.back());
    stack.pop_back();
    while (true) {
      if (++steps > kMaxSteps) return fmt::format("more than {} steps through added code", kMaxSteps);
      if (f.pc >= n || f.pc == kEdgeExit) {
        paths.push_back({kEdgeExit, f.cond});
        break;
      }
      if (!pair_->added(f.pc)) {
        paths.push_back({f.pc, f.cond});
        break;
      }
      if (std::find(f.seen.begin(), f.seen.end(), f.pc) != f.seen.end()) {
        paths.push_back({kWalkLoops, f.cond});
        break;
      }
      f.seen.push_back(f.pc);
      if (paths.size() + stack.size() > kMaxPaths) return fmt::format("more than {} paths through added code", kMaxPaths);
      const ir::Instr& in = k.code[f.pc];
      const bool jump = in.op == ir::Opcode::Bra || in.op == ir::Opcode::Ret || in.op == ir::Opcode::Exit;
      if (!jump) {
        if (!execute(f)) return fmt::format("unsupported added instruction at {}", pair_->where_out(f.pc));
        f.pc = f.pc + 1;
        continue;
      }
      const std::uint32_t target = in.op == ir::Opcode::Bra ? k.op(f.pc, 0).label_pc() : kEdgeExit;
      if (!in.guarded()) {
        f.pc = target;
        continue;
      }
      z3::expr g = read(f, in.guard);
      if (!g.is_bool()) g = g != ctx_.bv_val(0, g.get_sort().bv_size());
      if (in.guard_negated) g = !g;
      Frame taken{target, f.regs, f.cond && g, f.seen};
      stack.push_back(std::move(taken));
      f.cond = f.cond && !g;
      f.pc = f.pc + 1;
    }
  }
  return std::nullopt;
}

bool DispatchWalker::ends_ok(std::uint32_t end, std::uint32_t expected) const {
  if (end == kWalkLoops) return false;
  if (end == kEdgeExit) return expected == kEdgeExit;
  return expected != kEdgeExit && pair_->origin()[end] == expected;
}

DispatchOutcome DispatchWalker::prove(std::uint32_t from, std::uint32_t start, std::uint32_t expected) {
  from_ = from;
  entry_.clear();
  constraints_.clear();
  DispatchOutcome out;
  std::vector<Path> paths;
  if (auto why = walk(start, paths)) {
    out.answer = DispatchAnswer::Unknown;
    out.reason = *why;
    return out;
  }
  z3::expr_vector bad(ctx_);
  for (const Path& p : paths) {
    if (!ends_ok(p.end, expected)) bad.push_back(p.cond);
  }
  if (bad.empty()) return out;  // every path ends well: nothing to ask
  z3::solver solver(ctx_);
  z3::params params(ctx_);
  params.set("timeout", timeout_ms_);
  solver.set(params);
  for (const z3::expr& c : constraints_) solver.add(c);
  solver.add(z3::mk_or(bad));
  out.queried = true;
  const z3::check_result r = solver.check();
  if (r == z3::unsat) return out;
  if (r == z3::unknown) {
    out.answer = DispatchAnswer::Unknown;
    out.reason = "the solver answered unknown (" + solver.reason_unknown() + ")";
    return out;
  }
  const z3::model m = solver.get_model();
  out.answer = DispatchAnswer::Refuted;
  for (const Path& p : paths) {
    if (!ends_ok(p.end, expected) && m.eval(p.cond, true).is_true()) {
      out.reached = p.end;
      break;
    }
  }
  std::vector<std::string> vals;
  for (const auto& [reg, c] : entry_) {
    const z3::expr v = m.eval(c, true);
    std::string text;
    if (v.is_bool()) {
      text = v.is_true() ? "true" : "false";
    } else {
      std::uint64_t u = 0;
      text = v.is_numeral_u64(u) ? std::to_string(u) : v.to_string();
    }
    vals.push_back(pair_->out().regs[reg].name + " = " + text);
  }
  for (std::size_t i = 0; i < vals.size(); ++i) out.values += (i ? ", " : "") + vals[i];
  return out;
}

}  // namespace lockstep::checker::equiv
