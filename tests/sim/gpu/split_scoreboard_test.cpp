// Multi-Path IPDOM's timing hardware (research 000-aware-bows-ddos-mp.md
// §2.3-2.4, claim 16, Fig 7.6) on tests/sim/kernels/split_dependence.ptx:
//   I0: R0 = a[tid]                    every thread, a DRAM load
//   odd threads:  I1: R1 = c[R0]       needs I0's R0
//   even threads: i = tid              a chain of adds, needs nothing in flight
//                 I2: R1 = b[i]        needs nothing in flight
//                 I3: R4 = R0 + R1     reads R1, which I1 writes for the odd threads
// Under mp the odd split starts first and waits on R0; loose round robin
// among ready splits issues the even split's I2 before I0's write returns,
// and the per-split scoreboard (R-masks) issues I1 while the even split's
// write of R1 is in flight and I3 before the odd split's long-latency write
// of R1 returns (steps 5 and 6 of the figure). Under stack-nt the same order of
// splits serialises them: I2 issues after I0's write returned and I3 after
// I1's. Every instruction fetch hits (as in timing_test.cpp), so only the
// scoreboard and the split scheduler decide.
#include <gtest/gtest.h>

#include <cstdint>
#include <map>
#include <optional>
#include <vector>

#include "sim_kit.hpp"

namespace lockstep::test {
namespace {

constexpr sem::Mask kOdd = 0xaaaaaaaaU;
constexpr sem::Mask kEven = 0x55555555U;

/// Issue cycles by (pc, threads) and load completion cycles by pc.
class Timeline final : public sim::SmObserver {
 public:
  void issued(std::uint32_t, std::uint32_t, std::uint32_t, std::uint32_t, std::uint32_t pc, sem::Mask active,
              sim::Cycle now) override {
    issues.push_back(Issue{pc, active, now});
  }
  void cta_started(std::uint32_t, std::uint32_t, sim::Cycle) override {}
  void cta_finished(std::uint32_t, std::uint32_t, sim::Cycle) override {}
  void reply_arrived(std::uint32_t, const sim::MemRequest&) override {}
  void load_finished(std::uint32_t, std::uint32_t, std::uint32_t pc, sim::Cycle, sim::Cycle now) override {
    finished[pc] = now;
  }

  struct Issue {
    std::uint32_t pc;
    sem::Mask threads;
    sim::Cycle at;
  };
  std::vector<Issue> issues;
  std::map<std::uint32_t, sim::Cycle> finished;

  /// The last load (an instruction that finished as one) issued for `threads`.
  [[nodiscard]] std::optional<Issue> load_of(sem::Mask threads) const {
    std::optional<Issue> last;
    for (const Issue& i : issues) {
      if (i.threads == threads && finished.contains(i.pc)) last = i;
    }
    return last;
  }
  /// The first issue at `pc`.
  [[nodiscard]] std::optional<Issue> at(std::uint32_t pc) const {
    for (const Issue& i : issues) {
      if (i.pc == pc) return i;
    }
    return std::nullopt;
  }
};

struct Fig76 {
  sim::Cycle i0_done, i1_issued, i1_done, i2_issued, i2_done, i3_issued;
};

Fig76 simulate_fig76(const sem::ModelSpec& model) {
  const auto l = load("tests/sim/kernels/split_dependence.ptx", "tests/sim/kernels/split_dependence.toml");
  Timeline t;
  sim::SimOptions options;
  options.observer = &t;
  sim::GpuConfig g = gpu("tiny");
  g.core.perfect_inst_const_cache = true;  // a refetch at another split's PC costs no miss
  const sim::SimResult r = simulate(*l, g, model, options);
  EXPECT_EQ(r.run.status, sem::RunStatus::Completed);
  const auto i0 = t.load_of(sem::kFullMask);
  const auto i1 = t.load_of(kOdd);
  const auto i2 = t.load_of(kEven);
  EXPECT_TRUE(i0 && i1 && i2);
  if (!i0 || !i1 || !i2) return {};
  const auto i3 = t.at(i2->pc + 1);  // the add after I2
  EXPECT_TRUE(i3.has_value());
  EXPECT_EQ(i3->threads, kEven);
  return Fig76{t.finished.at(i0->pc), i1->at, t.finished.at(i1->pc), i2->at, t.finished.at(i2->pc), i3->at};
}

TEST(SplitScoreboard, IndependentSplitIssuesBeforeTheOtherSplitsLongLatencyWrite) {
  const Fig76 mp = simulate_fig76(sem::ModelKind::Mp);
  EXPECT_LT(mp.i2_issued, mp.i0_done) << "the even split's independent load waits for I0 (no LRR among ready splits)";
  EXPECT_LT(mp.i1_issued, mp.i2_done) << "I1 waits for the even split's write of R1 (a false dependence)";
  EXPECT_LT(mp.i3_issued, mp.i1_done) << "I3 waits for the odd split's write of R1 (a false dependence)";
  const Fig76 orec = simulate_fig76(sem::ModelKind::MpOrec);
  EXPECT_LT(orec.i3_issued, orec.i1_done);
}

TEST(SplitScoreboard, TheStackSerialisesTheSplits) {
  const Fig76 nt = simulate_fig76(sem::ModelKind::StackNt);  // the odd (not-taken) split first, as under mp
  EXPECT_GT(nt.i2_issued, nt.i0_done);
  EXPECT_GT(nt.i3_issued, nt.i1_done);
}

}  // namespace
}  // namespace lockstep::test
