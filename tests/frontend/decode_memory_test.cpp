// Opcode decoding of memory, atomic, warp-level, synchronisation and control
// instructions, and of the instruction families lockstep rejects.
#include <gtest/gtest.h>

#include "tests/frontend/lower_test_kit.hpp"

namespace lockstep::test {
namespace {

using ir::InstrFlag;
using ir::MemSem;
using ir::Opcode;
using ir::Scope;
using ir::Space;
using ir::Type;
using ptx::decode::Role;

TEST(DecodeMemory, LoadsAndStores) {
  auto d = decode("ld.global.nc.v4.f32");
  EXPECT_EQ(d.instr.op, Opcode::Ld);
  EXPECT_EQ(d.instr.space, Space::Global);
  EXPECT_TRUE(d.instr.has(InstrFlag::NonCoherent));
  EXPECT_EQ(d.instr.vec, 4);
  EXPECT_EQ(d.instr.type, Type::F32);
  EXPECT_EQ(d.shape.count, 2);
  EXPECT_EQ(d.shape.roles[0], Role::DstVec);
  EXPECT_EQ(d.shape.roles[1], Role::Addr);

  EXPECT_EQ(decode("ld.u32").instr.space, Space::Generic);
  EXPECT_EQ(decode("ld.shared::cta.u32").instr.space, Space::Shared);
  EXPECT_EQ(decode("ld.shared::cluster.u32").instr.space, Space::SharedCluster);
  EXPECT_EQ(decode("ld.param::entry.b64").instr.space, Space::Param);
  EXPECT_EQ(decode("ld.const.v2.u64").instr.space, Space::Const);
  EXPECT_EQ(decode("ld.local.b8").instr.type, Type::B8);
  EXPECT_EQ(decode("ld.volatile.global.u32").instr.sem, MemSem::Volatile);
  d = decode("ld.relaxed.gpu.global.u32");
  EXPECT_EQ(d.instr.sem, MemSem::Relaxed);
  EXPECT_EQ(d.instr.scope, Scope::Gpu);
  d = decode("ld.acquire.sys.u64");
  EXPECT_EQ(d.instr.sem, MemSem::Acquire);
  EXPECT_EQ(d.instr.scope, Scope::Sys);
  d = decode("ld.mmio.relaxed.sys.global.u32");
  EXPECT_EQ(d.instr.sem, MemSem::Mmio);

  // cache operators and hints: one flag; `.L2::cache_hint` adds a policy operand
  d = decode("ld.global.L1::no_allocate.L2::cache_hint.u32");
  EXPECT_TRUE(d.instr.has(InstrFlag::CacheHint));
  EXPECT_EQ(d.shape.count, 3);
  EXPECT_EQ(d.shape.roles[2], Role::Policy);
  EXPECT_TRUE(decode("ld.global.cg.f64").instr.has(InstrFlag::CacheHint));
  EXPECT_TRUE(decode("ld.global.L1::evict_last.L2::256B.v4.u32").instr.has(InstrFlag::CacheHint));
  EXPECT_FALSE(decode("ld.global.u32").instr.has(InstrFlag::CacheHint));

  d = decode("st.release.gpu.global.u32");
  EXPECT_EQ(d.instr.op, Opcode::St);
  EXPECT_EQ(d.instr.sem, MemSem::Release);
  EXPECT_EQ(d.shape.roles[0], Role::Addr);
  EXPECT_EQ(d.shape.roles[1], Role::SrcVec);
  EXPECT_TRUE(decode("st.global.wb.u32").instr.has(InstrFlag::CacheHint));
  EXPECT_EQ(decode("st.param.v2.b32").instr.vec, 2);
  EXPECT_EQ(decode("st.volatile.shared.u8").instr.sem, MemSem::Volatile);
  EXPECT_EQ(decode("ldu.global.v2.u32").instr.op, Opcode::Ldu);
  EXPECT_EQ(decode("ld.global.v8.b32").instr.vec, 8);
}

TEST(DecodeMemory, AddressSpaces) {
  auto d = decode("cvta.to.global.u64");
  EXPECT_EQ(d.instr.op, Opcode::Cvta);
  EXPECT_TRUE(d.instr.has(InstrFlag::ToSpace));
  EXPECT_EQ(d.instr.space, Space::Global);
  d = decode("cvta.shared.u32");
  EXPECT_FALSE(d.instr.has(InstrFlag::ToSpace));
  EXPECT_EQ(d.instr.type, Type::U32);
  d = decode("isspacep.shared::cluster");
  EXPECT_EQ(d.instr.space, Space::SharedCluster);
  EXPECT_EQ(d.shape.roles[0], Role::DstP);
  d = decode("prefetch.global.L2");
  EXPECT_EQ(d.instr.op, Opcode::Prefetch);
  EXPECT_TRUE(d.instr.has(InstrFlag::CacheHint));
  EXPECT_FALSE(decode("prefetch.local.L1").instr.has(InstrFlag::CacheHint));
  EXPECT_TRUE(decode("prefetch.global.L2::evict_last").instr.has(InstrFlag::CacheHint));
  EXPECT_EQ(decode("prefetch.L1").instr.space, Space::Generic);
  EXPECT_EQ(decode("prefetchu.L1").instr.op, Opcode::Prefetchu);
}

TEST(DecodeMemory, Atomics) {
  auto d = decode("atom.global.acq_rel.gpu.cas.b32");
  EXPECT_EQ(d.instr.op, Opcode::Atom);
  EXPECT_EQ(d.instr.space, Space::Global);
  EXPECT_EQ(d.instr.sem, MemSem::AcqRel);
  EXPECT_EQ(d.instr.scope, Scope::Gpu);
  EXPECT_EQ(d.instr.aop, ir::AtomOp::Cas);
  EXPECT_EQ(d.shape.count, 4);
  d = decode("atom.add.u32");
  EXPECT_EQ(d.instr.space, Space::Generic);
  EXPECT_EQ(d.shape.count, 3);
  EXPECT_EQ(decode("atom.shared.inc.u32").instr.aop, ir::AtomOp::Inc);
  EXPECT_EQ(decode("atom.global.exch.b64").instr.aop, ir::AtomOp::Exch);
  EXPECT_EQ(decode("atom.sys.global.add.f64").instr.scope, Scope::Sys);
  EXPECT_EQ(decode("atom.global.add.noftz.f16").instr.type, Type::F16);
  EXPECT_EQ(decode("atom.global.add.noftz.bf16x2").instr.type, Type::BF16x2);
  EXPECT_EQ(decode("atom.cta.shared.max.s64").instr.aop, ir::AtomOp::Max);
  EXPECT_EQ(decode("atom.global.cas.b16").instr.type, Type::B16);
  d = decode("atom.global.v2.f16x2.add.noftz");
  EXPECT_EQ(d.instr.vec, 2);
  EXPECT_EQ(d.shape.roles[0], Role::DstVec);
  EXPECT_EQ(d.shape.roles[2], Role::SrcVec);
  EXPECT_EQ(decode("atom.global.v4.f32.add").instr.vec, 4);
  EXPECT_EQ(decode("atom.global.L2::cache_hint.add.u32").shape.count, 4);

  d = decode("red.global.add.u32");
  EXPECT_EQ(d.instr.op, Opcode::Red);
  EXPECT_EQ(d.shape.count, 2);
  EXPECT_EQ(d.shape.roles[0], Role::Addr);
  EXPECT_EQ(decode("red.release.gpu.global.max.s32").instr.sem, MemSem::Release);
  EXPECT_EQ(decode("red.shared.and.b64").instr.aop, ir::AtomOp::And);
}

TEST(DecodeMemory, WarpLevel) {
  auto d = decode("vote.sync.ballot.b32");
  EXPECT_EQ(d.instr.op, Opcode::Vote);
  EXPECT_TRUE(d.instr.has(InstrFlag::Sync));
  EXPECT_EQ(d.instr.vote, ir::VoteMode::Ballot);
  EXPECT_EQ(d.shape.count, 3);
  EXPECT_EQ(d.shape.roles[0], Role::Dst);
  EXPECT_EQ(d.shape.roles[1], Role::SrcP);
  d = decode("vote.all.pred");
  EXPECT_FALSE(d.instr.has(InstrFlag::Sync));
  EXPECT_EQ(d.shape.count, 2);
  EXPECT_EQ(d.shape.roles[0], Role::DstP);
  EXPECT_EQ(decode("vote.sync.uni.pred").instr.vote, ir::VoteMode::Uni);
  EXPECT_EQ(decode("vote.sync.any.pred").instr.vote, ir::VoteMode::Any);

  d = decode("shfl.sync.down.b32");
  EXPECT_EQ(d.instr.shfl, ir::ShflMode::Down);
  EXPECT_EQ(d.shape.count, 5);
  EXPECT_EQ(d.shape.roles[0], Role::DstVP);
  EXPECT_EQ(decode("shfl.bfly.b32").shape.count, 4);
  EXPECT_EQ(decode("shfl.sync.idx.b32").instr.shfl, ir::ShflMode::Idx);

  d = decode("match.any.sync.b32");
  EXPECT_EQ(d.instr.match, ir::MatchMode::Any);
  EXPECT_EQ(d.shape.roles[0], Role::Dst);
  EXPECT_EQ(decode("match.all.sync.b64").shape.roles[0], Role::DstVP);
  EXPECT_EQ(decode("activemask.b32").shape.count, 1);
  d = decode("redux.sync.add.u32");
  EXPECT_EQ(d.instr.op, Opcode::Redux);
  EXPECT_EQ(d.instr.aop, ir::AtomOp::Add);
  EXPECT_EQ(decode("redux.sync.xor.b32").instr.aop, ir::AtomOp::Xor);
  EXPECT_EQ(decode("redux.sync.min.s32").instr.aop, ir::AtomOp::Min);
}

TEST(DecodeMemory, Barriers) {
  auto d = decode("bar.sync");
  EXPECT_EQ(d.instr.op, Opcode::Bar);
  EXPECT_EQ(d.instr.bar, ir::BarOp::Sync);
  EXPECT_TRUE(d.instr.has(InstrFlag::Aligned));
  EXPECT_EQ(d.shape.count, 1);
  EXPECT_EQ(d.alt.count, 2);
  EXPECT_EQ(decode("bar.arrive").shape.count, 2);
  // bar.* is barrier.*.aligned in the PTX ISA (ITS enforces it: docs/models/its.md).
  EXPECT_TRUE(decode("bar.arrive").instr.has(InstrFlag::Aligned));
  EXPECT_TRUE(decode("bar.red.popc.u32").instr.has(InstrFlag::Aligned));
  EXPECT_FALSE(decode("barrier.arrive").instr.has(InstrFlag::Aligned));
  EXPECT_FALSE(decode("barrier.red.popc.u32").instr.has(InstrFlag::Aligned));
  EXPECT_TRUE(decode("barrier.red.popc.aligned.u32").instr.has(InstrFlag::Aligned));
  EXPECT_EQ(decode("bar.cta.sync").instr.scope, Scope::Cta);
  d = decode("bar.red.popc.u32");
  EXPECT_EQ(d.instr.bar, ir::BarOp::Red);
  EXPECT_EQ(d.instr.aop, ir::AtomOp::Popc);
  EXPECT_TRUE(d.instr.has(InstrFlag::Red32));
  EXPECT_EQ(d.shape.roles[2], Role::SrcP);
  EXPECT_EQ(d.alt.roles[3], Role::SrcP);
  d = decode("bar.red.and.pred");
  EXPECT_EQ(d.instr.bop, ir::BoolOp::And);
  EXPECT_EQ(d.shape.roles[0], Role::DstP);
  d = decode("barrier.sync.aligned");
  EXPECT_EQ(d.instr.op, Opcode::Bar);
  EXPECT_TRUE(d.instr.has(InstrFlag::Aligned));
  EXPECT_FALSE(decode("barrier.sync").instr.has(InstrFlag::Aligned));
  EXPECT_EQ(decode("barrier.arrive").instr.bar, ir::BarOp::Arrive);
  EXPECT_EQ(decode("barrier.red.or.pred").instr.bop, ir::BoolOp::Or);
  d = decode("bar.warp.sync");
  EXPECT_EQ(d.instr.op, Opcode::BarWarp);
  EXPECT_EQ(d.instr.bar, ir::BarOp::None);
  EXPECT_EQ(d.shape.count, 1);

  EXPECT_EQ(decode("membar.gl").instr.scope, Scope::Gpu);
  EXPECT_EQ(decode("membar.cta").instr.scope, Scope::Cta);
  EXPECT_EQ(decode("membar.sys").instr.scope, Scope::Sys);
  d = decode("fence.acq_rel.gpu");
  EXPECT_EQ(d.instr.op, Opcode::Fence);
  EXPECT_EQ(d.instr.sem, MemSem::AcqRel);
  EXPECT_EQ(d.instr.scope, Scope::Gpu);
  EXPECT_EQ(decode("fence.sc.cluster").instr.sem, MemSem::Sc);
}

TEST(DecodeMemory, Control) {
  auto d = decode("bra.uni");
  EXPECT_EQ(d.instr.op, Opcode::Bra);
  EXPECT_TRUE(d.instr.has(InstrFlag::Uni));
  EXPECT_EQ(d.shape.roles[0], Role::Label);
  d = decode("brx.idx.uni");
  EXPECT_EQ(d.instr.op, Opcode::BrxIdx);
  EXPECT_EQ(d.instr.shfl, ir::ShflMode::None);
  EXPECT_EQ(d.shape.roles[1], Role::Targets);
  EXPECT_EQ(decode("ret.uni").shape.count, 0);
  EXPECT_EQ(decode("exit").instr.op, Opcode::Exit);
  EXPECT_EQ(decode("trap").instr.op, Opcode::Trap);
  EXPECT_EQ(decode("brkpt").instr.op, Opcode::Brkpt);
  EXPECT_EQ(decode("nanosleep.u32").shape.count, 1);
  EXPECT_EQ(decode("pmevent").shape.roles[0], Role::Imm);
  d = decode("call.uni");
  EXPECT_TRUE(d.is_call);
  EXPECT_TRUE(d.instr.has(InstrFlag::Uni));
}

struct BadSpelling {
  const char* spelling;
  const char* error;  ///< the message after "op.ptx:1:1: error: "
};

class DecodeMemoryErrors : public ::testing::TestWithParam<BadSpelling> {};

TEST_P(DecodeMemoryErrors, NamesTheWord) {
  EXPECT_EQ(decode_error(GetParam().spelling), std::string("op.ptx:1:1: error: ") + GetParam().error);
}

INSTANTIATE_TEST_SUITE_P(
    Cases, DecodeMemoryErrors,
    ::testing::Values(
        BadSpelling{"ld.foo.u32", "unknown modifier '.foo' for 'ld'"},
        BadSpelling{"ld.global.shared.u32", "conflicting modifiers '.global' and '.shared' in 'ld.global.shared.u32'"},
        BadSpelling{"ld.shared.nc.u32", "modifier '.nc' is not valid for 'ld.shared.nc.u32'"},
        BadSpelling{"st.global.nc.u32", "modifier '.nc' is not valid for 'st.global.nc.u32'"},
        BadSpelling{"st.const.u32", "modifier '.const' is not valid for 'st.const.u32'"},
        BadSpelling{"ld.relaxed.global.u32", "missing scope in 'ld.relaxed.global.u32'"},
        BadSpelling{"ld.release.gpu.u32", "modifier '.release' is not valid for 'ld.release.gpu.u32'"},
        BadSpelling{"ld.gpu.u32", "modifier '.gpu' is not valid for 'ld.gpu.u32'"},
        BadSpelling{"ld.mmio.global.u32", "'.mmio' needs '.relaxed.sys' in 'ld.mmio.global.u32'"},
        BadSpelling{"ld.global.v4.f64.x", "unknown modifier '.x' for 'ld'"},
        BadSpelling{"ldu.shared.u32", "modifier '.shared' is not valid for 'ldu.shared.u32'"},
        BadSpelling{"ld.global.pred", "type '.pred' is not valid for 'ld.global.pred'"},
        BadSpelling{"cvta.u64", "missing state space in 'cvta.u64'"},
        BadSpelling{"atom.global.u32", "missing operation in 'atom.global.u32'"},
        BadSpelling{"atom.global.inc.s32", "type '.s32' is not valid for 'atom.global.inc.s32'"},
        BadSpelling{"atom.local.add.u32", "modifier '.local' is not valid for 'atom.local.add.u32'"},
        BadSpelling{"red.global.cas.b32", "modifier '.cas' is not valid for 'red.global.cas.b32'"},
        BadSpelling{"atom.global.add.noftz.f32", "modifier '.noftz' is not valid for 'atom.global.add.noftz.f32'"},
        BadSpelling{"atom.global.v2.add.u32", "modifier '.v2' is not valid for 'atom.global.v2.add.u32'"},
        BadSpelling{"atom.volatile.global.add.u32", "modifier '.volatile' is not valid for 'atom.volatile.global.add.u32'"},
        BadSpelling{"vote.sync.b32", "missing vote mode in 'vote.sync.b32'"},
        BadSpelling{"vote.sync.ballot.pred", "type '.pred' is not valid for 'vote.sync.ballot.pred'"},
        BadSpelling{"shfl.sync.b32", "missing shuffle mode in 'shfl.sync.b32'"},
        BadSpelling{"match.any.b32", "missing '.sync' in 'match.any.b32'"},
        BadSpelling{"redux.sync.popc.u32", "modifier '.popc' is not valid for 'redux.sync.popc.u32'"},
        BadSpelling{"bar", "missing barrier operation ('.sync', '.arrive' or '.red') in 'bar'"},
        BadSpelling{"bar.red.u32", "missing reduction ('.popc', '.and' or '.or') in 'bar.red.u32'"},
        BadSpelling{"bar.red.popc.pred", "type '.pred' is not valid for 'bar.red.popc.pred'"},
        BadSpelling{"bar.sync.aligned", "modifier '.aligned' is not valid for 'bar.sync.aligned'"},
        BadSpelling{"bar.gpu.sync", "modifier '.gpu' is not valid for 'bar.gpu.sync'"},
        BadSpelling{"membar", "missing level ('.cta', '.gl' or '.sys') in 'membar'"},
        BadSpelling{"membar.gpu", "modifier '.gpu' is not valid for 'membar.gpu'"},
        BadSpelling{"fence.sc", "missing scope in 'fence.sc'"},
        BadSpelling{"fence.proxy.alias", "unknown modifier '.proxy' for 'fence'"},
        BadSpelling{"bra.u32", "modifier '.u32' is not valid for 'bra.u32'"},
        BadSpelling{"brx.uni", "missing '.idx' in 'brx.uni'"},
        BadSpelling{"prefetch.global", "missing cache level ('.L1' or '.L2') in 'prefetch.global'"},
        BadSpelling{"prefetchu.L2", "modifier '.L2' is not valid for 'prefetchu.L2'"},
        BadSpelling{"tex.2d.v4.f32.f32", "texture instructions are not supported: 'tex.2d.v4.f32.f32'"},
        BadSpelling{"suld.b.2d.b32.trap", "surface instructions are not supported: 'suld.b.2d.b32.trap'"},
        BadSpelling{"wgmma.mma_async.sync.aligned.m64n8k16.f32.bf16.bf16",
                    "'wgmma.mma_async.sync.aligned.m64n8k16.f32.bf16.bf16' is not supported"},
        BadSpelling{"cp.async.ca.shared.global", "'cp.async.ca.shared.global' is not supported"},
        BadSpelling{"mbarrier.init.shared.b64", "'mbarrier.init.shared.b64' is not supported"},
        BadSpelling{"vadd.s32.s32.s32", "video (SIMD) instructions are not supported: 'vadd.s32.s32.s32'"}),
    [](const auto& p) { return "case" + std::to_string(p.index); });

}  // namespace
}  // namespace lockstep::test
