// Test harness for the integer and warp instruction semantics: builds a
// one-kernel module from a few PTX instructions and executes them with
// Lanes<ConcreteDomain> over a hand-made warp register file.
//
//   Warp w("add.s32 %r1, %r2, %r3;");
//   w.set("%r2", 0, 5); w.set("%r3", 0, 7);
//   w.exec_int(0, 0x1);                 // pc 0, lane 0
//   EXPECT_EQ(w.get("%r1", 0), 12U);
//
// Registers every test may use: %p0..%p7 (.pred), %h0..%h7 (.b16),
// %r0..%r15 (.b32), %rd0..%rd7 (.b64), %f0..%f7 (.f32), %fd0..%fd3 (.f64);
// a variable `gbuf` (.global) for address moves.
#pragma once

#include <gtest/gtest.h>

#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

#include "frontend/ir/module.hpp"
#include "frontend/load.hpp"
#include "frontend/source.hpp"
#include "semantics/exec/exec_int.hpp"
#include "semantics/exec/exec_warp.hpp"
#include "semantics/exec/lanes.hpp"
#include "semantics/value/concrete_domain.hpp"

namespace lockstep::test {

inline std::string int_kernel(const std::string& body) {
  return ".version 8.0\n.target sm_90\n.address_size 64\n"
         ".global .align 8 .b8 gbuf[64];\n"
         ".visible .entry k()\n{\n"
         ".reg .pred %p<8>;\n.reg .b16 %h<8>;\n.reg .b32 %r<16>;\n.reg .b64 %rd<8>;\n"
         ".reg .f32 %f<8>;\n.reg .f64 %fd<4>;\n" +
         body + "\n}\n";
}

/// Special registers: %laneid = lane, %tid.x = 100 + lane, others 7;
/// variable addresses 0x10000 + 0x100 * index.
class TestEnv final : public sem::LaneEnv {
 public:
  [[nodiscard]] std::uint64_t special(ir::SpecialReg r, std::uint32_t component, unsigned lane) const override {
    if (r == ir::SpecialReg::Laneid) return lane;
    if (r == ir::SpecialReg::Tid && component == 1) return 100U + lane;
    return 7;
  }
  [[nodiscard]] std::uint64_t symbol_address(ir::SymScope, std::uint32_t var) const override {
    return 0x10000U + 0x100U * std::uint64_t{var};
  }
  [[nodiscard]] ir::Space symbol_space(ir::SymScope, std::uint32_t) const override { return ir::Space::Global; }
};

class Warp {
 public:
  explicit Warp(const std::string& body) : source_("t.ptx", int_kernel(body)), module_(load_ptx(source_)) {
    for (const auto& r : kernel().regs) bits_.push_back(ir::bit_width(r.type));
    bits_.push_back(1);  // the carry flag
    regs_.assign(bits_.size() * sem::kWarpSize, 0);
  }

  [[nodiscard]] const ir::Kernel& kernel() const { return module_.kernels.at(0); }
  [[nodiscard]] std::size_t size() const { return kernel().code.size(); }

  /// Register id of `name`; the frontend numbers only registers the body uses.
  [[nodiscard]] std::uint32_t id(const std::string& name) const {
    const auto& regs = kernel().regs;
    for (std::size_t i = 0; i < regs.size(); ++i) {
      if (regs[i].name == name) return static_cast<std::uint32_t>(i);
    }
    throw std::invalid_argument("no register " + name);
  }
  [[nodiscard]] bool has(const std::string& name) const {
    for (const auto& r : kernel().regs) {
      if (r.name == name) return true;
    }
    return false;
  }
  [[nodiscard]] unsigned bits(const std::string& name) const { return bits_[id(name)]; }

  /// Sets a register of one lane (ignored for a register the body does not use).
  void set(const std::string& name, unsigned lane, std::uint64_t v) {
    if (!has(name)) return;
    const std::uint32_t r = id(name);
    regs_[std::size_t{r} * sem::kWarpSize + lane] = sem::ConcreteDomain::fit(v, bits_[r]);
  }
  void set_all(const std::string& name, std::uint64_t v) {
    for (unsigned l = 0; l < sem::kWarpSize; ++l) set(name, l, v);
  }
  [[nodiscard]] std::uint64_t get(const std::string& name, unsigned lane) const {
    return regs_[std::size_t{id(name)} * sem::kWarpSize + lane];
  }
  [[nodiscard]] std::uint64_t carry(unsigned lane) const { return regs_[(bits_.size() - 1) * sem::kWarpSize + lane]; }
  void set_carry(unsigned lane, std::uint64_t v) { regs_[(bits_.size() - 1) * sem::kWarpSize + lane] = v & 1U; }

  /// Runs exec_int on instruction pc for the lanes of `active`.
  bool exec_int(std::uint32_t pc = 0, sem::Mask active = 1) {
    sem::Lanes<sem::ConcreteDomain> L(dom_, kernel(), pc, active, sem::WarpRegs<sem::ConcreteDomain>{regs_.data()},
                                      env_, bits_.data());
    return sem::exec_int(L);
  }
  /// Runs exec_warp on instruction pc with the participating lanes `active`.
  bool exec_warp(std::uint32_t pc = 0, sem::Mask active = sem::kFullMask) {
    sem::Lanes<sem::ConcreteDomain> L(dom_, kernel(), pc, active, sem::WarpRegs<sem::ConcreteDomain>{regs_.data()},
                                      env_, bits_.data());
    return sem::exec_warp(L);
  }
  /// Runs every instruction in order with exec_int (each must be handled,
  /// except the `ret` the frontend appends at the end of the body).
  void run_all(sem::Mask active = 1) {
    for (std::uint32_t pc = 0; pc < size(); ++pc) {
      if (kernel().code[pc].op == ir::Opcode::Ret) continue;
      if (!exec_int(pc, active)) throw std::logic_error("instruction not handled by exec_int");
    }
  }

 private:
  Source source_;
  ir::Module module_;
  sem::ConcreteDomain dom_;
  TestEnv env_;
  std::vector<unsigned> bits_;
  std::vector<std::uint64_t> regs_;
};

/// One instruction on lane 0: sets the given registers, executes, returns `out`.
struct In {
  std::string reg;
  std::uint64_t value;
};
inline std::uint64_t eval1(const std::string& instr, std::initializer_list<In> inputs, const std::string& out) {
  Warp w(instr);
  for (const In& i : inputs) w.set(i.reg, 0, i.value);
  if (!w.exec_int(0, 1)) throw std::logic_error("not handled: " + instr);
  return w.get(out, 0);
}

/// The 64-bit value of a signed number as register bits of width w.
inline std::uint64_t bits_of(std::int64_t v, unsigned w) {
  return sem::ConcreteDomain::fit(static_cast<std::uint64_t>(v), w);
}

}  // namespace lockstep::test
