// The memory system behind the interconnect: memory partitions (one per
// DRAM channel), each split into sub-partitions with an L2 slice and the
// ROP/atomic unit, and the DRAM channel with its controller
// (research/001-microarch-tbc.md §1.5).
//
// DRAM timings are in DRAM command-clock cycles (ClockDomains::dram_mhz);
// the ROP and DRAM pipeline latencies are in core cycles, as GPGPU-Sim
// counts them.
#pragma once

#include <cstdint>

#include "sim/config/address_mapping.hpp"
#include "sim/config/cache_config.hpp"

namespace lockstep::sim {

/// The GDDR timing parameters of `-gpgpu_dram_timing_opt` (named
/// `nbk=16:CCD=2:...` or GPGPU-Sim 3's positional
/// `nbk:CCD:RRD:RCD:RAS:RP:RC:CL:WL:CDLR:WR[:nbkgrp:CCDL:RTPL]`).
struct DramTiming {
  std::uint32_t banks = 4;        ///< nbk: banks per chip (a power of two)
  std::uint32_t bank_groups = 1;  ///< nbkgrp: bank groups (1 = none); divides banks
  std::uint32_t ccd = 2;    ///< tCCD: column command to column command, any banks of the channel
  std::uint32_t ccdl = 0;   ///< tCCDL: column to column within one bank group (0 without groups)
  std::uint32_t rrd = 8;    ///< tRRD: activate to activate, different banks
  std::uint32_t rcd = 12;   ///< tRCD: activate to read/write (row to column)
  std::uint32_t ras = 21;   ///< tRAS: activate to precharge
  std::uint32_t rp = 13;    ///< tRP: precharge to activate
  std::uint32_t rc = 34;    ///< tRC: activate to activate, same bank
  std::uint32_t cl = 9;     ///< CL: read command to data (CAS latency)
  std::uint32_t wl = 4;     ///< WL: write command to data
  std::uint32_t cdlr = 5;   ///< tCDLR: last write data to read command
  std::uint32_t wr = 13;    ///< tWR: last write data to precharge
  std::uint32_t rtpl = 0;   ///< tRTPL: read to precharge within one bank group (0 without groups)

  friend bool operator==(const DramTiming&, const DramTiming&) = default;
};

/// `-gpgpu_dram_scheduler`: 0 FIFO, 1 FR-FCFS (row hits first, then oldest).
enum class DramScheduler : std::uint8_t { Fifo, FrFcfs };

/// `-dram_bnk_indexing_policy`: how the bank field selects a bank.
enum class BankIndex : std::uint8_t {
  Linear,  ///< 0: the bank bits as they are
  Xor,     ///< 1: bank bits XOR the low row bits
  Ipoly,   ///< 2: IPOLY hash of row and bank bits (16, 32 or 64 banks)
};

/// `-dram_bnkgrp_indexing_policy`: which bank bits select the bank group.
enum class BankGroupBits : std::uint8_t { High, Low };

/// `-gpgpu_memory_partition_indexing`: how the channel/sub-partition is chosen.
enum class PartitionIndex : std::uint8_t {
  Consecutive,  ///< 0: the address mapping's channel bits
  Xor,          ///< 1: channel bits XOR higher address bits (power-of-two channels)
  Ipoly,        ///< 2: IPOLY hash over channels x sub-partitions (16, 32 or 64 of them)
  Random,       ///< 4: a fixed pseudo-random permutation per 2^START-byte chunk
};

struct DramConfig {
  std::uint32_t chips_per_channel = 1;  ///< -gpgpu_n_mem_per_ctrlr: chips side by side on one channel
  std::uint32_t bus_width_bytes = 4;    ///< -gpgpu_dram_buswidth: data bus width of one chip
  std::uint32_t burst_length = 4;       ///< -gpgpu_dram_burst_length: data-bus beats per access
  /// -dram_data_command_freq_ratio: data-bus beats per command-clock cycle
  /// (2 DDR/HBM, 4 GDDR5 QDR).
  std::uint32_t data_command_freq_ratio = 2;
  DramTiming timing;
  DramScheduler scheduler = DramScheduler::FrFcfs;
  /// -gpgpu_frfcfs_dram_sched_queue_size: requests the scheduler holds (0 = unlimited).
  std::uint32_t scheduler_queue = 0;
  /// -gpgpu_dram_return_queue_size: replies waiting to leave the channel (0 = unlimited).
  std::uint32_t return_queue = 0;
  /// -dram_latency: core cycles a request spends in the fixed DRAM pipeline
  /// after the L2 (in addition to the bank timing).
  std::uint32_t latency = 30;
  BankIndex bank_index = BankIndex::Linear;
  BankGroupBits bank_group_bits = BankGroupBits::High;

  /// Bytes one access moves: burst_length * bus_width_bytes * chips_per_channel.
  [[nodiscard]] constexpr std::uint32_t access_bytes() const noexcept {
    return burst_length * bus_width_bytes * chips_per_channel;
  }

  friend bool operator==(const DramConfig&, const DramConfig&) = default;
};

/// `-gpgpu_dram_partition_queues` (i2$:$2d:d2$:$2i): the queues of a
/// memory sub-partition, in requests.
struct PartitionQueues {
  std::uint32_t icnt_to_l2 = 8;
  std::uint32_t l2_to_dram = 8;
  std::uint32_t dram_to_l2 = 8;
  std::uint32_t l2_to_icnt = 8;

  friend bool operator==(const PartitionQueues&, const PartitionQueues&) = default;
};

struct MemoryConfig {
  std::uint32_t channels = 8;  ///< -gpgpu_n_mem: memory partitions (one DRAM channel each)
  /// -gpgpu_n_sub_partition_per_mchannel: sub-partitions per channel, each with
  /// its own L2 slice and interconnect port (a power of two).
  std::uint32_t sub_partitions_per_channel = 1;
  CacheConfig l2;  ///< -gpgpu_cache:dl2: the L2 slice of one sub-partition
  /// -gpgpu_l2_rop_latency (GPGPU-Sim 3: -rop_latency): core cycles from a
  /// request's arrival at a sub-partition to its L2 access (ROP/atomic path).
  std::uint32_t rop_latency = 85;
  PartitionQueues queues;
  PartitionIndex partition_index = PartitionIndex::Consecutive;
  AddressMapping address_mapping;
  DramConfig dram;

  /// Sub-partitions on the GPU: channels * sub_partitions_per_channel.
  [[nodiscard]] constexpr std::uint32_t sub_partitions() const noexcept {
    return channels * sub_partitions_per_channel;
  }

  friend bool operator==(const MemoryConfig&, const MemoryConfig&) = default;
};

}  // namespace lockstep::sim
