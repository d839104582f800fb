// Test harness for the memory semantics: a one-kernel module from a PTX
// text, its memory (global memory, layout, one block's shared space, one
// .local space per lane, the .const and .param images) and one warp's
// register file, executing instructions with exec_memory over
// Lanes<ConcreteDomain>.
//
//   MemWarp w(mem_kernel("ld.global.u32 %r1, [%rd1];"));
//   const std::uint64_t buf = w.alloc(16, "buf");
//   w.gwrite(buf, 4, 42);
//   w.set("%rd1", 0, buf);
//   w.exec(0, 0x1);                       // pc 0, lane 0
//   EXPECT_EQ(w.get("%r1", 0), 42U);
//
// mem_kernel registers: %p<8> (.pred), %rs<8> (.b16), %r<16> (.b32),
// %rd<16> (.b64), %f<8> (.f32), %fd<4> (.f64); entry parameters
// k_ptr (.u64) and k_n (.u32); module declarations go before the entry.
#pragma once

#include <array>
#include <bit>
#include <cstdint>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "frontend/ir/module.hpp"
#include "frontend/load.hpp"
#include "frontend/source.hpp"
#include "semantics/exec/exec_memory.hpp"
#include "semantics/exec/lanes.hpp"
#include "semantics/memory/layout.hpp"
#include "semantics/memory/memory_port.hpp"
#include "semantics/value/concrete_domain.hpp"

namespace lockstep::test {

inline std::string mem_kernel(const std::string& body, const std::string& decls = "", unsigned address_size = 64) {
  return ".version 8.0\n.target sm_90\n.address_size " + std::to_string(address_size) + "\n" + decls +
         "\n.visible .entry k(.param .u64 k_ptr, .param .u32 k_n)\n{\n"
         ".reg .pred %p<8>;\n.reg .b16 %rs<8>;\n.reg .b32 %r<16>;\n.reg .b64 %rd<16>;\n"
         ".reg .f32 %f<8>;\n.reg .f64 %fd<4>;\n" +
         body + "\n}\n";
}

/// Special registers: %laneid = lane, %tid.x = lane; symbols from the layout.
class LayoutEnv final : public sem::LaneEnv {
 public:
  explicit LayoutEnv(const sem::MemoryLayout& layout) : layout_(layout) {}
  [[nodiscard]] std::uint64_t special(ir::SpecialReg r, std::uint32_t component, unsigned lane) const override {
    if (r == ir::SpecialReg::Laneid || (r == ir::SpecialReg::Tid && component == 1)) return lane;
    return 0;
  }
  [[nodiscard]] std::uint64_t symbol_address(ir::SymScope scope, std::uint32_t var) const override {
    return layout_.symbol_address(scope, var);
  }
  [[nodiscard]] ir::Space symbol_space(ir::SymScope scope, std::uint32_t var) const override {
    return layout_.symbol_space(scope, var);
  }

 private:
  const sem::MemoryLayout& layout_;
};

class MemWarp {
 public:
  explicit MemWarp(const std::string& text, std::uint64_t dynamic_shared = 0)
      : source_("t.ptx", text), module_(load_ptx(source_)), map(sem::AddressMap::for_module(module_)),
        global(map.global_base(), map.global_limit()),
        layout(module_, module_.kernels.at(0), global, map, dynamic_shared), env_(layout),
        shared(layout.new_shared()), constant(layout.const_image()), params(layout.new_params()) {
    for (auto& l : locals) l = layout.new_local();
    for (const auto& r : kernel().regs) bits_.push_back(ir::bit_width(r.type));
    bits_.push_back(1);
    regs_.assign(bits_.size() * sem::kWarpSize, 0);
  }
  MemWarp(const MemWarp&) = delete;
  MemWarp& operator=(const MemWarp&) = delete;

  [[nodiscard]] const ir::Module& module() const { return module_; }
  [[nodiscard]] const ir::Kernel& kernel() const { return module_.kernels.at(0); }

  [[nodiscard]] std::uint32_t id(const std::string& name) const {
    const auto& regs = kernel().regs;
    for (std::size_t i = 0; i < regs.size(); ++i) {
      if (regs[i].name == name) return static_cast<std::uint32_t>(i);
    }
    throw std::invalid_argument("no register " + name);
  }
  void set(const std::string& name, unsigned lane, std::uint64_t v) {
    const std::uint32_t r = id(name);
    regs_[std::size_t{r} * sem::kWarpSize + lane] = sem::ConcreteDomain::fit(v, bits_[r]);
  }
  void set_all(const std::string& name, std::uint64_t v) {
    for (unsigned l = 0; l < sem::kWarpSize; ++l) set(name, l, v);
  }
  [[nodiscard]] std::uint64_t get(const std::string& name, unsigned lane) const {
    return regs_[std::size_t{id(name)} * sem::kWarpSize + lane];
  }

  /// The memory port of this warp (as the launch state builds it).
  [[nodiscard]] sem::MemoryPort port() {
    sem::MemoryPort p;
    p.global = &global;
    p.shared = &shared;
    for (unsigned l = 0; l < sem::kWarpSize; ++l) p.local[l] = &locals[l];
    p.constant = &constant;
    p.param = &params;
    p.map = &map;
    p.layout = &layout;
    return p;
  }
  /// Runs exec_memory on instruction pc for the lanes of `active`.
  bool exec(std::uint32_t pc = 0, sem::Mask active = 1) {
    sem::Lanes<sem::ConcreteDomain> L(dom_, kernel(), pc, active, sem::WarpRegs<sem::ConcreteDomain>{regs_.data()},
                                      env_, bits_.data());
    sem::MemoryPort p = port();
    return sem::exec_memory(L, p);
  }
  /// Runs every instruction but the final `ret` in order.
  void run_all(sem::Mask active = 1) {
    for (std::uint32_t pc = 0; pc < kernel().code.size(); ++pc) {
      if (kernel().code[pc].op == ir::Opcode::Ret) continue;
      if (!exec(pc, active)) throw std::logic_error("instruction not handled by exec_memory");
    }
  }

  /// Allocates a global buffer.
  std::uint64_t alloc(std::uint64_t size, const std::string& name, std::uint64_t align = 256) {
    return global.allocate(size, align, name);
  }
  /// Little-endian reads and writes of n <= 8 bytes.
  [[nodiscard]] std::uint64_t gread(std::uint64_t addr, unsigned n) const {
    std::uint8_t b[8] = {};
    global.read(addr, n, b);
    return le(b, n);
  }
  void gwrite(std::uint64_t addr, unsigned n, std::uint64_t v) {
    std::uint8_t b[8] = {};
    put(b, n, v);
    global.write(addr, n, b);
  }
  [[nodiscard]] static std::uint64_t sread(const sem::SpaceMemory& m, std::uint64_t off, unsigned n) {
    std::uint8_t b[8] = {};
    m.read(off, n, b);
    return le(b, n);
  }
  static void swrite(sem::SpaceMemory& m, std::uint64_t off, unsigned n, std::uint64_t v) {
    std::uint8_t b[8] = {};
    put(b, n, v);
    m.write(off, n, b);
  }
  /// Placement of a kernel variable / module variable by name.
  [[nodiscard]] const sem::Placement& kvar(const std::string& name) const {
    const auto& vars = kernel().vars;
    for (std::uint32_t i = 0; i < vars.size(); ++i) {
      if (vars[i].name == name) return layout.placement(ir::SymScope::Kernel, i);
    }
    throw std::invalid_argument("no kernel variable " + name);
  }
  [[nodiscard]] const sem::Placement& mvar(const std::string& name) const {
    const auto& vars = module_.globals;
    for (std::uint32_t i = 0; i < vars.size(); ++i) {
      if (vars[i].name == name) return layout.placement(ir::SymScope::Module, i);
    }
    throw std::invalid_argument("no module variable " + name);
  }

 private:
  static std::uint64_t le(const std::uint8_t* b, unsigned n) {
    std::uint64_t v = 0;
    for (unsigned i = 0; i < n; ++i) v |= std::uint64_t{b[i]} << (8 * i);
    return v;
  }
  static void put(std::uint8_t* b, unsigned n, std::uint64_t v) {
    for (unsigned i = 0; i < n; ++i) b[i] = static_cast<std::uint8_t>(v >> (8 * i));
  }

  Source source_;
  ir::Module module_;

 public:
  sem::AddressMap map;
  sem::GlobalMemory global;
  sem::MemoryLayout layout;

 private:
  LayoutEnv env_;

 public:
  sem::SpaceMemory shared;
  sem::SpaceMemory constant;
  sem::SpaceMemory params;
  std::array<sem::SpaceMemory, sem::kWarpSize> locals;

 private:
  sem::ConcreteDomain dom_;
  std::vector<unsigned> bits_;
  std::vector<std::uint64_t> regs_;
};

/// Runs `f` and returns the MemoryFault it throws (fails the test if none).
template <class F>
sem::MemoryFault expect_fault(F&& f) {
  try {
    f();
  } catch (const sem::MemoryFault& e) {
    return e;
  }
  ADD_FAILURE() << "no MemoryFault";
  return sem::MemoryFault(sem::FaultKind::OutOfBounds, ir::Space::None, 0, 0, sem::AccessKind::Read, "none");
}

/// The bits of a host float / double.
inline std::uint64_t fbits(float f) { return std::bit_cast<std::uint32_t>(f); }
inline std::uint64_t dbits(double d) { return std::bit_cast<std::uint64_t>(d); }

}  // namespace lockstep::test
