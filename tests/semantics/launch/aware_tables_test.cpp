// AWARE's virtualised tables (research 000-aware-bows-ddos-mp.md §1.7;
// docs/models/aware.md "Virtualised tables"): FIFO replacement in the split
// table, LRU in the reconvergence table, a virtual FIFO head filled and sent
// to the back, and the traffic a timing model turns into memory requests.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "model_kit.hpp"
#include "semantics/model/model_aware.hpp"

namespace lockstep::sem::test {
namespace {

enum : std::uint32_t { A = 0, B = 10, C = 20, D = 30, E = 40, F = 50, G = 60 };

char block_name(std::uint32_t pc) {
  if (pc == ModelAware::kNoRpc) return '-';
  return pc <= G && pc % 10 == 0 ? static_cast<char>('A' + pc / 10) : '?';
}

/// "B,G,0101 C,G,1010v" (FIFO order, head first; v virtual, t transient).
std::string fifo_text(const ModelAware::State& s) {
  std::string t;
  for (const ModelAware::Split& sp : s.fifo) {
    if (!t.empty()) t += ' ';
    t += block_name(sp.pc);
    t += ',';
    t += block_name(sp.rpc);
    t += ',' + mask4(sp.mask);
    if (sp.tag == ModelAware::kVirtual) t += 'v';
    if (sp.tag == ModelAware::kTransient) t += 't';
  }
  return t;
}

/// "ST-spill:0 RT-fill:1 ..." and clears the record.
std::string take(TableTraffic& t) {
  std::string out;
  for (const TableAccess& a : t) {
    if (!out.empty()) out += ' ';
    switch (a.kind) {
      case TableAccess::Kind::StSpill: out += "ST-spill"; break;
      case TableAccess::Kind::StFill: out += "ST-fill"; break;
      case TableAccess::Kind::StInstall: out += "ST-install"; break;
      case TableAccess::Kind::RtSpill: out += "RT-spill"; break;
      case TableAccess::Kind::RtFill: out += "RT-fill"; break;
    }
    out += ':' + std::to_string(a.entry);
  }
  t.clear();
  return out;
}

/// The nested divergence of the walkthrough: A -> B | C (RPC G), B -> D | E (RPC F).
struct Nested {
  ModelFixture f;
  TableTraffic traffic;
  Nested() {
    f.table.set(A, G);
    f.table.set(B, F);
    f.ctx.traffic = &traffic;
  }
};

TEST(AwareTables, FifoAndLruVictimsAndAVirtualHeadGoesToTheBack) {
  Nested n;
  const ModelAware m(ModelAware::kTimeoutOff, true, false, /*st=*/2, /*rt=*/1);
  auto s = m.init(n.f.ctx, 0b1111, A);
  m.retire(n.f.ctx, s, 0, two(C, 0b1010, B, 0b0101));
  EXPECT_EQ(fifo_text(s), "B,G,0101 C,G,1010");  // two splits, two physical entries
  EXPECT_EQ(take(n.traffic), "");
  // B diverges: entry F joins G (one physical RT entry: the LRU one, G,
  // spills) and E, D join the FIFO (three splits: the physical one nearest
  // the front other than the head, E, spills; its slot is its lowest lane).
  m.retire(n.f.ctx, s, 0, two(D, 0b0100, E, 0b0001));
  EXPECT_EQ(fifo_text(s), "C,G,1010 E,F,0001v D,F,0100");
  EXPECT_EQ(take(n.traffic), "RT-spill:0 ST-spill:0");
  ASSERT_EQ(s.lru.size(), 1U);
  EXPECT_EQ(s.rt[s.lru[0].rindex].pc, F);
  // C reaches G: G is virtual, so the pending-mask update fills it (and F,
  // now the LRU, spills); the virtual head E is filled and sent to the back,
  // so D runs before E (the unbounded tables would run E first).
  m.retire(n.f.ctx, s, 0, one(G, 0b1010));
  EXPECT_EQ(fifo_text(s), "D,F,0100 E,F,0001t");
  EXPECT_EQ(take(n.traffic), "RT-fill:0 RT-spill:1 ST-fill:0");
  // D reaches F (virtual: filled, G spills); the transient E reaches the head: installed.
  m.retire(n.f.ctx, s, 0, one(F, 0b0100));
  EXPECT_EQ(fifo_text(s), "E,F,0001");
  EXPECT_EQ(take(n.traffic), "RT-fill:0 RT-spill:1 ST-install:0");
  // E reaches F (physical): F completes with no traffic; the reconverged F
  // split reaches G (virtual): one fill, and G completes.
  m.retire(n.f.ctx, s, 0, one(F, 0b0001));
  EXPECT_EQ(fifo_text(s), "F,G,0101");
  EXPECT_EQ(take(n.traffic), "");
  m.retire(n.f.ctx, s, 0, one(G, 0b0101));
  EXPECT_EQ(fifo_text(s), "G,-,1111");
  EXPECT_EQ(take(n.traffic), "RT-fill:0");
  EXPECT_TRUE(s.rt.empty());
  EXPECT_TRUE(s.lru.empty());
}

TEST(AwareTables, UnboundedAndLargeTablesBehaveAsBefore) {
  // Sizes the warp never exceeds change nothing: same states, no traffic.
  Nested n;
  const ModelAware plain;
  const ModelAware large(ModelAware::kTimeoutOff, true, false, 32, 32);
  auto s = plain.init(n.f.ctx, 0b1111, A);
  auto t = large.init(n.f.ctx, 0b1111, A);
  const std::vector<Outcome> steps{two(C, 0b1010, B, 0b0101), two(D, 0b0100, E, 0b0001), one(G, 0b1010),
                                   one(F, 0b0001), one(F, 0b0100), one(G, 0b0101)};
  for (const Outcome& o : steps) {
    plain.retire(n.f.ctx, s, 0, o);
    large.retire(n.f.ctx, t, 0, o);
    EXPECT_EQ(s.fifo, t.fifo);
    EXPECT_EQ(s.rt, t.rt);
    EXPECT_TRUE(s.lru.empty());
  }
  EXPECT_EQ(fifo_text(s), "G,-,1111");
  EXPECT_EQ(take(n.traffic), "");
}

TEST(AwareTables, OnePhysicalSplitStillRunsEverySplitAtItsSecondTurn) {
  // st=1: every split but the head is virtual. A virtual head is filled and
  // rotated once; at its next turn it is transient and runs, so the warp
  // always has an issuable head and every split makes progress.
  Nested n;
  const ModelAware m(ModelAware::kTimeoutOff, true, false, 1, 0);
  auto s = m.init(n.f.ctx, 0b1111, A);
  m.retire(n.f.ctx, s, 0, two(C, 0b1010, B, 0b0101));
  EXPECT_EQ(fifo_text(s), "B,G,0101 C,G,1010v");
  EXPECT_EQ(take(n.traffic), "ST-spill:1");
  // B diverges: E spills; the virtual heads C and E are filled and rotated, D runs.
  m.retire(n.f.ctx, s, 0, two(D, 0b0100, E, 0b0001));
  EXPECT_EQ(fifo_text(s), "D,F,0100 C,G,1010t E,F,0001t");
  EXPECT_EQ(take(n.traffic), "ST-spill:0 ST-fill:1 ST-fill:0");
  std::vector<Mask> ran;
  while (!s.fifo.empty()) {
    ASSERT_NE(m.enabled(s), 0U);
    EXPECT_EQ(s.fifo.front().tag, ModelAware::kPhysical);
    ran.push_back(s.fifo.front().mask);
    m.retire(n.f.ctx, s, 0, exits(s.fifo.front().mask));
  }
  EXPECT_EQ(ran, (std::vector<Mask>{0b0100, 0b1010, 0b0001}));  // unbounded: C, E, D
  EXPECT_EQ(take(n.traffic), "ST-install:1 ST-install:0");
}

TEST(AwareTables, ATimeoutOfAVirtualEntryFillsIt) {
  ModelFixture f(100, {B});
  f.table.set(A, G);
  f.table.set(B, C);
  TableTraffic traffic;
  f.ctx.traffic = &traffic;
  const ModelAware m(ModelAware::kTimeoutAny, true, false, 0, 1);
  auto s = m.init(f.ctx, 0b1111, A);
  m.retire(f.ctx, s, 0, two(G, 0b1100, B, 0b0011));  // entry G: threads 2, 3 arrive at once
  m.retire(f.ctx, s, 0, two(B, 0b0001, C, 0b0010));  // entry C: G spills (LRU)
  EXPECT_EQ(take(traffic), "RT-spill:0");
  ASSERT_EQ(s.rt.size(), 2U);
  const Mask ev = m.events(s);
  ASSERT_EQ(ev, 0b11U);  // both have arrived threads
  const unsigned g = s.rt[0].pc == G ? 0U : 1U;
  m.fire(f.ctx, s, g);
  EXPECT_EQ(take(traffic).substr(0, 9), "RT-fill:1");
  EXPECT_EQ(s.lru.size(), 1U);
}

}  // namespace
}  // namespace lockstep::sem::test
