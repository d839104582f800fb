#include "frontend/ptx/decode.hpp"

#include <fmt/format.h>

#include <initializer_list>

#include "frontend/ptx/decode_table.hpp"
#include "frontend/ptx/decode_tokens.hpp"

namespace lockstep::ptx::decode {
namespace {

using ir::InstrFlag;
using ir::Type;

static_assert(static_cast<unsigned>(Group::Count_) <= 32, "groups must fit a 32-bit mask");

constexpr std::uint32_t tb(Type t) { return type_bit(t); }
constexpr std::uint32_t kI32 = tb(Type::S32) | tb(Type::U32);
constexpr std::uint32_t kHalf =
    tb(Type::F16) | tb(Type::F16x2) | tb(Type::BF16) | tb(Type::BF16x2);
constexpr std::uint32_t kAnyCompared = tb(Type::B16) | tb(Type::B32) | tb(Type::B64) |
                                       tb(Type::S16) | tb(Type::U16) | kI32 | tb(Type::S64) |
                                       tb(Type::U64) | tb(Type::F32) | tb(Type::F64) | kHalf;

bool in(std::uint32_t set, Type t) { return (set & tb(t)) != 0; }

/// Decodes one spelling; every error names the offending word.
class Decoder {
 public:
  Decoder(const OpDesc& desc, std::string_view spelling, std::size_t offset, const Source& source)
      : d_(desc), spelling_(spelling), offset_(offset), src_(source) {
    out_.name = desc.name;
    in_.op = desc.op;
  }

  Decoded run() {
    std::size_t pos = d_.name.size();
    while (pos < spelling_.size()) {
      const std::size_t next = spelling_.find('.', pos + 1);
      const std::size_t end = next == std::string_view::npos ? spelling_.size() : next;
      read(spelling_.substr(pos + 1, end - pos - 1));
      pos = end;
    }
    finish();
    return out_;
  }

 private:
  // ---- errors -------------------------------------------------------------
  [[noreturn]] void fail(std::string message) const {
    throw src_.error_at(offset_, std::move(message));
  }
  [[noreturn]] void invalid(std::string_view word) const {
    fail(fmt::format("modifier '.{}' is not valid for '{}'", word, spelling_));
  }
  [[noreturn]] void missing(std::string_view what) const {
    fail(fmt::format("missing {} in '{}'", what, spelling_));
  }

  // ---- reading modifiers --------------------------------------------------
  [[nodiscard]] bool accepts(const Reading& r) const {
    switch (r.group) {
      case Group::None: return false;
      case Group::Type: return d_.types != 0;
      case Group::Flag: return ((d_.flags >> r.value) & 1U) != 0;
      default: return ((d_.groups >> static_cast<unsigned>(r.group)) & 1U) != 0;
    }
  }

  void read(std::string_view word) {
    const TokenInfo* tok = find_token(word);
    if (tok == nullptr) fail(fmt::format("unknown modifier '.{}' for '{}'", word, d_.name));
    if (accepts(tok->first)) {
      apply(tok->first, word);
    } else if (accepts(tok->second)) {
      apply(tok->second, word);
    } else {
      invalid(word);
    }
  }

  [[nodiscard]] bool has(Group g) const { return ((seen_ >> static_cast<unsigned>(g)) & 1U) != 0; }

  /// The reading a word gets for this opcode (Group::None: none).
  [[nodiscard]] Reading reading(std::string_view w) const {
    const TokenInfo* tok = find_token(w);
    if (tok == nullptr) return {};
    if (accepts(tok->first)) return tok->first;
    if (accepts(tok->second)) return tok->second;
    return {};
  }
  /// The first word of the spelling whose reading satisfies `pick` (error
  /// messages only: the spelling is scanned again).
  template <typename Pick>
  [[nodiscard]] std::string_view find_word(Pick pick) const {
    std::size_t pos = d_.name.size();
    while (pos < spelling_.size()) {
      const std::size_t next = spelling_.find('.', pos + 1);
      const std::size_t end = next == std::string_view::npos ? spelling_.size() : next;
      const std::string_view w = spelling_.substr(pos + 1, end - pos - 1);
      if (pick(reading(w))) return w;
      pos = end;
    }
    return {};
  }
  /// The word that gave group g.
  [[nodiscard]] std::string_view word(Group g) const {
    return find_word([g](const Reading& r) { return r.group == g; });
  }

  /// Records that group g was given by `w`; two words of one group conflict.
  void once(Group g, std::string_view w, Group also = Group::None) {
    for (Group x : {g, also}) {
      if (x == Group::None || !has(x)) continue;
      if (word(x) == w) fail(fmt::format("repeated modifier '.{}' in '{}'", w, spelling_));
      fail(fmt::format("conflicting modifiers '.{}' and '.{}' in '{}'", word(x), w, spelling_));
    }
    seen_ |= 1U << static_cast<unsigned>(g);
  }

  template <typename E>
  static E as(std::uint8_t v) {
    return static_cast<E>(v);
  }

  void apply(const Reading& r, std::string_view w) {
    switch (r.group) {
      case Group::Type:
        if (ntypes_ == types_.size()) fail(fmt::format("too many types in '{}'", spelling_));
        type_words_[ntypes_] = w;
        types_[ntypes_++] = as<Type>(r.value);
        return;
      case Group::Flag: {
        const std::uint32_t bit = 1U << r.value;
        if ((in_.flags & bit) != 0) fail(fmt::format("repeated modifier '.{}' in '{}'", w, spelling_));
        in_.flags |= bit;
        return;
      }
      case Group::Cache:
        in_.set(InstrFlag::CacheHint);
        if (as<CacheKind>(r.value) == CacheKind::PolicyOperand) policy_ = true;
        seen_ |= 1U << static_cast<unsigned>(Group::Cache);
        return;
      case Group::Rnd:
      case Group::IRnd:
        once(r.group, w, r.group == Group::Rnd ? Group::IRnd : Group::Rnd);
        in_.rnd = as<ir::Rounding>(r.value);
        return;
      case Group::Scope:
      case Group::MembarGl:
        once(r.group, w, r.group == Group::Scope ? Group::MembarGl : Group::Scope);
        in_.scope = as<ir::Scope>(r.value);
        return;
      default: break;
    }
    once(r.group, w);
    switch (r.group) {
      case Group::Space: in_.space = as<ir::Space>(r.value); break;
      case Group::Cmp: in_.cmp = as<ir::CmpOp>(r.value); break;
      case Group::Bool: in_.bop = as<ir::BoolOp>(r.value); break;
      case Group::AtomOp: in_.aop = as<ir::AtomOp>(r.value); break;
      case Group::Sem: in_.sem = as<ir::MemSem>(r.value); break;
      case Group::Vec: in_.vec = r.value; break;
      case Group::Vote: in_.vote = as<ir::VoteMode>(r.value); break;
      case Group::Shfl: in_.shfl = as<ir::ShflMode>(r.value); break;
      case Group::BarOp: in_.bar = as<ir::BarOp>(r.value); break;
      case Group::Match: in_.match = as<ir::MatchMode>(r.value); break;
      case Group::Prmt: in_.prmt = as<ir::PrmtMode>(r.value); break;
      case Group::Testp: in_.testp = as<ir::TestClass>(r.value); break;
      case Group::Level: level_ = r.value; break;
      case Group::ShfDir: shf_right_ = r.value != 0; break;
      case Group::Wrap: clamp_ = r.value != 0; break;
      default: break;  // Mmio, Warp, Noftz, Pack: presence is enough
    }
  }

  // ---- helpers for the family checks --------------------------------------
  [[nodiscard]] bool flag(InstrFlag f) const { return in_.has(f); }
  [[nodiscard]] std::string_view flag_word(InstrFlag f) const {
    const std::uint8_t bit = flag_bit(static_cast<std::uint32_t>(f));
    return find_word([bit](const Reading& r) { return r.group == Group::Flag && r.value == bit; });
  }
  void reject(InstrFlag f) const {
    if (flag(f)) invalid(flag_word(f));
  }
  void reject(Group g) const {
    if (has(g)) invalid(word(g));
  }
  void need(Group g, std::string_view what) const {
    if (!has(g)) missing(what);
  }

  void check_type(std::size_t i, std::uint32_t allowed) const {
    if (!in(allowed, types_[i])) {
      fail(fmt::format("type '.{}' is not valid for '{}'", type_words_[i], spelling_));
    }
  }
  /// Exactly n type words; the first must be one of the opcode's types.
  void need_types(std::size_t n) const {
    if (ntypes_ < n) missing(n == 1 ? "type" : "types");
    if (ntypes_ > n) fail(fmt::format("too many types in '{}'", spelling_));
    check_type(0, d_.types);
  }
  Type one_type() {
    need_types(1);
    in_.type = types_[0];
    return in_.type;
  }
  void no_types() const {
    if (ntypes_ != 0) invalid(type_words_[0]);
  }

  void shape(std::initializer_list<Role> roles) { set(out_.shape, roles); }
  void alt(std::initializer_list<Role> roles) { set(out_.alt, roles); }
  static void set(Shape& s, std::initializer_list<Role> roles) {
    s.count = 0;
    for (Role r : roles) s.roles[s.count++] = r;
  }
  void push(Role r) { out_.shape.roles[out_.shape.count++] = r; }

  // ---- families -----------------------------------------------------------
  void finish() {
    switch (d_.family) {
      case Family::Arith: arith(); break;
      case Family::Lop3:
        one_type();
        shape({Role::Dst, Role::Src, Role::Src, Role::Src, Role::Imm});
        break;
      case Family::Dp: dp(); break;
      case Family::Testp:
        one_type();
        need(Group::Testp, "test class");
        shape({Role::DstP, Role::Src});
        break;
      case Family::Set:
      case Family::Setp: compare(); break;
      case Family::Selp:
        one_type();
        shape({Role::Dst, Role::Src, Role::Src, Role::SrcP});
        break;
      case Family::Slct: slct(); break;
      case Family::Mov:
        if (one_type() == Type::Pred) {
          shape({Role::DstP, Role::SrcP});
        } else {
          shape({Role::MovDst, Role::MovSrc});
        }
        break;
      case Family::Ld:
      case Family::Ldu:
      case Family::St: memory(); break;
      case Family::Prefetch: prefetch(); break;
      case Family::Isspacep:
        no_types();
        need(Group::Space, "state space");
        shape({Role::DstP, Role::Src});
        break;
      case Family::Cvta:
        one_type();
        need(Group::Space, "state space");
        shape({Role::Dst, Role::Src});
        break;
      case Family::Cvt: cvt(); break;
      case Family::Atom:
      case Family::Red: atomic(); break;
      case Family::Vote: vote(); break;
      case Family::Shfl:
        one_type();
        need(Group::Shfl, "shuffle mode");
        shape({Role::DstVP, Role::Src, Role::Src, Role::Src});
        if (flag(InstrFlag::Sync)) push(Role::Src);
        break;
      case Family::Match:
        one_type();
        need(Group::Match, "match mode");
        if (!flag(InstrFlag::Sync)) missing("'.sync'");
        if (in_.match == ir::MatchMode::All) {
          shape({Role::DstVP, Role::Src, Role::Src});
        } else {
          shape({Role::Dst, Role::Src, Role::Src});
        }
        break;
      case Family::Activemask:
        one_type();
        shape({Role::Dst});
        break;
      case Family::Redux: redux(); break;
      case Family::Bar:
      case Family::Barrier: barrier(); break;
      case Family::Membar:
        if (!has(Group::Scope) && !has(Group::MembarGl)) missing("level ('.cta', '.gl' or '.sys')");
        if (in_.scope == ir::Scope::Cluster || (has(Group::Scope) && in_.scope == ir::Scope::Gpu)) {
          invalid(word(Group::Scope));
        }
        shape({});
        break;
      case Family::Fence:
        need(Group::Scope, "scope");
        if (in_.sem == ir::MemSem::Weak || in_.sem == ir::MemSem::Volatile ||
            in_.sem == ir::MemSem::Relaxed) {
          invalid(word(Group::Sem));
        }
        shape({});
        break;
      case Family::Bra: shape({Role::Label}); break;
      case Family::Brx:
        if (in_.shfl != ir::ShflMode::Idx) missing("'.idx'");
        in_.shfl = ir::ShflMode::None;
        shape({Role::Src, Role::Targets});
        break;
      case Family::Ret:
      case Family::NoOperands: shape({}); break;
      case Family::Nanosleep:
        one_type();
        shape({Role::Src});
        break;
      case Family::Pmevent: shape({Role::Imm}); break;
      case Family::Call: out_.is_call = true; break;
      case Family::Unsupported: break;
    }
  }

  void arith() {
    const Type ty = one_type();
    const bool fl = ir::is_float(ty);
    const unsigned width = ir::bit_width(ty);
    if (fl) {
      reject(InstrFlag::Hi);
      reject(InstrFlag::Lo);
      reject(InstrFlag::Wide);
      reject(InstrFlag::CarryOut);
    } else {
      reject(Group::Rnd);
      reject(InstrFlag::Ftz);
      reject(InstrFlag::Approx);
      reject(InstrFlag::Full);
      reject(InstrFlag::NaN);
      reject(InstrFlag::Xorsign);
      reject(InstrFlag::Abs);
      if (ty != Type::S32) reject(InstrFlag::Sat);
      if (ty != Type::S32 && ty != Type::S16) reject(InstrFlag::Relu);
    }
    const int halves = int{flag(InstrFlag::Hi)} + int{flag(InstrFlag::Lo)} + int{flag(InstrFlag::Wide)};
    if (halves > 1) fail(fmt::format("conflicting modifiers in '{}'", spelling_));
    if (flag(InstrFlag::Wide) && width > 32) invalid(flag_word(InstrFlag::Wide));
    if (flag(InstrFlag::CarryOut) && width < 32) invalid(flag_word(InstrFlag::CarryOut));
    if (flag(InstrFlag::Approx) && (flag(InstrFlag::Full) || has(Group::Rnd))) {
      fail(fmt::format("conflicting modifiers in '{}'", spelling_));
    }
    if (flag(InstrFlag::Full) && ty != Type::F32) invalid(flag_word(InstrFlag::Full));
    if (flag(InstrFlag::Xorsign) != flag(InstrFlag::Abs)) {
      fail(fmt::format("'.xorsign' and '.abs' go together in '{}'", spelling_));
    }
    switch (in_.op) {
      case ir::Opcode::Shf:
        need(Group::ShfDir, "direction ('.l' or '.r')");
        need(Group::Wrap, "mode ('.wrap' or '.clamp')");
        in_.shf = shf_right_ ? (clamp_ ? ir::ShfMode::RClamp : ir::ShfMode::RWrap)
                             : (clamp_ ? ir::ShfMode::LClamp : ir::ShfMode::LWrap);
        break;
      case ir::Opcode::Bmsk:
      case ir::Opcode::Szext:
        need(Group::Wrap, "mode ('.wrap' or '.clamp')");
        if (clamp_) in_.set(InstrFlag::Clamp);
        break;
      default: break;
    }
    const bool pred = ty == Type::Pred;
    out_.shape.count = 0;
    push(pred ? Role::DstP : Role::Dst);
    for (unsigned i = 1; i < d_.nops; ++i) push(pred ? Role::SrcP : Role::Src);
  }

  void dp() {
    need_types(2);
    check_type(1, kI32);
    in_.type = types_[0];
    in_.stype = types_[1];
    if (in_.op == ir::Opcode::Dp2a && !flag(InstrFlag::Hi) && !flag(InstrFlag::Lo)) {
      missing("'.hi' or '.lo'");
    }
    shape({Role::Dst, Role::Src, Role::Src, Role::Src});
  }

  void check_cmp(Type compared) const {
    using C = ir::CmpOp;
    const C c = in_.cmp;
    const bool fl = ir::is_float(compared);
    const bool unordered = c >= C::Equ;
    const bool unsigned_only = c == C::Lo || c == C::Ls || c == C::Hi || c == C::Hs;
    const bool ordered = c == C::Lt || c == C::Le || c == C::Gt || c == C::Ge;
    if ((unordered && !fl) || (unsigned_only && fl) ||
        (ordered && ir::type_class(compared) == ir::TypeClass::Bits)) {
      invalid(word(Group::Cmp));
    }
    if (!fl) reject(InstrFlag::Ftz);
  }

  void compare() {
    need(Group::Cmp, "comparison");
    Type compared = Type::None;
    if (d_.family == Family::Set) {
      need_types(2);
      check_type(1, kAnyCompared);
      in_.type = types_[0];
      in_.stype = compared = types_[1];
      shape({Role::Dst, Role::Src, Role::Src});
    } else {
      compared = one_type();
      shape({Role::DstPP, Role::Src, Role::Src});
    }
    check_cmp(compared);
    if (has(Group::Bool)) push(Role::SrcP);
  }

  void slct() {
    need_types(2);
    check_type(1, tb(Type::S32) | tb(Type::F32));
    in_.type = types_[0];
    in_.stype = types_[1];
    if (in_.stype != Type::F32) reject(InstrFlag::Ftz);
    shape({Role::Dst, Role::Src, Role::Src, Role::Src});
  }

  void memory() {
    using ir::MemSem;
    using ir::Space;
    const Type ty = one_type();
    const bool is_st = d_.family == Family::St;
    if (!has(Group::Space)) in_.space = Space::Generic;
    if ((is_st && in_.space == Space::Const) ||
        (d_.family == Family::Ldu && in_.space != Space::Global && in_.space != Space::Generic)) {
      invalid(word(Group::Space));
    }
    if (has(Group::Vec) && ir::bit_width(ty) * in_.vec > 256) invalid(word(Group::Vec));
    if (flag(InstrFlag::NonCoherent) && in_.space != Space::Global) {
      invalid(flag_word(InstrFlag::NonCoherent));
    }
    if (has(Group::Mmio)) {
      if (in_.sem != MemSem::Relaxed || in_.scope != ir::Scope::Sys) {
        fail(fmt::format("'.mmio' needs '.relaxed.sys' in '{}'", spelling_));
      }
      in_.sem = MemSem::Mmio;
    }
    switch (in_.sem) {
      case MemSem::None:
        reject(Group::Scope);
        break;
      case MemSem::Weak:
      case MemSem::Volatile:
        reject(Group::Scope);
        break;
      case MemSem::Relaxed:
      case MemSem::Acquire:
      case MemSem::Release:
        if (in_.sem == (is_st ? MemSem::Acquire : MemSem::Release)) invalid(word(Group::Sem));
        need(Group::Scope, "scope");
        break;
      case MemSem::Mmio: break;
      default: invalid(word(Group::Sem));
    }
    if (is_st) {
      shape({Role::Addr, Role::SrcVec});
    } else {
      shape({Role::DstVec, Role::Addr});
    }
    if (policy_) push(Role::Policy);
  }

  void prefetch() {
    need(Group::Level, "cache level ('.L1' or '.L2')");
    if (in_.op == ir::Opcode::Prefetchu) {
      if (level_ != 1) invalid(word(Group::Level));
    } else {
      if (!has(Group::Space)) in_.space = ir::Space::Generic;
      if (in_.space != ir::Space::Generic && in_.space != ir::Space::Global &&
          in_.space != ir::Space::Local) {
        invalid(word(Group::Space));
      }
      if (level_ == 2) in_.set(InstrFlag::CacheHint);
    }
    shape({Role::Addr});
  }

  void cvt() {
    if (has(Group::Pack)) {
      in_.op = ir::Opcode::CvtPack;
      need_types(3);
      check_type(0, tb(Type::U8) | tb(Type::S8) | tb(Type::U16) | tb(Type::S16));
      check_type(1, kI32);
      check_type(2, tb(Type::B32));
      reject(Group::IRnd);
      in_.type = types_[0];
      in_.stype = types_[1];
      shape({Role::Dst, Role::Src, Role::Src, Role::Src});
      return;
    }
    if (ntypes_ == 3) fail(fmt::format("too many types in '{}'", spelling_));
    need_types(2);
    check_type(1, d_.types);
    in_.type = types_[0];
    in_.stype = types_[1];
    const bool src_float = ir::is_float(in_.stype);
    const bool dst_float = ir::is_float(in_.type);
    if (has(Group::IRnd) && !src_float) invalid(word(Group::IRnd));
    if (has(Group::Rnd) && !src_float && !dst_float) invalid(word(Group::Rnd));
    if (!src_float && !dst_float) reject(InstrFlag::Ftz);
    if ((in_.type == Type::F16x2 || in_.type == Type::BF16x2) && in_.stype == Type::F32) {
      shape({Role::Dst, Role::Src, Role::Src});
    } else {
      shape({Role::Dst, Role::Src});
    }
  }

  void atomic() {
    using ir::AtomOp;
    using ir::MemSem;
    need(Group::AtomOp, "operation");
    const Type ty = one_type();
    const bool is_red = d_.family == Family::Red;
    if (!has(Group::Space)) in_.space = ir::Space::Generic;
    if (in_.space != ir::Space::Generic && in_.space != ir::Space::Global &&
        in_.space != ir::Space::Shared && in_.space != ir::Space::SharedCluster) {
      invalid(word(Group::Space));
    }
    if (in_.sem != MemSem::None && in_.sem != MemSem::Relaxed && in_.sem != MemSem::Acquire &&
        in_.sem != MemSem::Release && in_.sem != MemSem::AcqRel) {
      invalid(word(Group::Sem));
    }
    const std::uint32_t b32_64 = tb(Type::B32) | tb(Type::B64);
    const std::uint32_t ints = kI32 | tb(Type::S64) | tb(Type::U64);
    std::uint32_t ok = 0;
    switch (in_.aop) {
      case AtomOp::And:
      case AtomOp::Or:
      case AtomOp::Xor: ok = b32_64; break;
      case AtomOp::Cas: ok = tb(Type::B16) | b32_64 | tb(Type::B128); break;
      case AtomOp::Exch: ok = b32_64 | tb(Type::B128); break;
      case AtomOp::Add: ok = ints | tb(Type::F32) | tb(Type::F64) | kHalf; break;
      case AtomOp::Inc:
      case AtomOp::Dec: ok = tb(Type::U32); break;
      case AtomOp::Min:
      case AtomOp::Max: ok = ints | kHalf; break;
      default: invalid(word(Group::AtomOp));
    }
    if (is_red && (in_.aop == AtomOp::Cas || in_.aop == AtomOp::Exch)) invalid(word(Group::AtomOp));
    if (!in(ok, ty)) check_type(0, ok);
    if (has(Group::Noftz) && !(in_.aop == AtomOp::Add && in(kHalf, ty))) invalid(word(Group::Noftz));
    if (has(Group::Vec)) {
      const bool arith_op = in_.aop == AtomOp::Add || in_.aop == AtomOp::Min || in_.aop == AtomOp::Max;
      const bool vec_type = ty == Type::F32 || in(kHalf, ty);
      const unsigned max_vec = ty == Type::F16 || ty == Type::BF16 ? 8U : 4U;
      if (!arith_op || !vec_type || in_.vec > max_vec || in_.space == ir::Space::Shared ||
          in_.space == ir::Space::SharedCluster) {
        invalid(word(Group::Vec));
      }
    }
    if (is_red) {
      shape({Role::Addr, Role::SrcVec});
    } else if (in_.aop == AtomOp::Cas) {
      shape({Role::Dst, Role::Addr, Role::Src, Role::Src});
    } else {
      shape({Role::DstVec, Role::Addr, Role::SrcVec});
    }
    if (policy_) push(Role::Policy);
  }

  void vote() {
    need(Group::Vote, "vote mode");
    const Type ty = one_type();
    const bool ballot = in_.vote == ir::VoteMode::Ballot;
    if (ballot != (ty == Type::B32)) check_type(0, tb(ballot ? Type::B32 : Type::Pred));
    shape({ballot ? Role::Dst : Role::DstP, Role::SrcP});
    if (flag(InstrFlag::Sync)) push(Role::Src);
  }

  void redux() {
    using ir::AtomOp;
    if (!flag(InstrFlag::Sync)) missing("'.sync'");
    need(Group::AtomOp, "operation");
    const Type ty = one_type();
    switch (in_.aop) {
      case AtomOp::And:
      case AtomOp::Or:
      case AtomOp::Xor: check_type(0, tb(Type::B32)); break;
      case AtomOp::Add: check_type(0, kI32); break;
      case AtomOp::Min:
      case AtomOp::Max: check_type(0, kI32 | tb(Type::F32)); break;
      default: invalid(word(Group::AtomOp));
    }
    if (ty != Type::F32) {
      reject(InstrFlag::Abs);
      reject(InstrFlag::NaN);
    }
    shape({Role::Dst, Role::Src, Role::Src});
  }

  void barrier() {
    using ir::BarOp;
    if (has(Group::Warp)) {
      if (in_.bar != BarOp::Sync) missing("'.sync'");
      no_types();
      reject(Group::AtomOp);
      reject(Group::Scope);
      in_.op = ir::Opcode::BarWarp;
      in_.bar = BarOp::None;
      shape({Role::Src});
      return;
    }
    need(Group::BarOp, "barrier operation ('.sync', '.arrive' or '.red')");
    if (has(Group::Scope) && in_.scope != ir::Scope::Cta) invalid(word(Group::Scope));
    if (d_.family == Family::Bar) in_.set(InstrFlag::Aligned);
    if (in_.bar != BarOp::Red) {
      no_types();
      reject(Group::AtomOp);
      if (in_.bar == BarOp::Sync) {
        shape({Role::Src});
        alt({Role::Src, Role::Src});
      } else {
        shape({Role::Src, Role::Src});
      }
      return;
    }
    need(Group::AtomOp, "reduction ('.popc', '.and' or '.or')");
    const Type ty = one_type();
    if (in_.aop == ir::AtomOp::Popc) {
      check_type(0, tb(Type::U32));
      in_.set(InstrFlag::Red32);
    } else if (in_.aop == ir::AtomOp::And || in_.aop == ir::AtomOp::Or) {
      check_type(0, tb(Type::Pred));
      in_.bop = in_.aop == ir::AtomOp::And ? ir::BoolOp::And : ir::BoolOp::Or;
    } else {
      invalid(word(Group::AtomOp));
    }
    const Role d = ty == Type::Pred ? Role::DstP : Role::Dst;
    shape({d, Role::Src, Role::SrcP});
    alt({d, Role::Src, Role::Src, Role::SrcP});
  }

  const OpDesc& d_;
  std::string_view spelling_;
  std::size_t offset_;
  const Source& src_;
  Decoded out_;
  ir::Instr& in_ = out_.instr;
  std::uint32_t seen_ = 0;  ///< bit per Group given
  std::array<Type, 3> types_{};
  std::array<std::string_view, 3> type_words_{};
  std::size_t ntypes_ = 0;
  std::uint8_t level_ = 0;
  bool shf_right_ = false;
  bool clamp_ = false;
  bool policy_ = false;
};

}  // namespace

Decoded decode_opcode(std::string_view spelling, std::size_t offset, const Source& source) {
  const std::string_view name = spelling.substr(0, spelling.find('.'));
  const OpDesc* desc = find_opcode(name);
  if (desc == nullptr) throw source.error_at(offset, fmt::format("unknown opcode '{}'", name));
  if (desc->family == Family::Unsupported) {
    if (desc->message.empty()) {
      throw source.error_at(offset, fmt::format("'{}' is not supported", spelling));
    }
    throw source.error_at(offset, fmt::format("{}: '{}'", desc->message, spelling));
  }
  return Decoder(*desc, spelling, offset, source).run();
}

}  // namespace lockstep::ptx::decode
