// Launch specifications: what a `launch.toml` file says about one launch.
//
// Format (TOML; every key not listed here is an error, at any level):
//
//   kernel = "_Z3fooPi"        # optional: entry name; may be left out when the
//                              # module has one kernel (resolved later)
//   grid = [2]                 # 1..3 positive integers, missing dims are 1;
//                              # x <= 2^31-1, y, z <= 65535
//   block = [32, 2]            # 1..3 positive integers; x, y <= 1024, z <= 64,
//                              # x*y*z <= 1024
//   shared_bytes = 512         # optional dynamic shared memory, 0..233472 (228 KiB)
//   registers = 18             # optional, 1..255: registers per thread as ptxas
//                              # reports them ("Used 18 registers"); only `sim`
//                              # uses it (occupancy); default: lockstep's estimate
//   cooperative = true         # optional, default false: a cooperative launch
//                              # (cudaLaunchCooperativeKernel): every block is
//                              # co-resident and the runtime provides the
//                              # grid-synchronisation workspace that %envreg1
//                              # (high 32 bits) and %envreg2 (low) point at
//   params = ["out", {type = "s32", value = 5}]   # optional, in order: a buffer
//                              # name (its device address) or a scalar
//                              # {type = "s32", symbolic = true, name = "n",
//                              #  min = 0, max = 63}: a symbolic input (for
//                              # `verify`; name defaults to param<i>; min/max
//                              # optional, inclusive, in the type; no value)
//   [[buffer]]                 # any number of buffers
//   name = "out"               # identifier ([A-Za-z_][A-Za-z0-9_]*), unique
//   type = "s32"               # u8 u16 u32 u64 s8 s16 s32 s64 f16 f32 f64
//   count = 32                 # >= 1; optional when init is an inline array
//   init = "zeros"             # optional, default "zeros"; see buffer_init.hpp;
//                              # "symbolic": every element an input name[i]
//   min = -8                   # optional with init = "symbolic" only: an
//   max = 8                    #   inclusive range of every element
//   [constants]                # optional: module variable -> number or array
//   c_weights = [1, 2, 3, 4]   #   of numbers, typed later by its declaration,
//   c_table = {type = "s32", values = [1, 2]}  # or with an explicit element
//                              #   type (nvcc declares `__constant__ int c[4]`
//                              #   as `.b8 c[16]`)
//   [expect]                   # optional: buffer -> its final contents, an array
//   out = [0, 1, 4]            #   of exactly `count` numbers, or one number
//                              #   meaning every element
//
// Numbers are checked against their type as element.hpp describes (u64 also
// takes "0x..." and decimal strings). Expected floats compare bit-exactly,
// except that an expected `nan` matches every NaN of the type.
//
// Every error is one lockstep::InputError, printed as
//   FILE:LINE:COL: error: KEY.PATH: WHY
// (FILE: error: ... when there is no position, e.g. a missing top-level key).
// Key paths count array elements from 0: `buffer[2].init`, `params[0].value`,
// `expect.out[5]`. TOML syntax errors keep toml++'s description and position.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <variant>
#include <vector>

#include "frontend/diagnostics.hpp"
#include "frontend/ir/instr.hpp"
#include "frontend/ir/types.hpp"
#include "semantics/spec/element.hpp"

namespace lockstep::sem {

/// The inclusive range of a symbolic input (raw bits of its type; each bound optional).
struct SymbolicRange {
  std::optional<std::uint64_t> min;
  std::optional<std::uint64_t> max;
  friend bool operator==(const SymbolicRange&, const SymbolicRange&) = default;
};

/// One `[[buffer]]`: a global-memory allocation with its initial contents.
struct BufferSpec {
  std::string name;
  ir::Type type = ir::Type::U8;
  std::size_t count = 0;            ///< elements
  std::vector<std::uint8_t> bytes;  ///< count * byte_width(type) initial bytes, little-endian (zeros when symbolic)
  ir::SrcLoc loc;                   ///< the [[buffer]] header
  bool symbolic = false;            ///< init = "symbolic": element i is the input name[i]
  SymbolicRange range;              ///< min/max of every element (symbolic only)
};

/// A kernel argument that is the device address of a buffer.
struct BufferParam {
  std::size_t buffer = 0;  ///< index in LaunchSpec::buffers
};

/// A kernel argument given by value, or a symbolic input.
struct ScalarParam {
  ir::Type type = ir::Type::U32;
  std::uint64_t bits = 0;  ///< raw bits, zero-extended (f32 in the low 32 bits); 0 when symbolic
  bool symbolic = false;   ///< `symbolic = true`: an input named `name`
  std::string name;        ///< the input's name (symbolic only; default "param<i>")
  SymbolicRange range;     ///< min/max (symbolic only)
};

struct ParamSpec {
  std::variant<BufferParam, ScalarParam> value;
  ir::SrcLoc loc;
};

/// A `[constants]` entry: initial contents of a module variable, as written.
struct ConstantSpec {
  std::string name;
  std::vector<SpecNumber> values;  ///< one entry for `name = 5`
  bool is_array = false;           ///< written as an array (`name = [5]`)
  /// Element type when written as `{type = "s32", values = [...]}` (or
  /// `value = 5`); otherwise the variable's declared element type is used.
  std::optional<ir::Type> type;
  ir::SrcLoc loc;                  ///< the key
};

/// One expected element: exact bits, or "any NaN".
struct ExpectedValue {
  std::uint64_t bits = 0;  ///< raw bits, zero-extended
  bool any_nan = false;    ///< expected `nan`: every NaN of the float type matches
};

/// An `[expect]` entry: the final contents of one buffer.
struct ExpectSpec {
  std::size_t buffer = 0;             ///< index in LaunchSpec::buffers
  std::vector<ExpectedValue> values;  ///< one per element (a single number is expanded)
  ir::SrcLoc loc;                     ///< the key
};

struct LaunchSpec {
  std::string path;  ///< the spec file, as named in messages
  std::optional<std::string> kernel;
  ir::SrcLoc kernel_loc;
  std::array<std::uint32_t, 3> grid{1, 1, 1};
  std::array<std::uint32_t, 3> block{1, 1, 1};
  std::uint32_t shared_bytes = 0;
  std::uint32_t registers = 0;          ///< registers per thread (ptxas), 0 = not given
  bool cooperative = false;             ///< a cooperative launch (grid workspace, co-resident blocks)
  ir::SrcLoc cooperative_loc;
  std::vector<BufferSpec> buffers;      ///< in file order
  std::vector<ParamSpec> params;        ///< in argument order
  std::vector<ConstantSpec> constants;  ///< in file order
  std::vector<ExpectSpec> expects;      ///< in file order

  [[nodiscard]] std::optional<std::size_t> find_buffer(std::string_view name) const noexcept;
  /// True when some parameter or buffer is symbolic.
  [[nodiscard]] bool has_symbolic() const noexcept;
  /// An error in this spec at `loc` (line 0: no position), for the checks that
  /// happen later, when the spec is resolved against a module.
  [[nodiscard]] InputError error_at(ir::SrcLoc loc, std::string message) const;
};

/// Throws the InputError (at the first symbolic parameter or buffer) that a
/// concrete run of a symbolic spec gives: `what` names the command ("run").
void require_concrete(const LaunchSpec& spec, std::string_view what);

/// The spec with every symbolic input given a value: `inputs` are (name,
/// raw bits) pairs with the names of the inputs ("n", "data[3]"); values are
/// truncated to the input's type. Throws InputError for a symbolic input
/// without a value or a name that is no input.
[[nodiscard]] LaunchSpec concretize(const LaunchSpec& spec,
                                    const std::vector<std::pair<std::string, std::uint64_t>>& inputs);

/// Reads and parses a spec file; `file:` paths are relative to its folder.
[[nodiscard]] LaunchSpec parse_launch_spec_file(const std::filesystem::path& file);

/// Parses spec text; `path_for_messages` names it in errors, `base_dir` is the
/// folder `file:` paths are relative to.
[[nodiscard]] LaunchSpec parse_launch_spec(std::string_view text, const std::string& path_for_messages,
                                           const std::filesystem::path& base_dir);

}  // namespace lockstep::sem
