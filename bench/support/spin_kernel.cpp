#include "bench/support/spin_kernel.hpp"

#include <fmt/format.h>

#include <string_view>
#include <utility>

#include "bench/support/ptx_emitter.hpp"

namespace lockstep::bench {
namespace {

// Registers: %r1 tid.x, %r2 ctaid.x, %r3 ntid.x, %r4 the uniform bound (a
// parameter), %r5 laneid, %r6 the global thread index;
// %r10..%r17 uniform values, set once in the prologue and never written again;
// %r20..%r29 thread-dependent values computed from registers only (so no
// condition ever depends on memory); %r30..%r37 data loaded from memory,
// used by stores and arithmetic on data only; %r40+d filler loop counters at
// depth d; %r50 the outer-loop counter of a lock construct, %r51..%r56 the
// lock: CAS result, the values 1 and 0, the critical section, the exchange
// result. %rd1/%rd2 the two buffers, %rd3/%rd4 this thread's elements.
// Predicates: %p1..%p8 uniform conditions, %p9..%p16 thread-dependent ones,
// %p17 the spin condition, %p18 the outer-loop condition, %p19 the branch
// of a shared-release or guarded lock.
constexpr unsigned kUniformFirst = 10, kUniformCount = 8;
constexpr unsigned kDivergentFirst = 20, kDivergentCount = 10;
constexpr unsigned kDataFirst = 30, kDataCount = 8;
constexpr unsigned kLoopCounterFirst = 40;
constexpr unsigned kPredicatesPerKind = 8;

class Generator : PtxEmitter {
 public:
  explicit Generator(const SpinKernelShape& shape) : PtxEmitter(shape.seed), shape_(shape) {}

  SpinKernel run() {
    prologue();
    // Spread the lock constructs evenly over the filler: before the n-th
    // spin loop the kernel has about n/spin_loops of its blocks.
    while (result_.spin_loops < shape_.spin_loops) {
      const auto due = static_cast<std::uint32_t>(static_cast<std::uint64_t>(shape_.min_blocks) *
                                                  result_.spin_loops / shape_.spin_loops);
      while (blocks_ < due) construct(0);
      lock_construct();
    }
    while (blocks_ < shape_.min_blocks) construct(0);
    line("ret");
    out_ += "\n}\n";
    result_.blocks = blocks_;
    result_.ptx = header() + out_;
    return std::move(result_);
  }

 private:
  unsigned uniform_reg() { return kUniformFirst + pick(kUniformCount); }
  unsigned divergent_reg() { return kDivergentFirst + pick(kDivergentCount); }
  unsigned data_reg() { return kDataFirst + pick(kDataCount); }
  unsigned next_pred(bool divergent) { return PtxEmitter::next_pred(divergent, kPredicatesPerKind); }


  /// Module header and the shared arrays, sized once the locks are known.
  [[nodiscard]] std::string header() const {
    const std::uint32_t bytes = 4 * (result_.locks == 0 ? 1 : result_.locks);
    return fmt::format(
        "// lockstep checker benchmark: one kernel with many basic blocks and spin locks\n"
        ".version 9.0\n.target sm_75\n.address_size 64\n\n"
        ".shared .align 4 .b8 spin_locks[{0}];\n"
        ".shared .align 4 .b8 spin_data[{0}];\n\n"
        ".visible .entry spin_kernel(\n"
        "\t.param .u64 spin_kernel_param_0,\n"
        "\t.param .u64 spin_kernel_param_1,\n"
        "\t.param .u32 spin_kernel_param_2\n)\n{{\n"
        "\t.reg .pred \t%p<20>;\n\t.reg .b32 \t%r<64>;\n\t.reg .b64 \t%rd<8>;\n\n",
        bytes);
  }

  void prologue() {
    line("ld.param.u64 \t%rd5, [spin_kernel_param_0]");
    line("ld.param.u64 \t%rd6, [spin_kernel_param_1]");
    line("ld.param.u32 \t%r4, [spin_kernel_param_2]");
    line("cvta.to.global.u64 \t%rd1, %rd5");
    line("cvta.to.global.u64 \t%rd2, %rd6");
    line("mov.u32 \t%r1, %tid.x");
    line("mov.u32 \t%r2, %ctaid.x");
    line("mov.u32 \t%r3, %ntid.x");
    line("mov.u32 \t%r5, %laneid");
    line("mad.lo.s32 \t%r6, %r2, %r3, %r1");
    line("mul.wide.u32 \t%rd7, %r6, 4");
    line("add.s64 \t%rd3, %rd1, %rd7");
    line("add.s64 \t%rd4, %rd2, %rd7");
    for (unsigned i = 0; i < kUniformCount; ++i) line("add.s32 \t%r{}, %r4, {}", kUniformFirst + i, 5 * i + 1);
    for (unsigned i = 0; i < kDivergentCount; ++i) line("add.s32 \t%r{}, %r6, {}", kDivergentFirst + i, 3 * i);
    for (unsigned i = 0; i < kDataCount; ++i) line("mov.u32 \t%r{}, 0", kDataFirst + i);
  }

  /// A run of straight-line code.
  void straight(unsigned n) {
    for (unsigned i = 0; i < n; ++i) {
      // Every choice drawn in a fixed order: the text must not depend on
      // the order in which the compiler evaluates arguments.
      const unsigned kind = pick(8);
      const unsigned d0 = divergent_reg(), d1 = divergent_reg(), u0 = uniform_reg();
      const unsigned v0 = data_reg(), v1 = data_reg();
      const unsigned offset = 4 * pick(64);
      switch (kind) {
        case 0: line("add.s32 \t%r{}, %r{}, %r{}", d0, d1, u0); break;
        case 1: line("xor.b32 \t%r{}, %r{}, %r{}", d0, d1, u0); break;
        case 2: line("and.b32 \t%r{}, %r{}, 255", d0, d1); break;
        case 3: line("ld.global.nc.u32 \t%r{}, [%rd3+{}]", v0, offset); break;
        case 4: line("add.s32 \t%r{}, %r{}, %r{}", v0, v1, d0); break;
        case 5: line("st.global.u32 \t[%rd4+{}], %r{}", offset, v0); break;
        case 6: line("red.global.add.u32 \t[%rd2+{}], %r{}", offset, v0); break;
        default: line("mul.lo.s32 \t%r{}, %r{}, %r{}", v0, v1, u0); break;
      }
    }
  }

  /// Computes a fresh predicate, thread-dependent or uniform, and returns it.
  unsigned predicate(bool divergent) {
    static constexpr std::string_view kCmp[] = {"lt", "ge", "ne", "eq", "gt"};
    const unsigned p = next_pred(divergent);
    const std::string_view cmp = kCmp[pick(5)];
    const unsigned source = divergent ? (pick(4) == 0 ? 5U : divergent_reg()) : uniform_reg();
    const unsigned value = divergent ? pick(32) : pick(1000);
    line("setp.{}.u32 \t%p{}, %r{}, {}", cmp, p, source, value);
    return p;
  }

  // ---- filler ------------------------------------------------------------

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
    if (roll < 60) return triangle(depth, pick(2) == 0);
    if (roll < 80) return counted_loop(depth);
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

  /// A counted loop, its trip count uniform or thread-dependent.
  void counted_loop(unsigned depth) {
    ++result_.filler_loops;
    const unsigned counter = kLoopCounterFirst + depth;
    const std::string head = next_label();
    line("mov.u32 \t%r{}, 0", counter);
    label(head);
    region(depth + 1);
    line("add.s32 \t%r{0}, %r{0}, 1", counter);
    const bool divergent_trips = pick(3) == 0;
    const unsigned bound = divergent_trips ? divergent_reg() : uniform_reg();
    const unsigned p = next_pred(divergent_trips);
    line("setp.lt.u32 \t%p{}, %r{}, %r{}", p, counter, bound);
    terminator("@%p{} bra \t{}", p, head);
  }

  // ---- locks ---------------------------------------------------------------

  /// `while (atomicCAS(&spin_locks[lock], 0, 1) != 0);`
  void spin(std::uint32_t lock) {
    ++result_.spin_loops;
    const std::string head = next_label();
    label(head);
    line("mov.u32 \t%r52, 1");
    line("mov.u32 \t%r53, 0");
    line("atom.shared.cas.b32 \t%r51, [spin_locks+{}], %r53, %r52", 4 * lock);
    line("setp.ne.s32 \t%p17, %r51, 0");
    terminator("@%p17 bra \t{}", head);
  }

  /// The critical section on `spin_data[lock]`, then the release of the word.
  void critical_and_release(std::uint32_t lock) {
    line("ld.volatile.shared.u32 \t%r54, [spin_data+{}]", 4 * lock);
    line("add.s32 \t%r55, %r54, %r{}", divergent_reg());
    line("st.volatile.shared.u32 \t[spin_data+{}], %r55", 4 * lock);
    straight(pick(3));
    line("membar.cta");
    line("atom.shared.exch.b32 \t%r56, [spin_locks+{}], 0", 4 * lock);
  }

  void lock_construct() {
    const std::uint32_t lock = result_.locks++;
    const unsigned roll = pick(100);
    straight(1 + pick(2));
    if (roll < 40) {  // plain
      spin(lock);
      critical_and_release(lock);
    } else if (roll < 60) {  // outer: inside a counted loop with a uniform trip count
      ++result_.outer_locks;
      const std::string head = next_label();
      line("mov.u32 \t%r50, 0");
      label(head);
      straight(1 + pick(2));
      spin(lock);
      critical_and_release(lock);
      line("add.s32 \t%r50, %r50, 1");
      line("setp.lt.u32 \t%p18, %r50, %r{}", uniform_reg());
      terminator("@%p18 bra \t{}", head);
    } else if (roll < 80) {  // shared: two spin loops, one release after the join
      ++result_.shared_releases;
      const std::string other = next_label(), join = next_label();
      const unsigned lanes = 1 + pick(31);
      line("setp.lt.u32 \t%p19, %r5, {}", lanes);
      terminator("@%p19 bra \t{}", other);
      straight(1 + pick(2));
      spin(lock);
      terminator("bra.uni \t{}", join);
      label(other);
      straight(1 + pick(2));
      spin(lock);
      label(join);
      critical_and_release(lock);
    } else {  // guarded: under a thread-dependent if-then
      const std::string skip = next_label();
      const unsigned source = divergent_reg();
      const unsigned value = pick(32);
      line("setp.gt.u32 \t%p19, %r{}, {}", source, value);
      terminator("@%p19 bra \t{}", skip);
      spin(lock);
      critical_and_release(lock);
      label(skip);
    }
    straight(1);
  }

  SpinKernelShape shape_;
  SpinKernel result_;
};

}  // namespace

SpinKernel synthesise_spin_kernel(const SpinKernelShape& shape) { return Generator(shape).run(); }

}  // namespace lockstep::bench
