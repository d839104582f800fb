// Kilo TM's claims as launches (research 001-kilotm.md §7; docs/tm.md):
// hand-written PTX run under mimd with hand-picked schedules (T1 ABA, T2
// read-twice, T3 write skew, T4 WAW), every schedule of the write skew, the
// watchdog and __tabort, the static errors for malformed transactions, and
// the tm_hashtable kernel under mimd and the SIMT stack.
#include <gtest/gtest.h>

#include <cstring>
#include <set>
#include <string>
#include <vector>

#include "frontend/diagnostics.hpp"
#include "run_kit.hpp"
#include "semantics/launch/launch_state.hpp"
#include "semantics/model/model_mimd.hpp"

namespace lockstep::sem {
namespace {

using test::prepare_from_text;
using State = LaunchState<ModelMimd>;

std::string ptx(const std::string& body) {
  return R"(
.version 7.0
.target sm_70
.address_size 64
.extern .func __tbegin ()
;
.extern .func __tcommit ()
;
.extern .func __tabort ()
;
.visible .entry k(.param .u64 k_x)
{
  .reg .pred %p<4>;
  .reg .b32 %r<12>;
  .reg .b64 %rd<4>;
  ld.param.u64 %rd1, [k_x];
  cvta.to.global.u64 %rd1, %rd1;
  mov.u32 %r1, %tid.x;
)" + body + "}\n";
}

std::string spec(unsigned threads, const std::string& init) {
  return "kernel = \"k\"\ngrid = [1]\nblock = [" + std::to_string(threads) +
         "]\nparams = [\"x\"]\n[[buffer]]\nname = \"x\"\ntype = \"u32\"\ncount = 4\ninit = [" + init + "]\n";
}

std::uint32_t word(const State& s, const LaunchSetup& setup, unsigned i) {
  std::uint32_t v = 0;
  s.global().read(setup.buffers[0].address + 4 * i, 4, &v);
  return v;
}

/// The PC of the n-th (0-based) instruction with opcode `op`.
std::uint32_t pc_of(const LaunchSetup& setup, ir::Opcode op, unsigned n) {
  for (std::uint32_t pc = 0; pc < setup.kernel->code.size(); ++pc) {
    if (setup.kernel->code[pc].op == op && n-- == 0) return pc;
  }
  ADD_FAILURE() << "no such instruction";
  return 0;
}

/// Steps thread `lane` until it stands at `pc`.
void advance(State& s, unsigned lane, std::uint32_t pc) {
  for (int i = 0; i < 1000 && s.model_state(0).pc[lane] != pc; ++i) {
    ASSERT_TRUE(has_lane(s.enabled(0), lane));
    s.step(0, lane);
  }
  ASSERT_EQ(s.model_state(0).pc[lane], pc);
}

/// Steps thread `lane` until it has exited.
void finish(State& s, unsigned lane) {
  for (int i = 0; i < 10000 && has_lane(s.enabled(0), lane); ++i) s.step(0, lane);
  ASSERT_FALSE(has_lane(s.enabled(0), lane));
}

// T1: thread 0 (T1) reads x and writes x[1] = x + 1; thread 1 (T2) writes x = 7; thread 2 (T3) writes x = 5.
const std::string kAba = R"(
  setp.eq.u32 %p1, %r1, 0;
  @%p1 bra T1;
  setp.eq.u32 %p2, %r1, 1;
  selp.u32 %r2, 7, 5, %p2;
  call.uni __tbegin, ();
  st.global.u32 [%rd1], %r2;
  call.uni __tcommit, ();
  ret;
T1:
  call.uni __tbegin, ();
  ld.global.u32 %r3, [%rd1];
  add.u32 %r4, %r3, 1;
  st.global.u32 [%rd1+4], %r4;
  call.uni __tcommit, ();
  ret;
)";

TEST(TmClaims, T1AbaPassesAsSerialT2T3T1) {
  const auto p = prepare_from_text(ptx(kAba), spec(3, "5, 0, 0, 0"));
  p->setup->tm_serializable_check = true;
  State s(*p->setup, ModelMimd{});
  advance(s, 0, pc_of(*p->setup, ir::Opcode::Ld, 1) + 1);  // T1 has read x = 5
  finish(s, 1);                                              // T2 commits x = 7
  finish(s, 2);                                              // T3 commits x = 5
  finish(s, 0);                                              // T1 validates: x = 5 again
  ASSERT_EQ(s.status(), LaunchStatus::Completed);
  EXPECT_EQ(s.stats().tx.commits, 3U);
  EXPECT_EQ(s.stats().tx.aborts(), 0U);
  EXPECT_EQ(word(s, *p->setup, 0), 5U);
  EXPECT_EQ(word(s, *p->setup, 1), 6U);  // serial T2, T3, T1
  ASSERT_EQ(s.tx_history().size(), 3U);
  EXPECT_EQ(s.tx_history()[0].thread, 1U);
  EXPECT_EQ(s.tx_history()[1].thread, 2U);
  EXPECT_EQ(s.tx_history()[2].thread, 0U);
  EXPECT_EQ(s.tx_history()[2].cid, 3U);
}

// T2: thread 0 reads x twice (thread 1 commits x = 7 in between) and writes x[1] = sum.
const std::string kReadTwice = R"(
  setp.eq.u32 %p1, %r1, 0;
  @%p1 bra T;
  call.uni __tbegin, ();
  st.global.u32 [%rd1], 7;
  call.uni __tcommit, ();
  ret;
T:
  call.uni __tbegin, ();
  ld.global.u32 %r3, [%rd1];
  ld.global.u32 %r4, [%rd1];
  add.u32 %r5, %r3, %r4;
  st.global.u32 [%rd1+4], %r5;
  call.uni __tcommit, ();
  ret;
)";

TEST(TmClaims, T2ReadTwiceFailsValidationAndRetries) {
  const auto p = prepare_from_text(ptx(kReadTwice), spec(2, "5, 0, 0, 0"));
  State s(*p->setup, ModelMimd{});
  advance(s, 0, pc_of(*p->setup, ir::Opcode::Ld, 2));  // read x = 5 once
  finish(s, 1);                                         // x = 7
  advance(s, 0, pc_of(*p->setup, ir::Opcode::TmCommit, 1));
  s.step(0, 0);  // the commit: (x, 5) and (x, 7) in the read log never validate
  EXPECT_EQ(s.stats().tx.aborts_validation, 1U);
  EXPECT_EQ(s.model_state(0).pc[0], pc_of(*p->setup, ir::Opcode::TmBegin, 1) + 1);  // restarted
  EXPECT_EQ(word(s, *p->setup, 1), 0U);                                            // nothing published
  finish(s, 0);
  ASSERT_EQ(s.status(), LaunchStatus::Completed);
  EXPECT_EQ(word(s, *p->setup, 1), 14U);  // the retry read 7 twice
  ASSERT_EQ(s.stats().tx.retries.size(), 1U);
  EXPECT_EQ(s.stats().tx.retries.at(0), 1U);
}

// T3 (Example 1): A (thread 0) reads H and K, writes K = K + 10 H; B (thread 1) reads K and H, writes H = H + 10 K.
const std::string kSkew = R"(
  setp.eq.u32 %p1, %r1, 0;
  @%p1 bra A;
  call.uni __tbegin, ();
  ld.global.u32 %r3, [%rd1+4];
  ld.global.u32 %r4, [%rd1];
  mul.lo.u32 %r5, %r3, 10;
  add.u32 %r6, %r4, %r5;
  st.global.u32 [%rd1], %r6;
  call.uni __tcommit, ();
  ret;
A:
  call.uni __tbegin, ();
  ld.global.u32 %r3, [%rd1];
  ld.global.u32 %r4, [%rd1+4];
  mul.lo.u32 %r5, %r3, 10;
  add.u32 %r6, %r4, %r5;
  st.global.u32 [%rd1+4], %r6;
  call.uni __tcommit, ();
  ret;
)";

TEST(TmClaims, T3WriteSkewNeverCommitsBothOnStaleReads) {
  const auto p = prepare_from_text(ptx(kSkew), spec(2, "1, 2, 0, 0"));  // H = 1, K = 2
  State s(*p->setup, ModelMimd{});
  advance(s, 0, pc_of(*p->setup, ir::Opcode::St, 1));  // A read H, K
  advance(s, 1, pc_of(*p->setup, ir::Opcode::St, 0));  // B read K, H
  finish(s, 0);                                         // A commits K = 12
  finish(s, 1);                                         // B fails (K changed), reruns: H = 1 + 120
  ASSERT_EQ(s.status(), LaunchStatus::Completed);
  EXPECT_EQ(s.stats().tx.aborts_validation, 1U);
  EXPECT_EQ(word(s, *p->setup, 0), 121U);
  EXPECT_EQ(word(s, *p->setup, 1), 12U);
}

TEST(TmClaims, T3WriteSkewWithAnUnchangedValuePassesAsSerialAB) {
  const auto p = prepare_from_text(ptx(kSkew), spec(2, "0, 2, 0, 0"));  // H = 0: A's write leaves K = 2
  State s(*p->setup, ModelMimd{});
  advance(s, 0, pc_of(*p->setup, ir::Opcode::St, 1));
  advance(s, 1, pc_of(*p->setup, ir::Opcode::St, 0));
  finish(s, 0);
  finish(s, 1);
  ASSERT_EQ(s.status(), LaunchStatus::Completed);
  EXPECT_EQ(s.stats().tx.aborts(), 0U);
  EXPECT_EQ(word(s, *p->setup, 0), 20U);  // serial A, B
  EXPECT_EQ(word(s, *p->setup, 1), 2U);
}

/// Every schedule of a launch (DFS over distinct states): the set of final
/// (x[0], x[1]) pairs; fails on an error state (a serializability violation).
void all_finals(const State& s0, std::set<std::pair<std::uint32_t, std::uint32_t>>& finals, const LaunchSetup& setup) {
  std::set<std::pair<std::uint64_t, std::uint64_t>> seen;
  std::vector<State> stack{s0};
  while (!stack.empty()) {
    State s = std::move(stack.back());
    stack.pop_back();
    StateHasher h;
    s.hash(h);
    if (!seen.insert({h.digest().lo, h.digest().hi}).second) continue;
    ASSERT_NE(s.status(), LaunchStatus::Error) << s.fault()->message;
    if (s.status() == LaunchStatus::Completed) {
      finals.insert({word(s, setup, 0), word(s, setup, 1)});
      continue;
    }
    for_each_lane(s.enabled(0), [&](unsigned l) {
      State n = s;
      n.step(0, l);
      stack.push_back(std::move(n));
    });
  }
}

TEST(TmClaims, T3EverySchedulesIsSerializable) {
  const auto p = prepare_from_text(ptx(kSkew), spec(2, "1, 2, 0, 0"));
  p->setup->tm_serializable_check = true;
  std::set<std::pair<std::uint32_t, std::uint32_t>> finals;
  all_finals(State(*p->setup, ModelMimd{}), finals, *p->setup);
  // Serial A, B: K = 12, H = 121; serial B, A: H = 21, K = 212. Never both on stale reads (H = 21, K = 12).
  EXPECT_EQ(finals, (std::set<std::pair<std::uint32_t, std::uint32_t>>{{121, 12}, {21, 212}}));
}

// T4: blind writers: thread t writes x = t + 1.
const std::string kWaw = R"(
  add.u32 %r2, %r1, 1;
  call.uni __tbegin, ();
  st.global.u32 [%rd1], %r2;
  call.uni __tcommit, ();
  ret;
)";

TEST(TmClaims, T4BlindWritersBothCommitAndTheLastWins) {
  const auto p = prepare_from_text(ptx(kWaw), spec(2, "0, 0, 0, 0"));
  p->setup->tm_serializable_check = true;
  State s(*p->setup, ModelMimd{});
  advance(s, 1, pc_of(*p->setup, ir::Opcode::TmCommit, 0));
  advance(s, 0, pc_of(*p->setup, ir::Opcode::TmCommit, 0));
  finish(s, 1);
  finish(s, 0);
  ASSERT_EQ(s.status(), LaunchStatus::Completed);
  EXPECT_EQ(s.stats().tx.commits, 2U);
  EXPECT_EQ(s.stats().tx.aborts(), 0U);
  EXPECT_EQ(word(s, *p->setup, 0), 1U);  // CID 2 (thread 0) wrote last
  std::set<std::pair<std::uint32_t, std::uint32_t>> finals;
  all_finals(State(*p->setup, ModelMimd{}), finals, *p->setup);
  EXPECT_EQ(finals, (std::set<std::pair<std::uint32_t, std::uint32_t>>{{1, 0}, {2, 0}}));
}

TEST(TmClaims, WeakIsolationNonTransactionalWriteBreaksTheSerialCheck) {
  // A plain store between two commits changes a transactional word: the
  // next commit read a value no serial order of the transactions gives.
  const std::string body = R"(
  setp.eq.u32 %p1, %r1, 0;
  @%p1 bra T;
  st.global.u32 [%rd1], 9;
  ret;
T:
  call.uni __tbegin, ();
  ld.global.u32 %r3, [%rd1];
  st.global.u32 [%rd1+4], %r3;
  call.uni __tcommit, ();
  ret;
)";
  const auto p = prepare_from_text(ptx(body), spec(2, "5, 0, 0, 0"));
  p->setup->tm_serializable_check = true;
  State s(*p->setup, ModelMimd{});
  finish(s, 1);  // x = 9, outside any transaction
  finish(s, 0);
  ASSERT_EQ(s.status(), LaunchStatus::Error);
  EXPECT_EQ(s.fault()->kind, "not-serializable");
  EXPECT_NE(s.fault()->message.find("read 9"), std::string::npos) << s.fault()->message;
  EXPECT_NE(s.fault()->message.find("gives 5 (the initial value)"), std::string::npos) << s.fault()->message;
}

TEST(TmClaims, ExplicitAbortRestartsUntilTheConditionChanges) {
  // Thread 0 aborts while x == 0; thread 1 sets x = 1 (transactionally).
  const std::string body = R"(
  setp.eq.u32 %p1, %r1, 0;
  @%p1 bra T;
  call.uni __tbegin, ();
  st.global.u32 [%rd1], 1;
  call.uni __tcommit, ();
  ret;
T:
  call.uni __tbegin, ();
  ld.global.u32 %r3, [%rd1];
  setp.eq.u32 %p3, %r3, 0;
  @%p3 call.uni __tabort, ();
  st.global.u32 [%rd1+4], 3;
  call.uni __tcommit, ();
  ret;
)";
  const auto p = prepare_from_text(ptx(body), spec(2, "0, 0, 0, 0"));
  State s(*p->setup, ModelMimd{});
  const std::uint32_t abort_pc = pc_of(*p->setup, ir::Opcode::TmAbort, 0);
  advance(s, 0, abort_pc);
  s.step(0, 0);
  advance(s, 0, abort_pc);
  s.step(0, 0);
  EXPECT_EQ(s.stats().tx.aborts_explicit, 2U);
  finish(s, 1);
  finish(s, 0);
  ASSERT_EQ(s.status(), LaunchStatus::Completed);
  EXPECT_EQ(word(s, *p->setup, 1), 3U);
  EXPECT_EQ(s.stats().tx.retries.at(0), 2U);
}

TEST(TmClaims, WatchdogAbortsADoomedLoop) {
  // Thread 0 reads x, then y after thread 1 committed x = y = 1: an
  // inconsistent view (x = 0, y = 1) on which it loops forever. The
  // watchdog validates, finds x changed and restarts it; the retry reads
  // x = y = 1 and commits.
  const std::string body = R"(
  setp.eq.u32 %p1, %r1, 0;
  @%p1 bra T;
  call.uni __tbegin, ();
  st.global.u32 [%rd1], 1;
  st.global.u32 [%rd1+4], 1;
  call.uni __tcommit, ();
  ret;
T:
  call.uni __tbegin, ();
  ld.global.u32 %r3, [%rd1];
  ld.global.u32 %r4, [%rd1+4];
  setp.ne.u32 %p3, %r3, %r4;
L:
  @%p3 bra L;
  st.global.u32 [%rd1+8], 3;
  call.uni __tcommit, ();
  ret;
)";
  const auto p = prepare_from_text(ptx(body), spec(2, "0, 0, 0, 0"));
  p->setup->tm_watchdog_steps = 50;
  State s(*p->setup, ModelMimd{});
  advance(s, 0, pc_of(*p->setup, ir::Opcode::Ld, 2));  // read x = 0
  finish(s, 1);                                         // x = y = 1
  finish(s, 0);
  ASSERT_EQ(s.status(), LaunchStatus::Completed);
  EXPECT_EQ(s.stats().tx.aborts_watchdog, 1U);
  EXPECT_EQ(s.stats().tx.commits, 2U);
  EXPECT_EQ(word(s, *p->setup, 2), 3U);
}

void expect_error(const std::string& body, const std::string& what, unsigned line) {
  try {
    (void)prepare_from_text(ptx(body), spec(1, "0, 0, 0, 0"));
    ADD_FAILURE() << "no error for: " << what;
  } catch (const InputError& e) {
    const std::string text = e.what();
    EXPECT_NE(text.find(what), std::string::npos) << text;
    EXPECT_NE(text.find("kernel.ptx:" + std::to_string(line) + ":"), std::string::npos) << text;
  }
}

TEST(TmErrors, MalformedTransactionsAreInputErrorsAtTheLine) {
  // Line numbers: the body starts on line 19 of ptx().
  expect_error("  setp.eq.u32 %p1, %r1, 0;\n  @%p1 bra S;\n  call.uni __tbegin, ();\nS:\n  call.uni __tcommit, ();\n  ret;\n",
               "unbalanced", 23);
  expect_error("  call.uni __tbegin, ();\n  ret;\n", "exits inside a transaction", 20);
  expect_error("  call.uni __tbegin, ();\n  bar.sync 0;\n  call.uni __tcommit, ();\n  ret;\n",
               "a barrier inside a transaction", 20);
  expect_error("  call.uni __tbegin, ();\n  shfl.sync.idx.b32 %r2, %r1, 0, 31, -1;\n  call.uni __tcommit, ();\n  ret;\n",
               "a warp shuffle inside a transaction", 20);
  expect_error("  call.uni __tcommit, ();\n  ret;\n", "__tcommit outside a transaction", 19);
  expect_error("  call.uni __tabort, ();\n  ret;\n", "__tabort outside a transaction", 19);
}

TEST(TmHashtable, EveryInsertCommitsInEveryModelWithTransactions) {
  const std::filesystem::path dir = std::filesystem::path(LOCKSTEP_SOURCE_DIR) / "models" / "tm" / "tm_hashtable";
  const auto p = test::prepare_from_files(dir / "tm_hashtable.ptx", dir / "launch.toml");
  for (const ModelSpec& m : test::all_models()) {
    const test::RunCapture c = test::run_capture(*p, m, RunOptions{});
    ASSERT_EQ(c.status, RunStatus::Completed) << c.description;
    std::vector<std::int32_t> count(4), sum(4);
    std::memcpy(count.data(), c.buffers[0].data(), 16);
    std::memcpy(sum.data(), c.buffers[1].data(), 16);
    EXPECT_EQ(count, (std::vector<std::int32_t>{8, 8, 8, 8}));
    EXPECT_EQ(sum, (std::vector<std::int32_t>{976, 920, 864, 808}));
    EXPECT_EQ(c.stats.tx.commits, 32U);
    if (m.kind != ModelKind::Mimd) {
      // One warp: the lanes commit in lane order, later lanes of a bucket fail: 8 rounds.
      EXPECT_EQ(c.stats.tx.aborts_validation, 4U * (7 + 6 + 5 + 4 + 3 + 2 + 1));
    }
  }
}

}  // namespace
}  // namespace lockstep::sem
