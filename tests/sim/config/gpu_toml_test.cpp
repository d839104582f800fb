// lockstep's GPU TOML files: every bundled GPU and GPGPU-Sim's defaults read
// back from their TOML to the same value; malformed files give one error at
// the key; docs/sim.md documents every field.
#include <fmt/format.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>
#include <set>
#include <sstream>
#include <string>

#include "frontend/diagnostics.hpp"
#include "sim/config/gpgpusim_config.hpp"
#include "sim/config/gpgpusim_options.hpp"
#include "sim/config/gpu_fields.hpp"
#include "sim/config/gpu_toml.hpp"
#include "sim/config/load_gpu.hpp"

namespace lockstep::sim {
namespace {

std::string error_of(std::string_view text) {
  try {
    (void)parse_gpu_toml(text, "g.toml");
  } catch (const InputError& e) {
    return e.what();
  }
  return "no error";
}

/// The tiny GPU's TOML with `from` replaced by `to` (which must occur).
std::string tiny_with(std::string_view from, std::string_view to) {
  std::string text = format_gpu_toml(load_gpu("tiny").config);
  const std::size_t at = text.find(from);
  EXPECT_NE(at, std::string::npos) << from;
  if (at != std::string::npos) text.replace(at, from.size(), to);
  return text;
}

/// 1-based line of the first occurrence of `s` in the tiny GPU's TOML.
std::size_t line_of(std::string_view s) {
  const std::string text = format_gpu_toml(load_gpu("tiny").config);
  const std::size_t at = text.find(s);
  return static_cast<std::size_t>(std::count(text.begin(), text.begin() + static_cast<std::ptrdiff_t>(at), '\n')) + 1;
}

TEST(GpuToml, BundledGpusRoundTrip) {
  ASSERT_EQ(bundled_gpus().size(), 7U);
  for (const BundledGpu& b : bundled_gpus()) {
    const GpuConfig c = load_gpu(std::string(b.name)).config;
    EXPECT_EQ(c.name, b.name);
    const std::string text = format_gpu_toml(c);
    EXPECT_EQ(parse_gpu_toml(text, "again.toml"), c) << b.name;
    EXPECT_EQ(format_gpu_toml(parse_gpu_toml(text, "again.toml")), text) << b.name;
  }
}

TEST(GpuToml, DefaultsRoundTripWithOddValues) {
  GpuConfig c = gpgpusim_defaults();
  c.name = "odd \"name\"\twith\\escapes";
  c.clocks.core_mhz = 1234.5678901234;
  c.clocks.dram_mhz = 1e-3;
  c.interconnect.internal_speedup = 1.0 / 3.0;
  c.divergence.aware_timeout = 9'000'000'000'000ULL;
  EXPECT_EQ(parse_gpu_toml(format_gpu_toml(c), "odd.toml"), c);
}

TEST(GpuToml, Errors) {
  EXPECT_EQ(error_of("name = \n"), "g.toml:1:8: error: TOML syntax: error while parsing key-value pair: expected value, saw '\\n'");
  EXPECT_EQ(error_of("name = \"x\"\n"), "g.toml: error: missing required key 'source'");
  EXPECT_EQ(error_of("nmae = \"x\"\n"), "g.toml:1:1: error: unknown key 'nmae' (did you mean 'name'?)");
  EXPECT_EQ(error_of(tiny_with("[core.l1d]", "[core.l1x]")),
            fmt::format("g.toml:{}:7: error: core: unknown key 'l1x' (did you mean 'l1i'?)", line_of("[core.l1d]")));
  EXPECT_EQ(error_of(tiny_with("clusters = 2", "clusters = -2")),
            fmt::format("g.toml:{}:12: error: core.clusters: -2 is out of range (0 .. 4294967295)", line_of("clusters = 2")));
  EXPECT_EQ(error_of(tiny_with("clusters = 2", "clusters = \"2\"")),
            fmt::format("g.toml:{}:12: error: core.clusters: expected an integer, got a string", line_of("clusters = 2")));
  EXPECT_EQ(error_of(tiny_with("gmem_skip_l1d = false", "gmem_skip_l1d = 0")),
            fmt::format("g.toml:{}:17: error: core.gmem_skip_l1d: expected true or false, got an integer",
                        line_of("gmem_skip_l1d")));
  EXPECT_EQ(error_of(tiny_with("core_mhz = 1000.0", "core_mhz = nan")),
            fmt::format("g.toml:{}:12: error: clocks.core_mhz: expected a finite number", line_of("core_mhz")));
  EXPECT_EQ(error_of(tiny_with("core_mhz = 1000.0", "core_mhz = 0")),
            fmt::format("g.toml:{}:12: error: clocks.core_mhz: a clock must be above 0 MHz, got 0", line_of("core_mhz")));
  EXPECT_EQ(error_of(tiny_with("int_add = { latency = 4, initiation = 1 }", "int_add = 4")),
            fmt::format("g.toml:{}:11: error: core.ops.int_add: expected a table {{ latency = N, initiation = N }}, "
                        "got an integer",
                        line_of("int_add")));
  EXPECT_EQ(error_of(tiny_with("int_add = { latency = 4, initiation = 1 }", "int_add = { latency = 4 }")),
            fmt::format("g.toml:{}:11: error: core.ops.int_add: missing required key 'initiation'", line_of("int_add")));
  EXPECT_EQ(error_of(tiny_with("int_add = { latency = 4, initiation = 1 }",
                               "int_add = { latency = 4, initiation = 1, ii = 2 }")),
            fmt::format("g.toml:{}:42: error: core.ops.int_add: unknown key 'ii' (latency, initiation)", line_of("int_add")));
  EXPECT_EQ(error_of(tiny_with("kind = \"normal\"", "kind = \"sectored\"")),
            fmt::format("g.toml:{}:8: error: core.l1i.kind: unknown value 'sectored' (did you mean 'sector'?) (normal, "
                        "sector)",
                        line_of("kind = \"normal\"")));
  EXPECT_EQ(error_of(tiny_with("[core.shared]\nbytes = 16384  # bytes\n", "[core.shared]\n")),
            fmt::format("g.toml:{}:1: error: core.shared: missing required key 'bytes'", line_of("[core.shared]")));
  EXPECT_EQ(error_of(tiny_with("[divergence]", "[divergence.x]")),
            fmt::format("g.toml:{}:13: error: divergence: unknown key 'x'", line_of("[divergence]")));
  EXPECT_EQ(error_of(tiny_with("core_mhz", "core_mhz = 1.0\ncore_mhz")),
            fmt::format("g.toml:{}:12: error: TOML syntax: error while parsing key-value pair: cannot redefine "
                        "existing floating-point 'core_mhz'",
                        line_of("core_mhz") + 1));
}

TEST(GpuToml, MissingSection) {
  const std::string text = tiny_with("[divergence]\n", "[divergenc]\n");
  EXPECT_EQ(error_of(text), fmt::format("g.toml:{}:2: error: unknown key 'divergenc' (did you mean 'divergence'?)",
                                        line_of("[divergence]")));
  const std::string full = format_gpu_toml(load_gpu("tiny").config);
  EXPECT_EQ(error_of(full.substr(0, full.find("[divergence]"))), "g.toml: error: missing table [divergence]");
}

TEST(GpuToml, TextAndJsonHaveEveryField) {
  const GpuConfig c = load_gpu("tiny").config;
  const std::string text = format_gpu_text(c);
  const std::string json = format_gpu_json(c);
  EXPECT_NE(text.find("peak 32.0 GB/s"), std::string::npos);
  EXPECT_NE(text.find("memory.dram.timing.rcd"), std::string::npos);
  EXPECT_NE(json.find("\"int_shfl\": {\"latency\": 4, \"initiation\": 1}"), std::string::npos);
  EXPECT_EQ(json.front(), '{');
  EXPECT_EQ(json.substr(json.size() - 2), "}\n");
}

/// Every section.key of the format, for the documentation check.
struct Paths {
  std::set<std::string> all;
  std::string current;
  void section(std::string_view s) { current = std::string(s); }
  template <class T>
  void field(const config_detail::FieldMeta& m, const T&) {
    all.insert(current.empty() ? std::string(m.key) : current + "." + std::string(m.key));
  }
  void cache_bytes(const config_detail::FieldMeta& m, const CacheConfig&) { field(m, 0); }
};

TEST(GpuToml, DocsDescribeEveryField) {
  std::ifstream in(std::string(LOCKSTEP_SOURCE_DIR) + "/docs/sim.md");
  ASSERT_TRUE(in.good());
  std::stringstream ss;
  ss << in.rdbuf();
  const std::string doc = ss.str();
  Paths p;
  const GpuConfig c;
  config_detail::visit_gpu_fields(c, p);
  EXPECT_GT(p.all.size(), 150U);
  for (const std::string& path : p.all) {
    // Cache and unit tables are documented once for all of them: `core.l1d.sets`
    // as `<cache>.sets`, `core.dp.units` as `<unit>.units`, `core.ops.fp_add` in the ops list.
    const std::size_t dot = path.rfind('.');
    const std::string key = path.substr(dot == std::string::npos ? 0 : dot + 1);
    const std::string section = dot == std::string::npos ? "" : path.substr(0, dot);
    std::string shown = "`" + path + "`";
    if (section == "core.l1i" || section == "core.l1d" || section == "core.l1c" || section == "core.l1t" ||
        section == "memory.l2") {
      shown = "`<cache>." + key + "`";
    } else if (section == "core.sp" || section == "core.dp" || section == "core.int" || section == "core.sfu" ||
               section == "core.tensor" || section == "core.mem") {
      shown = "`<unit>." + key + "`";
    } else if (section == "core.ops") {
      shown = "`" + key + "`";
    }
    EXPECT_NE(doc.find(shown), std::string::npos) << "docs/sim.md does not describe " << shown;
  }
  // Every GPGPU-Sim option is in one of the option-class lists (families
  // written with braces or "..." are checked by their stem).
  for (const gpgpusim::OptionInfo& o : gpgpusim::gpgpusim_options()) {
    std::string name(o.name);
    if (name.rfind("-gpgpu_operand_collector_num_", 0) == 0) name = "-gpgpu_operand_collector_num_{units,in_ports";
    if (name.rfind("-specialized_unit_", 0) == 0) name = "`-specialized_unit_1` ... `-specialized_unit_8`";
    if (name.rfind("-ptx_opcode_", 0) == 0 && name != "-ptx_opcode_latency_tesnor") name = name.substr(0, 19);
    EXPECT_NE(doc.find(name), std::string::npos) << "docs/sim.md does not classify " << o.name;
  }
}

}  // namespace
}  // namespace lockstep::sim
