// Launches refuse what the static commands accept but nothing can execute:
// a call to an external function, an indirect call, a function address.
// One message at the instruction, before anything runs; other kernels of the
// module, and a module without a kernel, are told apart.
#include <gtest/gtest.h>

#include <string>

#include "frontend/diagnostics.hpp"
#include "frontend/load.hpp"
#include "semantics/launch/executable.hpp"
#include "semantics/launch/launch_setup.hpp"
#include "semantics/spec/launch_spec.hpp"

namespace lockstep::sem {
namespace {

// Kernel `calls` (lines 6-17) makes each refused form; `plain` is fine. An
// instruction's position is where it starts (its guard).
const char* const kPtx = R"(.version 8.0
.target sm_75
.address_size 64
.extern .func (.param .b32 r) ext(.param .b32 a);
.func twice(.param .b32 a) { ret; }
.visible .entry calls(.param .u32 which)
{
  .reg .pred %p<3>;
  .reg .b32 %r<4>;
  .reg .b64 %rd<3>;
  ld.param.u32 %r1, [which];
  setp.eq.u32 %p1, %r1, 0;
  @%p1 mov.u64 %rd1, twice;
  @%p1 call (%r2), ext, (%r1);
  proto: .callprototype _ (.param .b32 _);
  call %rd1, (%r1), proto;
  ret;
}
.visible .entry plain(.param .u32 which)
{
  ret;
}
)";

std::string refusal(const std::string& kernel) {
  const ir::Module m = load_ptx(Source("k.ptx", kPtx));
  const LaunchSpec s = parse_launch_spec("kernel = \"" + kernel + "\"\ngrid = [1]\nblock = [1]\nparams = [{type = "
                                         "\"u32\", value = 0}]\n",
                                         "k.toml", ".");
  try {
    static_cast<void>(prepare_launch(m, s));
  } catch (const InputError& e) {
    return e.what();
  }
  return "no error";
}

TEST(Executable, TheFirstRefusedInstructionIsNamed) {
  EXPECT_EQ(refusal("calls"),
            "k.ptx:13:3: error: the address of function 'twice' is taken: lockstep gives functions no addresses, so "
            "this cannot be executed (the static commands accept it)");
}

TEST(Executable, EachFormHasItsMessage) {
  const ir::Module m = load_ptx(Source("k.ptx", kPtx));
  ir::Kernel k = m.kernels.at(0);
  auto first_error = [&]() -> std::string {
    try {
      require_executable(m, k);
    } catch (const InputError& e) {
      return e.what();
    }
    return "no error";
  };
  auto drop = [&](std::uint32_t pc) {  // make the instruction at pc harmless
    k.code[pc].op = ir::Opcode::Exit;
    k.code[pc].op_count = 0;
  };
  drop(2);  // the mov of the address
  EXPECT_EQ(first_error(),
            "k.ptx:14:3: error: call to external function 'ext' has no body: it cannot be executed (the static "
            "commands accept it)");
  drop(3);
  EXPECT_EQ(first_error(),
            "k.ptx:16:3: error: indirect call through '%rd1': its target is unknown, so it cannot be executed (the "
            "static commands accept it)");
  drop(4);
  EXPECT_EQ(first_error(), "no error");
}

TEST(Executable, OtherKernelsOfTheModuleLaunch) { EXPECT_EQ(refusal("plain"), "no error"); }

TEST(Executable, AModuleWithoutKernels) {
  const ir::Module m = load_ptx(Source("lib.ptx", ".version 8.0\n.target sm_75\n.func f() { ret; }\n"));
  const LaunchSpec s = parse_launch_spec("grid = [1]\nblock = [1]\n", "k.toml", ".");
  try {
    static_cast<void>(prepare_launch(m, s));
    ADD_FAILURE() << "no error";
  } catch (const InputError& e) {
    EXPECT_EQ(std::string(e.what()),
              "lib.ptx: error: no kernels: the file declares no .entry (device functions are analysed and run only "
              "inlined into a kernel that calls them)");
  }
}

}  // namespace
}  // namespace lockstep::sem
