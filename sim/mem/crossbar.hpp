// One direction of the interconnect: a crossbar from `inputs` to `outputs`
// carrying packets of flits, one call of tick() per interconnect cycle.
//
// The abstraction (GPGPU-Sim uses BookSim's cycle-level router for its
// crossbar; lockstep models what shapes its timing, at packet level):
//   - input buffer: a packet enters whole (GPGPU-Sim's icnt_push) when all
//     its flits fit in `input_buffer_flits`;
//   - injection channel: `port_flits_per_cycle` flits a cycle of the
//     buffered packets become available to the switch;
//   - switch: `internal_speedup` switch rounds per interconnect cycle
//     (fractional speedups alternate, e.g. 1.5 gives 1, 2, 1, 2 rounds). In
//     a round, each output that is not carrying a packet picks one input
//     whose first packet goes there and has a flit available (iSLIP: from
//     the output's grant pointer, which then moves past the input granted;
//     round robin: from one pointer shared by all outputs that moves one
//     input a cycle, GPGPU-Sim's naive arbiter), then every connection moves
//     one flit if the output buffer has room. A connection holds the output
//     until the packet's tail has crossed (one virtual channel: packets do
//     not interleave), and an input sends its packets in order (head-of-line
//     blocking, as with BookSim's one VC per port);
//   - output buffer: `output_buffer_flits`; a packet can leave when its tail
//     has crossed, `latency` cycles after the tail's crossing cycle counts as
//     the first (an uncontended one-flit packet pushed before cycle k leaves
//     after cycle k + latency - 1), and its ejection channel has carried its
//     flits at `port_flits_per_cycle` a cycle.
// With one queue per input each input asks for one output, so iSLIP's
// accept step always accepts and extra iterations change nothing.
#pragma once

#include <cstdint>
#include <vector>

#include "sim/config/interconnect_config.hpp"
#include "sim/mem/mem_request.hpp"
#include "sim/mem/ring_queue.hpp"
#include "sim/mem/stat_visitor.hpp"

namespace lockstep::sim {

struct CrossbarStats {
  std::uint64_t cycles = 0;           ///< ticks
  std::uint64_t packets = 0;          ///< packets injected
  std::uint64_t flits = 0;            ///< flits injected
  std::uint64_t conflicts = 0;        ///< input-cycles a ready head flit lost arbitration (first round)
  std::uint64_t out_buffer_full = 0;  ///< cycles an output was wanted but its buffer was full
};

class Crossbar {
 public:
  Crossbar(const InterconnectConfig& config, std::uint32_t inputs, std::uint32_t outputs);

  /// Flits of a packet of `bytes` bytes.
  [[nodiscard]] std::uint32_t flits_of(std::uint32_t bytes) const noexcept {
    return (bytes + flit_bytes_ - 1) / flit_bytes_;
  }
  [[nodiscard]] bool has_room(std::uint32_t input, std::uint32_t flits) const noexcept {
    return in_[input].buffered + flits <= input_capacity_;
  }
  /// Injects a packet (precondition: has_room).
  void push(std::uint32_t input, std::uint32_t output, const MemRequest& request, std::uint32_t flits);

  /// One interconnect cycle.
  void tick();
  /// `n` cycles of an empty crossbar.
  void skip(std::uint64_t n) noexcept;

  /// A packet has arrived at the output and may leave now.
  [[nodiscard]] bool ready(std::uint32_t output) const noexcept;
  [[nodiscard]] const MemRequest& front(std::uint32_t output) const noexcept { return out_[output].queue.front().request; }
  void pop(std::uint32_t output);

  [[nodiscard]] bool empty() const noexcept { return packets_inside_ == 0; }
  [[nodiscard]] const CrossbarStats& stats() const noexcept { return stats_; }
  /// PREFIX_Network_injected_packets_num, _injected_flits_num, _cycles,
  /// _conflicts, _out_buffer_full (PREFIX "Req" or "Reply").
  void report(StatVisitor& v, std::string_view prefix) const;

 private:
  static constexpr std::uint32_t kNone = 0xFFFFFFFFU;
  struct Packet {
    MemRequest request;
    std::uint32_t output = 0;
    std::uint32_t flits = 0;
  };
  struct Input {
    RingQueue<Packet> queue;
    std::uint32_t buffered = 0;   ///< flits of all queued packets
    std::uint32_t injected = 0;   ///< of those, flits through the injection channel
    std::uint32_t sent = 0;       ///< flits of the first packet across the switch
    std::uint32_t output = kNone; ///< the output it is connected to
  };
  struct Arrived {
    MemRequest request;
    std::uint32_t flits = 0;
    std::uint64_t leaves = 0;  ///< the tick after which it may leave
  };
  struct Output {
    RingQueue<Arrived> queue;
    std::uint32_t occupied = 0;  ///< flits held (arrived packets and a partial one)
    std::uint32_t input = kNone; ///< the input connected to it
    std::uint32_t grant = 0;     ///< iSLIP grant pointer
    std::uint64_t ejected = 0;   ///< the tick after which its ejection channel is free
  };

  [[nodiscard]] std::uint32_t rounds_at(std::uint64_t tick) const noexcept;
  void allocate(bool first_round);
  void transfer();

  std::uint32_t flit_bytes_;
  std::uint32_t latency_;
  std::uint32_t port_flits_;
  double speedup_;
  std::uint32_t input_capacity_;
  std::uint32_t output_capacity_;
  bool islip_;
  std::uint32_t shared_pointer_ = 0;  ///< round robin
  std::uint64_t now_ = 0;             ///< ticks so far
  std::uint32_t packets_inside_ = 0;
  std::vector<Input> in_;
  std::vector<Output> out_;
  std::uint32_t words_;                ///< 64-bit words of an input set
  std::vector<std::uint64_t> wants_;   ///< per output, the inputs whose first packet wants it
  std::vector<std::uint32_t> touched_; ///< outputs wanted in this round
  CrossbarStats stats_;
};

}  // namespace lockstep::sim
