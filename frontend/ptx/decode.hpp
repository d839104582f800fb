// Decoding of PTX opcode spellings: "setp.lt.and.s32" -> ir::Instr fields,
// plus the operand shape that lowering then checks and resolves.
//
// The decoder is table-driven (decode_table.hpp lists every opcode with the
// modifier groups and types it accepts) and allocation-free on success: the
// spelling is split at its dots, every word is looked up in the modifier
// table (decode_tokens.hpp) and stored in the Instr, then per-family checks
// reject combinations the ISA does not allow and pick the operand shape.
//
// How modifiers land in ir::Instr (beyond the obvious one-to-one fields):
//   - type/stype: the first and second type word in spelling order
//     (cvt.f32.s32: type f32, stype s32; set.gt.u32.s32: type u32, stype s32;
//     slct.s32.f32: stype f32; dp4a.u32.s32: type u32, stype s32;
//     cvt.pack.sat.u8.s32.b32: type u8, stype s32, the third must be .b32;
//     setp.lt.s32: type s32 (the compared type); mul.wide.s32: type s32).
//   - space: ld/st/atom/red without a space word get Space::Generic;
//     `.shared::cta` is Space::Shared; `.param::entry`/`.param::func` are
//     Space::Param.
//   - cache operators and eviction hints set InstrFlag::CacheHint only;
//     `.L2::cache_hint`'s cache-policy operand is checked and then dropped.
//     prefetch `.L2` (any L2 form) sets CacheHint, `.L1` does not.
//   - ld/st `.mmio.relaxed.sys` is sem Mmio, scope Sys; `.volatile` is sem
//     Volatile; `.relaxed`/`.acquire`/`.release` need a scope.
//   - bar.* always sets InstrFlag::Aligned (bar is the aligned barrier);
//     barrier.* sets it only with `.aligned`; `.cta` sets scope Cta.
//     bar.red.popc.u32: bar Red, aop Popc, type u32, flag Red32;
//     bar.red.and.pred / .or: bar Red, aop And/Or, bop And/Or, type pred.
//     bar.warp.sync is Opcode::BarWarp.
//   - membar.cta/.gl/.sys: scope Cta/Gpu/Sys. fence: sem (default none) and
//     scope (required).
//   - shf.l.wrap etc.: ShfMode; bmsk/szext `.clamp` sets InstrFlag::Clamp,
//     `.wrap` sets nothing.
//   - atom/red `.noftz` is required for f16/bf16 add and leaves no trace.
//   - vote/shfl/match/redux `.sync` sets InstrFlag::Sync.
#pragma once

#include <array>
#include <cstdint>
#include <string_view>

#include "frontend/ir/instr.hpp"
#include "frontend/source.hpp"

namespace lockstep::ptx::decode {

/// How lowering checks and resolves one operand position.
enum class Role : std::uint8_t {
  Dst,      ///< non-predicate register or `_`
  DstP,     ///< predicate register or `_`
  DstPP,    ///< predicate register, or a pair `%p|%q` of predicates (setp)
  DstVP,    ///< non-predicate register, or `%d|%p` with a predicate second (shfl, match)
  DstVec,   ///< Dst when Instr::vec is 1, else `{...}` of exactly vec Dst elements
  MovDst,   ///< Dst, or `{...}` of 2 or 4 Dst elements (mov unpack)
  Src,      ///< non-predicate value: register, immediate, special register, variable address
  SrcP,     ///< predicate register, possibly negated `!%p`
  SrcVec,   ///< Src when Instr::vec is 1, else `{...}` of exactly vec register/immediate elements
  MovSrc,   ///< Src, or `{...}` of 2 or 4 register/immediate elements (mov pack)
  Addr,     ///< memory operand `[base+offset]`
  Imm,      ///< integer immediate
  Label,    ///< label name
  Targets,  ///< name of a `.branchtargets` list (brx.idx)
  Policy,   ///< cache-policy operand of `.L2::cache_hint`: checked, not kept
};

inline constexpr std::uint8_t kNoShape = 0xff;
inline constexpr std::size_t kMaxOperands = 6;

/// The operands an instruction takes, in PTX order.
struct Shape {
  std::uint8_t count = kNoShape;
  std::array<Role, kMaxOperands> roles{};
};

struct Decoded {
  ir::Instr instr;        ///< every decoded field; operands/loc left to the caller
  Shape shape;            ///< the operand shape
  Shape alt;              ///< an alternative shape (other operand count), or count kNoShape
  bool is_call = false;   ///< `call`/`call.uni`: the caller handles operands (InstrFlag::Uni set)
  std::string_view name;  ///< the opcode word, e.g. "setp"
};

/// Decodes a dotted opcode spelling that starts at byte `offset` of `source`.
/// Throws InputError at that offset for an unknown opcode or modifier, a
/// modifier the opcode does not allow, a missing required modifier, or an
/// unsupported instruction family (texture, surface, tensor-core, async-copy,
/// mbarrier, ...).
[[nodiscard]] Decoded decode_opcode(std::string_view spelling, std::size_t offset,
                                    const Source& source);

}  // namespace lockstep::ptx::decode
