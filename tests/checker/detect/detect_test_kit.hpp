// Test support for the detection tests: a PTX module built from a kernel
// body (three u64 parameters k_p0..k_p2, registers, a shared array), loaded
// and analysed, with detection run in both modes and helpers to find PCs.
#pragma once

#include <gtest/gtest.h>

#include <algorithm>
#include <optional>
#include <string>

#include "checker/detect/detect.hpp"
#include "checker/detect/point.hpp"
#include "checker/detect/safepdom.hpp"
#include "frontend/analysis/kernel_analysis.hpp"
#include "frontend/load.hpp"
#include "frontend/source.hpp"

namespace lockstep::test {

/// `decls` (module-scope declarations, e.g. of external functions) come
/// before the kernel.
inline std::string detect_kernel(const std::string& body, const std::string& target = "sm_80",
                                 const std::string& decls = "") {
  return ".version 8.0\n.target " + target + "\n.address_size 64\n" + decls +
         ".visible .entry k(.param .u64 k_p0, .param .u64 k_p1, .param .u64 k_p2)\n{\n"
         ".reg .pred %p<16>;\n.reg .b32 %r<32>;\n.reg .b64 %rd<32>;\n"
         ".shared .align 4 .b8 sbuf[256];\n.shared .align 4 .b8 sother[256];\n" +
         body + "\n}\n";
}

struct Detected {
  ir::Module module;
  analysis::KernelAnalysis analysis;

  explicit Detected(ir::Module m) : module(std::move(m)), analysis(analysis::analyze_kernel(module.kernels.at(0))) {}
  static Detected body(const std::string& body, const std::string& target = "sm_80", const std::string& decls = "") {
    return Detected(load_ptx(Source("t.ptx", detect_kernel(body, target, decls))));
  }
  static Detected file(const std::string& rel) {
    return Detected(load_ptx_file(std::string(LOCKSTEP_SOURCE_DIR) + "/" + rel));
  }
  [[nodiscard]] const ir::Kernel& kernel() const { return module.kernels.at(0); }

  [[nodiscard]] checker::KernelDetection run(checker::DetectMode mode, bool noalias = false) const {
    checker::DetectOptions o;
    o.mode = mode;
    o.alias.assume_noalias_params = noalias;
    return checker::detect(module, kernel(), analysis, o);
  }
  [[nodiscard]] checker::KernelDetection thesis() const { return run(checker::DetectMode::Thesis); }
  [[nodiscard]] checker::KernelDetection refined() const { return run(checker::DetectMode::Refined); }
  [[nodiscard]] checker::SafePdoms safe(const checker::KernelDetection& d,
                                        checker::SafeTarget t = checker::SafeTarget::Stack, bool noalias = false) const {
    checker::DetectOptions o;
    o.alias.assume_noalias_params = noalias;
    return checker::safe_pdoms(module, kernel(), analysis, d, o, t);
  }

  /// PC of the label's instruction.
  [[nodiscard]] std::uint32_t label(const std::string& name) const {
    for (const auto& l : kernel().labels)
      if (l.name == name) return l.pc;
    ADD_FAILURE() << "no label " << name;
    return 0;
  }
  /// PC of the n-th (0-based) instruction with the given opcode (and, for
  /// atom, atomic operation).
  [[nodiscard]] std::uint32_t nth(ir::Opcode op, unsigned n = 0, ir::AtomOp aop = ir::AtomOp::None) const {
    for (std::uint32_t pc = 0; pc < kernel().code.size(); ++pc) {
      const auto& in = kernel().code[pc];
      if (in.op == op && (aop == ir::AtomOp::None || in.aop == aop) && n-- == 0) return pc;
    }
    ADD_FAILURE() << "no such instruction";
    return 0;
  }
  /// The loop whose header starts at label `name`.
  [[nodiscard]] std::uint32_t loop_at(const std::string& name) const {
    const std::uint32_t b = kernel().block_of(label(name));
    const std::uint32_t id = analysis.loops.loop_with_header(b);
    EXPECT_NE(id, analysis::kNone) << name << " heads no loop";
    return id;
  }
};

/// `if (tid & 1) lock m1 else lock m2`: a CAS spin loop on a different pointer
/// parameter in each arm of a divergent if, each released before the join
/// (labels T, ELSE, JOIN). Both loops' SafePDom is JOIN for the stack.
inline const char* const kTwoLocksInIfArms = R"(
  ld.param.u64 %rd1, [k_p0];
  ld.param.u64 %rd3, [k_p1];
  cvta.to.global.u64 %rd2, %rd1;
  cvta.to.global.u64 %rd4, %rd3;
  mov.u32 %r1, %tid.x;
  and.b32 %r2, %r1, 1;
  setp.eq.u32 %p1, %r2, 0;
  @%p1 bra ELSE;
T:
  atom.global.cas.b32 %r3, [%rd2], 0, 1;
  setp.ne.s32 %p2, %r3, 0;
  @%p2 bra T;
  atom.global.exch.b32 %r4, [%rd2], 0;
  bra.uni JOIN;
ELSE:
  atom.global.cas.b32 %r5, [%rd4], 0, 1;
  setp.ne.s32 %p3, %r5, 0;
  @%p3 bra ELSE;
  atom.global.exch.b32 %r6, [%rd4], 0;
JOIN:
  ret;)";

/// The PCs of a finding's redefining writes.
inline std::vector<std::uint32_t> write_pcs(const checker::LoopFinding& f) {
  std::vector<std::uint32_t> out;
  for (const auto& w : f.writes) out.push_back(w.pc);
  return out;
}
inline std::vector<std::uint32_t> read_pcs(const checker::LoopFinding& f) {
  std::vector<std::uint32_t> out;
  for (const auto& r : f.reads) out.push_back(r.pc);
  return out;
}

}  // namespace lockstep::test
