// GPGPU-Sim's option value formats: every accepted variant gives the
// documented values, and every malformed value throws one ValueError at the
// offset of the problem.
#include <gtest/gtest.h>

#include <string>

#include "sim/config/config_names.hpp"
#include "sim/config/option_strings.hpp"

namespace lockstep::sim::gpgpusim {
namespace {

/// The ValueError `f` throws, as "OFFSET: MESSAGE" ("no error" if none).
template <class F>
std::string error_of(F&& f) {
  try {
    f();
  } catch (const ValueError& e) {
    return std::to_string(e.offset()) + ": " + e.what();
  }
  return "no error";
}

TEST(OptionNumbers, DecimalHexOctalAsGpgpuSim) {
  EXPECT_EQ(parse_unsigned("0"), 0U);
  EXPECT_EQ(parse_unsigned("32768"), 32768U);
  EXPECT_EQ(parse_unsigned("0x8000"), 32768U);
  EXPECT_EQ(parse_unsigned("0X1f"), 31U);
  EXPECT_EQ(parse_unsigned("010"), 8U);  // a leading 0 is octal in GPGPU-Sim's option parser
  EXPECT_EQ(parse_unsigned("4294967295"), 4294967295U);
  EXPECT_EQ(parse_signed("-1", -1, 10), -1);
  EXPECT_EQ(parse_signed("-010", -100, 10), -8);
  EXPECT_EQ(parse_signed("7", -1, 10), 7);
}

TEST(OptionNumbers, Malformed) {
  EXPECT_EQ(error_of([] { (void)parse_unsigned(""); }), "0: expected a non-negative integer, got nothing");
  EXPECT_EQ(error_of([] { (void)parse_unsigned("12x"); }), "0: expected a non-negative integer, got '12x'");
  EXPECT_EQ(error_of([] { (void)parse_unsigned("-1"); }), "0: expected a non-negative integer, got '-1'");
  EXPECT_EQ(error_of([] { (void)parse_unsigned("08"); }),
            "0: '08' is not an octal number (a leading 0 means octal, as in GPGPU-Sim)");
  EXPECT_EQ(error_of([] { (void)parse_unsigned("4294967296"); }),
            "0: '4294967296' is out of range (at most 4294967295)");
  EXPECT_EQ(error_of([] { (void)parse_unsigned("99999999999999999999"); }),
            "0: '99999999999999999999' is out of range (at most 4294967295)");
  EXPECT_EQ(error_of([] { (void)parse_signed("-2", -1, 10); }), "0: '-2' is out of range (-1 .. 10)");
  EXPECT_EQ(error_of([] { (void)parse_signed("x", -1, 10); }), "0: expected an integer, got 'x'");
  EXPECT_EQ(error_of([] { (void)parse_flag("2"); }), "0: expected 0 or 1, got '2'");
  EXPECT_EQ(error_of([] { (void)parse_real("fast"); }), "0: expected a number, got 'fast'");
  EXPECT_EQ(error_of([] { (void)parse_real("inf"); }), "0: expected a number, got 'inf'");
  EXPECT_DOUBLE_EQ(parse_real("877.25"), 877.25);
}

TEST(OptionCache, GpgpuSim4TypedFormat) {
  const CacheConfig c = parse_cache("S:64:128:8,L:B:m:L:P,A:256:4,4:0,32", false);
  EXPECT_TRUE(c.enabled);
  EXPECT_EQ(c.kind, CacheKind::Sector);
  EXPECT_EQ(c.sets, 64U);
  EXPECT_EQ(c.line_bytes, 128U);
  EXPECT_EQ(c.ways, 8U);
  EXPECT_EQ(c.bytes(), 65536U);
  EXPECT_EQ(c.replacement, Replacement::Lru);
  EXPECT_EQ(c.write, WritePolicy::WriteBack);
  EXPECT_EQ(c.allocation, AllocPolicy::OnMiss);
  EXPECT_EQ(c.write_allocation, WriteAllocPolicy::LazyFetchOnRead);
  EXPECT_EQ(c.index, SetIndex::Ipoly);
  EXPECT_EQ(c.mshr, MshrKind::Assoc);
  EXPECT_EQ(c.mshr_entries, 256U);
  EXPECT_EQ(c.mshr_max_merge, 4U);
  EXPECT_EQ(c.miss_queue, 4U);
  EXPECT_EQ(c.fifo_entries, 0U);
  EXPECT_EQ(c.data_port_bytes, 32U);
  EXPECT_EQ(c.port_bytes(), 32U);
}

TEST(OptionCache, GpgpuSim322WithIndexAndNoKind) {
  const CacheConfig c = parse_cache("32:128:4,L:L:m:N:H,A:32:8,8", true);
  EXPECT_EQ(c.kind, CacheKind::Normal);
  EXPECT_EQ(c.write, WritePolicy::LocalWbGlobalWt);
  EXPECT_EQ(c.write_allocation, WriteAllocPolicy::NoWriteAllocate);
  EXPECT_EQ(c.index, SetIndex::FermiHash);
  EXPECT_EQ(c.miss_queue, 8U);
  EXPECT_EQ(c.data_port_bytes, 0U);
  EXPECT_EQ(c.port_bytes(), 128U);
}

TEST(OptionCache, GpgpuSim3WithoutIndexAndTextureFifo) {
  const CacheConfig c = parse_cache("8:128:5,L:R:m:N,F:128:4,128:2", false);
  EXPECT_EQ(c.index, SetIndex::Linear);
  EXPECT_EQ(c.mshr, MshrKind::TexFifo);
  EXPECT_EQ(c.mshr_entries, 128U);
  EXPECT_EQ(c.miss_queue, 128U);
  EXPECT_EQ(c.fifo_entries, 2U);
}

TEST(OptionCache, GpgpuSim30PoliciesInTheGeometry) {
  const CacheConfig c = parse_cache("64:256:8:F:T:f,A:16:4,4", false);
  EXPECT_EQ(c.sets, 64U);
  EXPECT_EQ(c.line_bytes, 256U);
  EXPECT_EQ(c.ways, 8U);
  EXPECT_EQ(c.replacement, Replacement::Fifo);
  EXPECT_EQ(c.write, WritePolicy::WriteThrough);
  EXPECT_EQ(c.allocation, AllocPolicy::OnFill);
  EXPECT_EQ(c.write_allocation, WriteAllocPolicy::NoWriteAllocate);
}

TEST(OptionCache, EveryPolicyLetter) {
  EXPECT_EQ(parse_cache("N:1:128:4,L:E:s:W:L,S:4:4,4", true).write, WritePolicy::WriteEvict);
  EXPECT_EQ(parse_cache("N:1:128:4,L:E:s:W:L,S:4:4,4", true).allocation, AllocPolicy::Streaming);
  EXPECT_EQ(parse_cache("N:1:128:4,L:E:s:W:L,S:4:4,4", true).write_allocation, WriteAllocPolicy::WriteAllocate);
  EXPECT_EQ(parse_cache("N:1:128:4,L:E:s:W:L,S:4:4,4", true).mshr, MshrKind::SectorAssoc);
  EXPECT_EQ(parse_cache("N:1:128:4,L:R:m:F:L,T:4:4,4:2", false).write_allocation, WriteAllocPolicy::FetchOnWrite);
  EXPECT_EQ(parse_cache("N:1:128:4,L:R:m:F:L,T:4:4,4:2", false).mshr, MshrKind::SectorTexFifo);
  EXPECT_FALSE(parse_cache("none", true).enabled);
}

TEST(OptionCache, Malformed) {
  EXPECT_EQ(error_of([] { (void)parse_cache("none", false); }),
            "0: this cache cannot be disabled ('none' is for the L1 data cache only)");
  EXPECT_EQ(error_of([] { (void)parse_cache("Q:32:128:4,L:L:m:N:L,A:32:8,8", true); }),
            "0: unknown cache kind 'Q' (N normal, S sector)");
  EXPECT_EQ(error_of([] { (void)parse_cache("N:32:128,L:L:m:N:L,A:32:8,8", true); }),
            "2: expected KIND:SETS:LINE:WAYS, got 'N:32:128'");
  EXPECT_EQ(error_of([] { (void)parse_cache("32:128:4,X:L:m:N:L,A:32:8,8", true); }),
            "9: unknown replacement policy 'X' (L LRU, F FIFO)");
  EXPECT_EQ(error_of([] { (void)parse_cache("32:128:4,L:L:M:N:L,A:32:8,8", true); }),
            "13: unknown allocation policy 'M' (m on miss, f on fill, s streaming)");
  EXPECT_EQ(error_of([] { (void)parse_cache("32:128:4,L:L:m:N:L:L,A:32:8,8", true); }),
            "9: expected REP:WR:ALLOC:WR_ALLOC[:INDEX], got 'L:L:m:N:L:L'");
  EXPECT_EQ(error_of([] { (void)parse_cache("32:128:4,L:L:m:N:L,Z:32:8,8", true); }),
            "19: unknown MSHR kind 'Z' (A associative, S sector associative, F texture FIFO, T sector texture FIFO)");
  EXPECT_EQ(error_of([] { (void)parse_cache("32:128:4,L:L:m:N:L,A:32,8", true); }),
            "19: expected MSHR:ENTRIES:MAX_MERGE, got 'A:32'");
  EXPECT_EQ(error_of([] { (void)parse_cache("32:x:4,L:L:m:N:L,A:32:8,8", true); }),
            "3: expected a non-negative integer, got 'x'");
  EXPECT_EQ(error_of([] { (void)parse_cache("32:128:4,L:L:m:N:L,A:32:8,8:1:2", true); }),
            "26: expected MQ[:FIFO], got '8:1:2'");
  EXPECT_EQ(error_of([] { (void)parse_cache("32:128:4,L:L:m:N:L,A:32:8,8,32,1", true); }),
            "30: unexpected ',1' after the cache settings");
  EXPECT_EQ(error_of([] { (void)parse_cache("", true); }), "0: expected SETS:LINE:WAYS, got nothing");
}

TEST(OptionClocks, FourDomains) {
  const ClockDomains c = parse_clock_domains("700.0:1400:700.5:924.0");
  EXPECT_DOUBLE_EQ(c.core_mhz, 700.0);
  EXPECT_DOUBLE_EQ(c.interconnect_mhz, 1400.0);
  EXPECT_DOUBLE_EQ(c.l2_mhz, 700.5);
  EXPECT_DOUBLE_EQ(c.dram_mhz, 924.0);
  EXPECT_EQ(error_of([] { (void)parse_clock_domains("700:700:700:-1"); }),
            "12: a clock must be above 0 MHz, got '-1'");
  EXPECT_EQ(error_of([] { (void)parse_clock_domains("700:700:fast:700"); }), "8: expected a number, got 'fast'");
}

TEST(OptionPipeline, ThreadsAndWarp) {
  const CorePipeline p = parse_core_pipeline("1536:32");
  EXPECT_EQ(p.max_threads, 1536U);
  EXPECT_EQ(p.warp_size, 32U);
  EXPECT_EQ(error_of([] { (void)parse_core_pipeline("1536"); }), "0: expected THREADS:WARP_SIZE, got '1536'");
}

TEST(OptionPipeline, WidthsInEachVersionsOrder) {
  CoreConfig c;
  parse_pipeline_widths("2,1,3,4,5,6,2", c);  // GPGPU-Sim 3: SP,SFU,MEM x 2, WB
  EXPECT_EQ(c.sp.id_oc_width, 2U);
  EXPECT_EQ(c.sfu.id_oc_width, 1U);
  EXPECT_EQ(c.mem.id_oc_width, 3U);
  EXPECT_EQ(c.sp.oc_ex_width, 4U);
  EXPECT_EQ(c.sfu.oc_ex_width, 5U);
  EXPECT_EQ(c.mem.oc_ex_width, 6U);
  EXPECT_EQ(c.dp.id_oc_width + c.integer.oc_ex_width + c.tensor.id_oc_width, 0U);
  EXPECT_EQ(c.writeback_width, 2U);
  parse_pipeline_widths("1,2,3,4,5,6,7,8,9,10,11,12,13", c);  // 4.x: SP,DP,INT,SFU,MEM x 2, WB, TENSOR x 2
  EXPECT_EQ(c.sp.id_oc_width, 1U);
  EXPECT_EQ(c.dp.id_oc_width, 2U);
  EXPECT_EQ(c.integer.id_oc_width, 3U);
  EXPECT_EQ(c.sfu.id_oc_width, 4U);
  EXPECT_EQ(c.mem.id_oc_width, 5U);
  EXPECT_EQ(c.sp.oc_ex_width, 6U);
  EXPECT_EQ(c.mem.oc_ex_width, 10U);
  EXPECT_EQ(c.writeback_width, 11U);
  EXPECT_EQ(c.tensor.id_oc_width, 12U);
  EXPECT_EQ(c.tensor.oc_ex_width, 13U);
  parse_pipeline_widths("1,2,3,4,5,6,7,8,9,10,11", c);
  EXPECT_EQ(c.tensor.id_oc_width, 0U);
  EXPECT_EQ(error_of([&] { parse_pipeline_widths("1,2,3,4,5,6,7,8", c); }),
            "0: expected 7 (GPGPU-Sim 3), 11 or 13 (GPGPU-Sim 4) pipeline widths, got 8");
  EXPECT_EQ(error_of([&] { parse_pipeline_widths("1,2,3,,5,6,7", c); }),
            "6: expected a non-negative integer, got nothing");
}

TEST(OptionLists, Counts) {
  EXPECT_EQ(parse_uint_list("4,13,4,5,145", 5, 6).size(), 5U);
  EXPECT_EQ(parse_uint_list("4,13,4,5,145,32", 5, 6)[5], 32U);
  EXPECT_EQ(error_of([] { (void)parse_uint_list("4,13", 5, 6); }), "0: expected 5 or 6 comma-separated values, got 2");
  EXPECT_EQ(error_of([] { (void)parse_uint_list("1,2", 1, 1); }), "0: expected 1 comma-separated values, got 2");
}

TEST(OptionDramTiming, NamedInAnyOrderWithOptionalBankGroups) {
  const DramTiming t = parse_dram_timing("nbk=16:CCD=2:RRD=6:RCD=12:RAS=28:RP=12:RC=40: CL=12:WL=4:CDLR=5:WR=12:"
                                         "nbkgrp=4:CCDL=3:RTPL=2");
  EXPECT_EQ(t, (DramTiming{16, 4, 2, 3, 6, 12, 28, 12, 40, 12, 4, 5, 12, 2}));
  const DramTiming u = parse_dram_timing("WR=11;CDLR=6 WL=7 CL=10 RC=35 RP=10 RAS=25 RCD=12 RRD=8 CCD=2 nbk=8");
  EXPECT_EQ(u, (DramTiming{8, 1, 2, 0, 8, 12, 25, 10, 35, 10, 7, 6, 11, 0}));
}

TEST(OptionDramTiming, PositionalElevenOrFourteen) {
  EXPECT_EQ(parse_dram_timing("4:2:8:12:21:13:34:9:4:5:13"), (DramTiming{4, 1, 2, 0, 8, 12, 21, 13, 34, 9, 4, 5, 13, 0}));
  EXPECT_EQ(parse_dram_timing("16:2:6:12:28:12:40:12:4:5:12:4:3:2"),
            (DramTiming{16, 4, 2, 3, 6, 12, 28, 12, 40, 12, 4, 5, 12, 2}));
}

TEST(OptionDramTiming, Malformed) {
  EXPECT_EQ(error_of([] { (void)parse_dram_timing("nbk=16:CCD=2:tRRD=6"); }),
            "13: unknown DRAM timing parameter 'tRRD' (nbk, CCD, RRD, RCD, RAS, RP, RC, CL, WL, CDLR, WR, nbkgrp, "
            "CCDL, RTPL)");
  EXPECT_EQ(error_of([] { (void)parse_dram_timing("nbk=16:CCD=2:RRD=6:RCD=12:RAS=28:RP=12:RC=40:CL=12:WL=4:CDLR=5"); }),
            "62: missing WR= (nbk, CCD, RRD, RCD, RAS, RP, RC, CL, WL, CDLR and WR are required)");
  EXPECT_EQ(error_of([] { (void)parse_dram_timing("nbk=16:CCD"); }), "10: missing the value of CCD");
  EXPECT_EQ(error_of([] { (void)parse_dram_timing("nbk=1x:CCD=2"); }), "4: expected a non-negative integer, got '1x'");
  EXPECT_EQ(error_of([] { (void)parse_dram_timing("4:2:8:12"); }),
            "0: expected 11 or 14 positional DRAM timings (nbk:CCD:RRD:RCD:RAS:RP:RC:CL:WL:CDLR:WR[:nbkgrp:CCDL:"
            "RTPL]), got 4");
}

TEST(OptionAddressMapping, DramidAndBitsFromTheTop) {
  const AddressMapping m = parse_address_mapping(
      "dramid@8;00000000.00000000.00000000.00000000.0000RRRR.RRRRRRRR.BBBCCCCB.CCSSSSSS");
  EXPECT_EQ(m.chip_start_bit, 8);
  EXPECT_EQ(m.count(AddrField::Burst), 6U);
  EXPECT_EQ(m.count(AddrField::Column), 6U);
  EXPECT_EQ(m.count(AddrField::Bank), 4U);
  EXPECT_EQ(m.count(AddrField::Row), 12U);
  EXPECT_EQ(m.count(AddrField::Chip), 0U);
  EXPECT_EQ(m.bits[0], AddrField::Burst);
  EXPECT_EQ(m.bits[6], AddrField::Column);
  EXPECT_EQ(m.bits[8], AddrField::Bank);
  EXPECT_EQ(m.bits[12], AddrField::Column);
  EXPECT_EQ(m.bits[13], AddrField::Bank);
  EXPECT_EQ(m.bits[16], AddrField::Row);
  EXPECT_EQ(m.bits[27], AddrField::Row);
  EXPECT_EQ(m.bits[28], AddrField::Unused);
  EXPECT_EQ(format_address_bits(m.bits), "00000000.00000000.00000000.00000000.0000RRRR.RRRRRRRR.BBBCCCCB.CCSSSSSS");
}

TEST(OptionAddressMapping, ChipBitsSeparatorsAndLowerCase) {
  const AddressMapping m =
      parse_address_mapping("00000000 00000000|00000000 00000000.000rrrrr.RRRRRRRR.BBBBDDCC.ccSSSSSS");
  EXPECT_EQ(m.chip_start_bit, -1);
  EXPECT_EQ(m.count(AddrField::Chip), 2U);
  EXPECT_EQ(m.bits[10], AddrField::Chip);
  EXPECT_EQ(m.count(AddrField::Row), 13U);
}

TEST(OptionAddressMapping, Malformed) {
  EXPECT_EQ(error_of([] { (void)parse_address_mapping("dramid@8"); }), "8: expected ';' after dramid@START");
  EXPECT_EQ(error_of([] { (void)parse_address_mapping("dramid@64;0"); }), "7: '64' is out of range (at most 63)");
  EXPECT_EQ(error_of([] { (void)parse_address_mapping("RRRR.SSSS"); }),
            "9: the address map has 8 bits, it needs 64 (bit 63 first)");
  EXPECT_EQ(error_of([] { (void)parse_address_mapping(std::string(65, 'R')); }),
            "64: the address map has more than 64 bits");
  EXPECT_EQ(error_of([] { (void)parse_address_mapping("dramid@8;" + std::string(63, '0') + "D"); }),
            "72: a map with dramid@START must not name chip bits (D)");
  EXPECT_EQ(error_of([] { (void)parse_address_mapping(std::string(63, '0') + "Q"); }),
            "63: invalid address mapping character 'Q' (0 unused, D chip, B bank, R row, C column, S burst; '.', '|' "
            "and spaces separate)");
}

TEST(OptionAddressMapping, MaskPresets) {
  const AddressMapping p0 = address_mask_preset(0);  // GPGPU-Sim's default
  EXPECT_EQ(p0.chip_start_bit, 10);
  EXPECT_EQ(p0.count(AddrField::Bank), 2U);
  EXPECT_EQ(p0.bits[8], AddrField::Bank);
  EXPECT_EQ(p0.bits[10], AddrField::Column);
  EXPECT_EQ(p0.bits[13], AddrField::Row);
  const AddressMapping p1 = address_mask_preset(1);
  EXPECT_EQ(p1.chip_start_bit, 13);
  EXPECT_EQ(format_address_bits(p1.bits), "00000000.00000000.00000000.00000000.00000RRR.RRRRRRRR.RRRBBCCC.CCCCCCCC");
  EXPECT_EQ(address_mask_preset(100).count(AddrField::Column), 11U);
  EXPECT_EQ(error_of([] { (void)address_mask_preset(4); }),
            "0: no address mask preset 4 (0, 1, 2, 3, 5, 6, 14, 15, 16, 100, 103, 106, 160)");
}

TEST(OptionScheduler, PoliciesAndTwoLevel) {
  SchedulerConfig s;
  parse_scheduler("lrr", s);
  EXPECT_EQ(s.policy, WarpScheduler::Lrr);
  parse_scheduler("glrr", s);  // AWARE's fork (GPGPU-Sim 4 would read it as lrr)
  EXPECT_EQ(s.policy, WarpScheduler::Glrr);
  parse_scheduler("old", s);
  EXPECT_EQ(s.policy, WarpScheduler::Oldest);
  parse_scheduler("two_level_active:6:0:1", s);
  EXPECT_EQ(s.policy, WarpScheduler::TwoLevel);
  EXPECT_EQ(s.two_level_active, 6U);
  EXPECT_EQ(s.two_level_inner, WarpOrder::Lrr);
  EXPECT_EQ(s.two_level_outer, WarpOrder::Srr);
  parse_scheduler("gto", s);
  EXPECT_EQ(s.policy, WarpScheduler::Gto);
  EXPECT_EQ(s.two_level_active, 0U);  // reset with the policy
  EXPECT_EQ(error_of([&] { parse_scheduler("two_level_active:6:0:7", s); }), "21: '7' is out of range (at most 6)");
  EXPECT_EQ(error_of([&] { parse_scheduler("two_level_active:6", s); }),
            "17: expected two_level_active:ACTIVE_WARPS:INNER:OUTER, got 'two_level_active:6'");
  EXPECT_EQ(error_of([&] { parse_scheduler("Gto", s); }),
            "0: unknown scheduler 'Gto' (lrr, gto, glrr, old, two_level_active:ACTIVE:INNER:OUTER)");
}

TEST(OptionQueues, FourSizes) {
  EXPECT_EQ(parse_partition_queues("64:32:16:8"), (PartitionQueues{64, 32, 16, 8}));
  EXPECT_EQ(error_of([] { (void)parse_partition_queues("8:8:8"); }),
            "0: expected 4 queue sizes (ICNT_TO_L2:L2_TO_DRAM:DRAM_TO_L2:L2_TO_ICNT), got 3");
}

}  // namespace
}  // namespace lockstep::sim::gpgpusim
