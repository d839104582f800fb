#include "random_program.hpp"

#include <array>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace lockstep::test {
namespace {

/// splitmix64: the same sequence on every platform (the standard
/// distributions are not).
class Rng {
 public:
  explicit Rng(std::uint64_t seed) : state_(seed) {}
  std::uint64_t next() {
    std::uint64_t z = (state_ += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
  }
  /// Uniform in [0, n), n > 0.
  unsigned below(unsigned n) { return static_cast<unsigned>(next() % n); }
  /// True with probability percent / 100.
  bool chance(unsigned percent) { return below(100) < percent; }
  std::uint32_t bits32() { return static_cast<std::uint32_t>(next() >> 32); }

 private:
  std::uint64_t state_;
};

constexpr unsigned kValueRegs = 8;     // %r10 .. %r17
constexpr unsigned kFloatRegs = 4;     // %f1 .. %f4
constexpr unsigned kPreds = 4;         // %p1 .. %p4; %p7 is the loop test
constexpr unsigned kInputCount = 256;  // u32 elements of `in`
constexpr unsigned kFreeSlots = 8;     // out slots 0..7 for body stores
constexpr unsigned kSlots = kFreeSlots + kValueRegs + kFloatRegs;
constexpr unsigned kCounters = 8;
constexpr unsigned kMaxDepth = 3;
constexpr unsigned kMaxLoopDepth = 2;
constexpr unsigned kMaxExchanges = 2;
constexpr unsigned kMaxBlock = 96;

std::string vreg(unsigned i) { return "%r" + std::to_string(10 + i); }
std::string freg(unsigned i) { return "%f" + std::to_string(1 + i); }
std::string preg(unsigned i) { return "%p" + std::to_string(1 + i); }
std::string loop_counter(unsigned d) { return "%r" + std::to_string(40 + d); }
std::string loop_bound(unsigned d) { return "%r" + std::to_string(44 + d); }

std::string hex32(std::uint32_t v) {
  static const char* const digits = "0123456789ABCDEF";
  std::string s = "0x00000000";
  for (unsigned i = 0; i < 8; ++i) s[9 - i] = digits[(v >> (4 * i)) & 0xfU];
  return s;
}

/// f32 immediates that stay in a sensible range.
constexpr std::array<const char*, 8> kFloatImms{"0f3F800000", "0f40000000", "0fBF000000", "0f3DCCCCCD",
                                                "0f41200000", "0fC0400000", "0f00000000", "0f3E800000"};

class Generator {
 public:
  Generator(std::uint64_t seed, const RandomProgramOptions& options) : rng_(seed), opt_(options) {
    grid_ = 1 + rng_.below(2);
    // 32..96 threads; about half the blocks are a whole number of warps.
    static constexpr std::array<unsigned, 10> kBlocks{32, 64, 96, 33, 40, 48, 57, 70, 80, 95};
    block_ = kBlocks[rng_.below(static_cast<unsigned>(kBlocks.size()))];
    param_ = static_cast<std::int32_t>(rng_.bits32() % 2001U) - 1000;
    input_seed_ = rng_.next() % 1000000U;
    budget_ = 95 + rng_.below(25);
  }

  RandomProgram run(std::uint64_t seed) {
    prologue();
    list(6, true);
    while (instrs_ + 20 < budget_) list(4, true);  // use the budget up at top level
    epilogue();

    RandomProgram p;
    p.seed = seed;
    p.grid = grid_;
    p.block = block_;
    p.slots_per_thread = kSlots;
    p.counters = kCounters;
    p.instructions = instrs_;
    p.features = f_;
    p.ptx = header() + body_ + "}\n";
    p.spec = spec();
    return p;
  }

 private:
  // ---- output -------------------------------------------------------------
  void ins(const std::string& text) {
    body_ += "\t" + text + ";\n";
    ++instrs_;
  }
  void label(const std::string& name) { body_ += name + ":\n"; }
  std::string new_label() { return "$L__R" + std::to_string(labels_++); }
  [[nodiscard]] bool over_budget() const { return instrs_ >= budget_; }

  // ---- operands -----------------------------------------------------------
  std::string dst() { return vreg(rng_.below(kValueRegs)); }
  /// A readable b32 register: a value register, or now and then the thread
  /// id, the lane, the parameter or an enclosing loop counter.
  std::string src() {
    const unsigned r = rng_.below(100);
    if (r < 75) return vreg(rng_.below(kValueRegs));
    if (r < 82) return "%r1";
    if (r < 86) return "%r4";
    if (r < 90) return "%r5";
    if (loop_depth_ > 0) return loop_counter(rng_.below(loop_depth_));
    return "%r6";
  }
  std::string imm() {
    if (rng_.chance(60)) return std::to_string(rng_.below(32));
    return hex32(rng_.bits32());
  }
  std::string src_or_imm() { return rng_.chance(30) ? imm() : src(); }
  std::string fsrc() { return freg(rng_.below(kFloatRegs)); }
  std::string fsrc_or_imm() {
    return rng_.chance(25) ? std::string(kFloatImms[rng_.below(static_cast<unsigned>(kFloatImms.size()))]) : fsrc();
  }
  std::string pred() { return preg(rng_.below(kPreds)); }
  std::string maybe_not(const std::string& p) { return rng_.chance(35) ? "!" + p : p; }
  /// "@%pK " / "@!%pK " with probability 1/5, else "".
  std::string guard() {
    if (!rng_.chance(20)) return {};
    ++f_.guarded;
    return "@" + maybe_not(pred()) + " ";
  }

  /// A thread-dependent branch condition: emits what computes it and
  /// returns the guard predicate ("%p2" or "!%p2").
  std::string cond() {
    const std::string p = pred();
    switch (rng_.below(6)) {
      case 0: {  // bits of the thread id
        static constexpr std::array<unsigned, 8> kMasks{1, 2, 3, 4, 7, 8, 16, 31};
        const unsigned mask = kMasks[rng_.below(static_cast<unsigned>(kMasks.size()))];
        const char* tid = rng_.chance(70) ? "%r1" : "%r4";
        ins(std::string("and.b32 %r7, ") + tid + ", " + std::to_string(mask));
        ins(std::string("setp.") + (rng_.chance(50) ? "eq" : "ne") + ".u32 " + p + ", %r7, " +
            std::to_string(rng_.bits32() & mask));
        break;
      }
      case 1:  // lane < c
        ins(std::string("setp.") + (rng_.chance(50) ? "lt" : "ge") + ".u32 " + p + ", %r6, " +
            std::to_string(1 + rng_.below(31)));
        break;
      case 2: {  // two registers
        static constexpr std::array<const char*, 6> kCmp{"eq", "ne", "lt", "le", "gt", "ge"};
        ins(std::string("setp.") + kCmp[rng_.below(6)] + (rng_.chance(50) ? ".s32 " : ".u32 ") + p + ", " + src() +
            ", " + src());
        break;
      }
      case 3:  // a few low bits of data
        ins("and.b32 %r7, " + src() + ", 7");
        ins(std::string("setp.") + (rng_.chance(50) ? "lt" : "ge") + ".u32 " + p + ", %r7, " +
            std::to_string(1 + rng_.below(7)));
        break;
      case 4:  // a float compare
        ins(std::string("setp.") + (rng_.chance(50) ? "lt" : "geu") + ".f32 " + p + ", " + fsrc() + ", " +
            fsrc_or_imm());
        ++f_.float_ops;
        break;
      default:  // a predicate computed earlier
        break;
    }
    return maybe_not(p);
  }

  // ---- simple statements --------------------------------------------------
  void arith() {
    const std::string g = guard();
    switch (rng_.below(19)) {
      case 0: ins(g + "add.s32 " + dst() + ", " + src() + ", " + src_or_imm()); break;
      case 1: ins(g + "sub.s32 " + dst() + ", " + src() + ", " + src_or_imm()); break;
      case 2: ins(g + "mul.lo.s32 " + dst() + ", " + src() + ", " + src_or_imm()); break;
      case 3: ins(g + "mad.lo.s32 " + dst() + ", " + src() + ", " + src_or_imm() + ", " + src_or_imm()); break;
      case 4: {
        static constexpr std::array<const char*, 3> kOps{"and", "or", "xor"};
        ins(g + kOps[rng_.below(3)] + ".b32 " + dst() + ", " + src() + ", " + src_or_imm());
        break;
      }
      case 5:
        ins(g + "shl.b32 " + dst() + ", " + src() + ", " + (rng_.chance(70) ? std::to_string(rng_.below(32)) : src()));
        break;
      case 6:
        ins(g + (rng_.chance(50) ? "shr.u32 " : "shr.s32 ") + dst() + ", " + src() + ", " +
            (rng_.chance(70) ? std::to_string(rng_.below(32)) : src()));
        break;
      case 7: {
        static constexpr std::array<const char*, 4> kOps{"min.s32", "max.s32", "min.u32", "max.u32"};
        ins(g + kOps[rng_.below(4)] + " " + dst() + ", " + src() + ", " + src_or_imm());
        break;
      }
      case 8: ins(g + "selp.b32 " + dst() + ", " + src_or_imm() + ", " + src_or_imm() + ", " + pred()); break;
      case 9: {
        static constexpr std::array<const char*, 6> kCmp{"eq", "ne", "lt", "le", "gt", "ge"};
        std::string s = std::string("setp.") + kCmp[rng_.below(6)] + (rng_.chance(50) ? ".s32" : ".u32");
        if (rng_.chance(30)) {
          static constexpr std::array<const char*, 3> kBool{".and", ".or", ".xor"};
          ins(g + s + kBool[rng_.below(3)] + " " + pred() + ", " + src() + ", " + src_or_imm() + ", " +
              maybe_not(pred()));
        } else {
          ins(g + s + " " + pred() + ", " + src() + ", " + src_or_imm());
        }
        break;
      }
      case 10: {
        static constexpr std::array<const char*, 3> kOps{"not.b32", "neg.s32", "popc.b32"};
        ins(g + kOps[rng_.below(3)] + " " + dst() + ", " + src());
        break;
      }
      case 11: {
        if (rng_.chance(25)) {
          ins(g + "not.pred " + pred() + ", " + pred());
        } else {
          static constexpr std::array<const char*, 3> kOps{"and.pred", "or.pred", "xor.pred"};
          ins(g + kOps[rng_.below(3)] + " " + pred() + ", " + pred() + ", " + pred());
        }
        break;
      }
      default: float_op(g); break;
    }
  }

  void float_op(const std::string& g) {
    ++f_.float_ops;
    const std::string fd = freg(rng_.below(kFloatRegs));
    switch (rng_.below(9)) {
      case 0: {
        static constexpr std::array<const char*, 5> kOps{"add.f32", "sub.f32", "mul.f32", "add.rn.f32", "mul.rn.f32"};
        ins(g + kOps[rng_.below(5)] + " " + fd + ", " + fsrc() + ", " + fsrc_or_imm());
        break;
      }
      case 1: ins(g + "fma.rn.f32 " + fd + ", " + fsrc() + ", " + fsrc_or_imm() + ", " + fsrc_or_imm()); break;
      case 2: {
        static constexpr std::array<const char*, 2> kOps{"min.f32", "max.f32"};
        ins(g + kOps[rng_.below(2)] + " " + fd + ", " + fsrc() + ", " + fsrc_or_imm());
        break;
      }
      case 3: ins(g + (rng_.chance(50) ? "abs.f32 " : "neg.f32 ") + fd + ", " + fsrc()); break;
      case 4: ins(g + (rng_.chance(50) ? "cvt.rn.f32.s32 " : "cvt.rn.f32.u32 ") + fd + ", " + src()); break;
      case 5: ins(g + "cvt.rzi.s32.f32 " + dst() + ", " + fsrc()); break;
      case 6: ins(g + "mov.b32 " + fd + ", " + src()); break;
      case 7: ins(g + "mov.b32 " + dst() + ", " + fsrc()); break;
      default: {
        static constexpr std::array<const char*, 5> kCmp{"lt", "ge", "eq", "neu", "gtu"};
        ins(g + "setp." + kCmp[rng_.below(5)] + ".f32 " + pred() + ", " + fsrc() + ", " + fsrc_or_imm());
        break;
      }
    }
  }

  /// in[(src) & 255] -> a value register (or, rarely, a float register).
  void load() {
    if (rng_.chance(20)) {  // back from one of the thread's own slots
      ins(guard() + "ld.global.u32 " + dst() + ", [%rd6+" + std::to_string(4 * rng_.below(kFreeSlots)) + "]");
      return;
    }
    ins("and.b32 %r7, " + src() + ", " + std::to_string(kInputCount - 1));
    ins("mul.wide.u32 %rd7, %r7, 4");
    ins("add.s64 %rd8, %rd3, %rd7");
    if (rng_.chance(15)) {
      ins(guard() + "ld.global.f32 " + freg(rng_.below(kFloatRegs)) + ", [%rd8]");
    } else {
      ins(guard() + "ld.global.u32 " + dst() + ", [%rd8]");
    }
  }

  /// A store to one of the thread's own slots 0..7.
  void store() {
    const std::string off = std::to_string(4 * rng_.below(kFreeSlots));
    if (rng_.chance(20)) {
      ins(guard() + "st.global.f32 [%rd6+" + off + "], " + fsrc());
    } else {
      ins(guard() + "st.global.u32 [%rd6+" + off + "], " + src());
    }
  }

  /// A commutative atomic on a counter; the value an atom returns goes to
  /// %r8, which nothing reads.
  void atomic() {
    ++f_.atomics;
    const unsigned c = rng_.below(kCounters);
    const char* op = c < 5 ? "add.u32" : c == 5 ? "or.b32" : c == 6 ? "xor.b32" : "max.u32";
    const std::string addr = "[%rd9+" + std::to_string(4 * c) + "]";
    const std::string value = rng_.chance(25) ? imm() : src();
    if (rng_.chance(50)) {
      ins(guard() + "atom.global." + op + " %r8, " + addr + ", " + value);
    } else {
      ins(guard() + "red.global." + op + " " + addr + ", " + value);
    }
  }

  /// A warp collective with the full mask (top level only).
  void collective() {
    ++f_.collectives;
    const bool whole_warps = block_ % 32 == 0;
    const unsigned kind = rng_.below(whole_warps ? 7 : 3);
    switch (kind) {
      case 0: ins("vote.sync.ballot.b32 " + dst() + ", " + maybe_not(pred()) + ", 0xffffffff"); break;
      case 1: {
        static constexpr std::array<const char*, 3> kModes{"any", "all", "uni"};
        ins(std::string("vote.sync.") + kModes[rng_.below(3)] + ".pred " + pred() + ", " + maybe_not(pred()) +
            ", 0xffffffff");
        break;
      }
      case 2:  // a ballot of a fresh data-dependent predicate
        ins("setp.lt.u32 %p5, " + src() + ", " + src_or_imm());
        ins("vote.sync.ballot.b32 " + dst() + ", %p5, 0xffffffff");
        break;
      case 3:
        ins("shfl.sync.bfly.b32 " + dst() + ", " + src() + ", " + std::to_string(1U << rng_.below(5)) +
            ", 31, 0xffffffff");
        break;
      case 4:
        if (rng_.chance(50)) {
          ins("shfl.sync.idx.b32 " + dst() + ", " + src() + ", " + std::to_string(rng_.below(32)) + ", 31, 0xffffffff");
        } else {
          ins("and.b32 %r7, " + src() + ", 31");
          ins("shfl.sync.idx.b32 " + dst() + ", " + src() + ", %r7, 31, 0xffffffff");
        }
        break;
      case 5:
        ins("shfl.sync.down.b32 " + dst() + "|" + pred() + ", " + src() + ", " + std::to_string(1 + rng_.below(16)) +
            ", 31, 0xffffffff");
        break;
      default:
        ins("shfl.sync.up.b32 " + dst() + ", " + src() + ", " + std::to_string(1 + rng_.below(16)) + ", 0, 0xffffffff");
        break;
    }
  }

  /// Each thread stores to its own slot of a fresh shared region, bar.sync,
  /// then reads the slot of thread (tid + c) % ntid (top level only).
  void exchange() {
    ++f_.barriers;
    const std::string off = std::to_string(4 * block_ * exchanges_++);
    ins("st.shared.u32 [%r51+" + off + "], " + src());
    ins("bar.sync 0");
    ins("add.s32 %r7, %r1, " + std::to_string(1 + rng_.below(block_ - 1)));
    ins("rem.u32 %r7, %r7, %r3");
    ins("shl.b32 %r7, %r7, 2");
    ins("add.s32 %r7, %r7, %r50");
    ins("ld.shared.u32 " + dst() + ", [%r7+" + off + "]");
  }

  /// A forward goto to the join of an enclosing hammock or to the exit or
  /// continue label of an enclosing loop. Returns true when it is
  /// unconditional (the list ends).
  bool jump() {
    ++f_.breaks;
    const std::string& target = targets_[rng_.below(static_cast<unsigned>(targets_.size()))];
    if (depth_ > 0 && rng_.chance(15)) {
      ins("bra " + target);
      return true;
    }
    const std::string g = cond();
    ins("@" + g + " bra " + target);
    return false;
  }

  /// exit, predicated or (inside a branch part) as its last statement.
  bool exit_stmt() {
    ++f_.exits;
    exit_seen_ = true;
    const char* op = rng_.chance(20) ? "ret" : "exit";  // ret in an entry exits too
    if (depth_ > 0 && rng_.chance(40)) {
      ins(op);
      return true;
    }
    const std::string g = cond();
    ins("@" + g + " " + op);
    return false;
  }

  // ---- compound statements ------------------------------------------------
  /// Enters a construct; a divergent one ends the converged context.
  void enter(std::vector<std::string> targets, bool divergent = true) {
    saved_converged_.push_back(converged_);
    if (divergent) converged_ = false;
    ++depth_;
    if (depth_ > f_.max_depth) f_.max_depth = depth_;
    for (std::string& t : targets) targets_.push_back(std::move(t));
  }
  void leave(std::size_t targets) {
    converged_ = saved_converged_.back();
    saved_converged_.pop_back();
    --depth_;
    targets_.resize(targets_.size() - targets);
  }

  void if_else() {
    ++f_.hammocks;
    const std::string e = new_label();
    const std::string j = new_label();
    ins("@" + cond() + " bra " + e);
    enter({j});
    if (!list(3, true)) ins("bra " + j);
    label(e);
    list(3, true);
    leave(1);
    label(j);
  }

  void if_only() {
    ++f_.hammocks;
    const std::string j = new_label();
    ins("@" + cond() + " bra " + j);
    enter({j});
    list(3, true);
    leave(1);
    label(j);
  }

  /// if/else with a branch from the then part into the middle of the else part.
  void into_else() {
    ++f_.hammocks;
    ++f_.unstructured;
    const std::string e = new_label();
    const std::string m = new_label();
    const std::string j = new_label();
    ins("@" + cond() + " bra " + e);
    enter({j});
    list(2, false);
    ins("@" + cond() + " bra " + m);
    if (!list(2, true)) ins("bra " + j);
    label(e);
    list(2, false);
    label(m);
    list(2, true);
    leave(1);
    label(j);
  }

  /// if/else whose then part holds an if/else; the else part branches
  /// (backwards in the text, forwards in the flow) into that inner join.
  void into_inner_join() {
    f_.hammocks += 2;
    ++f_.unstructured;
    const std::string e = new_label();
    const std::string j = new_label();
    const std::string ie = new_label();
    const std::string ij = new_label();
    ins("@" + cond() + " bra " + e);
    enter({j});
    list(2, false);
    ins("@" + cond() + " bra " + ie);
    enter({ij});
    if (!list(2, true)) ins("bra " + ij);
    label(ie);
    list(2, true);
    leave(1);
    label(ij);
    if (!list(2, true)) ins("bra " + j);
    label(e);
    list(2, false);
    ins("@" + cond() + " bra " + ij);
    list(2, true);
    leave(1);
    label(j);
  }

  /// A bounded loop: counter from 0 while below (x & 7) + c.
  void loop() {
    ++f_.loops;
    const unsigned d = loop_depth_;
    const std::string counter = loop_counter(d);
    const std::string bound = loop_bound(d);
    ins("and.b32 " + bound + ", " + (rng_.chance(50) ? std::string("%r1") : src()) + ", 7");
    if (rng_.chance(40)) ins("add.s32 " + bound + ", " + bound + ", " + std::to_string(1 + rng_.below(2)));
    ins("mov.u32 " + counter + ", 0");
    const std::string head = new_label();
    const std::string cont = new_label();
    const std::string done = new_label();
    const bool while_form = rng_.chance(50);
    label(head);
    if (while_form) {
      ins("setp.ge.u32 %p7, " + counter + ", " + bound);
      ins("@%p7 bra " + done);
    }
    ++loop_depth_;
    enter({done, cont});
    if (rng_.chance(40)) {  // a break-style early exit first
      list(2, false);
      jump_to(done);
    }
    list(3, true);
    leave(2);
    --loop_depth_;
    label(cont);
    ins("add.s32 " + counter + ", " + counter + ", 1");
    if (while_form) {
      ins("bra " + head);
    } else {
      ins("setp.lt.u32 %p7, " + counter + ", " + bound);
      ins("@%p7 bra " + head);
    }
    label(done);
  }

  /// A block-uniform condition (from %ctaid.x or the parameter).
  std::string uniform_cond() {
    const std::string p = pred();
    if (rng_.chance(50)) {
      ins("and.b32 %r7, %r2, 1");
      ins(std::string("setp.") + (rng_.chance(50) ? "eq" : "ne") + ".u32 " + p + ", %r7, 0");
    } else {
      ins("setp.lt.s32 " + p + ", %r5, " + std::to_string(static_cast<int>(rng_.below(2001)) - 1000));
    }
    return maybe_not(p);
  }

  /// if/else on a block-uniform condition: no lane diverges, so the
  /// converged context (collectives, barriers) carries into both parts. Its
  /// join is no goto target (a goto from divergent code inside would leave
  /// lanes behind in the converged code after it).
  void uniform_if() {
    ++f_.uniform;
    const std::string e = new_label();
    const std::string j = new_label();
    ins("@" + uniform_cond() + (rng_.chance(30) ? " bra.uni " : " bra ") + e);
    enter({}, false);
    if (!list(3, true)) ins("bra.uni " + j);
    label(e);
    list(3, true);
    leave(0);
    label(j);
  }

  /// A loop with a block-uniform trip count of 1..4 (no exits inside, so a
  /// converged body stays converged in every iteration).
  void uniform_loop() {
    ++f_.uniform;
    ++f_.loops;
    const unsigned d = loop_depth_;
    const std::string counter = loop_counter(d);
    const std::string bound = loop_bound(d);
    ins("xor.b32 " + bound + ", %r2, %r5");
    ins("and.b32 " + bound + ", " + bound + ", 3");
    ins("add.s32 " + bound + ", " + bound + ", 1");
    ins("mov.u32 " + counter + ", 0");
    const std::string head = new_label();
    label(head);
    ++loop_depth_;
    ++uniform_loops_;
    enter({}, false);
    list(3, false);
    leave(0);
    --uniform_loops_;
    --loop_depth_;
    ins("add.s32 " + counter + ", " + counter + ", 1");
    ins("setp.lt.u32 %p7, " + counter + ", " + bound);
    ins("@%p7 bra.uni " + head);
  }

  void jump_to(const std::string& target) {
    ++f_.breaks;
    ins("@" + cond() + " bra " + target);
  }

  // ---- lists --------------------------------------------------------------
  /// 1..max statements. With `terminal`, the last may be an unconditional
  /// exit or goto; returns true when it is (nothing falls through).
  bool list(unsigned max, bool terminal) {
    const unsigned n = 1 + rng_.below(max);
    for (unsigned i = 0; i < n; ++i) {
      if (i > 0 && over_budget()) break;
      if (statement(terminal)) return true;
    }
    return false;
  }

  /// One statement; true when it ends the list.
  bool statement(bool terminal) {
    const bool compound_ok = depth_ < kMaxDepth && instrs_ + 15 < budget_;
    const bool sync_ok = converged_ && !exit_seen_;
    const unsigned exit_weight = uniform_loops_ > 0 ? 0U : depth_ > 0 ? 3U : 1U;  // no exit in a uniform loop
    struct Choice {
      unsigned weight;
      int kind;
    };
    const std::array<Choice, 15> choices{{
        {30, 0},                                                    // arithmetic
        {8, 1},                                                     // load
        {10, 2},                                                    // store
        {opt_.atomics ? 5U : 0U, 3},                                // atomic
        {compound_ok ? 10U : 0U, 4},                                // if/else
        {compound_ok ? 6U : 0U, 5},                                 // if
        {compound_ok ? 4U : 0U, 6},                                 // into else
        {compound_ok && depth_ + 1 < kMaxDepth ? 3U : 0U, 7},       // into inner join
        {compound_ok && loop_depth_ < kMaxLoopDepth ? 8U : 0U, 8},  // loop
        {targets_.empty() ? 0U : 6U, 9},                            // goto
        {exit_weight, 10},                                          // exit
        {sync_ok && opt_.collectives ? 10U : 0U, 11},               // collective
        {sync_ok && opt_.barriers && uniform_loops_ == 0 && exchanges_ < kMaxExchanges ? 6U : 0U, 12},  // exchange
        {compound_ok ? 4U : 0U, 13},                                 // uniform if/else
        {compound_ok && loop_depth_ < kMaxLoopDepth ? 3U : 0U, 14},  // uniform loop
    }};
    unsigned total = 0;
    for (const Choice& c : choices) total += c.weight;
    unsigned r = rng_.below(total);
    int kind = 0;
    for (const Choice& c : choices) {
      if (r < c.weight) {
        kind = c.kind;
        break;
      }
      r -= c.weight;
    }
    switch (kind) {
      case 0: arith(); break;
      case 1: load(); break;
      case 2: store(); break;
      case 3: atomic(); break;
      case 4: if_else(); break;
      case 5: if_only(); break;
      case 6: into_else(); break;
      case 7: into_inner_join(); break;
      case 8: loop(); break;
      case 9:
        if (terminal) return jump();
        jump_to(targets_[rng_.below(static_cast<unsigned>(targets_.size()))]);
        break;
      case 10:
        if (terminal) return exit_stmt();
        ++f_.exits;
        exit_seen_ = true;
        ins("@" + cond() + " exit");
        break;
      case 11: collective(); break;
      case 12: exchange(); break;
      case 13: uniform_if(); break;
      default: uniform_loop(); break;
    }
    return false;
  }

  // ---- prologue, epilogue, texts -------------------------------------------
  void prologue() {
    ins("ld.param.u64 %rd1, [rand_kernel_param_0]");
    ins("ld.param.u64 %rd2, [rand_kernel_param_1]");
    ins("ld.param.s32 %r5, [rand_kernel_param_2]");
    ins("cvta.to.global.u64 %rd3, %rd1");
    ins("cvta.to.global.u64 %rd4, %rd2");
    ins("mov.u32 %r1, %tid.x");
    ins("mov.u32 %r2, %ctaid.x");
    ins("mov.u32 %r3, %ntid.x");
    ins("mad.lo.s32 %r4, %r2, %r3, %r1");
    ins("and.b32 %r6, %r1, 31");
    ins("mul.wide.u32 %rd5, %r4, " + std::to_string(4 * kSlots));
    ins("add.s64 %rd6, %rd4, %rd5");
    ins("add.s64 %rd9, %rd4, " + std::to_string(4 * kSlots * grid_ * block_));
    if (opt_.barriers) {
      ins("mov.u32 %r50, rand_sh");
      ins("shl.b32 %r51, %r1, 2");
      ins("add.s32 %r51, %r51, %r50");
    }
    for (unsigned i = 0; i < kValueRegs; ++i) {
      const std::string r = vreg(i);
      const unsigned kind = i < 2 ? i : rng_.below(6);
      switch (kind) {
        case 0:  // a load at a thread-dependent index
          ins("mad.lo.s32 %r7, %r4, " + std::to_string(1 + 2 * rng_.below(8)) + ", " + std::to_string(rng_.below(256)));
          ins("and.b32 %r7, %r7, " + std::to_string(kInputCount - 1));
          ins("mul.wide.u32 %rd7, %r7, 4");
          ins("add.s64 %rd8, %rd3, %rd7");
          ins("ld.global.u32 " + r + ", [%rd8]");
          break;
        case 1: ins("mov.u32 " + r + ", %r1"); break;
        case 2: ins("add.s32 " + r + ", %r5, %r4"); break;
        case 3: ins("mad.lo.s32 " + r + ", %r1, " + imm() + ", " + imm()); break;
        case 4: ins("xor.b32 " + r + ", %r2, " + imm()); break;
        default: ins("mov.u32 " + r + ", %r4"); break;
      }
    }
    for (unsigned i = 0; i < kFloatRegs; ++i) {
      const std::string f = freg(i);
      switch (rng_.below(4)) {
        case 0: ins("cvt.rn.f32.s32 " + f + ", " + vreg(rng_.below(kValueRegs))); break;
        case 1: ins("cvt.rn.f32.u32 " + f + ", %r1"); break;
        case 2: ins("mov.f32 " + f + ", " + kFloatImms[rng_.below(static_cast<unsigned>(kFloatImms.size()))]); break;
        default: ins("mov.b32 " + f + ", " + vreg(rng_.below(kValueRegs))); break;
      }
    }
    for (unsigned i = 0; i < kPreds; ++i) {
      if (rng_.chance(50)) {
        ins("setp.lt.u32 " + preg(i) + ", %r6, " + std::to_string(1 + rng_.below(31)));
      } else {
        ins("setp.gt.s32 " + preg(i) + ", " + vreg(rng_.below(kValueRegs)) + ", " + vreg(rng_.below(kValueRegs)));
      }
    }
  }

  void epilogue() {
    for (unsigned i = 0; i < kValueRegs; ++i)
      ins("st.global.u32 [%rd6+" + std::to_string(4 * (kFreeSlots + i)) + "], " + vreg(i));
    for (unsigned i = 0; i < kFloatRegs; ++i)
      ins("st.global.f32 [%rd6+" + std::to_string(4 * (kFreeSlots + kValueRegs + i)) + "], " + freg(i));
    ins("ret");
  }

  [[nodiscard]] std::string header() const {
    std::string h =
        "//\n// lockstep random program (tests/semantics/launch/random_program.cpp)\n//\n\n"
        ".version 7.0\n.target sm_75\n.address_size 64\n\n"
        ".visible .entry rand_kernel(\n"
        "\t.param .u64 rand_kernel_param_0,\n"
        "\t.param .u64 rand_kernel_param_1,\n"
        "\t.param .s32 rand_kernel_param_2\n"
        ")\n{\n"
        "\t.reg .pred %p<8>;\n"
        "\t.reg .b32 %r<52>;\n"
        "\t.reg .f32 %f<5>;\n"
        "\t.reg .b64 %rd<10>;\n";
    h += "\t.shared .align 4 .b8 rand_sh[" + std::to_string(4 * kMaxBlock * kMaxExchanges) + "];\n\n";
    return h;
  }

  [[nodiscard]] std::string spec() const {
    const unsigned threads = grid_ * block_;
    std::string s = "kernel = \"rand_kernel\"\n";
    s += "grid = [" + std::to_string(grid_) + "]\n";
    s += "block = [" + std::to_string(block_) + "]\n";
    s += "params = [\"in\", \"out\", {type = \"s32\", value = " + std::to_string(param_) + "}]\n\n";
    s += "[[buffer]]\nname = \"in\"\ntype = \"u32\"\ncount = " + std::to_string(kInputCount) +
         "\ninit = \"random:" + std::to_string(input_seed_) + "\"\n\n";
    s += "[[buffer]]\nname = \"out\"\ntype = \"u32\"\ncount = " + std::to_string(threads * kSlots + kCounters) +
         "\ninit = \"zeros\"\n";
    return s;
  }

  Rng rng_;
  RandomProgramOptions opt_;
  unsigned grid_ = 1;
  unsigned block_ = 32;
  std::int32_t param_ = 0;
  std::uint64_t input_seed_ = 0;
  unsigned budget_ = 100;
  std::string body_;
  unsigned instrs_ = 0;
  unsigned labels_ = 0;
  unsigned depth_ = 0;
  unsigned loop_depth_ = 0;
  unsigned exchanges_ = 0;
  bool exit_seen_ = false;
  bool converged_ = true;  ///< every live lane of the block is here together (outside divergent code)
  std::vector<bool> saved_converged_;
  unsigned uniform_loops_ = 0;
  std::vector<std::string> targets_;
  RandomProgramFeatures f_;
};

}  // namespace

RandomProgram generate_random_program(std::uint64_t seed, const RandomProgramOptions& options) {
  // A program over the limit is drawn again from a derived seed (rare).
  std::uint64_t s = seed;
  for (;;) {
    Generator g(s, options);
    RandomProgram p = g.run(seed);
    if (p.instructions <= kMaxInstructions) return p;
    s = s * 0x9e3779b97f4a7c15ULL + 1;
  }
}

}  // namespace lockstep::test
