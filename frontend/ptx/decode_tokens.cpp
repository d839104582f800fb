#include "frontend/ptx/decode_tokens.hpp"

#include <algorithm>
#include <array>

#include "frontend/ir/opcode.hpp"
#include "frontend/ir/types.hpp"

namespace lockstep::ptx::decode {
namespace {

using ir::InstrFlag;

constexpr Reading r(Group g, auto v) { return Reading{g, static_cast<std::uint8_t>(v)}; }
constexpr Reading flag(InstrFlag f) {
  return Reading{Group::Flag, flag_bit(static_cast<std::uint32_t>(f))};
}
constexpr TokenInfo one(std::string_view text, Reading a) { return TokenInfo{text, a, Reading{}}; }
constexpr TokenInfo two(std::string_view text, Reading a, Reading b) { return TokenInfo{text, a, b}; }

using T = ir::Type;
using S = ir::Space;
using C = ir::CmpOp;
using A = ir::AtomOp;
using R = ir::Rounding;
using M = ir::MemSem;
using Sc = ir::Scope;

constexpr std::array kUnsorted{
    // types
    one("pred", r(Group::Type, T::Pred)), one("b8", r(Group::Type, T::B8)),
    one("b16", r(Group::Type, T::B16)), one("b32", r(Group::Type, T::B32)),
    one("b64", r(Group::Type, T::B64)), one("b128", r(Group::Type, T::B128)),
    one("u8", r(Group::Type, T::U8)), one("u16", r(Group::Type, T::U16)),
    one("u32", r(Group::Type, T::U32)), one("u64", r(Group::Type, T::U64)),
    one("s8", r(Group::Type, T::S8)), one("s16", r(Group::Type, T::S16)),
    one("s32", r(Group::Type, T::S32)), one("s64", r(Group::Type, T::S64)),
    one("f16", r(Group::Type, T::F16)), one("f16x2", r(Group::Type, T::F16x2)),
    one("bf16", r(Group::Type, T::BF16)), one("bf16x2", r(Group::Type, T::BF16x2)),
    one("tf32", r(Group::Type, T::TF32)), one("f32", r(Group::Type, T::F32)),
    one("f64", r(Group::Type, T::F64)),
    // state spaces
    one("global", r(Group::Space, S::Global)), one("shared", r(Group::Space, S::Shared)),
    one("shared::cta", r(Group::Space, S::Shared)),
    one("shared::cluster", r(Group::Space, S::SharedCluster)),
    one("local", r(Group::Space, S::Local)), one("const", r(Group::Space, S::Const)),
    one("param", r(Group::Space, S::Param)), one("param::entry", r(Group::Space, S::Param)),
    one("param::func", r(Group::Space, S::Param)),
    // comparisons (lo/hi also select halves)
    one("eq", r(Group::Cmp, C::Eq)), one("ne", r(Group::Cmp, C::Ne)),
    one("lt", r(Group::Cmp, C::Lt)), one("le", r(Group::Cmp, C::Le)),
    one("gt", r(Group::Cmp, C::Gt)), one("ge", r(Group::Cmp, C::Ge)),
    two("lo", flag(InstrFlag::Lo), r(Group::Cmp, C::Lo)), one("ls", r(Group::Cmp, C::Ls)),
    two("hi", flag(InstrFlag::Hi), r(Group::Cmp, C::Hi)), one("hs", r(Group::Cmp, C::Hs)),
    one("equ", r(Group::Cmp, C::Equ)), one("neu", r(Group::Cmp, C::Neu)),
    one("ltu", r(Group::Cmp, C::Ltu)), one("leu", r(Group::Cmp, C::Leu)),
    one("gtu", r(Group::Cmp, C::Gtu)), one("geu", r(Group::Cmp, C::Geu)),
    one("num", r(Group::Cmp, C::Num)), one("nan", r(Group::Cmp, C::Nan)),
    // boolean combinations / atomic operations
    two("and", r(Group::Bool, ir::BoolOp::And), r(Group::AtomOp, A::And)),
    two("or", r(Group::Bool, ir::BoolOp::Or), r(Group::AtomOp, A::Or)),
    two("xor", r(Group::Bool, ir::BoolOp::Xor), r(Group::AtomOp, A::Xor)),
    one("cas", r(Group::AtomOp, A::Cas)), one("exch", r(Group::AtomOp, A::Exch)),
    one("add", r(Group::AtomOp, A::Add)), one("inc", r(Group::AtomOp, A::Inc)),
    one("dec", r(Group::AtomOp, A::Dec)), one("min", r(Group::AtomOp, A::Min)),
    one("max", r(Group::AtomOp, A::Max)), one("popc", r(Group::AtomOp, A::Popc)),
    // rounding
    one("rn", r(Group::Rnd, R::Rn)), one("rz", r(Group::Rnd, R::Rz)),
    one("rm", r(Group::Rnd, R::Rm)), one("rp", r(Group::Rnd, R::Rp)),
    one("rna", r(Group::Rnd, R::Rna)), one("rs", r(Group::Rnd, R::Rs)),
    one("rni", r(Group::IRnd, R::Rni)), one("rzi", r(Group::IRnd, R::Rzi)),
    one("rmi", r(Group::IRnd, R::Rmi)), one("rpi", r(Group::IRnd, R::Rpi)),
    // memory semantics and scopes
    one("weak", r(Group::Sem, M::Weak)), one("volatile", r(Group::Sem, M::Volatile)),
    one("relaxed", r(Group::Sem, M::Relaxed)), one("acquire", r(Group::Sem, M::Acquire)),
    one("release", r(Group::Sem, M::Release)), one("acq_rel", r(Group::Sem, M::AcqRel)),
    one("sc", r(Group::Sem, M::Sc)), one("mmio", r(Group::Mmio, 1)),
    one("cta", r(Group::Scope, Sc::Cta)), one("cluster", r(Group::Scope, Sc::Cluster)),
    one("gpu", r(Group::Scope, Sc::Gpu)), one("sys", r(Group::Scope, Sc::Sys)),
    one("gl", r(Group::MembarGl, Sc::Gpu)),
    // vectors
    one("v2", r(Group::Vec, 2)), one("v4", r(Group::Vec, 4)), one("v8", r(Group::Vec, 8)),
    // flags
    one("sat", flag(InstrFlag::Sat)), one("ftz", flag(InstrFlag::Ftz)),
    one("approx", flag(InstrFlag::Approx)), one("full", flag(InstrFlag::Full)),
    one("wide", flag(InstrFlag::Wide)),
    two("uni", flag(InstrFlag::Uni), r(Group::Vote, ir::VoteMode::Uni)),
    one("cc", flag(InstrFlag::CarryOut)),
    two("sync", flag(InstrFlag::Sync), r(Group::BarOp, ir::BarOp::Sync)),
    one("aligned", flag(InstrFlag::Aligned)), one("nc", flag(InstrFlag::NonCoherent)),
    one("relu", flag(InstrFlag::Relu)), one("shiftamt", flag(InstrFlag::Shiftamt)),
    one("xorsign", flag(InstrFlag::Xorsign)), one("NaN", flag(InstrFlag::NaN)),
    one("abs", flag(InstrFlag::Abs)), one("to", flag(InstrFlag::ToSpace)),
    one("satfinite", flag(InstrFlag::Satfinite)),
    // cache operators and hints
    one("ca", r(Group::Cache, CacheKind::Operator)), one("cg", r(Group::Cache, CacheKind::Operator)),
    one("cs", r(Group::Cache, CacheKind::Operator)), one("lu", r(Group::Cache, CacheKind::Operator)),
    one("cv", r(Group::Cache, CacheKind::Operator)), one("wb", r(Group::Cache, CacheKind::Operator)),
    one("wt", r(Group::Cache, CacheKind::Operator)),
    one("L1::evict_normal", r(Group::Cache, CacheKind::EvictionHint)),
    one("L1::evict_unchanged", r(Group::Cache, CacheKind::EvictionHint)),
    one("L1::evict_first", r(Group::Cache, CacheKind::EvictionHint)),
    one("L1::evict_last", r(Group::Cache, CacheKind::EvictionHint)),
    one("L1::no_allocate", r(Group::Cache, CacheKind::EvictionHint)),
    two("L2::evict_normal", r(Group::Cache, CacheKind::EvictionHint), r(Group::Level, 2)),
    one("L2::evict_first", r(Group::Cache, CacheKind::EvictionHint)),
    two("L2::evict_last", r(Group::Cache, CacheKind::EvictionHint), r(Group::Level, 2)),
    one("L2::evict_unchanged", r(Group::Cache, CacheKind::EvictionHint)),
    one("L2::64B", r(Group::Cache, CacheKind::EvictionHint)),
    one("L2::128B", r(Group::Cache, CacheKind::EvictionHint)),
    one("L2::256B", r(Group::Cache, CacheKind::EvictionHint)),
    one("L2::cache_hint", r(Group::Cache, CacheKind::PolicyOperand)),
    one("L1", r(Group::Level, 1)), one("L2", r(Group::Level, 2)),
    // warp-level modes
    two("all", r(Group::Vote, ir::VoteMode::All), r(Group::Match, ir::MatchMode::All)),
    two("any", r(Group::Vote, ir::VoteMode::Any), r(Group::Match, ir::MatchMode::Any)),
    one("ballot", r(Group::Vote, ir::VoteMode::Ballot)),
    one("up", r(Group::Shfl, ir::ShflMode::Up)), one("down", r(Group::Shfl, ir::ShflMode::Down)),
    one("bfly", r(Group::Shfl, ir::ShflMode::Bfly)), one("idx", r(Group::Shfl, ir::ShflMode::Idx)),
    // barriers
    one("arrive", r(Group::BarOp, ir::BarOp::Arrive)), one("red", r(Group::BarOp, ir::BarOp::Red)),
    one("warp", r(Group::Warp, 1)),
    // prmt, testp, shf
    one("f4e", r(Group::Prmt, ir::PrmtMode::F4e)), one("b4e", r(Group::Prmt, ir::PrmtMode::B4e)),
    one("rc8", r(Group::Prmt, ir::PrmtMode::Rc8)), one("ecl", r(Group::Prmt, ir::PrmtMode::Ecl)),
    one("ecr", r(Group::Prmt, ir::PrmtMode::Ecr)), one("rc16", r(Group::Prmt, ir::PrmtMode::Rc16)),
    one("finite", r(Group::Testp, ir::TestClass::Finite)),
    one("infinite", r(Group::Testp, ir::TestClass::Infinite)),
    one("number", r(Group::Testp, ir::TestClass::Number)),
    one("notanumber", r(Group::Testp, ir::TestClass::NotANumber)),
    one("normal", r(Group::Testp, ir::TestClass::Normal)),
    one("subnormal", r(Group::Testp, ir::TestClass::Subnormal)),
    one("l", r(Group::ShfDir, 0)), one("r", r(Group::ShfDir, 1)),
    one("wrap", r(Group::Wrap, 0)), one("clamp", r(Group::Wrap, 1)),
    // misc
    one("noftz", r(Group::Noftz, 1)), one("pack", r(Group::Pack, 1)),
};

constexpr auto kTokens = [] {
  auto t = kUnsorted;
  std::sort(t.begin(), t.end(),
            [](const TokenInfo& a, const TokenInfo& b) { return a.text < b.text; });
  return t;
}();

static_assert(std::adjacent_find(kTokens.begin(), kTokens.end(),
                                 [](const TokenInfo& a, const TokenInfo& b) {
                                   return a.text == b.text;
                                 }) == kTokens.end(),
              "duplicate modifier spelling");

}  // namespace

const TokenInfo* find_token(std::string_view word) noexcept {
  const auto* it = std::lower_bound(
      kTokens.begin(), kTokens.end(), word,
      [](const TokenInfo& t, std::string_view w) { return t.text < w; });
  if (it == kTokens.end() || it->text != word) return nullptr;
  return &*it;
}

}  // namespace lockstep::ptx::decode
