#include "semantics/spec/printf_format.hpp"

#include <bit>
#include <climits>
#include <cstdio>
#include <stdexcept>

namespace lockstep::sem {
namespace {

constexpr long kMaxField = 65536;

/// One conversion specification as written.
struct ConvSpec {
  std::string flags;
  bool width_star = false;
  long width = -1;  ///< -1: none
  bool precision_star = false;
  long precision = -1;  ///< -1: none
  std::string_view length;
  char conv = 0;          ///< 0: malformed
  std::string_view text;  ///< '%' through the conversion (or the offending character)

  [[nodiscard]] unsigned arg_count() const noexcept {
    return (width_star ? 1U : 0U) + (precision_star ? 1U : 0U) + (conv != '%' ? 1U : 0U);
  }
};

bool is_digit(char c) { return c >= '0' && c <= '9'; }

/// The low 32 bits as a C int (two's complement).
int as_int(std::uint64_t v) { return static_cast<int>(static_cast<std::uint32_t>(v)); }

/// Digits at f[j...], saturated just above kMaxField.
long parse_digits(std::string_view f, std::size_t& j) {
  long v = 0;
  while (j < f.size() && is_digit(f[j])) {
    v = v * 10 + (f[j] - '0');
    if (v > kMaxField) v = kMaxField + 1;
    ++j;
  }
  return v;
}

/// Parses the conversion whose '%' is f[i]; `next` is set past it.
ConvSpec parse_spec(std::string_view f, std::size_t i, std::size_t& next) {
  ConvSpec s;
  std::size_t j = i + 1;
  while (j < f.size() && std::string_view("-+ #0").find(f[j]) != std::string_view::npos) s.flags += f[j++];
  if (j < f.size() && f[j] == '*') {
    s.width_star = true;
    ++j;
  } else if (j < f.size() && is_digit(f[j])) {
    s.width = parse_digits(f, j);
  }
  if (j < f.size() && f[j] == '.') {
    ++j;
    if (j < f.size() && f[j] == '*') {
      s.precision_star = true;
      ++j;
    } else {
      s.precision = parse_digits(f, j);
    }
  }
  for (std::string_view len : {"hh", "h", "ll", "l", "z", "t", "j", "L"}) {
    if (f.substr(j, len.size()) == len) {
      s.length = len;
      j += len.size();
      break;
    }
  }
  if (j < f.size() && std::string_view("diouxXcspfFeEgGaA%").find(f[j]) != std::string_view::npos) {
    s.conv = f[j];
  }
  next = j < f.size() ? j + 1 : j;
  s.text = f.substr(i, next - i);
  return s;
}

#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wformat-nonliteral"
/// The host's snprintf of one conversion; `fallback` when it fails.
template <class T>
std::string c_format(const std::string& spec, T value, std::string_view fallback) {
  const int n = std::snprintf(nullptr, 0, spec.c_str(), value);
  if (n < 0) return std::string(fallback);
  std::string out(static_cast<std::size_t>(n) + 1, '\0');
  (void)std::snprintf(out.data(), out.size(), spec.c_str(), value);
  out.resize(static_cast<std::size_t>(n));
  return out;
}
#pragma GCC diagnostic pop

/// Walks the argument buffer: each argument at the next offset aligned to its size.
class ArgCursor {
 public:
  explicit ArgCursor(const PrintfArgs& args) : args_(args) {}

  /// Whether n more arguments may be read (once refused, always refused).
  bool reserve(unsigned n) {
    if (n == 0) return true;
    if (exhausted_ || used_ + n > kMaxPrintfArgs) exhausted_ = true;
    return !exhausted_;
  }
  std::uint64_t next(unsigned size) {
    offset_ = (offset_ + size - 1U) / size * size;
    const std::uint64_t v = args_.read(offset_, size);
    offset_ += size;
    ++used_;
    return v;
  }
  int next_int() { return as_int(next(4)); }
  [[nodiscard]] std::string string_at(std::uint64_t address) const { return args_.read_string(address); }

 private:
  const PrintfArgs& args_;
  std::uint64_t offset_ = 0;
  unsigned used_ = 0;
  bool exhausted_ = false;
};

/// The conversion as the host's snprintf gets it.
std::string host_spec(const std::string& flags, long width, long precision, std::string_view length, char conv) {
  std::string out = "%" + flags;
  if (width >= 0) out += std::to_string(width);
  if (precision >= 0) out += "." + std::to_string(precision);
  out += length;
  out += conv;
  return out;
}

/// The size of the value argument of conversion s.
unsigned value_size(const ConvSpec& s, unsigned address_bytes) {
  switch (s.conv) {
    case 'd':
    case 'i':
    case 'u':
    case 'o':
    case 'x':
    case 'X':
      if (s.length == "ll" || s.length == "j" || s.length == "L") return 8;
      if (s.length == "l" || s.length == "z" || s.length == "t") return address_bytes;
      return 4;
    case 'c':
      return 4;
    case 's':
    case 'p':
      return address_bytes;
    default:
      return 8;  // f F e E g G a A
  }
}

std::string format_one(const ConvSpec& s, ArgCursor& args, unsigned address_bytes) {
  if (s.conv == '%') return "%";
  std::string flags = s.flags;
  long width = s.width;
  long precision = s.precision;
  if (s.width_star) {
    const int w = args.next_int();
    if (w < 0) {
      flags += '-';
      width = w == INT_MIN ? kMaxField + 1 : -static_cast<long>(w);
    } else {
      width = w;
    }
  }
  if (s.precision_star) {
    const int p = args.next_int();
    precision = p < 0 ? -1 : p;
  }
  const unsigned size = value_size(s, address_bytes);
  if (width > kMaxField || precision > kMaxField) {
    (void)args.next(size);  // skipped, so that the next conversions stay in step
    return std::string(s.text);
  }
  const std::string_view text = s.text;
  switch (s.conv) {
    case 'd':
    case 'i':
    case 'u':
    case 'o':
    case 'x':
    case 'X': {
      const std::uint64_t v = args.next(size);
      const bool is_signed = s.conv == 'd' || s.conv == 'i';
      if (size == 8) {
        const std::string spec = host_spec(flags, width, precision, "ll", s.conv);
        if (is_signed) return c_format(spec, static_cast<long long>(static_cast<std::int64_t>(v)), text);
        return c_format(spec, static_cast<unsigned long long>(v), text);
      }
      const std::string_view len = (s.length == "h" || s.length == "hh") ? s.length : std::string_view();
      const std::string spec = host_spec(flags, width, precision, len, s.conv);
      const auto v32 = static_cast<std::uint32_t>(v);
      if (is_signed) return c_format(spec, static_cast<int>(v32), text);
      return c_format(spec, static_cast<unsigned>(v32), text);
    }
    case 'c':
      return c_format(host_spec(flags, width, -1, "", 'c'), as_int(args.next(size)), text);
    case 's': {
      const std::uint64_t addr = args.next(size);
      const std::string str = addr == 0 ? std::string("(null)") : args.string_at(addr);
      return c_format(host_spec(flags, width, precision, "", 's'), str.c_str(), text);
    }
    case 'p': {
      const std::uint64_t addr = args.next(size);
      // The address as a host pointer value, only ever printed.
      void* const ptr = reinterpret_cast<void*>(static_cast<std::uintptr_t>(addr));
      return c_format(host_spec(flags, width, precision, "", 'p'), ptr, text);
    }
    default: {  // f F e E g G a A: a double whatever the length
      const double d = std::bit_cast<double>(args.next(size));
      return c_format(host_spec(flags, width, precision, "", s.conv), d, text);
    }
  }
}

}  // namespace

std::string format_device_printf(std::string_view format, const PrintfArgs& args, unsigned address_bytes) {
  if (address_bytes != 4 && address_bytes != 8) {
    throw std::invalid_argument("format_device_printf: address_bytes must be 4 or 8");
  }
  std::string out;
  ArgCursor cursor(args);
  std::size_t i = 0;
  while (i < format.size()) {
    if (format[i] != '%') {
      const std::size_t pct = format.find('%', i);
      const std::size_t end = pct == std::string_view::npos ? format.size() : pct;
      out.append(format.substr(i, end - i));
      i = end;
      continue;
    }
    std::size_t next = i;
    const ConvSpec s = parse_spec(format, i, next);
    i = next;
    if (s.conv == 0 || !cursor.reserve(s.arg_count())) {
      out.append(s.text);
      continue;
    }
    out += format_one(s, cursor, address_bytes);
  }
  return out;
}

}  // namespace lockstep::sem
