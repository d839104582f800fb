// Device printf formatting: argument layout, every conversion, flags, width,
// precision, length modifiers, malformed conversions and the argument limit.
// Expected texts are hand-written, or the host's snprintf called with the
// same values as real C arguments.
#include "semantics/spec/printf_format.hpp"

#include <gtest/gtest.h>

#include <bit>
#include <climits>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <limits>
#include <map>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

namespace lockstep::test {
namespace {

/// An argument buffer packed as nvcc packs vprintf's: each value at the next
/// offset aligned to its size. Records the reads.
class PackedArgs : public sem::PrintfArgs {
 public:
  template <class T>
  PackedArgs& add(T v) {
    static_assert(sizeof(T) == 4 || sizeof(T) == 8);
    while (buf_.size() % sizeof(T) != 0) buf_.push_back(0xcc);  // padding
    std::uint8_t raw[sizeof(T)];
    std::memcpy(raw, &v, sizeof(T));
    buf_.insert(buf_.end(), raw, raw + sizeof(T));
    return *this;
  }
  PackedArgs& add_string(std::uint64_t address, std::string s, unsigned address_bytes = 8) {
    strings_[address] = std::move(s);
    if (address_bytes == 4) return add(static_cast<std::uint32_t>(address));
    return add(address);
  }

  std::uint64_t read(std::uint64_t offset, unsigned size) const override {
    reads.emplace_back(offset, size);
    if (offset + size > buf_.size()) throw std::out_of_range("read past the argument buffer");
    std::uint64_t v = 0;
    for (unsigned i = 0; i < size; ++i) v |= static_cast<std::uint64_t>(buf_[offset + i]) << (8 * i);
    return v;
  }
  std::string read_string(std::uint64_t address) const override { return strings_.at(address); }

  mutable std::vector<std::pair<std::uint64_t, unsigned>> reads;

 private:
  std::vector<std::uint8_t> buf_;
  std::map<std::uint64_t, std::string> strings_;
};

std::string fmt(std::string_view f, const PackedArgs& a, unsigned address_bytes = 8) {
  return sem::format_device_printf(f, a, address_bytes);
}

#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wformat-nonliteral"
template <class... T>
std::string host(const char* f, T... v) {
  char buf[512];
  const int n = std::snprintf(buf, sizeof buf, f, v...);
  return std::string(buf, static_cast<std::size_t>(n));
}
#pragma GCC diagnostic pop

TEST(DevicePrintf, PrintfKernelFormats) {
  // models/kernels/printf_kernel: thread 4 of block 0, scale 0.5; the PTX
  // stores the arguments at offsets 0, 4, 8, 16, 24.
  const char* const f = "block %d thread %d: %lld = %d squared, scaled %f\n";
  PackedArgs a;
  a.add(0).add(4).add(16LL).add(4).add(2.0);
  EXPECT_EQ(fmt(f, a), "block 0 thread 4: 16 = 4 squared, scaled 2.000000\n");
  const std::vector<std::pair<std::uint64_t, unsigned>> offsets{{0, 4}, {4, 4}, {8, 8}, {16, 4}, {24, 8}};
  EXPECT_EQ(a.reads, offsets);
  PackedArgs none;
  EXPECT_EQ(fmt("hello from lockstep\n", none), "hello from lockstep\n");
  EXPECT_TRUE(none.reads.empty());
  PackedArgs last;
  last.add(0).add(28).add(784LL).add(28).add(14.0);
  EXPECT_EQ(fmt(f, last), "block 0 thread 28: 784 = 28 squared, scaled 14.000000\n");
}

/// The format strings of the printf_kernel model, read from its PTX (the
/// `.global .b8 $str...[] = {...}` arrays, up to their NUL).
std::vector<std::string> printf_kernel_strings() {
  std::ifstream in(std::string(LOCKSTEP_SOURCE_DIR) + "/models/kernels/printf_kernel/printf_kernel.ptx");
  std::vector<std::string> out;
  std::string line;
  while (std::getline(in, line)) {
    if (line.rfind(".global .align 1 .b8 $str", 0) != 0) continue;
    std::istringstream bytes(line.substr(line.find('{') + 1));
    std::string str;
    int b = 0;
    char sep = 0;
    while (bytes >> b && b != 0) {
      str += static_cast<char>(b);
      bytes >> sep;
    }
    out.push_back(str);
  }
  return out;
}

TEST(DevicePrintf, PrintfKernelPtxStrings) {
  const std::vector<std::string> strs = printf_kernel_strings();
  ASSERT_EQ(strs.size(), 2U);
  EXPECT_EQ(strs[0], "block %d thread %d: %lld = %d squared, scaled %f\n");
  EXPECT_EQ(strs[1], "hello from lockstep\n");
  PackedArgs a;
  a.add(0).add(12).add(144LL).add(12).add(6.0);
  EXPECT_EQ(fmt(strs[0], a), "block 0 thread 12: 144 = 12 squared, scaled 6.000000\n");
  PackedArgs none;
  EXPECT_EQ(fmt(strs[1], none), "hello from lockstep\n");
}

TEST(DevicePrintf, Integers) {
  PackedArgs a;
  a.add(-42).add(42U).add(255U).add(255U).add(8U).add(-1);
  EXPECT_EQ(fmt("%d %u %x %X %o %i", a), "-42 42 ff FF 10 -1");
  PackedArgs b;
  b.add(-1).add(-1);
  EXPECT_EQ(fmt("%u %x", b), "4294967295 ffffffff");
  PackedArgs c;
  c.add(INT_MIN).add(INT_MAX);
  EXPECT_EQ(fmt("%d|%i", c), "-2147483648|2147483647");
}

TEST(DevicePrintf, FlagsWidthPrecision) {
  PackedArgs a;
  a.add(42).add(42).add(42).add(42).add(42).add(255U).add(8U).add(0).add(7);
  EXPECT_EQ(fmt("[%5d][%-5d][%05d][%+d][% d][%#x][%#o][%.0d][%.3d]", a),
            "[   42][42   ][00042][+42][ 42][0xff][010][][007]");
  EXPECT_EQ(fmt("[%5d][%-5d][%05d][%+d][% d][%#x][%#o][%.0d][%.3d]", a),
            host("[%5d][%-5d][%05d][%+d][% d][%#x][%#o][%.0d][%.3d]", 42, 42, 42, 42, 42, 255U, 8U, 0, 7));
  PackedArgs b;
  b.add(-7).add(3);
  EXPECT_EQ(fmt("[%-+8.3d][%+-08d]", b), host("[%-+8.3d][%+-08d]", -7, 3));
}

TEST(DevicePrintf, LengthModifiers) {
  PackedArgs a;
  a.add(0x12345678).add(0x1ff).add(0x1ff).add(-1LL).add(0xffffffffffffffffULL).add(-5LL).add(7ULL).add(9LL).add(-2LL);
  EXPECT_EQ(fmt("%hx %hhd %hhu %ld %llu %jd %zu %td %Ld", a),
            host("%hx %hhd %hhu %ld %llu %jd %zu %td %lld", 0x12345678, 0x1ff, 0x1ff, -1L, 0xffffffffffffffffULL,
                 static_cast<long long>(-5), static_cast<unsigned long long>(7), 9LL, -2LL));
  EXPECT_EQ(fmt("%hx %hhd %hhu %ld %llu %jd %zu %td %Ld", a), "5678 -1 255 -1 18446744073709551615 -5 7 9 -2");
  // %hd of 0x8000 is -32768; of 40000 (0x9c40) is -25536.
  PackedArgs b;
  b.add(0x8000).add(40000);
  EXPECT_EQ(fmt("%hd %hd", b), "-32768 -25536");
}

TEST(DevicePrintf, LongFollowsTheAddressSize) {
  // With .address_size 32, long, size_t and ptrdiff_t are 4 bytes.
  PackedArgs a;
  a.add(-3).add(5U).add(1LL);
  EXPECT_EQ(fmt("%ld %zu %lld", a, 4), "-3 5 1");
  const std::vector<std::pair<std::uint64_t, unsigned>> offsets{{0, 4}, {4, 4}, {8, 8}};
  EXPECT_EQ(a.reads, offsets);
}

TEST(DevicePrintf, Floats) {
  const double v = 3.14159265358979;
  PackedArgs a;
  for (int i = 0; i < 10; ++i) a.add(v);
  const char* const f = "%f %F %e %E %g %G %a %A %.2f %10.3e";
  EXPECT_EQ(fmt(f, a), host(f, v, v, v, v, v, v, v, v, v, v));
  PackedArgs b;
  b.add(1.5).add(-0.0).add(1e20).add(0.0001).add(100000.0).add(1000000.0);
  EXPECT_EQ(fmt("%f %f %f %g %g %g", b), "1.500000 -0.000000 100000000000000000000.000000 0.0001 100000 1e+06");
  PackedArgs c;
  c.add(std::numeric_limits<double>::infinity())
      .add(-std::numeric_limits<double>::infinity())
      .add(std::numeric_limits<double>::quiet_NaN());
  EXPECT_EQ(fmt("%f %F %e", c), "inf -INF nan");
  PackedArgs d;
  d.add(2.5).add(2.5).add(1.0).add(0.5);
  EXPECT_EQ(fmt("[%+08.2f][%-8.1f][%#.0f][%a]", d), "[+0002.50][2.5     ][1.][0x1p-1]");
}

TEST(DevicePrintf, FloatLengthModifiersStillReadADouble) {
  PackedArgs a;
  a.add(1.25).add(2.5).add(0.75);
  EXPECT_EQ(fmt("%lf %Lf %hf", a), "1.250000 2.500000 0.750000");
  const std::vector<std::pair<std::uint64_t, unsigned>> offsets{{0, 8}, {8, 8}, {16, 8}};
  EXPECT_EQ(a.reads, offsets);
}

TEST(DevicePrintf, CharsAndStrings) {
  PackedArgs a;
  a.add(static_cast<int>('A')).add_string(0x1000, "hello").add(static_cast<int>('z')).add_string(0x2000, "world");
  EXPECT_EQ(fmt("%c|%s|%3c|%-8s|", a), "A|hello|  z|world   |");
  const std::vector<std::pair<std::uint64_t, unsigned>> offsets{{0, 4}, {8, 8}, {16, 4}, {24, 8}};
  EXPECT_EQ(a.reads, offsets);
  PackedArgs b;
  b.add_string(0x1000, "truncate").add_string(0x2000, "abc");
  EXPECT_EQ(fmt("[%.5s][%6.2s]", b), "[trunc][    ab]");
  PackedArgs z;
  z.add(0);
  EXPECT_EQ(fmt("a%cb", z), std::string("a\0b", 3));  // %c of 0 prints a NUL byte
}

TEST(DevicePrintf, NullString) {
  PackedArgs a;
  a.add(std::uint64_t{0}).add(std::uint64_t{0});
  EXPECT_EQ(fmt("%s|%.3s", a), "(null)|(nu");
}

TEST(DevicePrintf, Pointers) {
  PackedArgs a;
  a.add(std::uint64_t{0x7f0012345678}).add(std::uint64_t{0}).add(std::uint64_t{0xabc});
  EXPECT_EQ(fmt("%p %p [%-10p]", a), "0x7f0012345678 (nil) [0xabc     ]");
  EXPECT_EQ(fmt("%p %p [%-10p]", a), host("%p %p [%-10p]", reinterpret_cast<void*>(0x7f0012345678),
                                          static_cast<void*>(nullptr), reinterpret_cast<void*>(0xabc)));
  PackedArgs b;  // 32-bit addresses
  b.add(0xdeadbeefU).add_string(0x100, "s", 4);
  EXPECT_EQ(fmt("%p %s", b, 4), "0xdeadbeef s");
  const std::vector<std::pair<std::uint64_t, unsigned>> offsets{{0, 4}, {4, 4}};
  EXPECT_EQ(b.reads, offsets);
}

TEST(DevicePrintf, StarWidthAndPrecision) {
  PackedArgs a;
  a.add(6).add(42).add(-6).add(42).add(2).add(3.14159).add(8).add(3).add(2.5).add(-1).add(1.0);
  EXPECT_EQ(fmt("[%*d][%*d][%.*f][%*.*f][%.*f]", a), "[    42][42    ][3.14][   2.500][1.000000]");
  EXPECT_EQ(fmt("[%*d][%*d][%.*f][%*.*f][%.*f]", a),
            host("[%*d][%*d][%.*f][%*.*f][%.*f]", 6, 42, -6, 42, 2, 3.14159, 8, 3, 2.5, -1, 1.0));
}

TEST(DevicePrintf, PercentAndMalformedConversions) {
  PackedArgs a;
  a.add(5);
  EXPECT_EQ(fmt("100%% done %d%%", a), "100% done 5%");
  PackedArgs none;
  EXPECT_EQ(fmt("%y %5k %lq %n end %", none), "%y %5k %lq %n end %");
  EXPECT_TRUE(none.reads.empty());
  EXPECT_EQ(fmt("trailing %-", none), "trailing %-");
  EXPECT_EQ(fmt("%llld", none), "%llld");  // "%lll" is malformed, then a plain "d"
  PackedArgs b;
  b.add(7);
  EXPECT_EQ(fmt("%w %d", b), "%w 7");  // a malformed conversion reads no argument
}

TEST(DevicePrintf, AtMostThirtyTwoArguments) {
  PackedArgs a;
  std::string f;
  std::string want;
  for (int i = 0; i < 34; ++i) {
    a.add(i);
    f += "%d,";
    want += i < 32 ? std::to_string(i) + "," : "%d,";
  }
  EXPECT_EQ(fmt(f, a), want);
  EXPECT_EQ(a.reads.size(), 32U);
  // A conversion needing two arguments where one is left is printed as
  // written, and so is everything after it.
  PackedArgs b;
  std::string g;
  std::string gwant;
  for (int i = 0; i < 31; ++i) {
    b.add(1);
    g += "%d";
    gwant += "1";
  }
  b.add(4).add(9).add(9);
  EXPECT_EQ(fmt(g + "|%*d|%d|%%", b), gwant + "|%*d|%d|%");
}

TEST(DevicePrintf, HugeWidthIsPrintedAsWrittenAndSkipsItsArguments) {
  PackedArgs a;
  a.add(1).add(100000).add(2);
  a.add(3);
  EXPECT_EQ(fmt("%99999999d|%*d|%d", a), "%99999999d|%*d|3");
  EXPECT_EQ(a.reads.size(), 4U);  // the skipped conversions still take their arguments
}

TEST(DevicePrintf, ReadErrorsPropagate) {
  PackedArgs a;
  a.add(1);
  EXPECT_THROW((void)fmt("%d %d", a), std::out_of_range);
}

}  // namespace
}  // namespace lockstep::test
