// Operand access for one warp instruction: the view instruction semantics
// are written against.
//
// A Lanes<D> is built by the launch state for one instruction of one unit
// (a warp split, or one thread under MIMD). It resolves every operand once
// (register array, immediate, special register, symbol address), so the
// per-lane accessors are a load or a store. Operand indices follow
// ir::Kernel::ops(pc): destinations first, in PTX order.
//
//   for_each_lane(L.active, [&](unsigned l) {
//     L.set(0, l, L.d.add(L.src(1, l), L.src(2, l), 32));
//   });
//
// Immediates are converted to the operand's expected type once: a float
// literal (0f/0d/decimal) or integer literal used where an f32/f64 value is
// expected becomes that format's bits. The expected type is the source type
// for cvt/set (operand 1..2: Instr::stype), for slct's selector (operand 3:
// stype), and Instr::type otherwise.
//
// The register file has kernel.regs.size() + 1 registers: the last one is the
// carry flag (1 bit) and `reg_bits` gives every register's width.
#pragma once

#include <array>
#include <cstdint>
#include <cstring>

#include "frontend/ir/kernel.hpp"
#include "semantics/exec/exec_error.hpp"
#include "semantics/exec/lane_env.hpp"
#include "semantics/value/mask.hpp"

namespace lockstep::sem {

/// Register file of one warp in domain D: register r, lane l at v[r*32 + l].
template <class D>
struct WarpRegs {
  typename D::V* v = nullptr;
  [[nodiscard]] typename D::V* reg(std::uint32_t r) const noexcept { return v + std::size_t{r} * kWarpSize; }
};

template <class D>
class Lanes {
 public:
  using V = typename D::V;
  static constexpr unsigned kMaxSlots = 16;

  Lanes(D& dom, const ir::Kernel& k, std::uint32_t pc_, Mask active_, WarpRegs<D> regs,
        const LaneEnv& env_, const unsigned* reg_bits)
      : d(dom), kernel(k), in(k.code[pc_]), pc(pc_), active(active_), env(env_),
        regs_(regs), reg_bits_(reg_bits) {
    const ir::Operand* ops = k.ops(pc_);
    unsigned next = in.op_count;
    for (unsigned i = 0; i < in.op_count && i < kMaxSlots; ++i) {
      const ir::Operand& o = ops[i];
      if (o.kind == ir::OperandKind::Vector) {
        vec_first_[i] = static_cast<std::uint8_t>(next);
        const ir::Operand* el = k.elems(o);
        for (unsigned j = 0; j < o.b; ++j) {
          if (next >= kMaxSlots) unsupported("too many vector elements");
          bind(next, el[j], i);
          ++next;
        }
        bind(i, o, i);
      } else {
        bind(i, o, i);
      }
    }
  }

  D& d;
  const ir::Kernel& kernel;
  const ir::Instr& in;
  const std::uint32_t pc;
  const Mask active;  ///< lanes that execute (in the unit, guard true)
  const LaneEnv& env;

  /// The IR operand i (top-level).
  [[nodiscard]] const ir::Operand& op(unsigned i) const noexcept { return kernel.op(pc, i); }
  /// Source operand i for `lane` (negated predicates already applied).
  [[nodiscard]] V src(unsigned i, unsigned lane) const {
    const Slot& s = slot_[i];
    V v = s.ptr[lane * s.stride];
    return s.negate ? d.pred_not(v) : v;
  }
  /// Element j of the vector operand i (`{%r1, %r2}`), as a source.
  [[nodiscard]] V elem(unsigned i, unsigned j, unsigned lane) const { return src(vec_first_[i] + j, lane); }
  /// Writes destination i for `lane` (a Sink drops the value; a RegPair
  /// writes its first register). The value is truncated to the register width.
  void set(unsigned i, unsigned lane, V v) { write(slot_[i].dst, lane, v); }
  /// Writes the second register of a RegPair destination (`setp p|q`), if any.
  void set_second(unsigned i, unsigned lane, V v) { write(slot_[i].dst2, lane, v); }
  /// Writes element j of the vector destination i.
  void set_elem(unsigned i, unsigned j, unsigned lane, V v) { write(slot_[vec_first_[i] + j].dst, lane, v); }
  /// Number of elements of the vector operand i (1 for a scalar operand).
  [[nodiscard]] unsigned elems(unsigned i) const noexcept {
    const ir::Operand& o = op(i);
    return o.kind == ir::OperandKind::Vector ? o.b : 1U;
  }
  /// Element j of operand i whether or not it is a vector (scalar: j == 0).
  [[nodiscard]] V src_any(unsigned i, unsigned j, unsigned lane) const {
    return op(i).kind == ir::OperandKind::Vector ? elem(i, j, lane) : src(i, lane);
  }
  void set_any(unsigned i, unsigned j, unsigned lane, V v) {
    if (op(i).kind == ir::OperandKind::Vector) set_elem(i, j, lane, v); else set(i, lane, v);
  }
  /// True when destination i (or element j) is a register (not `_`).
  [[nodiscard]] bool is_sink(unsigned i) const noexcept { return op(i).kind == ir::OperandKind::Sink; }
  /// Register width in bits of destination slot i's register (0 for a sink).
  [[nodiscard]] unsigned dst_bits(unsigned i) const noexcept {
    return slot_[i].dst == ir::kNoReg ? 0 : reg_bits_[slot_[i].dst];
  }
  [[nodiscard]] unsigned dst_bits_any(unsigned i, unsigned j) const noexcept {
    return op(i).kind == ir::OperandKind::Vector ? dst_bits(vec_first_[i] + j) : dst_bits(i);
  }
  /// Register width in bits of source operand i when it is a register, else 0.
  [[nodiscard]] unsigned src_reg_bits(unsigned i) const noexcept {
    return slot_[i].src_reg == ir::kNoReg ? 0 : reg_bits_[slot_[i].src_reg];
  }
  /// The condition-code (carry) flag of `lane`, written by `.cc` instructions
  /// and read by addc/subc/madc: a hidden 1-bit register after the kernel's.
  [[nodiscard]] V carry(unsigned lane) const { return regs_.reg(cc_reg())[lane]; }
  void set_carry(unsigned lane, V v) { write(cc_reg(), lane, v); }
  /// The register file (collectives read other lanes' registers).
  [[nodiscard]] WarpRegs<D> regs() const noexcept { return regs_; }
  /// Width in bits of register r.
  [[nodiscard]] unsigned reg_bits(std::uint32_t r) const noexcept { return reg_bits_[r]; }

 private:
  struct Slot {  // trivially constructible: only the bound slots are written
    const V* ptr;
    unsigned stride;
    bool negate;
    std::uint32_t dst;
    std::uint32_t dst2;
    std::uint32_t src_reg;
  };

  [[nodiscard]] std::uint32_t cc_reg() const noexcept { return static_cast<std::uint32_t>(kernel.regs.size()); }

  [[nodiscard]] ir::Type expected_type(unsigned top) const noexcept {
    using ir::Opcode;
    if ((in.op == Opcode::Cvt || in.op == Opcode::Set) && top >= 1) return in.stype;
    if (in.op == Opcode::Slct && top == 3) return in.stype;
    return in.type;
  }

  void constant(unsigned i, std::uint64_t bits) {
    imm_[i] = d.constant(bits);
    slot_[i].ptr = &imm_[i];
    slot_[i].stride = 0;
  }

  void bind(unsigned i, const ir::Operand& o, unsigned top) {
    using K = ir::OperandKind;
    Slot& s = slot_[i];
    s = Slot{nullptr, 0, false, ir::kNoReg, ir::kNoReg, ir::kNoReg};
    switch (o.kind) {
      case K::Reg:
        s.ptr = regs_.reg(o.a);
        s.stride = 1;
        s.negate = o.negated;
        s.dst = o.a;
        s.src_reg = o.a;
        break;
      case K::RegPair:
        s.ptr = regs_.reg(o.a);
        s.stride = 1;
        s.dst = o.a;
        s.dst2 = o.b;
        s.src_reg = o.a;
        break;
      case K::Sink: constant(i, 0); break;
      case K::ImmInt: constant(i, immediate(o, top)); break;
      case K::ImmF32: constant(i, immediate(o, top)); break;
      case K::ImmF64: constant(i, immediate(o, top)); break;
      case K::Special: {
        if (specials_ >= special_.size()) unsupported("more than two special-register operands");
        auto& lanes = special_[specials_++];
        std::array<std::uint64_t, kWarpSize> raw;
        env.special_lanes(static_cast<ir::SpecialReg>(o.a), o.b, active, raw.data());
        for (unsigned l = 0; l < kWarpSize; ++l) lanes[l] = d.constant(raw[l]);
        s.ptr = lanes.data();
        s.stride = 1;
        break;
      }
      case K::Symbol:
        constant(i, env.symbol_address(o.scope, o.a) + static_cast<std::uint64_t>(o.value));
        break;
      case K::Label: constant(i, static_cast<std::uint64_t>(o.value)); break;
      case K::Address:
      case K::Vector:
        constant(i, 0);  // addresses are evaluated by the memory semantics
        break;
      case K::Function:  // refused before a launch (semantics/launch/executable.hpp)
        unsupported("a function address");
    }
  }

  [[nodiscard]] std::uint64_t immediate(const ir::Operand& o, unsigned top) const {
    const ir::Type t = expected_type(top);
    const auto bits = static_cast<std::uint64_t>(o.value);
    if (t == ir::Type::F32) {
      if (o.kind == ir::OperandKind::ImmF32) return bits;
      const double v = o.kind == ir::OperandKind::ImmF64 ? from_bits<double>(bits)
                                                          : static_cast<double>(o.value);
      return to_bits(static_cast<float>(v));
    }
    if (t == ir::Type::F64) {
      if (o.kind == ir::OperandKind::ImmF64) return bits;
      const double v = o.kind == ir::OperandKind::ImmF32
                           ? static_cast<double>(from_bits<float>(static_cast<std::uint32_t>(bits)))
                           : static_cast<double>(o.value);
      return to_bits(v);
    }
    return bits;
  }

  template <class T, class U>
  [[nodiscard]] static T from_bits(U u) noexcept {
    T t;
    if constexpr (sizeof(T) == 4) {
      const auto w = static_cast<std::uint32_t>(u);
      std::memcpy(&t, &w, 4);
    } else {
      const auto w = static_cast<std::uint64_t>(u);
      std::memcpy(&t, &w, 8);
    }
    return t;
  }
  [[nodiscard]] static std::uint64_t to_bits(float f) noexcept {
    std::uint32_t w;
    std::memcpy(&w, &f, 4);
    return w;
  }
  [[nodiscard]] static std::uint64_t to_bits(double f) noexcept {
    std::uint64_t w;
    std::memcpy(&w, &f, 8);
    return w;
  }

  void write(std::uint32_t r, unsigned lane, V v) {
    if (r == ir::kNoReg) return;
    regs_.reg(r)[lane] = d.fit(v, reg_bits_[r]);
  }

  WarpRegs<D> regs_;
  const unsigned* reg_bits_;
  std::array<Slot, kMaxSlots> slot_;
  std::array<V, kMaxSlots> imm_;
  std::array<std::uint8_t, kMaxSlots> vec_first_;
  std::array<std::array<V, kWarpSize>, 2> special_;
  unsigned specials_ = 0;
};

}  // namespace lockstep::sem
