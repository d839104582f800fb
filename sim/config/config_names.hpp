// The names of the configuration's enumerators as lockstep's TOML writes
// them (and the text and JSON outputs show them).
//
// EnumNames<E>::names lists the names in enumerator order; enum_name and
// parse_enum convert. Names are lower-case words, as the matching GPGPU-Sim
// option values where those are words (lrr, gto, ...).
#pragma once

#include <array>
#include <cstddef>
#include <optional>
#include <span>
#include <string_view>

#include "sim/config/gpu_config.hpp"

namespace lockstep::sim {

template <class E>
struct EnumNames;

template <>
struct EnumNames<CacheKind> {
  static constexpr std::array<std::string_view, 2> names{"normal", "sector"};
};
template <>
struct EnumNames<Replacement> {
  static constexpr std::array<std::string_view, 2> names{"lru", "fifo"};
};
template <>
struct EnumNames<WritePolicy> {
  static constexpr std::array<std::string_view, 5> names{"read_only", "write_back", "write_through", "write_evict",
                                                         "local_wb_global_wt"};
};
template <>
struct EnumNames<AllocPolicy> {
  static constexpr std::array<std::string_view, 3> names{"on_miss", "on_fill", "streaming"};
};
template <>
struct EnumNames<WriteAllocPolicy> {
  static constexpr std::array<std::string_view, 4> names{"no_write_allocate", "write_allocate", "fetch_on_write",
                                                         "lazy_fetch_on_read"};
};
template <>
struct EnumNames<SetIndex> {
  static constexpr std::array<std::string_view, 3> names{"linear", "fermi_hash", "ipoly"};
};
template <>
struct EnumNames<MshrKind> {
  static constexpr std::array<std::string_view, 4> names{"assoc", "sector_assoc", "tex_fifo", "sector_tex_fifo"};
};
template <>
struct EnumNames<WarpScheduler> {
  static constexpr std::array<std::string_view, 10> names{"lrr",     "gto",     "glrr",    "oldest",
                                                          "two_level", "cawa",  "tbc_age", "tbc_rrb",
                                                          "tbc_srr", "majority"};
};
template <>
struct EnumNames<DdosHash> {
  static constexpr std::array<std::string_view, 2> names{"xor", "modulo"};
};
template <>
struct EnumNames<WarpOrder> {
  static constexpr std::array<std::string_view, 7> names{"lrr", "srr", "gto", "gtlrr", "gty", "oldest", "youngest"};
};
template <>
struct EnumNames<DramScheduler> {
  static constexpr std::array<std::string_view, 2> names{"fifo", "frfcfs"};
};
template <>
struct EnumNames<BankIndex> {
  static constexpr std::array<std::string_view, 3> names{"linear", "xor", "ipoly"};
};
template <>
struct EnumNames<BankGroupBits> {
  static constexpr std::array<std::string_view, 2> names{"high", "low"};
};
template <>
struct EnumNames<PartitionIndex> {
  static constexpr std::array<std::string_view, 4> names{"consecutive", "xor", "ipoly", "random"};
};
template <>
struct EnumNames<Arbitration> {
  static constexpr std::array<std::string_view, 2> names{"islip", "round_robin"};
};
template <>
struct EnumNames<SimdModel> {
  static constexpr std::array<std::string_view, 2> names{"stack", "aware"};
};
template <>
struct EnumNames<OpClass> {
  static constexpr std::array<std::string_view, kOpClassCount> names{
      "int_add", "int_max", "int_mul", "int_mad", "int_div", "int_shfl", "fp_add", "fp_max", "fp_mul",
      "fp_mad",  "fp_div",  "dp_add",  "dp_max",  "dp_mul",  "dp_mad",   "dp_div", "sfu",    "tensor"};
};

template <class E>
[[nodiscard]] constexpr std::string_view enum_name(E e) noexcept {
  const auto i = static_cast<std::size_t>(e);
  return i < EnumNames<E>::names.size() ? EnumNames<E>::names[i] : std::string_view("?");
}

template <class E>
[[nodiscard]] constexpr std::optional<E> parse_enum(std::string_view s) noexcept {
  for (std::size_t i = 0; i < EnumNames<E>::names.size(); ++i) {
    if (EnumNames<E>::names[i] == s) return static_cast<E>(i);
  }
  return std::nullopt;
}

template <class E>
[[nodiscard]] constexpr std::span<const std::string_view> enum_names() noexcept {
  return EnumNames<E>::names;
}

/// The letters of AddressMapping fields in a GPGPU-Sim map: 0 D B R C S.
[[nodiscard]] constexpr char addr_field_letter(AddrField f) noexcept {
  constexpr std::array<char, 6> letters{'0', 'D', 'B', 'R', 'C', 'S'};
  return letters[static_cast<std::size_t>(f)];
}

}  // namespace lockstep::sim
