#include "frontend/ptx/decode_table.hpp"

#include <algorithm>
#include <array>

namespace lockstep::ptx::decode {
namespace {

using ir::Opcode;
using ir::Type;
using F = ir::InstrFlag;
using G = Group;
using Fam = Family;

constexpr std::uint32_t t(Type x) { return type_bit(x); }
constexpr std::uint32_t f(F x) { return static_cast<std::uint32_t>(x); }
constexpr std::uint32_t g(G x) { return group_bit(x); }

// Type sets.
constexpr std::uint32_t kS16 = t(Type::S16), kS32 = t(Type::S32), kS64 = t(Type::S64);
constexpr std::uint32_t kU16 = t(Type::U16), kU32 = t(Type::U32), kU64 = t(Type::U64);
constexpr std::uint32_t kI32 = kS32 | kU32, kI64 = kS64 | kU64;
constexpr std::uint32_t kInt = kS16 | kU16 | kI32 | kI64;
constexpr std::uint32_t kInt8 = t(Type::S8) | t(Type::U8);
constexpr std::uint32_t kBits = t(Type::B16) | t(Type::B32) | t(Type::B64);
constexpr std::uint32_t kB8 = t(Type::B8), kB128 = t(Type::B128);
constexpr std::uint32_t kB32 = t(Type::B32), kB64 = t(Type::B64);
constexpr std::uint32_t kPred = t(Type::Pred);
constexpr std::uint32_t kF32 = t(Type::F32), kF64 = t(Type::F64);
constexpr std::uint32_t kFloat = kF32 | kF64;
constexpr std::uint32_t kHalf = t(Type::F16) | t(Type::F16x2) | t(Type::BF16) | t(Type::BF16x2);
constexpr std::uint32_t kMem = kB8 | kBits | kB128 | kInt8 | kInt | kFloat | kHalf;
constexpr std::uint32_t kAtom = t(Type::B16) | kB32 | kB64 | kB128 | kI32 | kI64 | kFloat | kHalf;

constexpr std::uint32_t kMemGroups = g(G::Sem) | g(G::Mmio) | g(G::Scope) | g(G::Space) |
                                     g(G::Cache) | g(G::Vec);
constexpr std::uint32_t kAtomGroups = g(G::Sem) | g(G::Scope) | g(G::Space) | g(G::AtomOp) |
                                      g(G::Vec) | g(G::Noftz) | g(G::Cache);

constexpr OpDesc arith(std::string_view name, Opcode op, std::uint8_t nops, std::uint32_t types,
                       std::uint32_t flags = 0, std::uint32_t groups = 0) {
  return OpDesc{name, op, Fam::Arith, nops, types, flags, groups, {}};
}
constexpr OpDesc fam(std::string_view name, Opcode op, Fam family, std::uint32_t types,
                     std::uint32_t flags = 0, std::uint32_t groups = 0) {
  return OpDesc{name, op, family, 0, types, flags, groups, {}};
}
constexpr OpDesc no(std::string_view name, std::string_view message) {
  return OpDesc{name, Opcode::Trap, Fam::Unsupported, 0, 0, 0, 0, message};
}

constexpr std::string_view kTex = "texture instructions are not supported";
constexpr std::string_view kSurf = "surface instructions are not supported";
constexpr std::string_view kVideo = "video (SIMD) instructions are not supported";
constexpr std::string_view kNo = "";  // "'<opcode>' is not supported"

constexpr std::uint32_t kRndArith = f(F::Sat) | f(F::Ftz);

constexpr std::array kUnsorted{
    // integer and floating-point arithmetic
    arith("add", Opcode::Add, 3, kInt | kFloat | kHalf, kRndArith | f(F::CarryOut), g(G::Rnd)),
    arith("sub", Opcode::Sub, 3, kInt | kFloat | kHalf, kRndArith | f(F::CarryOut), g(G::Rnd)),
    arith("addc", Opcode::Addc, 3, kI32 | kI64, f(F::CarryOut)),
    arith("subc", Opcode::Subc, 3, kI32 | kI64, f(F::CarryOut)),
    arith("mul", Opcode::Mul, 3, kInt | kFloat | kHalf,
          kRndArith | f(F::Hi) | f(F::Lo) | f(F::Wide), g(G::Rnd)),
    arith("mad", Opcode::Mad, 4, kInt | kFloat | kHalf,
          kRndArith | f(F::Hi) | f(F::Lo) | f(F::Wide) | f(F::CarryOut), g(G::Rnd)),
    arith("madc", Opcode::Madc, 4, kI32 | kI64, f(F::Hi) | f(F::Lo) | f(F::CarryOut)),
    arith("mul24", Opcode::Mul24, 3, kI32, f(F::Hi) | f(F::Lo)),
    arith("mad24", Opcode::Mad24, 4, kI32, f(F::Hi) | f(F::Lo) | f(F::Sat)),
    arith("sad", Opcode::Sad, 4, kInt),
    arith("div", Opcode::Div, 3, kInt | kFloat, f(F::Approx) | f(F::Full) | f(F::Ftz), g(G::Rnd)),
    arith("rem", Opcode::Rem, 3, kInt),
    arith("abs", Opcode::Abs, 2, kS16 | kS32 | kS64 | kFloat | kHalf, f(F::Ftz)),
    arith("neg", Opcode::Neg, 2, kS16 | kS32 | kS64 | kFloat | kHalf, f(F::Ftz)),
    arith("min", Opcode::Min, 3, kInt | kFloat | kHalf,
          f(F::Ftz) | f(F::NaN) | f(F::Xorsign) | f(F::Abs) | f(F::Relu)),
    arith("max", Opcode::Max, 3, kInt | kFloat | kHalf,
          f(F::Ftz) | f(F::NaN) | f(F::Xorsign) | f(F::Abs) | f(F::Relu)),
    arith("fma", Opcode::Fma, 4, kFloat | kHalf, kRndArith | f(F::Relu), g(G::Rnd)),
    arith("rcp", Opcode::Rcp, 2, kFloat, f(F::Approx) | f(F::Ftz), g(G::Rnd)),
    arith("sqrt", Opcode::Sqrt, 2, kFloat, f(F::Approx) | f(F::Ftz), g(G::Rnd)),
    arith("rsqrt", Opcode::Rsqrt, 2, kFloat, f(F::Approx) | f(F::Ftz)),
    arith("sin", Opcode::Sin, 2, kF32, f(F::Approx) | f(F::Ftz)),
    arith("cos", Opcode::Cos, 2, kF32, f(F::Approx) | f(F::Ftz)),
    arith("lg2", Opcode::Lg2, 2, kF32, f(F::Approx) | f(F::Ftz)),
    arith("ex2", Opcode::Ex2, 2, kF32 | kHalf, f(F::Approx) | f(F::Ftz)),
    arith("tanh", Opcode::Tanh, 2, kF32 | kHalf, f(F::Approx)),
    fam("testp", Opcode::Testp, Fam::Testp, kFloat, 0, g(G::Testp)),
    arith("copysign", Opcode::Copysign, 3, kFloat),
    // bit manipulation
    arith("popc", Opcode::Popc, 2, kB32 | kB64),
    arith("clz", Opcode::Clz, 2, kB32 | kB64),
    arith("brev", Opcode::Brev, 2, kB32 | kB64),
    arith("bfind", Opcode::Bfind, 2, kI32 | kI64, f(F::Shiftamt)),
    arith("fns", Opcode::Fns, 4, kB32),
    arith("bfe", Opcode::Bfe, 4, kI32 | kI64),
    arith("bfi", Opcode::Bfi, 5, kB32 | kB64),
    arith("prmt", Opcode::Prmt, 4, kB32, 0, g(G::Prmt)),
    fam("dp4a", Opcode::Dp4a, Fam::Dp, kI32),
    fam("dp2a", Opcode::Dp2a, Fam::Dp, kI32, f(F::Hi) | f(F::Lo)),
    arith("bmsk", Opcode::Bmsk, 3, kB32, 0, g(G::Wrap)),
    arith("szext", Opcode::Szext, 3, kI32, 0, g(G::Wrap)),
    arith("and", Opcode::And, 3, kPred | kBits | kInt),
    arith("or", Opcode::Or, 3, kPred | kBits | kInt),
    arith("xor", Opcode::Xor, 3, kPred | kBits | kInt),
    arith("not", Opcode::Not, 2, kPred | kBits | kInt),
    arith("cnot", Opcode::Cnot, 2, kBits | kInt),
    fam("lop3", Opcode::Lop3, Fam::Lop3, kB32),
    arith("shf", Opcode::Shf, 4, kB32, 0, g(G::ShfDir) | g(G::Wrap)),
    arith("shl", Opcode::Shl, 3, kBits | kInt),
    arith("shr", Opcode::Shr, 3, kBits | kInt),
    // comparison and selection
    fam("set", Opcode::Set, Fam::Set, kI32 | kF32 | kHalf, f(F::Ftz), g(G::Cmp) | g(G::Bool)),
    fam("setp", Opcode::Setp, Fam::Setp, kBits | kInt | kFloat | kHalf, f(F::Ftz),
        g(G::Cmp) | g(G::Bool)),
    fam("selp", Opcode::Selp, Fam::Selp, kBits | kInt | kFloat | kHalf),
    fam("slct", Opcode::Slct, Fam::Slct, kBits | kInt | kFloat, f(F::Ftz)),
    // data movement and conversion
    fam("mov", Opcode::Mov, Fam::Mov, kPred | kBits | kB128 | kInt | kFloat | kHalf),
    fam("ld", Opcode::Ld, Fam::Ld, kMem, f(F::NonCoherent), kMemGroups),
    fam("ldu", Opcode::Ldu, Fam::Ldu, kMem, 0, g(G::Space) | g(G::Vec)),
    fam("st", Opcode::St, Fam::St, kMem, 0, kMemGroups),
    fam("prefetch", Opcode::Prefetch, Fam::Prefetch, 0, 0, g(G::Space) | g(G::Level)),
    fam("prefetchu", Opcode::Prefetchu, Fam::Prefetch, 0, 0, g(G::Level)),
    fam("isspacep", Opcode::Isspacep, Fam::Isspacep, 0, 0, g(G::Space)),
    fam("cvta", Opcode::Cvta, Fam::Cvta, kU32 | kU64, f(F::ToSpace), g(G::Space)),
    fam("cvt", Opcode::Cvt, Fam::Cvt, (kMem & ~(kB8 | kBits | kB128)) | t(Type::TF32),
        f(F::Ftz) | f(F::Sat) | f(F::Relu) | f(F::Satfinite), g(G::Rnd) | g(G::IRnd) | g(G::Pack)),
    // atomics and reductions
    fam("atom", Opcode::Atom, Fam::Atom, kAtom, 0, kAtomGroups),
    fam("red", Opcode::Red, Fam::Red, kAtom, 0, kAtomGroups),
    // warp-level
    fam("vote", Opcode::Vote, Fam::Vote, kPred | kB32, f(F::Sync), g(G::Vote)),
    fam("shfl", Opcode::Shfl, Fam::Shfl, kB32, f(F::Sync), g(G::Shfl)),
    fam("match", Opcode::Match, Fam::Match, kB32 | kB64, f(F::Sync), g(G::Match)),
    fam("activemask", Opcode::Activemask, Fam::Activemask, kB32),
    fam("redux", Opcode::Redux, Fam::Redux, kI32 | kB32 | kF32, f(F::Sync) | f(F::Abs) | f(F::NaN),
        g(G::AtomOp)),
    // synchronisation
    fam("bar", Opcode::Bar, Fam::Bar, kU32 | kPred, 0,
        g(G::BarOp) | g(G::Warp) | g(G::AtomOp) | g(G::Scope)),
    fam("barrier", Opcode::Bar, Fam::Barrier, kU32 | kPred, f(F::Aligned),
        g(G::BarOp) | g(G::AtomOp) | g(G::Scope)),
    fam("membar", Opcode::Membar, Fam::Membar, 0, 0, g(G::Scope) | g(G::MembarGl)),
    fam("fence", Opcode::Fence, Fam::Fence, 0, 0, g(G::Sem) | g(G::Scope)),
    // control
    fam("bra", Opcode::Bra, Fam::Bra, 0, f(F::Uni)),
    fam("brx", Opcode::BrxIdx, Fam::Brx, 0, f(F::Uni), g(G::Shfl)),
    fam("ret", Opcode::Ret, Fam::Ret, 0, f(F::Uni)),
    fam("exit", Opcode::Exit, Fam::NoOperands, 0),
    fam("trap", Opcode::Trap, Fam::NoOperands, 0),
    fam("brkpt", Opcode::Brkpt, Fam::NoOperands, 0),
    fam("nanosleep", Opcode::Nanosleep, Fam::Nanosleep, kU32),
    fam("pmevent", Opcode::Pmevent, Fam::Pmevent, 0),
    fam("call", Opcode::Trap, Fam::Call, 0, f(F::Uni)),
    // known PTX opcodes outside what lockstep models
    no("tex", kTex), no("tld4", kTex), no("txq", kTex), no("istypep", kTex),
    no("suld", kSurf), no("sust", kSurf), no("sured", kSurf), no("suq", kSurf),
    no("vadd", kVideo), no("vsub", kVideo), no("vabsdiff", kVideo), no("vmin", kVideo),
    no("vmax", kVideo), no("vshl", kVideo), no("vshr", kVideo), no("vmad", kVideo),
    no("vset", kVideo), no("vadd2", kVideo), no("vsub2", kVideo), no("vavrg2", kVideo),
    no("vabsdiff2", kVideo), no("vmin2", kVideo), no("vmax2", kVideo), no("vset2", kVideo),
    no("vadd4", kVideo), no("vsub4", kVideo), no("vavrg4", kVideo), no("vabsdiff4", kVideo),
    no("vmin4", kVideo), no("vmax4", kVideo), no("vset4", kVideo),
    no("wmma", kNo), no("mma", kNo), no("wgmma", kNo), no("ldmatrix", kNo), no("stmatrix", kNo),
    no("movmatrix", kNo), no("cp", kNo), no("mbarrier", kNo), no("tensormap", kNo),
    no("multimem", kNo), no("elect", kNo), no("griddepcontrol", kNo), no("setmaxnreg", kNo),
    no("getctarank", kNo), no("mapa", kNo), no("clusterlaunchcontrol", kNo), no("tcgen05", kNo),
    no("createpolicy", kNo), no("discard", kNo), no("applypriority", kNo), no("alloca", kNo),
    no("stacksave", kNo), no("stackrestore", kNo),
};

constexpr auto kOpcodes = [] {
  auto v = kUnsorted;
  std::sort(v.begin(), v.end(), [](const OpDesc& a, const OpDesc& b) { return a.name < b.name; });
  return v;
}();

static_assert(std::adjacent_find(kOpcodes.begin(), kOpcodes.end(),
                                 [](const OpDesc& a, const OpDesc& b) {
                                   return a.name == b.name;
                                 }) == kOpcodes.end(),
              "duplicate opcode spelling");

}  // namespace

const OpDesc* find_opcode(std::string_view word) noexcept {
  const auto* it =
      std::lower_bound(kOpcodes.begin(), kOpcodes.end(), word,
                       [](const OpDesc& d, std::string_view w) { return d.name < w; });
  if (it == kOpcodes.end() || it->name != word) return nullptr;
  return &*it;
}

}  // namespace lockstep::ptx::decode
