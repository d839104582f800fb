#include "semantics/spec/buffer_init.hpp"

#include <fmt/format.h>

#include <bit>
#include <cmath>
#include <fstream>
#include <iterator>
#include <system_error>

#include "semantics/spec/element.hpp"
#include "semantics/spec/half.hpp"
#include "semantics/spec/parse_parts.hpp"

namespace lockstep::sem {
namespace {

template <class Fn>
std::vector<std::uint8_t> generate(ir::Type t, std::size_t count, Fn element) {
  const unsigned w = ir::byte_width(t);
  std::vector<std::uint8_t> out(count * w);
  for (std::size_t i = 0; i < count; ++i) store_le(out.data() + i * w, w, element(static_cast<std::uint64_t>(i)));
  return out;
}

}  // namespace

std::uint64_t random_draw(std::uint64_t seed, std::uint64_t index) noexcept {
  std::uint64_t z = seed + (index + 1U) * 0x9e3779b97f4a7c15ULL;
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}

std::uint64_t random_element(ir::Type t, std::uint64_t seed, std::uint64_t index) {
  const std::uint64_t r = random_draw(seed, index);
  switch (t) {
    case ir::Type::F16:
      return double_to_half(std::ldexp(static_cast<double>(r >> 53), -11));
    case ir::Type::F32:
      return std::bit_cast<std::uint32_t>(std::ldexp(static_cast<float>(r >> 40), -24));
    case ir::Type::F64:
      return std::bit_cast<std::uint64_t>(std::ldexp(static_cast<double>(r >> 11), -53));
    default: {
      const unsigned w = ir::bit_width(t);
      return w >= 64 ? r : r & ((std::uint64_t{1} << w) - 1U);
    }
  }
}

std::uint64_t iota_element(ir::Type t, std::uint64_t index) {
  switch (t) {
    case ir::Type::F16:
      return index >= 65520U ? 0x7c00U : double_to_half(static_cast<double>(index));
    case ir::Type::F32:
      return std::bit_cast<std::uint32_t>(static_cast<float>(index));
    case ir::Type::F64:
      return std::bit_cast<std::uint64_t>(static_cast<double>(index));
    default: {
      const unsigned w = ir::bit_width(t);
      return w >= 64 ? index : index & ((std::uint64_t{1} << w) - 1U);
    }
  }
}

std::vector<std::uint8_t> iota_bytes(ir::Type t, std::size_t count) {
  return generate(t, count, [t](std::uint64_t i) { return iota_element(t, i); });
}

std::vector<std::uint8_t> random_bytes(ir::Type t, std::size_t count, std::uint64_t seed) {
  return generate(t, count, [t, seed](std::uint64_t i) { return random_element(t, seed, i); });
}

namespace spec_detail {
namespace {

std::vector<std::uint8_t> file_bytes(const TomlReader& r, const toml::node& at, const std::string& key_path,
                                     const std::string& rel, ir::Type t, std::size_t count,
                                     const std::filesystem::path& base_dir) {
  if (rel.empty()) r.fail(at, key_path, "\"file:\" needs a path after the colon");
  std::filesystem::path p(rel);
  if (p.is_relative()) p = base_dir / p;
  std::error_code ec;
  const auto st = std::filesystem::status(p, ec);
  if (!std::filesystem::exists(st)) {
    r.fail(at, key_path, fmt::format("file '{}' not found (relative paths start at the spec's folder)", rel));
  }
  if (!std::filesystem::is_regular_file(st)) r.fail(at, key_path, fmt::format("'{}' is not a regular file", rel));
  const std::size_t want = count * ir::byte_width(t);
  const std::uintmax_t size = std::filesystem::file_size(p, ec);
  if (ec) r.fail(at, key_path, fmt::format("cannot read file '{}'", rel));
  if (size != want) {
    r.fail(at, key_path,
           fmt::format("file '{}' holds {} bytes, expected {} ({} elements of {})", rel, size, want, count,
                       ir::type_name(t)));
  }
  std::ifstream in(p, std::ios::binary);
  std::vector<std::uint8_t> out(want);
  if (!in.read(reinterpret_cast<char*>(out.data()), static_cast<std::streamsize>(want))) {
    r.fail(at, key_path, fmt::format("cannot read file '{}'", rel));
  }
  return out;
}

}  // namespace

std::vector<std::uint8_t> parse_init(const TomlReader& r, const toml::node* init, const std::string& key_path,
                                     ir::Type t, std::size_t& count, bool count_given, ir::SrcLoc table_loc,
                                     const std::string& table_path, const std::filesystem::path& base_dir) {
  const auto need_count = [&] {
    if (!count_given)
      r.fail(table_loc, table_path, "missing required key 'count' (needed unless init is an inline array)");
  };
  const unsigned w = ir::byte_width(t);
  if (init == nullptr) {
    need_count();
    return std::vector<std::uint8_t>(count * w);
  }
  if (const auto* arr = init->as_array()) {
    if (arr->empty() && !count_given) r.fail(*init, key_path, "the array is empty");
    if (count_given && arr->size() != count) {
      r.fail(*init, key_path, fmt::format("the array has {} but count is {}", count_text(arr->size(), "value"), count));
    }
    count = arr->size();
    std::vector<std::uint8_t> out(count * w);
    for (std::size_t i = 0; i < count; ++i) {
      store_le(out.data() + i * w, w, r.encoded(*arr->get(i), t, index_path(key_path, i)));
    }
    return out;
  }
  const auto* str = init->as_string();
  if (str == nullptr) {
    r.fail(*init, key_path,
           fmt::format("expected \"zeros\", \"iota\", \"random:SEED\", \"file:PATH\" or an array of numbers, got {}",
                       node_kind(*init)));
  }
  const std::string& mode = str->get();
  if (mode == "zeros") {
    need_count();
    return std::vector<std::uint8_t>(count * w);
  }
  if (mode == "iota") {
    need_count();
    return iota_bytes(t, count);
  }
  if (mode.starts_with("random:")) {
    const std::string seed_text = mode.substr(7);
    const auto seed = parse_u64_text(seed_text);
    if (!seed) {
      r.fail(*init, key_path,
             fmt::format("bad seed '{}' in \"{}\" (expected decimal digits, or \"0x\" and hex digits, up to "
                         "18446744073709551615)",
                         seed_text, mode));
    }
    need_count();
    return random_bytes(t, count, *seed);
  }
  if (mode.starts_with("file:")) {
    need_count();
    return file_bytes(r, *init, key_path, mode.substr(5), t, count, base_dir);
  }
  r.fail(*init, key_path,
         fmt::format("unknown init \"{}\" (expected \"zeros\", \"iota\", \"random:SEED\", \"file:PATH\" or an array "
                     "of numbers)",
                     mode));
}

}  // namespace spec_detail
}  // namespace lockstep::sem
