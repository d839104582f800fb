// Internal to the GPGPU-Sim import: the options GPGPU-Sim 3.x and 4.x (and
// the AWARE and BOWS/DDOS forks of 3.2.2) know, each with its class and
// what it does to a GpuConfig, and the same for the BookSim interconnect
// file. docs/sim.md has the tables in words.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>

#include "sim/config/gpu_config.hpp"

namespace lockstep::sim::gpgpusim {

enum class OptionClass : std::uint8_t {
  Modelled,    ///< the value goes into the GpuConfig
  Unmodelled,  ///< changes timing in GPGPU-Sim, not modelled: warned unless `neutral`
  NoTiming,    ///< output, statistics, functional or host settings: accepted silently
};

/// How a value is checked (every class is checked) and read.
enum class ValueKind : std::uint8_t {
  Flag,     ///< 0 or 1; may stand alone (meaning 1)
  Integer,  ///< a signed integer
  Real,     ///< a number
  Text,     ///< any token; Modelled options parse it themselves
};

/// What reading the main file collects besides GpuConfig fields, resolved
/// once every option has been read (options whose meaning depends on
/// others, and the interconnect).
struct ImportState {
  GpuConfig config;
  std::optional<std::uint32_t> shmem_size;          ///< -gpgpu_shmem_size
  std::optional<std::uint32_t> shmem_size_default;  ///< -gpgpu_shmem_sizeDefault
  bool tensor_core_avail = false;                   ///< -gpgpu_tensor_core_avail
  std::uint64_t address_mask = 0;                   ///< -gpgpu_mem_address_mask
  bool address_mapping_given = false;               ///< -gpgpu_mem_addr_mapping
  std::int64_t network_mode = 1;                    ///< -network_mode
  std::string inter_config_file = "mesh";           ///< -inter_config_file (GPGPU-Sim's default)
  // The built-in crossbar (-network_mode 2).
  std::uint32_t icnt_in_buffer_limit = 64;
  std::uint32_t icnt_out_buffer_limit = 64;
  std::uint32_t icnt_subnets = 2;
  std::uint32_t icnt_arbiter_algo = 1;
  std::uint32_t icnt_flit_size = 32;
};

/// One known option of a GPGPU-Sim or BookSim file; `State` is what its
/// reader fills.
template <class State>
struct OptionSpec {
  std::string_view name;
  OptionClass cls = OptionClass::NoTiming;
  ValueKind kind = ValueKind::Text;
  /// Sets what the option says (Modelled options, and an Unmodelled one
  /// whose value is needed elsewhere); throws ValueError (option_strings.hpp).
  void (*apply)(std::string_view value, State& s) = nullptr;
  /// Modelled: the GpuConfig key paths (or path prefixes) it sets,
  /// space-separated, for placing check_gpu_config's problems.
  std::string_view fields;
  /// Unmodelled: the value lockstep's model behaves like (compared as a
  /// number for Flag, Integer and Real options; "" means every value is
  /// warned about; a trailing '*' matches any rest).
  std::string_view neutral;
  /// Unmodelled: GPGPU-Sim's default, warned about (without a position) when
  /// it is not neutral and the file does not set the option.
  std::string_view gpgpusim_default;
  std::string_view note;  ///< Unmodelled: what lockstep does instead (the warning's text)
};

using OptionInfo = OptionSpec<ImportState>;

/// The options of gpgpusim.config files.
[[nodiscard]] std::span<const OptionInfo> gpgpusim_options() noexcept;

template <class State>
[[nodiscard]] const OptionSpec<State>* find_option(std::span<const OptionSpec<State>> table,
                                                   std::string_view name) noexcept {
  for (const auto& o : table) {
    if (o.name == name) return &o;
  }
  return nullptr;
}

/// Whether `value` equals `neutral` for an option of kind `kind` (see
/// OptionSpec::neutral).
[[nodiscard]] bool is_neutral(ValueKind kind, std::string_view neutral, std::string_view value);

/// Checks a value against its kind (throws ValueError): every option's
/// value is checked, also those lockstep ignores.
void check_kind(ValueKind kind, std::string_view value);

}  // namespace lockstep::sim::gpgpusim
