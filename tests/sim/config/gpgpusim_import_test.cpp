// The GPGPU-Sim import: how the file is read (comments, quotes, standalone
// flags, the last setting wins), the values that depend on several options,
// the interconnect file, warnings, and where problems are reported. Files
// are given as text; the interconnect file comes from an in-memory reader.
#include <gtest/gtest.h>

#include <map>
#include <set>
#include <string>
#include <vector>

#include "frontend/diagnostics.hpp"
#include "sim/config/gpgpusim_config.hpp"
#include "sim/config/gpgpusim_options.hpp"

namespace lockstep::sim {
namespace {

/// An interconnect file that fits every configuration below.
const char* const kIcnt = "topology = fly; k = 128; n = 1; num_vcs = 1; flit_size = 32;\n";

struct Files {
  std::map<std::string, std::string> files{{"dir/xbar.icnt", kIcnt}};
  ConfigFileReader reader() const {
    return [this](const std::string& p) -> std::optional<std::string> {
      const auto it = files.find(p);
      if (it == files.end()) return std::nullopt;
      return it->second;
    };
  }
};

ImportedGpu import(const std::string& text, const Files& f = Files{}) {
  return parse_gpgpusim_config("-inter_config_file xbar.icnt\n-gpgpu_perf_sim_memcpy 0\n" + text, "dir/gpgpusim.config",
                               f.reader());
}

std::string error_of(const std::string& text, const Files& f = Files{}) {
  try {
    (void)import(text, f);
  } catch (const InputError& e) {
    return e.what();
  }
  return "no error";
}

std::vector<std::string> warnings_of(const std::string& text, const Files& f = Files{}) {
  std::vector<std::string> out;
  for (const Diagnostic& d : import(text, f).warnings) out.push_back(d.format());
  return out;
}

TEST(GpgpusimImport, DefaultsWhenNothingIsSet) {
  GpuConfig expected = gpgpusim_defaults();
  const GpuConfig c = import("").config;
  EXPECT_EQ(c.name, "dir");
  EXPECT_EQ(c.source, "imported from GPGPU-Sim configuration dir/gpgpusim.config");
  expected.name = c.name;
  expected.source = c.source;
  expected.interconnect.latency = 6;  // BookSim's default router delays, as in the defaults
  expected.interconnect.subnets = 1;
  EXPECT_EQ(c.core, expected.core);
  EXPECT_EQ(c.memory, expected.memory);
  EXPECT_EQ(c.clocks, expected.clocks);
  EXPECT_EQ(c.divergence, expected.divergence);
  EXPECT_EQ(c.interconnect, expected.interconnect);
}

TEST(GpgpusimImport, CommentsQuotesAndLines) {
  const GpuConfig c = import("# a comment -gpgpu_n_mem 3\n"
                             "-gpgpu_n_clusters\n\n   7 # the value on the next line\n"
                             "-gpgpu_scheduler \"lrr\"\n"
                             "-gpgpu_dram_timing_opt \"nbk=8:CCD=2:RRD=8:RCD=12:RAS=25:RP=10:\n"
                             "     RC=35:CL=10:WL=7:CDLR=6:WR=11\" -gpgpu_mem_addr_mapping "
                             "dramid@8;00000000.00000000.00000000.00000000.0000RRRR.RRRRRRRR.RRBBBCCC.CCCSSSSS\n"
                             "-gpgpu_shader_cta 4#no space before the comment\n")
                          .config;
  EXPECT_EQ(c.memory.channels, 8U);
  EXPECT_EQ(c.core.clusters, 7U);
  EXPECT_EQ(c.core.scheduler.policy, WarpScheduler::Lrr);
  EXPECT_EQ(c.memory.dram.timing.rc, 35U);
  EXPECT_EQ(c.memory.dram.timing.banks, 8U);
  EXPECT_EQ(c.core.max_ctas, 4U);
}

TEST(GpgpusimImport, StandaloneFlagsAndTheLastSettingWins) {
  const GpuConfig c = import("-gpgpu_gmem_skip_L1D -gpgpu_n_mem 2 -gpgpu_n_mem 4\n"
                             "-gpgpu_perfect_inst_const_cache\n")
                          .config;
  EXPECT_TRUE(c.core.gmem_skip_l1d);
  EXPECT_TRUE(c.core.perfect_inst_const_cache);
  EXPECT_EQ(c.memory.channels, 4U);
  EXPECT_FALSE(import("-gpgpu_gmem_skip_L1D 0").config.core.gmem_skip_l1d);
}

TEST(GpgpusimImport, SharedMemorySizeDefaultWins) {
  EXPECT_EQ(import("-gpgpu_shmem_size 49152").config.core.shared.bytes, 49152U);
  EXPECT_EQ(import("-gpgpu_shmem_sizeDefault 32768 -gpgpu_shmem_size 49152").config.core.shared.bytes, 32768U);
  EXPECT_EQ(import("").config.core.shared.bytes, 16384U);
}

TEST(GpgpusimImport, TensorCoresOnlyWhenAvailable) {
  const std::string widths = "-gpgpu_pipeline_widths 1,1,1,1,1,1,1,1,1,1,1,2,3 -gpgpu_num_tensor_core_units 2\n";
  const GpuConfig off = import(widths).config;
  EXPECT_EQ(off.core.tensor.units, 0U);
  EXPECT_EQ(off.core.tensor.id_oc_width, 0U);
  const GpuConfig on = import(widths + "-gpgpu_tensor_core_avail 1").config;
  EXPECT_EQ(on.core.tensor.units, 2U);
  EXPECT_EQ(on.core.tensor.id_oc_width, 2U);
  EXPECT_EQ(on.core.tensor.oc_ex_width, 3U);
}

TEST(GpgpusimImport, AddressMaskPresetWithoutMappingString) {
  EXPECT_EQ(import("-gpgpu_mem_address_mask 1").config.memory.address_mapping.chip_start_bit, 13);
  EXPECT_EQ(import("").config.memory.address_mapping.chip_start_bit, 10);
  EXPECT_EQ(import("-gpgpu_mem_address_mask 1 -gpgpu_mem_addr_mapping dramid@5;" + std::string(40, '0') +
                   std::string(14, 'R') + "BB" + std::string(8, 'C'))
                .config.memory.address_mapping.chip_start_bit,
            5);
}

TEST(GpgpusimImport, AwareOptions) {
  const GpuConfig c =
      import("-gpgpu_simd_model 2 -gpgpu_simd_rec_time_out 1000 -gpgpu_simd_st_size 4 -gpgpu_simd_rec_size 2\n")
          .config;
  EXPECT_EQ(c.divergence.simd_model, SimdModel::Aware);
  EXPECT_EQ(c.divergence.aware_timeout, 1000U);
  EXPECT_EQ(c.divergence.split_table_entries, 4U);
  EXPECT_EQ(c.divergence.reconvergence_table_entries, 2U);
  EXPECT_EQ(import("-gpgpu_simd_rec_time_out -1").config.divergence.aware_timeout, 0U);
}

TEST(GpgpusimImport, InterconnectFileRelativeToTheConfig) {
  Files f;
  f.files["dir/sub/x.icnt"] =
      "// a comment\ntopology = fly; k = 64; n = 1; num_vcs = 1; flit_size = 24;\n"
      "routing_delay = 2; vc_alloc_delay = 1; sw_alloc_delay = 1; st_final_delay = 2;\n"
      "sw_allocator = separable_output_first; alloc_iters = 3; internal_speedup = 2.5; subnets = 2;\n"
      "vc_buf_size = 7;\n";
  const InterconnectConfig n = import("-inter_config_file sub/x.icnt", f).config.interconnect;
  EXPECT_EQ(n.flit_bytes, 24U);
  EXPECT_EQ(n.latency, 2U + 2 + 1 + 1 + 2);
  EXPECT_EQ(n.arbitration, Arbitration::RoundRobin);
  EXPECT_EQ(n.arbitration_iterations, 3U);
  EXPECT_DOUBLE_EQ(n.internal_speedup, 2.5);
  EXPECT_EQ(n.subnets, 2U);
  EXPECT_EQ(n.input_buffer_flits, 9U);   // GPGPU-Sim's value without input_buffer_size
  EXPECT_EQ(n.output_buffer_flits, 7U);  // vc_buf_size without ejection_buffer_size
}

TEST(GpgpusimImport, BuiltInCrossbar) {
  const InterconnectConfig n = import("-network_mode 2 -icnt_in_buffer_limit 10 -icnt_out_buffer_limit 20 "
                                      "-icnt_subnets 1 -icnt_arbiter_algo 0 -icnt_flit_size 48")
                                   .config.interconnect;
  EXPECT_EQ(n, (InterconnectConfig{48, 1, 1, 1.0, 30, 60, Arbitration::RoundRobin, 1, 1}));
}

TEST(GpgpusimImport, WarningsOnceInFileOrderForTheLastValue) {
  EXPECT_EQ(warnings_of("-gpgpu_l1_banks 2\n-gpgpu_sub_core_model 1\n-gpgpu_l1_banks 4\n-gpgpu_perfect_mem 0\n"),
            (std::vector<std::string>{
                "dir/gpgpusim.config:5:17: warning: -gpgpu_l1_banks 4 is not modelled: lockstep's L1D has one bank",
                "dir/gpgpusim.config:4:23: warning: -gpgpu_sub_core_model 1 is not modelled: lockstep's schedulers "
                "share the SM's register banks and units (no sub-cores)"}));
  EXPECT_TRUE(warnings_of("-gpgpu_l1_banks 4\n-gpgpu_l1_banks 1\n").empty());
  EXPECT_TRUE(warnings_of("-specialized_unit_1 0,4,4,4,4,BRA -visualizer_enabled 1 -trace_enabled 1").empty());
  EXPECT_EQ(warnings_of("-specialized_unit_1 1,4,4,4,4,BRA").size(), 1U);
}

TEST(GpgpusimImport, DefaultWarningsWithoutPosition) {
  const ImportedGpu g = parse_gpgpusim_config("-inter_config_file xbar.icnt", "dir/gpgpusim.config", Files{}.reader());
  ASSERT_EQ(g.warnings.size(), 1U);
  EXPECT_EQ(g.warnings[0].format(),
            "dir/gpgpusim.config: warning: -gpgpu_perf_sim_memcpy is 1 by default in GPGPU-Sim and not modelled: "
            "lockstep's L2 starts empty; GPGPU-Sim fills it with the data copied to the GPU");
}

TEST(GpgpusimImport, ProblemsAtTheOptionSetLast) {
  // Bank bits come from the map, banks from the timing: the later one is blamed.
  const std::string map = "-gpgpu_mem_addr_mapping dramid@8;00000000.00000000.00000000.00000000.0000RRRR.RRRRRRRR.BBBBCCCC.CCSSSSSS\n";
  const std::string timing = "-gpgpu_dram_timing_opt 4:2:8:12:21:13:34:9:4:5:13\n";
  EXPECT_EQ(error_of(map + timing),
            "dir/gpgpusim.config:4:24: error: -gpgpu_dram_timing_opt: the address map has 4 bank bits (B) but the DRAM "
            "has 4 banks (at most 2)");
  EXPECT_EQ(error_of(timing + map),
            "dir/gpgpusim.config:4:25: error: -gpgpu_mem_addr_mapping: the address map has 4 bank bits (B) but the "
            "DRAM has 4 banks (at most 2)");
  // A count that contradicts a default: blamed on the option.
  EXPECT_EQ(error_of("-gpgpu_n_sub_partition_per_mchannel 8"),
            "dir/gpgpusim.config:3:37: error: -gpgpu_n_sub_partition_per_mchannel: 4 banks cannot be shared by 8 "
            "sub-partitions (the sub-partition is the low bank bits)");
}

TEST(GpgpusimImport, InterconnectErrors) {
  Files f;
  f.files["dir/xbar.icnt"] = "topology = fly;\nk = 4;\nn = 1;\n";
  EXPECT_EQ(error_of("", f),
            "dir/xbar.icnt:2:5: error: k: the crossbar has 4 ports, fewer than the 10 SM clusters and 8 memory "
            "sub-partitions it connects");
  f.files["dir/xbar.icnt"] = "k = 64; flit_size = 3.5;\n";
  EXPECT_EQ(error_of("", f), "dir/xbar.icnt:1:21: error: flit_size: expected an integer, got '3.5'");
  f.files["dir/xbar.icnt"] = "k = 64 n = 1;\n";
  EXPECT_EQ(error_of("", f), "dir/xbar.icnt:1:8: error: expected ';' after the value of 'k'");
  f.files["dir/xbar.icnt"] = "k 64;\n";
  EXPECT_EQ(error_of("", f), "dir/xbar.icnt:1:3: error: expected '=' after 'k'");
  f.files["dir/xbar.icnt"] = "k = ;\n";
  EXPECT_EQ(error_of("", f), "dir/xbar.icnt:1:5: error: expected a value");
  f.files["dir/xbar.icnt"] = "= 3;\n";
  EXPECT_EQ(error_of("", f), "dir/xbar.icnt:1:1: error: expected a setting 'key = value;', got '='");
  EXPECT_EQ(error_of("-inter_config_file none.icnt"),
            "dir/gpgpusim.config:3:20: error: -inter_config_file: cannot read 'dir/none.icnt'");
}

TEST(GpgpusimImport, EveryOptionHasAClassAndModelledOnesApply) {
  std::set<std::string_view> names;
  for (const gpgpusim::OptionInfo& o : gpgpusim::gpgpusim_options()) {
    EXPECT_TRUE(names.insert(o.name).second) << "duplicate " << o.name;
    EXPECT_EQ(o.name.substr(0, 1), "-");
    if (o.cls == gpgpusim::OptionClass::Modelled) {
      EXPECT_NE(o.apply, nullptr) << o.name;
      EXPECT_FALSE(o.fields.empty()) << o.name;
    }
    if (o.cls == gpgpusim::OptionClass::Unmodelled) {
      EXPECT_FALSE(o.note.empty()) << o.name;
    }
  }
  EXPECT_GT(names.size(), 230U);
}

}  // namespace
}  // namespace lockstep::sim
