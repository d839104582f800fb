// The dotted opcode spelling of an IR instruction: the inverse of the
// lowering's opcode decoding. Modifiers come in the order of the PTX ISA
// syntax lines (which is also the order nvcc emits), e.g.
//   ld{.weak,.volatile,.relaxed.scope,.acquire.scope}{.ss}{.cop}{.nc}{.vec}.type
//   atom{.sem}{.scope}{.ss}.op{.vec}.type
//   add{.rnd}{.ftz}{.sat}.f32,  mad.lo{.cc}.s32,  cvt{.rnd}{.ftz}{.sat}.dtype.atype
#include <array>
#include <cstddef>

#include "frontend/ptx/printer_parts.hpp"

namespace lockstep::ptx::printer {
namespace {

using ir::InstrFlag;
using ir::Opcode;

template <std::size_t N, typename E>
std::string_view lookup(const std::array<std::string_view, N>& names, E e) noexcept {
  const auto i = static_cast<std::size_t>(e);
  return i < N ? names[i] : std::string_view{};
}

void dot(Out& out, std::string_view word) {
  if (word.empty()) return;
  out.push_back('.');
  put(out, word);
}

void flag(Out& out, const ir::Instr& in, InstrFlag f, std::string_view word) {
  if (in.has(f)) dot(out, word);
}

void type(Out& out, ir::Type t) { dot(out, ir::type_name(t)); }

std::string_view vote_name(ir::VoteMode v) noexcept {
  static constexpr std::array<std::string_view, 5> kNames{{"", "all", "any", "uni", "ballot"}};
  return lookup(kNames, v);
}

std::string_view shfl_name(ir::ShflMode s) noexcept {
  static constexpr std::array<std::string_view, 5> kNames{{"", "up", "down", "bfly", "idx"}};
  return lookup(kNames, s);
}

std::string_view match_name(ir::MatchMode m) noexcept {
  static constexpr std::array<std::string_view, 3> kNames{{"", "any", "all"}};
  return lookup(kNames, m);
}

std::string_view prmt_name(ir::PrmtMode p) noexcept {
  static constexpr std::array<std::string_view, 7> kNames{
      {"", "f4e", "b4e", "rc8", "ecl", "ecr", "rc16"}};
  return lookup(kNames, p);
}

std::string_view testp_name(ir::TestClass t) noexcept {
  static constexpr std::array<std::string_view, 7> kNames{
      {"", "finite", "infinite", "number", "notanumber", "normal", "subnormal"}};
  return lookup(kNames, t);
}

std::string_view shf_name(ir::ShfMode s) noexcept {
  static constexpr std::array<std::string_view, 5> kNames{
      {"", "l.wrap", "l.clamp", "r.wrap", "r.clamp"}};
  return lookup(kNames, s);
}

/// `membar` levels: .cta, .gl, .sys.
std::string_view membar_level(ir::Scope s) noexcept {
  switch (s) {
    case ir::Scope::Cta: return "cta";
    case ir::Scope::Gpu: return "gl";
    case ir::Scope::Sys: return "sys";
    default: return scope_name(s);
  }
}

/// The arithmetic modifier run shared by most ALU opcodes:
/// {.hi,.lo,.wide}{.cc}{.rnd}{.approx,.full}{.ftz}{.sat}{.relu}{.satfinite}{.NaN}{.xorsign}
/// {.abs}{.shiftamt}
void arith_modifiers(Out& out, const ir::Instr& in) {
  flag(out, in, InstrFlag::Hi, "hi");
  flag(out, in, InstrFlag::Lo, "lo");
  flag(out, in, InstrFlag::Wide, "wide");
  flag(out, in, InstrFlag::CarryOut, "cc");
  dot(out, rounding_name(in.rnd));
  flag(out, in, InstrFlag::Approx, "approx");
  flag(out, in, InstrFlag::Full, "full");
  flag(out, in, InstrFlag::Ftz, "ftz");
  flag(out, in, InstrFlag::Sat, "sat");
  flag(out, in, InstrFlag::Relu, "relu");
  flag(out, in, InstrFlag::Satfinite, "satfinite");
  flag(out, in, InstrFlag::NaN, "NaN");
  flag(out, in, InstrFlag::Xorsign, "xorsign");
  flag(out, in, InstrFlag::Abs, "abs");
  flag(out, in, InstrFlag::Shiftamt, "shiftamt");
}

/// ld/ldu/st: {.sem{.scope}}{.ss}{.cop}{.nc}{.vec}.type
void memory(Out& out, const ir::Instr& in) {
  if (in.sem == ir::MemSem::Mmio) {
    put(out, ".mmio.relaxed");
  } else {
    dot(out, sem_name(in.sem));
  }
  dot(out, scope_name(in.scope));
  dot(out, ir::space_name(in.space));
  if (in.has(InstrFlag::CacheHint)) put(out, in.op == Opcode::St ? ".wb" : ".ca");
  flag(out, in, InstrFlag::NonCoherent, "nc");
  if (in.vec > 1) fmt::format_to(std::back_inserter(out), ".v{}", in.vec);
  type(out, in.type);
}

/// atom/red: {.sem}{.scope}{.ss}.op{.noftz}{.vec}.type; `.noftz` is required
/// for a half-precision add and carries no meaning of its own.
void atomic(Out& out, const ir::Instr& in) {
  dot(out, sem_name(in.sem));
  dot(out, scope_name(in.scope));
  dot(out, ir::space_name(in.space));
  dot(out, atom_name(in.aop));
  const bool half = in.type == ir::Type::F16 || in.type == ir::Type::F16x2 ||
                    in.type == ir::Type::BF16 || in.type == ir::Type::BF16x2;
  if (in.aop == ir::AtomOp::Add && half) put(out, ".noftz");
  if (in.vec > 1) fmt::format_to(std::back_inserter(out), ".v{}", in.vec);
  type(out, in.type);
}

/// bar.sync/bar.arrive/bar.red (aligned) or barrier.* (not aligned).
void barrier(Out& out, const ir::Instr& in) {
  const bool aligned = in.has(InstrFlag::Aligned);
  put(out, aligned ? "bar" : "barrier");
  if (in.scope == ir::Scope::Cta) put(out, ".cta");
  switch (in.bar) {
    case ir::BarOp::Arrive: put(out, ".arrive"); break;
    case ir::BarOp::Red: {
      put(out, ".red");
      if (in.aop == ir::AtomOp::Popc) {
        put(out, ".popc");
      } else if (in.bop != ir::BoolOp::None) {
        dot(out, bool_name(in.bop));
      } else {
        dot(out, atom_name(in.aop));
      }
      put(out, in.has(InstrFlag::Red32) ? ".u32" : ".pred");
      break;
    }
    case ir::BarOp::Sync:
    case ir::BarOp::None:
    default: put(out, ".sync"); break;
  }
}

/// Opcodes whose spelling carries a second type (cvt.dtype.atype and the like).
bool has_second_type(Opcode op) noexcept {
  switch (op) {
    case Opcode::Cvt:
    case Opcode::Set:
    case Opcode::Slct:
    case Opcode::Dp4a:
    case Opcode::Dp2a:
    case Opcode::CvtPack:
      return true;
    default:
      return false;
  }
}

}  // namespace

std::string_view cmp_name(ir::CmpOp c) noexcept {
  static constexpr std::array<std::string_view, 19> kNames{{
      "", "eq", "ne", "lt", "le", "gt", "ge", "lo", "ls", "hi", "hs",
      "equ", "neu", "ltu", "leu", "gtu", "geu", "num", "nan",
  }};
  return lookup(kNames, c);
}

std::string_view bool_name(ir::BoolOp b) noexcept {
  static constexpr std::array<std::string_view, 4> kNames{{"", "and", "or", "xor"}};
  return lookup(kNames, b);
}

std::string_view atom_name(ir::AtomOp a) noexcept {
  static constexpr std::array<std::string_view, 12> kNames{
      {"", "and", "or", "xor", "cas", "exch", "add", "inc", "dec", "min", "max", "popc"}};
  return lookup(kNames, a);
}

std::string_view rounding_name(ir::Rounding r) noexcept {
  static constexpr std::array<std::string_view, 11> kNames{
      {"", "rn", "rz", "rm", "rp", "rna", "rs", "rni", "rzi", "rmi", "rpi"}};
  return lookup(kNames, r);
}

std::string_view sem_name(ir::MemSem s) noexcept {
  static constexpr std::array<std::string_view, 9> kNames{
      {"", "weak", "volatile", "relaxed", "acquire", "release", "acq_rel", "sc", "mmio"}};
  return lookup(kNames, s);
}

std::string_view scope_name(ir::Scope s) noexcept {
  static constexpr std::array<std::string_view, 5> kNames{{"", "cta", "cluster", "gpu", "sys"}};
  return lookup(kNames, s);
}

void print_opcode(Out& out, const ir::Instr& in) {
  switch (in.op) {
    case Opcode::Ld:
    case Opcode::Ldu:
    case Opcode::St:
      put(out, ir::opcode_name(in.op));
      memory(out, in);
      return;
    case Opcode::Atom:
    case Opcode::Red:
      put(out, ir::opcode_name(in.op));
      atomic(out, in);
      return;
    case Opcode::Bar:
      barrier(out, in);
      return;
    case Opcode::BarWarp:
      put(out, "bar.warp.sync");
      return;
    case Opcode::Membar:
      put(out, "membar");
      dot(out, membar_level(in.scope));
      return;
    case Opcode::Fence:
      put(out, "fence");
      dot(out, sem_name(in.sem));
      dot(out, scope_name(in.scope));
      return;
    case Opcode::Cvta:
      put(out, "cvta");
      flag(out, in, InstrFlag::ToSpace, "to");
      dot(out, ir::space_name(in.space));
      type(out, in.type);
      return;
    case Opcode::Isspacep:
    case Opcode::Prefetch:
    case Opcode::Prefetchu:
      put(out, ir::opcode_name(in.op));
      dot(out, ir::space_name(in.space));
      if (in.op != Opcode::Isspacep) put(out, in.has(InstrFlag::CacheHint) ? ".L2" : ".L1");
      return;
    case Opcode::Set:
    case Opcode::Setp:
      put(out, ir::opcode_name(in.op));
      dot(out, cmp_name(in.cmp));
      dot(out, bool_name(in.bop));
      flag(out, in, InstrFlag::Ftz, "ftz");
      if (in.op == Opcode::Setp) {
        // The compared type; a decoding that keeps .pred as the main type
        // and the compared type second prints the same.
        type(out, in.type == ir::Type::Pred && in.stype != ir::Type::None ? in.stype : in.type);
      } else {
        type(out, in.type);
        type(out, in.stype);
      }
      return;
    case Opcode::Vote:
    case Opcode::Shfl:
      put(out, ir::opcode_name(in.op));
      flag(out, in, InstrFlag::Sync, "sync");
      dot(out, in.op == Opcode::Vote ? vote_name(in.vote) : shfl_name(in.shfl));
      type(out, in.type);
      return;
    case Opcode::Match:
      put(out, "match");
      dot(out, match_name(in.match));
      flag(out, in, InstrFlag::Sync, "sync");
      type(out, in.type);
      return;
    case Opcode::Redux:
      put(out, "redux");
      flag(out, in, InstrFlag::Sync, "sync");
      dot(out, atom_name(in.aop));
      flag(out, in, InstrFlag::Abs, "abs");
      flag(out, in, InstrFlag::NaN, "NaN");
      type(out, in.type);
      return;
    case Opcode::Prmt:
      put(out, "prmt");
      type(out, in.type);
      dot(out, prmt_name(in.prmt));
      return;
    case Opcode::Testp:
      put(out, "testp");
      dot(out, testp_name(in.testp));
      type(out, in.type);
      return;
    case Opcode::Shf:
      put(out, "shf");
      dot(out, shf_name(in.shf));
      type(out, in.type);
      return;
    case Opcode::Bmsk:
    case Opcode::Szext:
      put(out, ir::opcode_name(in.op));
      put(out, in.has(InstrFlag::Clamp) ? ".clamp" : ".wrap");
      type(out, in.type);
      return;
    case Opcode::Bra:
    case Opcode::BrxIdx:
    case Opcode::Ret:
      put(out, ir::opcode_name(in.op));
      flag(out, in, InstrFlag::Uni, "uni");
      return;
    case Opcode::Exit:
    case Opcode::Trap:
    case Opcode::Brkpt:
    case Opcode::Pmevent:
      put(out, ir::opcode_name(in.op));
      return;
    case Opcode::TmBegin:
    case Opcode::TmCommit:
    case Opcode::TmAbort:
    case Opcode::Print:
    case Opcode::AssertFail:
    case Opcode::Call:
      put(out, "call");
      flag(out, in, InstrFlag::Uni, "uni");
      return;
    case Opcode::CvtPack:
      put(out, "cvt.pack");
      dot(out, rounding_name(in.rnd));
      flag(out, in, InstrFlag::Sat, "sat");
      type(out, in.type);
      type(out, in.stype);
      put(out, ".b32");
      return;
    default:
      break;
  }
  put(out, ir::opcode_name(in.op));
  arith_modifiers(out, in);
  type(out, in.type);
  if (has_second_type(in.op)) type(out, in.stype);
}

}  // namespace lockstep::ptx::printer
