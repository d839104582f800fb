// The modifier words of PTX opcodes (`.global`, `.rn`, `.v4`, `.u32` ...).
//
// Every modifier spelling the decoder knows maps to one or two readings: a
// group (what kind of modifier it is) and a value in that group. Spellings
// with two readings are the ones PTX reuses: `.lo`/`.hi` (mul's half
// selection, or setp's unsigned comparison), `.and`/`.or`/`.xor` (a boolean
// combination, or an atomic operation), `.uni` (a uniform branch, or a vote
// mode), `.sync` (warp-synchronous flag, or bar.sync), `.any`/`.all` (vote or
// match mode), `.idx` (shfl mode, or brx.idx). The opcode's descriptor
// (decode_table.hpp) says which groups it accepts; the first reading in an
// accepted group wins. No two readings of one spelling are accepted by the
// same opcode, so the choice is never ambiguous.
#pragma once

#include <cstdint>
#include <string_view>

namespace lockstep::ptx::decode {

/// What kind of modifier a reading is. Values of the group are in Reading::value.
enum class Group : std::uint8_t {
  None,
  Type,      ///< value: ir::Type
  Space,     ///< value: ir::Space
  Cmp,       ///< value: ir::CmpOp
  Bool,      ///< value: ir::BoolOp
  AtomOp,    ///< value: ir::AtomOp
  Rnd,       ///< float rounding; value: ir::Rounding (rn rz rm rp rna rs)
  IRnd,      ///< integer rounding; value: ir::Rounding (rni rzi rmi rpi)
  Sem,       ///< value: ir::MemSem
  Mmio,      ///< `.mmio` (ld/st .mmio.relaxed.sys)
  Scope,     ///< value: ir::Scope
  MembarGl,  ///< `.gl` of membar; value: ir::Scope::Gpu
  Vec,       ///< value: 2, 4 or 8
  Flag,      ///< value: bit index of an ir::InstrFlag
  Cache,     ///< a cache operator or eviction hint; value: CacheKind
  Level,     ///< prefetch level; value: 1 (L1) or 2 (L2)
  Vote,      ///< value: ir::VoteMode
  Shfl,      ///< value: ir::ShflMode (also `.idx` of brx.idx)
  BarOp,     ///< value: ir::BarOp
  Warp,      ///< `.warp` of bar.warp.sync
  Match,     ///< value: ir::MatchMode
  Prmt,      ///< value: ir::PrmtMode
  Testp,     ///< value: ir::TestClass
  ShfDir,    ///< `.l` (0) / `.r` (1) of shf
  Wrap,      ///< `.wrap` (0) / `.clamp` (1) of shf, bmsk, szext
  Noftz,     ///< `.noftz` of f16/bf16 atom/red add
  Pack,      ///< `.pack` of cvt.pack
  Count_
};

/// Cache operators and hints: all decode to InstrFlag::CacheHint, and
/// `.L2::cache_hint` also adds a trailing cache-policy operand.
enum class CacheKind : std::uint8_t { Operator, EvictionHint, PolicyOperand };

struct Reading {
  Group group = Group::None;
  std::uint8_t value = 0;
};

struct TokenInfo {
  std::string_view text;  ///< without the dot
  Reading first;
  Reading second;         ///< Group::None when the spelling has one reading
};

/// The readings of a modifier spelling (without the dot), or nullptr when the
/// decoder does not know the word.
[[nodiscard]] const TokenInfo* find_token(std::string_view word) noexcept;

/// Bit index of an InstrFlag value, for Reading::value of Group::Flag.
[[nodiscard]] constexpr std::uint8_t flag_bit(std::uint32_t flag) noexcept {
  std::uint8_t b = 0;
  while (b < 31 && (flag >> b) != 1U) ++b;
  return b;
}

}  // namespace lockstep::ptx::decode
