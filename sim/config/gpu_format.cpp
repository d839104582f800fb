// format_gpu_toml and format_gpu_json: a GpuConfig written out field by
// field in the order of gpu_fields.hpp.
#include <fmt/format.h>

#include <string>
#include <type_traits>
#include <vector>

#include "sim/config/gpu_fields.hpp"
#include "sim/config/gpu_toml.hpp"
#include "sim/config/option_strings.hpp"

namespace lockstep::sim {
namespace {

using config_detail::BitMap;
using config_detail::FieldMeta;

/// A string as a TOML basic string or JSON string (the escapes both accept).
std::string quote_string(std::string_view s) {
  std::string out = "\"";
  for (const char ch : s) {
    const auto u = static_cast<unsigned char>(ch);
    if (ch == '"' || ch == '\\') {
      out += '\\';
      out += ch;
    } else if (ch == '\n') {
      out += "\\n";
    } else if (ch == '\t') {
      out += "\\t";
    } else if (u < 0x20 || u == 0x7f) {
      out += fmt::format("\\u{:04x}", u);
    } else {
      out += ch;
    }
  }
  return out + '"';
}

/// The shortest text that reads back as `v`, always with a '.' or exponent.
std::string real(double v) {
  std::string s = fmt::format("{}", v);
  if (s.find_first_of(".eE") == std::string::npos) s += ".0";
  return s;
}

/// The text of one value, the same in TOML and JSON except for `ops`
/// entries, which are inline tables / objects.
template <class T>
std::string scalar(const T& v) {
  if constexpr (std::is_same_v<T, std::string>) {
    return quote_string(v);
  } else if constexpr (std::is_same_v<T, bool>) {
    return v ? "true" : "false";
  } else if constexpr (std::is_same_v<T, double>) {
    return real(v);
  } else if constexpr (std::is_enum_v<T>) {
    return quote_string(enum_name(v));
  } else {
    return fmt::format("{}", v);
  }
}

class TomlOut {
 public:
  void section(std::string_view path) {
    if (!path.empty()) out_ += fmt::format("\n[{}]\n", path);
  }
  template <class T>
  void field(const FieldMeta& m, const T& v) {
    line(m, scalar(v));
  }
  void field(const FieldMeta& m, const OpTiming& t) {
    line(m, fmt::format("{{ latency = {}, initiation = {} }}", t.latency, t.initiation));
  }
  template <class Bits>
  void field(const FieldMeta& m, const BitMap<Bits>& b) {
    line(m, quote_string(gpgpusim::format_address_bits(b.bits)));
  }
  void cache_bytes(const FieldMeta& m, const CacheConfig& k) { line(m, fmt::format("{}", k.bytes())); }

  [[nodiscard]] std::string take() { return std::move(out_); }

 private:
  void line(const FieldMeta& m, const std::string& value) {
    if (m.unit.empty()) {
      out_ += fmt::format("{} = {}\n", m.key, value);
    } else {
      out_ += fmt::format("{} = {}  # {}\n", m.key, value, m.unit);
    }
  }
  std::string out_;
};

class JsonOut {
 public:
  JsonOut() { out_ = "{"; }
  void section(std::string_view path) {
    std::vector<std::string> parts;
    for (std::size_t start = 0; !path.empty();) {
      const std::size_t dot = path.find('.', start);
      parts.emplace_back(path.substr(start, dot == std::string_view::npos ? std::string_view::npos : dot - start));
      if (dot == std::string_view::npos) break;
      start = dot + 1;
    }
    std::size_t common = 0;
    while (common < open_.size() && common < parts.size() && open_[common] == parts[common]) ++common;
    while (open_.size() > common) {
      open_.pop_back();
      out_ += fmt::format("\n{}}}", indent());
      first_ = false;
    }
    for (std::size_t i = common; i < parts.size(); ++i) {
      key(parts[i]);
      out_ += "{";
      open_.push_back(parts[i]);
      first_ = true;
    }
  }
  template <class T>
  void field(const FieldMeta& m, const T& v) {
    key(m.key);
    out_ += scalar(v);
  }
  void field(const FieldMeta& m, const OpTiming& t) {
    key(m.key);
    out_ += fmt::format("{{\"latency\": {}, \"initiation\": {}}}", t.latency, t.initiation);
  }
  template <class Bits>
  void field(const FieldMeta& m, const BitMap<Bits>& b) {
    key(m.key);
    out_ += quote_string(gpgpusim::format_address_bits(b.bits));
  }
  void cache_bytes(const FieldMeta& m, const CacheConfig& k) {
    key(m.key);
    out_ += fmt::format("{}", k.bytes());
  }

  [[nodiscard]] std::string take() {
    section("");
    out_ += "\n}\n";
    return std::move(out_);
  }

 private:
  [[nodiscard]] std::string indent() const { return std::string(2 * (open_.size() + 1), ' '); }
  void key(std::string_view k) {
    out_ += first_ ? "\n" : ",\n";
    out_ += std::string(2 * (open_.size() + 1), ' ');
    out_ += quote_string(k);
    out_ += ": ";
    first_ = false;
  }
  std::string out_;
  std::vector<std::string> open_;
  bool first_ = true;
};

class TextOut {
 public:
  void section(std::string_view path) { section_ = std::string(path); }
  template <class T>
  void field(const FieldMeta& m, const T& v) {
    line(m, scalar(v));
  }
  void field(const FieldMeta& m, const OpTiming& t) {
    line(m, fmt::format("latency {}, initiation {}", t.latency, t.initiation));
  }
  template <class Bits>
  void field(const FieldMeta& m, const BitMap<Bits>& b) {
    line(m, gpgpusim::format_address_bits(b.bits));
  }
  void cache_bytes(const FieldMeta& m, const CacheConfig& k) { line(m, fmt::format("{}", k.bytes())); }
  [[nodiscard]] std::string take() { return std::move(out_); }

 private:
  void line(const FieldMeta& m, const std::string& value) {
    const std::string key = section_.empty() ? std::string(m.key) : fmt::format("{}.{}", section_, m.key);
    if (m.unit.empty()) {
      out_ += fmt::format("  {:<46} {}\n", key, value);
    } else {
      out_ += fmt::format("  {:<46} {}  ({})\n", key, value, m.unit);
    }
  }
  std::string section_;
  std::string out_;
};

/// "16 KiB" for multiples of 1024, else bytes.
std::string size_text(std::uint64_t bytes) {
  if (bytes >= 1024 * 1024 && bytes % (1024 * 1024) == 0) return fmt::format("{} MiB", bytes / (1024 * 1024));
  if (bytes >= 1024 && bytes % 1024 == 0) return fmt::format("{} KiB", bytes / 1024);
  return fmt::format("{} B", bytes);
}

std::string cache_text(const CacheConfig& k) {
  if (!k.enabled) return "none";
  return fmt::format("{} ({} sets x {} B x {} ways, {})", size_text(k.bytes()), k.sets, k.line_bytes, k.ways,
                     enum_name(k.write));
}

}  // namespace

std::string format_gpu_text(const GpuConfig& c) {
  const CoreConfig& k = c.core;
  const MemoryConfig& m = c.memory;
  const double dram_gbs = static_cast<double>(m.channels) * m.dram.chips_per_channel * m.dram.bus_width_bytes *
                          m.dram.data_command_freq_ratio * c.clocks.dram_mhz / 1000.0;
  std::string out = fmt::format("{}: {}\n", c.name, c.source);
  out += fmt::format("  SMs: {} ({} clusters x {}), each {} threads ({} warps), {} CTAs, {} registers, {} shared memory\n",
                     k.sm_count(), k.clusters, k.cores_per_cluster, k.max_threads, k.max_warps(), k.max_ctas,
                     k.registers, size_text(k.shared.bytes));
  out += fmt::format("  issue: {} {} scheduler{} per SM; units per SM: {} SP, {} DP, {} INT, {} SFU, {} tensor\n",
                     k.scheduler.per_core, enum_name(k.scheduler.policy), k.scheduler.per_core == 1 ? "" : "s",
                     k.sp.units, k.dp.units, k.integer.units, k.sfu.units, k.tensor.units);
  if (k.scheduler.policy == WarpScheduler::Gto && k.scheduler.gto_rotation != 0) {
    out += fmt::format("  gto age rotation every {} cycles\n", k.scheduler.gto_rotation);
  }
  if (const CawaConfig& a = k.scheduler.cawa; k.scheduler.policy == WarpScheduler::Cawa) {
    out += fmt::format("  cawa: {} criticality-aware scheduling; CACP {}\n", a.greedy ? "greedy" : "non-greedy",
                       a.cacp ? fmt::format("on ({} of L1D ways critical, signature tables of {} entries)",
                                            a.cacp_critical_ways, a.cacp_signatures)
                              : std::string("off"));
  }
  if (const DdosConfig& d = k.scheduler.ddos; d.enabled) {
    const BowsConfig& b = k.scheduler.bows;
    out += fmt::format("  spin detection: DDOS {} m={} k={} l={} t={}, {} SIB entries{}; BOWS {}\n", enum_name(d.hash),
                       d.path_bits, d.value_bits, d.history, d.threshold, d.sib_entries,
                       d.shared_history ? fmt::format(", shared history ({} cycles per warp)", d.epoch) : "",
                       !b.enabled   ? std::string("off")
                       : b.adaptive ? fmt::format("adaptive delay limit {}..{} cycles", b.delay_min, b.delay_max)
                                    : fmt::format("fixed delay limit {} cycles", b.delay));
  }
  out += fmt::format("  L1D {}; L1I {}; L1C {}; L1T {}\n", cache_text(k.l1d), cache_text(k.l1i), cache_text(k.l1c),
                     cache_text(k.l1t));
  out += fmt::format("  L2: {} in {} slices of {}\n", size_text(m.l2.bytes() * m.sub_partitions()),
                     m.sub_partitions(), cache_text(m.l2));
  out += fmt::format("  DRAM: {} channels, {} banks each, {} scheduler, peak {:.1f} GB/s\n", m.channels,
                     m.dram.timing.banks, enum_name(m.dram.scheduler), dram_gbs);
  out += fmt::format("  clocks: core {} MHz, interconnect {} MHz, L2 {} MHz, DRAM {} MHz\n", c.clocks.core_mhz,
                     c.clocks.interconnect_mhz, c.clocks.l2_mhz, c.clocks.dram_mhz);
  out += "parameters:\n";
  TextOut text;
  config_detail::visit_gpu_fields(c, text);
  return out + text.take();
}

std::string format_gpu_toml(const GpuConfig& c) {
  TomlOut out;
  config_detail::visit_gpu_fields(c, out);
  return out.take();
}

std::string format_gpu_json(const GpuConfig& c) {
  JsonOut out;
  config_detail::visit_gpu_fields(c, out);
  return out.take();
}

}  // namespace lockstep::sim
