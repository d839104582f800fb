// Test kit for the floating-point and conversion semantics: a one-instruction
// PTX kernel, a warp register file in the concrete domain, and a run of the
// instruction through exec_float / exec_cvt on chosen lanes.
//
//   Kit k("add.rn.f32 %f1, %f2, %f3;");
//   k.set("%f2", bits(1.5f)); k.set("%f3", bits(2.0f));
//   k.run();
//   EXPECT_EQ(k.get("%f1"), bits(3.5f));
//
// Registers available in every kit: %p0..7 (pred), %h0..7 (b16), %r0..7
// (b32), %rd0..7 (b64), %f0..7 (f32), %fd0..7 (f64).
#pragma once

#include <gtest/gtest.h>

#include <bit>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

#include "frontend/ir/module.hpp"
#include "frontend/ir/types.hpp"
#include "frontend/load.hpp"
#include "frontend/source.hpp"
#include "semantics/exec/exec_cvt.hpp"
#include "semantics/exec/exec_float.hpp"
#include "semantics/value/concrete_domain.hpp"

namespace lockstep::test {

[[nodiscard]] inline std::uint64_t bits(float f) { return std::bit_cast<std::uint32_t>(f); }
[[nodiscard]] inline std::uint64_t bits(double d) { return std::bit_cast<std::uint64_t>(d); }
[[nodiscard]] inline float as_f32(std::uint64_t b) { return std::bit_cast<float>(static_cast<std::uint32_t>(b)); }
[[nodiscard]] inline double as_f64(std::uint64_t b) { return std::bit_cast<double>(b); }

class NullEnv final : public sem::LaneEnv {
 public:
  [[nodiscard]] std::uint64_t special(ir::SpecialReg, std::uint32_t, unsigned) const override { return 0; }
  [[nodiscard]] std::uint64_t symbol_address(ir::SymScope, std::uint32_t) const override { return 0; }
  [[nodiscard]] ir::Space symbol_space(ir::SymScope, std::uint32_t) const override { return ir::Space::Global; }
};

class Kit {
 public:
  explicit Kit(const std::string& instr)
      : module_(load_ptx(Source("t.ptx", text(instr)))), kernel_(module_.kernels.at(0)) {
    const std::size_t n = kernel_.regs.size();
    regs_.assign((n + 1) * sem::kWarpSize, 0);
    bits_.resize(n + 1);
    for (std::size_t i = 0; i < n; ++i) bits_[i] = ir::bit_width(kernel_.regs[i].type);
    bits_[n] = 1;
  }

  [[nodiscard]] const ir::Instr& instr() const { return kernel_.code.at(0); }

  void set(const std::string& reg, std::uint64_t v, unsigned lane = 0) {
    const std::uint32_t r = id(reg);
    regs_[r * sem::kWarpSize + lane] = sem::ConcreteDomain::fit(v, bits_[r]);
  }
  [[nodiscard]] std::uint64_t get(const std::string& reg, unsigned lane = 0) const {
    return regs_[id(reg) * sem::kWarpSize + lane];
  }

  /// Executes the instruction on `active`; true when a handler took it.
  bool run(sem::Mask active = sem::kFullMask) { return run_float(active) || run_cvt(active); }
  /// Only exec_float / only exec_cvt.
  bool run_float(sem::Mask active = sem::kFullMask) {
    return with_lanes(active, [](auto& lanes) { return sem::exec_float(lanes); });
  }
  bool run_cvt(sem::Mask active = sem::kFullMask) {
    return with_lanes(active, [](auto& lanes) { return sem::exec_cvt(lanes); });
  }

 private:
  template <class F>
  bool with_lanes(sem::Mask active, F&& f) {
    sem::ConcreteDomain dom;
    sem::Lanes<sem::ConcreteDomain> lanes(dom, kernel_, 0, active, sem::WarpRegs<sem::ConcreteDomain>{regs_.data()},
                                          env_, bits_.data());
    return f(lanes);
  }
  static std::string text(const std::string& instr) {
    return ".version 8.0\n.target sm_90\n.address_size 64\n.visible .entry k()\n{\n"
           ".reg .pred %p<8>;\n.reg .b16 %h<8>;\n.reg .b32 %r<8>;\n.reg .b64 %rd<8>;\n"
           ".reg .f32 %f<8>;\n.reg .f64 %fd<8>;\n" +
           instr + "\nret;\n}\n";
  }
  [[nodiscard]] std::uint32_t id(const std::string& reg) const {
    for (std::size_t i = 0; i < kernel_.regs.size(); ++i) {
      if (kernel_.regs[i].name == reg) return static_cast<std::uint32_t>(i);
    }
    throw std::runtime_error("no register " + reg);
  }

  ir::Module module_;
  const ir::Kernel& kernel_;
  NullEnv env_;
  std::vector<std::uint64_t> regs_;
  std::vector<unsigned> bits_;
};

/// Runs a unary instruction `op %out, %in` on lane 0 and returns %out.
inline std::uint64_t run1(const std::string& instr, const std::string& in, std::uint64_t a,
                          const std::string& out) {
  Kit k(instr);
  k.set(in, a);
  EXPECT_TRUE(k.run()) << instr;
  return k.get(out);
}

/// Runs `instr` with sources `%x1, %x2[, %x3]` given in order (names in `srcs`).
inline std::uint64_t runn(const std::string& instr, const std::vector<std::string>& srcs,
                          const std::vector<std::uint64_t>& vals, const std::string& out) {
  Kit k(instr);
  for (std::size_t i = 0; i < srcs.size(); ++i) k.set(srcs[i], vals.at(i));
  EXPECT_TRUE(k.run()) << instr;
  return k.get(out);
}

/// f32 binary op on lane 0: `<op> %f1, %f2, %f3`.
inline std::uint64_t f32op(const std::string& op, float a, float b) {
  return runn(op + " %f1, %f2, %f3;", {"%f2", "%f3"}, {bits(a), bits(b)}, "%f1");
}
/// f64 binary op on lane 0: `<op> %fd1, %fd2, %fd3`.
inline std::uint64_t f64op(const std::string& op, double a, double b) {
  return runn(op + " %fd1, %fd2, %fd3;", {"%fd2", "%fd3"}, {bits(a), bits(b)}, "%fd1");
}

}  // namespace lockstep::test
