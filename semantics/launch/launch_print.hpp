// LaunchState: device printf (`vprintf`) and `__assertfail`.
//
// vprintf(format, args): per executing lane in ascending lane order, the
// format string is read from the generic address in the format argument and
// the arguments from the buffer at the generic address in the second one;
// the text is appended to the launch's output. The call's result (the number
// of arguments, as CUDA documents) goes to its return variable.
#pragma once

#include <string>

#include <fmt/format.h>

#include "semantics/exec/lane_faults.hpp"
#include "semantics/launch/launch_state.hpp"
#include "semantics/memory/memory_port.hpp"
#include "semantics/spec/printf_format.hpp"

namespace lockstep::sem {

namespace detail {

/// Reads through generic addresses of one lane.
class LanePrintfArgs final : public PrintfArgs {
 public:
  LanePrintfArgs(const MemoryPort& p, unsigned lane, std::uint64_t base) : p_(p), lane_(lane), base_(base) {}
  [[nodiscard]] std::uint64_t read(std::uint64_t offset, unsigned size) const override {
    return p_.load(p_.resolve(ir::Space::Generic, base_ + offset), lane_, size);
  }
  [[nodiscard]] std::string read_string(std::uint64_t address) const override {
    std::string s;
    for (std::uint64_t i = 0; i < (1U << 16); ++i) {  // strings are cut at 64 KiB
      const auto c = static_cast<char>(p_.load(p_.resolve(ir::Space::Generic, address + i), lane_, 1));
      if (c == '\0') break;
      s.push_back(c);
    }
    return s;
  }

 private:
  const MemoryPort& p_;
  unsigned lane_;
  std::uint64_t base_;
};

/// The value stored in a call-argument variable (operand i of a Print/AssertFail) for one lane.
inline std::uint64_t call_argument(const MemoryPort& p, const LaunchSetup& s, const ir::Operand& o, unsigned lane,
                                   unsigned size) {
  if (o.kind != ir::OperandKind::Symbol) return 0;
  const std::uint64_t at = s.layout->symbol_address(o.scope, o.a) + static_cast<std::uint64_t>(o.value);
  return p.load(p.resolve(s.layout->symbol_space(o.scope, o.a), at), lane, size);
}

}  // namespace detail

template <DivergenceModel M, class D>
void LaunchState<M, D>::print(std::uint32_t w, std::uint32_t pc, Mask g) {
  const ir::Kernel& k = *setup_->kernel;
  MemoryPort p = port(w);
  const unsigned ab = setup_->module->address_size / 8;
  const ir::Instr& in = k.code[pc];
  if (in.op_count < 2) throw ExecError("vprintf call without a format argument");
  const ir::Operand& fmt_op = k.op(pc, in.op_count >= 3 ? 1 : 0);
  const ir::Operand* args_op = in.op_count >= 3 ? &k.op(pc, 2) : nullptr;
  for_each_lane_noting_faults(g, [&](unsigned l) {
    const std::uint64_t fmt_addr = detail::call_argument(p, *setup_, fmt_op, l, ab);
    const std::uint64_t args = args_op != nullptr ? detail::call_argument(p, *setup_, *args_op, l, ab) : 0;
    const detail::LanePrintfArgs reader(p, l, args);
    output_ += format_device_printf(reader.read_string(fmt_addr), reader, ab);
    const ir::Operand& ret = k.op(pc, 0);
    if (in.op_count >= 3 && ret.kind == ir::OperandKind::Symbol) {
      const std::uint64_t at = setup_->layout->symbol_address(ret.scope, ret.a) + static_cast<std::uint64_t>(ret.value);
      const std::uint64_t n = 0;
      p.store(p.resolve(setup_->layout->symbol_space(ret.scope, ret.a), at), l, 4, n);
    }
  });
}

template <DivergenceModel M, class D>
void LaunchState<M, D>::assert_fail(std::uint32_t w, std::uint32_t pc, Mask g) {
  const ir::Kernel& k = *setup_->kernel;
  MemoryPort p = port(w);
  const unsigned ab = setup_->module->address_size / 8;
  const unsigned l = lowest_lane(g);
  std::string what = "assertion failed";
  if (k.code[pc].op_count >= 4) {
    const detail::LanePrintfArgs reader(p, l, 0);
    const std::string msg = reader.read_string(detail::call_argument(p, *setup_, k.op(pc, 0), l, ab));
    const std::string file = reader.read_string(detail::call_argument(p, *setup_, k.op(pc, 1), l, ab));
    const std::uint64_t line = detail::call_argument(p, *setup_, k.op(pc, 2), l, 4);
    what = fmt::format("assertion `{}` failed at {}:{}", msg, file, line);
  }
  fail(w, pc, g, "assertion", what);
}

}  // namespace lockstep::sem
