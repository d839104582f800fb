// Parsers of GPGPU-Sim's option value formats, one function per format.
//
// Each parser reads a whole value (as it stands after the option file's
// tokens are joined: a quoted multi-line value has single spaces where its
// line breaks were) and either returns what it says or throws ValueError
// with the byte offset in the value where the problem is and a message. The
// formats follow GPGPU-Sim 3.x and 4.x as they read them, with two
// differences: a number must be a whole token (GPGPU-Sim reads the leading
// digits of "12abc" as 12), and values GPGPU-Sim would accept but then
// misbehave on (an incomplete list, a letter outside a policy's set) are
// errors.
#pragma once

#include <cstddef>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "sim/config/gpu_config.hpp"

namespace lockstep::sim::gpgpusim {

class ValueError : public std::runtime_error {
 public:
  ValueError(std::size_t offset, const std::string& message) : std::runtime_error(message), offset_(offset) {}
  [[nodiscard]] std::size_t offset() const noexcept { return offset_; }

 private:
  std::size_t offset_;
};

/// An unsigned integer as GPGPU-Sim reads one: decimal, 0x hexadecimal, or
/// octal with a leading 0; at most `max`.
[[nodiscard]] std::uint64_t parse_unsigned(std::string_view s, std::uint64_t max = 0xffffffffULL);
/// A signed integer (decimal, 0x, leading-0 octal, optional '-'), within
/// [min, max].
[[nodiscard]] std::int64_t parse_signed(std::string_view s, std::int64_t min, std::int64_t max);
/// 0 or 1.
[[nodiscard]] bool parse_flag(std::string_view s);
/// A finite decimal number.
[[nodiscard]] double parse_real(std::string_view s);

/// `-gpgpu_cache:*`, `-gpgpu_const_cache:l1`, `-gpgpu_tex_cache:l1`:
///   4.x      T:SETS:LINE:WAYS,REP:WR:ALLOC:WR_ALLOC:INDEX,MSHR:N:MERGE,MQ[:FIFO][,PORT]
///   3.2.2    SETS:LINE:WAYS,REP:WR:ALLOC:WR_ALLOC:INDEX,MSHR:N:MERGE,MQ[:FIFO][,PORT]
///   3.x      SETS:LINE:WAYS,REP:WR:ALLOC:WR_ALLOC,MSHR:N:MERGE,MQ[:FIFO][,PORT]
///   3.0      SETS:LINE:WAYS:REP:WR:ALLOC,MSHR:N:MERGE,MQ[:FIFO]
/// (missing letters mean a normal cache, linear index, no write allocation);
/// `none` (when allowed) disables the cache.
[[nodiscard]] CacheConfig parse_cache(std::string_view s, bool allow_none);

/// `-gpgpu_clock_domains CORE:ICNT:L2:DRAM` (MHz, each > 0).
[[nodiscard]] ClockDomains parse_clock_domains(std::string_view s);

struct CorePipeline {
  std::uint32_t max_threads = 0;
  std::uint32_t warp_size = 0;
};
/// `-gpgpu_shader_core_pipeline THREADS:WARP`.
[[nodiscard]] CorePipeline parse_core_pipeline(std::string_view s);

/// `-gpgpu_pipeline_widths`: 7 values (3.x: ID_OC_SP,ID_OC_SFU,ID_OC_MEM,
/// OC_EX_SP,OC_EX_SFU,OC_EX_MEM,EX_WB), 11 (4.x: ID_OC_SP,ID_OC_DP,
/// ID_OC_INT,ID_OC_SFU,ID_OC_MEM, the same five OC_EX, EX_WB) or 13 (4.x
/// with ID_OC_TENSOR_CORE,OC_EX_TENSOR_CORE); widths not given are 0.
void parse_pipeline_widths(std::string_view s, CoreConfig& core);

/// A comma-separated list of `min_count`..`max_count` unsigned values
/// (-ptx_opcode_latency_*, -ptx_opcode_initiation_*).
[[nodiscard]] std::vector<std::uint32_t> parse_uint_list(std::string_view s, std::size_t min_count,
                                                         std::size_t max_count);

/// `-gpgpu_dram_timing_opt`: named (`nbk=16:CCD=2:...`, any order,
/// separated by ':', ';', '=' or spaces; nbk, CCD, RRD, RCD, RAS, RP, RC, CL,
/// WL, CDLR and WR required, nbkgrp, CCDL and RTPL default 1, 0, 0) or
/// positional (`nbk:CCD:RRD:RCD:RAS:RP:RC:CL:WL:CDLR:WR[:nbkgrp:CCDL:RTPL]`).
[[nodiscard]] DramTiming parse_dram_timing(std::string_view s);

/// `-gpgpu_mem_addr_mapping [dramid@START;]MAP` (address_mapping.hpp).
[[nodiscard]] AddressMapping parse_address_mapping(std::string_view s);
/// Just the MAP part (64 bit letters; '.', '|' and ' ' ignored).
[[nodiscard]] std::array<AddrField, 64> parse_address_bits(std::string_view s);
/// The MAP of `bits` as GPGPU-Sim writes it: 64 letters, bit 63 first, a
/// '.' between bytes.
[[nodiscard]] std::string format_address_bits(const std::array<AddrField, 64>& bits);
/// The map GPGPU-Sim's `-gpgpu_mem_address_mask N` presets give when there
/// is no mapping string; throws ValueError for a preset it does not have.
[[nodiscard]] AddressMapping address_mask_preset(std::uint64_t preset);

/// `-gpgpu_scheduler`: lrr, gto, glrr, old (or oldest),
/// two_level_active:ACTIVE:INNER:OUTER (orders 0..6, WarpOrder). Sets
/// policy and the two-level fields of `out`.
void parse_scheduler(std::string_view s, SchedulerConfig& out);

/// `-gpgpu_dram_partition_queues I2L:L2D:D2L:L2I`.
[[nodiscard]] PartitionQueues parse_partition_queues(std::string_view s);

}  // namespace lockstep::sim::gpgpusim
