// The interconnect between the SM clusters and the memory sub-partitions: a
// crossbar per direction (requests SM -> memory, replies memory -> SM)
// carrying packets cut into flits, clocked at ClockDomains::interconnect_mhz.
//
// GPGPU-Sim describes it with `-network_mode` and either the BookSim file
// named by `-inter_config_file` (mode 1) or its built-in crossbar options
// `-icnt_*` (mode 2); docs/sim.md says how each becomes these fields.
#pragma once

#include <cstdint>

namespace lockstep::sim {

/// The largest packet the interconnect carries: a 128-byte line and its
/// 8-byte header (GPGPU-Sim's largest `mem_fetch` size).
inline constexpr std::uint32_t kLargestPacketBytes = 136;


/// How an output port picks among the inputs that want it.
enum class Arbitration : std::uint8_t {
  Islip,       ///< iSLIP (McKeown 1999): round-robin grant and accept pointers
  RoundRobin,  ///< one round-robin pointer per output
};

struct InterconnectConfig {
  std::uint32_t flit_bytes = 32;  ///< bytes per flit (BookSim flit_size; mode 2: -icnt_flit_size)
  /// Interconnect cycles a head flit takes from injection to ejection when
  /// nothing else competes (BookSim: the router pipeline delays plus the two
  /// channels; see docs/sim.md).
  std::uint32_t latency = 5;
  std::uint32_t port_flits_per_cycle = 1;  ///< flits a port injects or ejects per cycle
  /// Crossbar cycles per interconnect cycle (BookSim internal_speedup):
  /// how much faster the switch runs than its ports.
  double internal_speedup = 1.0;
  std::uint32_t input_buffer_flits = 9;    ///< flits waiting at an input port
  std::uint32_t output_buffer_flits = 8;   ///< flits waiting at an output (ejection) port
  Arbitration arbitration = Arbitration::Islip;
  std::uint32_t arbitration_iterations = 1;  ///< iSLIP iterations per cycle (BookSim alloc_iters)
  /// 1: requests and replies share one crossbar; 2: one crossbar per direction.
  std::uint32_t subnets = 2;

  friend bool operator==(const InterconnectConfig&, const InterconnectConfig&) = default;
};

}  // namespace lockstep::sim
