// Device printf: formatting one vprintf(format, args) call as its line of
// output.
//
// nvcc lowers printf(fmt, a, b, ...) to vprintf(fmt, buf), where buf holds the
// arguments after the default argument promotions (char/short -> int, float
// -> double), each at the next offset aligned to its own size: 4 bytes for
// int/unsigned, 8 for long long/double, the address size (8, or 4 with
// .address_size 32) for pointers. The formatter walks the format string the
// way the host runtime does and reads each argument from that layout.
//
// A conversion is %[flags][width][.precision][length]conversion, as in C:
//  - flags `-` `+` ` ` `#` `0`; width digits or `*`; precision `.` then
//    digits or `*` (CUDA documents `*` only for the width; `.*` is read as C
//    reads it, an int argument before the value, since nvcc packs it so);
//    a `*` width < 0 means `-` and its magnitude, a `*` precision < 0 means
//    no precision;
//  - length hh h l ll z t j L; conversions d i u x X o c s p f F e E g G a A %;
//  - d i u x X o: hh, h or no length read a 4-byte int; ll, j and L (glibc
//    reads %Ld as %lld) read 8 bytes; l, z and t read the target's long /
//    size_t, i.e. the address size. The value is printed as the host's
//    snprintf prints it with the same flags, width, precision and (hh/h)
//    length;
//  - c reads a 4-byte int and prints one byte (the length is ignored);
//  - f F e E g G a A read an 8-byte double whatever the length (the device
//    has no long double);
//  - s reads an address and prints read_string(address) ("(null)" for 0,
//    which a precision may cut, as glibc does for any string);
//  - p reads an address and prints it as the host C library does: CUDA
//    formats device printf output on the host, so with glibc that is 0x and
//    lowercase hex, "(nil)" for 0;
//  - a malformed conversion (an unknown conversion character such as %y or
//    %n, or a `%` that ends the format) is printed as written, from the `%`
//    through the offending character, and reads no argument;
//  - as documented for CUDA, at most 32 arguments are read: a conversion that
//    would need a 33rd is printed as written (so are all after it);
//  - a conversion with a width or precision above 65536 is printed as
//    written; its arguments are still read, so later conversions stay in step.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

namespace lockstep::sem {

/// Access to one vprintf call's argument buffer and to strings in memory.
class PrintfArgs {
 public:
  PrintfArgs() = default;
  PrintfArgs(const PrintfArgs&) = default;
  PrintfArgs& operator=(const PrintfArgs&) = default;
  virtual ~PrintfArgs() = default;

  /// The `size` (4 or 8) bytes at `offset` in the argument buffer, as a
  /// little-endian value zero-extended to 64 bits. May throw (e.g. a memory
  /// fault); the exception propagates out of format_device_printf.
  [[nodiscard]] virtual std::uint64_t read(std::uint64_t offset, unsigned size) const = 0;
  /// The NUL-terminated string at generic address `address`, without the NUL.
  [[nodiscard]] virtual std::string read_string(std::uint64_t address) const = 0;
};

/// The text one vprintf(format, args) call prints. `address_bytes` is 8 for
/// 64-bit PTX and 4 for .address_size 32 (pointer, long, size_t width).
[[nodiscard]] std::string format_device_printf(std::string_view format, const PrintfArgs& args,
                                               unsigned address_bytes = 8);

/// The most arguments one device printf reads.
inline constexpr unsigned kMaxPrintfArgs = 32;

}  // namespace lockstep::sem
