#include "frontend/ir/opcode.hpp"

#include <array>
#include <cstddef>

namespace lockstep::ir {
namespace {

constexpr std::size_t kOpcodeCount = static_cast<std::size_t>(Opcode::Count_);

// Indexed by Opcode; IR-only opcodes have the name of the function they call.
constexpr std::array<std::string_view, kOpcodeCount> kNames{{
    "add", "sub", "mul", "mad", "mul24", "mad24", "sad", "div", "rem", "abs", "neg", "min", "max",
    "addc", "subc", "madc",
    "fma", "rcp", "sqrt", "rsqrt", "sin", "cos", "lg2", "ex2", "tanh", "testp", "copysign",
    "popc", "clz", "bfind", "fns", "brev", "bfe", "bfi", "prmt", "dp4a", "dp2a", "bmsk", "szext",
    "and", "or", "xor", "not", "cnot", "lop3", "shf", "shl", "shr",
    "set", "setp", "selp", "slct",
    "mov", "ld", "ldu", "st", "prefetch", "prefetchu", "isspacep", "cvta", "cvt", "cvt.pack",
    "atom", "red",
    "vote", "shfl", "match", "activemask", "redux",
    "bar", "bar.warp", "membar", "fence",
    "bra", "brx.idx", "ret", "exit", "trap", "brkpt", "nanosleep", "pmevent", "call",
    "__tbegin", "__tcommit", "__tabort", "vprintf", "__assertfail",
}};

}  // namespace

std::string_view opcode_name(Opcode op) noexcept {
  const auto i = static_cast<std::size_t>(op);
  return i < kOpcodeCount ? kNames[i] : std::string_view{};
}

std::optional<Opcode> parse_opcode(std::string_view s) noexcept {
  for (std::size_t i = 0; i < kOpcodeCount; ++i) {
    if (kNames[i] == s) return static_cast<Opcode>(i);
  }
  return std::nullopt;
}

}  // namespace lockstep::ir
