// Opcodes and the per-opcode sub-operations of the IR.
//
// The opcode is the first word of a PTX instruction (`add`, `ld`, `atom`);
// modifiers that select among variants are decoded into the small enums
// below and stored in ir::Instr. A few IR-only opcodes stand for calls the
// frontend recognises (transactional-memory markers, vprintf, assertion
// failure). Calls to device functions with a body are inlined; Call is what
// remains of a call that cannot be (an external function, a register).
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>

namespace lockstep::ir {

enum class Opcode : std::uint16_t {
  // integer and floating-point arithmetic
  Add, Sub, Mul, Mad, Mul24, Mad24, Sad, Div, Rem, Abs, Neg, Min, Max,
  Addc, Subc, Madc,  // carry-in forms (`addc`, `subc`, `madc`); `.cc` is a flag
  Fma, Rcp, Sqrt, Rsqrt, Sin, Cos, Lg2, Ex2, Tanh, Testp, Copysign,
  // bit manipulation
  Popc, Clz, Bfind, Fns, Brev, Bfe, Bfi, Prmt, Dp4a, Dp2a, Bmsk, Szext,
  And, Or, Xor, Not, Cnot, Lop3, Shf, Shl, Shr,
  // comparison and selection
  Set, Setp, Selp, Slct,
  // data movement and conversion
  Mov, Ld, Ldu, St, Prefetch, Prefetchu, Isspacep, Cvta, Cvt, CvtPack,
  // atomics and reductions
  Atom, Red,
  // warp-level
  Vote, Shfl, Match, Activemask, Redux,
  // synchronisation
  Bar,        // bar.sync / bar.arrive / bar.red / barrier.* (see BarOp)
  BarWarp,    // bar.warp.sync
  Membar, Fence,
  // control
  Bra, BrxIdx, Ret, Exit, Trap, Brkpt, Nanosleep, Pmevent,
  /// A call that is not inlined: to an external function without a body
  /// (callee a Function operand) or through a register (an indirect call).
  /// Operands: a Vector of the return operands (the destination: `.param`
  /// variables or registers, possibly none), the callee, a Vector of the
  /// arguments. Static analyses treat it as opaque: it may read and write
  /// any memory, its results are unknown and may differ between threads, it
  /// may hold a barrier. It cannot be executed.
  Call,
  // IR-only: recognised calls
  TmBegin,     ///< call to __tbegin (plain or mangled)
  TmCommit,    ///< call to __tcommit
  TmAbort,     ///< call to __tabort / abort intrinsic
  Print,       ///< call to vprintf: operands (retval param, format param, args param)
  AssertFail,  ///< call to __assertfail: operands are its five param symbols
  Count_
};

[[nodiscard]] std::string_view opcode_name(Opcode op) noexcept;  // PTX spelling, e.g. "ld"
[[nodiscard]] std::optional<Opcode> parse_opcode(std::string_view s) noexcept;

/// Comparison of set/setp/slct (also `testp` classes use TestClass).
enum class CmpOp : std::uint8_t {
  None, Eq, Ne, Lt, Le, Gt, Ge, Lo, Ls, Hi, Hs,          // integer / bit
  Equ, Neu, Ltu, Leu, Gtu, Geu, Num, Nan,                // float unordered
};
/// Boolean combination of set/setp (`.and`, `.or`, `.xor`) and bar.red.
enum class BoolOp : std::uint8_t { None, And, Or, Xor };
/// Operation of atom/red/redux/bar.red.
enum class AtomOp : std::uint8_t {
  None, And, Or, Xor, Cas, Exch, Add, Inc, Dec, Min, Max, Popc,
};
/// Rounding modifier (`.rn`, `.rz`, `.rm`, `.rp`, integer `.rni` ...).
enum class Rounding : std::uint8_t { None, Rn, Rz, Rm, Rp, Rna, Rs, Rni, Rzi, Rmi, Rpi };
/// Memory-consistency qualifier of ld/st/atom/red/fence.
enum class MemSem : std::uint8_t { None, Weak, Volatile, Relaxed, Acquire, Release, AcqRel, Sc, Mmio };
/// Scope qualifier (`.cta`, `.cluster`, `.gpu`, `.sys`) and membar levels.
enum class Scope : std::uint8_t { None, Cta, Cluster, Gpu, Sys };
/// vote modes.
enum class VoteMode : std::uint8_t { None, All, Any, Uni, Ballot };
/// shfl modes.
enum class ShflMode : std::uint8_t { None, Up, Down, Bfly, Idx };
/// Barrier operation: `bar.sync`/`barrier.sync` (Sync), `.arrive`, `.red`.
enum class BarOp : std::uint8_t { None, Sync, Arrive, Red };
/// match modes.
enum class MatchMode : std::uint8_t { None, Any, All };
/// prmt modes (`.f4e`, `.b4e`, `.rc8`, `.ecl`, `.ecr`, `.rc16`); None = default.
enum class PrmtMode : std::uint8_t { None, F4e, B4e, Rc8, Ecl, Ecr, Rc16 };
/// testp classes.
enum class TestClass : std::uint8_t { None, Finite, Infinite, Number, NotANumber, Normal, Subnormal };
/// shf direction/mode and shift behaviour.
enum class ShfMode : std::uint8_t { None, LWrap, LClamp, RWrap, RClamp };

/// Per-instruction boolean modifiers, stored as a bit set in Instr::flags.
enum class InstrFlag : std::uint32_t {
  Sat = 1U << 0,        ///< .sat
  Ftz = 1U << 1,        ///< .ftz
  Approx = 1U << 2,     ///< .approx
  Full = 1U << 3,       ///< .full
  Hi = 1U << 4,         ///< .hi
  Lo = 1U << 5,         ///< .lo
  Wide = 1U << 6,       ///< .wide
  Uni = 1U << 7,        ///< .uni (bra, call, ret)
  CarryOut = 1U << 8,   ///< .cc
  Sync = 1U << 9,       ///< .sync (vote.sync, shfl.sync, match.sync, redux.sync)
  Aligned = 1U << 10,   ///< .aligned (barrier.sync.aligned, bar.sync is aligned)
  NonCoherent = 1U << 11, ///< ld.global.nc
  Relu = 1U << 12,      ///< .relu
  Shiftamt = 1U << 13,  ///< bfind.shiftamt
  Xorsign = 1U << 14,   ///< min/max .xorsign.abs
  NaN = 1U << 15,       ///< min/max .NaN
  Abs = 1U << 16,       ///< .abs (with xorsign)
  ToSpace = 1U << 17,   ///< cvta.to.<space> (else cvta.<space>: space to generic)
  Clamp = 1U << 18,     ///< .clamp (shfl modes use ShflMode; shf uses ShfMode)
  CacheHint = 1U << 19, ///< any .ca/.cg/.cs/.lu/.cv/.wb/.wt/.L1::/.L2:: hint was present
  Red32 = 1U << 20,     ///< bar.red.popc.u32 result form (else .pred)
  Satfinite = 1U << 21, ///< cvt .satfinite (saturate to the largest finite value)
};

}  // namespace lockstep::ir
