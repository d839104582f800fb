#include "bench/support/big_kernel.hpp"

#include <fmt/format.h>

#include <iterator>
#include <string_view>

#include "bench/support/ptx_emitter.hpp"

namespace lockstep::bench {
namespace {

// Registers: %r1 tid.x, %r2 ctaid.x, %r3 ntid.x, %r4 the uniform bound
// (a parameter), %r5 laneid, %r6 the global thread index;
// %r10..%r19 uniform values set once in the prologue (like nvcc's hoisted
// parameters and block-wide values), %r56..%r63 uniform scratch values
// computed and loaded (ld.global.nc) along the way, %r20..%r39
// thread-dependent values, %r40+d loop counters and %r50+d
// irreducible-region counters at depth d. A scratch value written under a
// divergent branch may become divergent; the prologue values never do,
// and uniform conditions are computed from them only.
// %rd1/%rd2 the two buffers (uniform), %rd3 this thread's element of %rd1.
constexpr unsigned kUniformFirst = 10, kUniformCount = 10;
constexpr unsigned kScratchFirst = 56, kScratchCount = 8;
constexpr unsigned kDivergentFirst = 20, kDivergentCount = 20;
constexpr unsigned kLoopCounterFirst = 40, kIrreducibleCounterFirst = 50;
// Predicates: %p1..%p8 hold uniform conditions, %p9..%p16 thread-dependent
// ones. nvcc gives most values a virtual register of their own, so one
// predicate register seldom holds both kinds; the uniformity analysis is
// per register, so mixing them would make every branch divergent.
constexpr unsigned kPredicatesPerKind = 8;
constexpr unsigned kPredicates = 2 * kPredicatesPerKind;
constexpr unsigned kMaxExits = 12;

class Generator : PtxEmitter {
 public:
  explicit Generator(const BigKernelShape& shape) : PtxEmitter(shape.seed), shape_(shape) {}

  BigKernel run() {
    prologue();
    while (blocks_ < shape_.min_blocks) construct(0);
    line("ret");
    out_ += "\n}\n";
    return {std::move(out_), blocks_};
  }

 private:
  unsigned uniform_reg() { return kUniformFirst + pick(kUniformCount); }
  unsigned scratch_reg() { return kScratchFirst + pick(kScratchCount); }
  unsigned divergent_reg() { return kDivergentFirst + pick(kDivergentCount); }
  unsigned next_pred(bool divergent) { return PtxEmitter::next_pred(divergent, kPredicatesPerKind); }

  void prologue() {
    out_ +=
        "// lockstep frontend benchmark: one kernel with many basic blocks\n"
        ".version 9.0\n.target sm_75\n.address_size 64\n\n"
        ".visible .entry big_kernel(\n"
        "\t.param .u64 big_kernel_param_0,\n"
        "\t.param .u64 big_kernel_param_1,\n"
        "\t.param .u32 big_kernel_param_2\n)\n{\n";
    fmt::format_to(std::back_inserter(out_), "\t.reg .pred \t%p<{}>;\n\t.reg .b32 \t%r<64>;\n\t.reg .b64 \t%rd<8>;\n\n",
                   kPredicates + 1);
    line("ld.param.u64 \t%rd4, [big_kernel_param_0]");
    line("ld.param.u64 \t%rd5, [big_kernel_param_1]");
    line("ld.param.u32 \t%r4, [big_kernel_param_2]");
    line("cvta.to.global.u64 \t%rd1, %rd4");
    line("cvta.to.global.u64 \t%rd2, %rd5");
    line("mov.u32 \t%r1, %tid.x");
    line("mov.u32 \t%r2, %ctaid.x");
    line("mov.u32 \t%r3, %ntid.x");
    line("mov.u32 \t%r5, %laneid");
    line("mad.lo.s32 \t%r6, %r2, %r3, %r1");
    line("mul.wide.u32 \t%rd6, %r6, 4");
    line("add.s64 \t%rd3, %rd1, %rd6");
    for (unsigned i = 0; i < kUniformCount; ++i) line("add.s32 \t%r{}, %r4, {}", kUniformFirst + i, 7 * i + 1);
    for (unsigned i = 0; i < kScratchCount; ++i) line("mov.u32 \t%r{}, %r{}", kScratchFirst + i, kUniformFirst + i);
    for (unsigned i = 0; i < kDivergentCount; ++i) line("add.s32 \t%r{}, %r6, {}", kDivergentFirst + i, 3 * i);
  }

  /// A run of straight-line code.
  void straight(unsigned n) {
    for (unsigned i = 0; i < n; ++i) {
      // Draw every choice in a fixed order, so the text does not depend on
      // the compiler's order of evaluating arguments.
      const unsigned kind = pick(10);
      const unsigned s0 = scratch_reg(), s1 = scratch_reg(), u0 = uniform_reg(), u1 = uniform_reg();
      const unsigned d0 = divergent_reg(), d1 = divergent_reg(), d2 = divergent_reg();
      const unsigned offset = 4 * pick(64);
      const unsigned small = 1 + pick(4);
      switch (kind) {
        case 0: line("add.s32 \t%r{}, %r{}, %r{}", s0, u0, u1); break;
        case 1: line("mad.lo.s32 \t%r{}, %r{}, {}, %r{}", s0, s1, small + 2, u0); break;
        case 2: line("shl.b32 \t%r{}, %r{}, {}", s0, u0, small); break;
        case 3: line("add.s32 \t%r{}, %r{}, %r{}", d0, d1, u0); break;
        case 4: line("xor.b32 \t%r{}, %r{}, %r{}", d0, d1, d2); break;
        case 5: line("mul.lo.s32 \t%r{}, %r{}, %r{}", d0, d1, u0); break;
        case 6: line("ld.global.u32 \t%r{}, [%rd3+{}]", d0, offset); break;
        case 7: line("ld.global.nc.u32 \t%r{}, [%rd2+{}]", s0, offset); break;
        case 8: line("st.global.u32 \t[%rd3+{}], %r{}", offset, d0); break;
        default:
          if (small == 1) {
            line("atom.global.add.u32 \t%r{}, [%rd2+{}], 1", d0, offset);
          } else {
            line("and.b32 \t%r{}, %r{}, 255", d0, d1);
          }
          break;
      }
    }
  }

  /// Computes a fresh predicate, thread-dependent or uniform, and returns it.
  unsigned predicate(bool divergent) {
    static constexpr std::string_view kCmp[] = {"lt", "ge", "ne", "eq", "gt"};
    const unsigned p = next_pred(divergent);
    const std::string_view cmp = kCmp[pick(5)];
    if (divergent) {
      const unsigned source = pick(4) == 0 ? 5 : divergent_reg();  // sometimes %laneid itself
      const unsigned value = pick(32);
      line("setp.{}.u32 \t%p{}, %r{}, {}", cmp, p, source, value);
    } else {
      const unsigned source = uniform_reg();
      const unsigned value = pick(1000);
      line("setp.{}.u32 \t%p{}, %r{}, {}", cmp, p, source, value);
    }
    return p;
  }

  /// One to three constructs, or straight code at the deepest level.
  void region(unsigned depth) {
    if (depth >= shape_.max_depth) {
      straight(1 + pick(4));
      return;
    }
    const unsigned n = 1 + pick(2);
    for (unsigned i = 0; i < n; ++i) construct(depth);
  }

  void construct(unsigned depth) {
    const unsigned roll = pick(100);
    if (roll < 25) return diamond(depth, true);
    if (roll < 40) return diamond(depth, false);
    if (roll < 55) return triangle(depth, pick(2) == 0);
    if (roll < 70) return loop(depth, false);
    if (roll < 78) return loop(depth, true);
    if (roll < 85) return irreducible(depth);
    if (roll < 88 && depth == 0 && exits_ < kMaxExits) return early_exit();
    straight(2 + pick(6));
  }

  void diamond(unsigned depth, bool divergent) {
    straight(pick(3));
    const std::string other = next_label(), join = next_label();
    const unsigned p = predicate(divergent);
    terminator("@%p{} bra \t{}", p, other);
    region(depth + 1);
    terminator("bra.uni \t{}", join);
    label(other);
    region(depth + 1);
    label(join);
  }

  void triangle(unsigned depth, bool divergent) {
    straight(pick(3));
    const std::string join = next_label();
    const unsigned p = predicate(divergent);
    terminator("@%p{} bra \t{}", p, join);
    region(depth + 1);
    label(join);
  }

  /// A counted loop; with `with_break`, a thread-dependent break in the body.
  void loop(unsigned depth, bool with_break) {
    const unsigned counter = kLoopCounterFirst + depth;
    const bool guarded = pick(2) == 0;
    const std::string head = next_label(), done = next_label();
    if (guarded) {
      const unsigned p = predicate(false);
      terminator("@%p{} bra \t{}", p, done);
    }
    line("mov.u32 \t%r{}, 0", counter);
    label(head);
    region(depth + 1);
    if (with_break) {
      const unsigned p = predicate(true);
      terminator("@%p{} bra \t{}", p, done);
      straight(1 + pick(3));
    }
    line("add.s32 \t%r{0}, %r{0}, 1", counter);
    const bool divergent_trips = pick(3) == 0;
    const unsigned bound = divergent_trips ? divergent_reg() : 4;
    const unsigned p = next_pred(divergent_trips);
    line("setp.lt.u32 \t%p{}, %r{}, %r{}", p, counter, bound);
    terminator("@%p{} bra \t{}", p, head);
    label(done);
  }

  /// A cycle of two blocks A and B, entered at A (fall-through) and at B (branch).
  void irreducible(unsigned depth) {
    const unsigned counter = kIrreducibleCounterFirst + depth;
    const std::string a = next_label(), b = next_label(), out = next_label();
    line("mov.u32 \t%r{}, 0", counter);
    const unsigned enter_b = predicate(true);
    terminator("@%p{} bra \t{}", enter_b, b);
    label(a);
    straight(1 + pick(3));
    line("add.s32 \t%r{0}, %r{0}, 1", counter);
    const unsigned limit = 3 + pick(5);
    const unsigned p = next_pred(true);
    line("setp.gt.u32 \t%p{}, %r{}, {}", p, counter, limit);
    terminator("@%p{} bra \t{}", p, out);
    label(b);
    if (pick(2) == 0) region(depth + 1);
    straight(1 + pick(2));
    const unsigned back = predicate(true);
    terminator("@%p{} bra \t{}", back, a);
    label(out);
  }

  void early_exit() {
    ++exits_;
    const unsigned value = 1000 + pick(100000);
    const unsigned p = next_pred(true);
    line("setp.eq.u32 \t%p{}, %r6, {}", p, value);
    if (pick(2) == 0) {
      terminator("@%p{} exit", p);
    } else {
      terminator("@%p{} ret", p);
    }
  }

  BigKernelShape shape_;
  unsigned exits_ = 0;
};

}  // namespace

BigKernel synthesise_big_kernel(const BigKernelShape& shape) { return Generator(shape).run(); }

}  // namespace lockstep::bench
