// What a timing model needs to know about each instruction of a kernel,
// decoded once per kernel and looked up by PC: the registers it reads and
// writes (for a scoreboard and register-bank conflicts), the pipeline it
// runs on, its latency class and its role (load, store, branch, barrier,
// exit, ...). The dynamic part of a step is the StepReport
// (step_report.hpp).
//
// The classes follow GPGPU-Sim's decode (`ptx_instruction::
// set_opcode_and_latency`), so that the `-ptx_opcode_latency_*` and
// `-ptx_opcode_initiation_*` options mean what they mean there:
//
//   add sub addc subc        f32/f16/bf16: FpAdd on SP; f64: DpAdd on DP; integer: IntAdd (ALU)
//   min max                  FpMax / DpMax / IntMax
//   mul mul24                FpMul / DpMul / IntMul
//   mad madc mad24 fma       FpMad / DpMad / IntMad (GPGPU-Sim 4.0 gives fma the default
//                            1 cycle; lockstep's configuration documents MAD as covering fma)
//   div rem                  FpDiv / DpDiv / IntDiv, on the SFU (rem: lockstep's choice; GPGPU-Sim
//                            leaves it at the default)
//   sqrt rsqrt rcp sin cos   Sfu, on the SFU
//   ex2 lg2 tanh
//   shfl                     IntShfl (ALU)
//   ld ldu st atom red       the LD/ST unit (Mem); membar and fence too (GPGPU-Sim's
//   prefetch membar fence    MEMORY_BARRIER_OP)
//   everything else          ALU, 1 cycle at an interval of 1 (moves, logic, compares,
//                            conversions, selects, branches, barriers, exit, warp-level,
//                            printf)
//
// A 16-bit or packed float type counts as f32 (GPGPU-Sim files them under
// integer). Registers are the kernel's register ids; the carry flag of
// `.cc` instructions is register id regs.size() (as in LaunchSetup::reg_bits).
// Memory pseudo registers are left out: memory dependences are the memory
// system's business.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "frontend/ir/kernel.hpp"

namespace lockstep::sem {

/// Where an instruction executes (GPGPU-Sim's op categories).
enum class PipeClass : std::uint8_t {
  Alu,     ///< ALU_OP and INTP_OP: the SP units, or the INT units when the GPU has them
  Sp,      ///< SP_OP: single-precision arithmetic, always on the SP units
  Dp,      ///< DP_OP: double precision, on the DP units, or the SFU when there are none
  Sfu,     ///< SFU_OP: divisions and transcendental functions
  Tensor,  ///< TENSOR_CORE_OP (no PTX instruction lockstep executes decodes to it today)
  Mem,     ///< LOAD_OP, STORE_OP, MEMORY_BARRIER_OP: the LD/ST unit
};

/// Latency and initiation classes, in the order of sim::OpClass (the
/// configuration's `[core.ops]`), plus the fixed one-cycle class.
enum class LatencyClass : std::uint8_t {
  IntAdd, IntMax, IntMul, IntMad, IntDiv, IntShfl,
  FpAdd, FpMax, FpMul, FpMad, FpDiv,
  DpAdd, DpMax, DpMul, DpMad, DpDiv,
  Sfu, Tensor,
  Fixed1,  ///< everything else: latency 1, initiation interval 1
};
inline constexpr std::size_t kLatencyClassCount = 19;

/// What the instruction is, for the parts of a pipeline that care.
enum class InstrRole : std::uint8_t {
  Compute,  ///< produces register results on an ALU, SP, DP or SFU unit
  Load,     ///< ld, ldu
  Store,    ///< st
  Atomic,   ///< atom, red
  Prefetch, ///< prefetch, prefetchu: computes addresses, touches no memory
  Fence,    ///< membar, fence
  Branch,   ///< bra, brx.idx
  Barrier,  ///< bar.sync, bar.arrive, bar.red, barrier.*
  WarpSync, ///< bar.warp.sync and the .sync warp-level instructions
  Exit,     ///< exit, ret
  Other,    ///< trap, brkpt, nanosleep, pmevent, printf, assertions, TM markers
};

struct TimingInstr {
  PipeClass pipe = PipeClass::Alu;
  LatencyClass latency = LatencyClass::Fixed1;
  InstrRole role = InstrRole::Compute;
  ir::Space space = ir::Space::None;  ///< memory instructions: the space they name
  std::uint32_t src_begin = 0;        ///< first source register in TimingDecode's register list
  std::uint32_t dst_begin = 0;        ///< first destination register
  std::uint8_t src_count = 0;
  std::uint8_t dst_count = 0;
  bool setp = false;      ///< a setp: DDOS profiles its operands (StepReport::compared)
  bool backward = false;  ///< a bra whose target is at or before it (a loop's back edge)
};

class TimingDecode {
 public:
  TimingDecode() = default;
  explicit TimingDecode(const ir::Kernel& kernel);

  [[nodiscard]] std::uint32_t size() const noexcept { return static_cast<std::uint32_t>(instrs_.size()); }
  [[nodiscard]] const TimingInstr& at(std::uint32_t pc) const noexcept { return instrs_[pc]; }
  /// Registers the instruction at pc reads (its guard, sources, address bases, carry), distinct.
  [[nodiscard]] std::span<const std::uint32_t> sources(std::uint32_t pc) const noexcept {
    const TimingInstr& t = instrs_[pc];
    return {regs_.data() + t.src_begin, t.src_count};
  }
  /// Registers it writes, distinct.
  [[nodiscard]] std::span<const std::uint32_t> destinations(std::uint32_t pc) const noexcept {
    const TimingInstr& t = instrs_[pc];
    return {regs_.data() + t.dst_begin, t.dst_count};
  }
  /// Register ids in use: the kernel's registers and the carry flag.
  [[nodiscard]] std::uint32_t register_count() const noexcept { return register_count_; }

 private:
  std::vector<TimingInstr> instrs_;
  std::vector<std::uint32_t> regs_;
  std::uint32_t register_count_ = 0;
};

/// The pipe, latency class and role of one instruction (without registers).
[[nodiscard]] TimingInstr timing_class(const ir::Instr& in) noexcept;

}  // namespace lockstep::sem
