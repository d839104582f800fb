#include "sim/mem/crossbar.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <stdexcept>

namespace lockstep::sim {

Crossbar::Crossbar(const InterconnectConfig& config, std::uint32_t inputs, std::uint32_t outputs)
    : flit_bytes_(config.flit_bytes),
      latency_(config.latency),
      port_flits_(config.port_flits_per_cycle),
      speedup_(config.internal_speedup),
      input_capacity_(config.input_buffer_flits),
      output_capacity_(config.output_buffer_flits),
      islip_(config.arbitration == Arbitration::Islip),
      in_(inputs),
      out_(outputs),
      words_((inputs + 63) / 64),
      wants_(std::size_t{outputs} * ((inputs + 63) / 64), 0) {
  touched_.reserve(outputs);
  if (flit_bytes_ == 0 || latency_ == 0 || port_flits_ == 0 || !(speedup_ > 0.0)) {
    throw std::invalid_argument("Crossbar: zero flit size, latency, port bandwidth or speedup");
  }
}

void Crossbar::push(std::uint32_t input, std::uint32_t output, const MemRequest& request, std::uint32_t flits) {
  Input& in = in_[input];
  if (!has_room(input, flits)) throw std::logic_error("Crossbar::push without room in the input buffer");
  in.queue.push(Packet{request, output, flits});
  in.buffered += flits;
  ++packets_inside_;
  ++stats_.packets;
  stats_.flits += flits;
}

std::uint32_t Crossbar::rounds_at(std::uint64_t tick) const noexcept {
  const auto a = static_cast<std::uint64_t>(std::floor(static_cast<double>(tick + 1) * speedup_));
  const auto b = static_cast<std::uint64_t>(std::floor(static_cast<double>(tick) * speedup_));
  return static_cast<std::uint32_t>(a - b);
}

void Crossbar::allocate(bool first_round) {
  // Which inputs want which output: one bit per input, per output.
  const auto n = static_cast<std::uint32_t>(in_.size());
  std::uint32_t waiting = 0;
  touched_.clear();
  for (std::uint32_t i = 0; i < n; ++i) {
    const Input& in = in_[i];
    if (in.output != kNone || in.queue.empty() || in.injected == 0) continue;
    const std::uint32_t o = in.queue.front().output;
    std::uint64_t* bits = &wants_[std::size_t{o} * words_];
    bool first = true;
    for (std::uint32_t w = 0; w < words_; ++w) first = first && bits[w] == 0;
    if (first) touched_.push_back(o);
    bits[i / 64] |= std::uint64_t{1} << (i % 64);
    ++waiting;
  }
  std::uint32_t granted = 0;
  for (const std::uint32_t o : touched_) {
    Output& out = out_[o];
    std::uint64_t* bits = &wants_[std::size_t{o} * words_];
    if (out.input == kNone && out.occupied < output_capacity_) {
      // The first input wanting it at or after the pointer, cyclically.
      const std::uint32_t start = islip_ ? out.grant : shared_pointer_;
      std::uint32_t chosen = kNone;
      for (std::uint32_t k = 0; k <= words_ && chosen == kNone; ++k) {
        const std::uint32_t w = (start / 64 + k) % words_;
        std::uint64_t word = bits[w];
        if (k == 0) word &= ~std::uint64_t{0} << (start % 64);
        if (k == words_) word = bits[w] & ((std::uint64_t{1} << (start % 64)) - 1);
        if (word != 0) chosen = w * 64 + static_cast<std::uint32_t>(__builtin_ctzll(word));
      }
      in_[chosen].output = o;
      out.input = chosen;
      if (islip_) out.grant = (chosen + 1) % n;
      ++granted;
    } else if (out.input == kNone && first_round) {
      ++stats_.out_buffer_full;  // wanted, but its buffer is full
    }
    for (std::uint32_t w = 0; w < words_; ++w) bits[w] = 0;
  }
  if (first_round) stats_.conflicts += waiting - granted;
}

void Crossbar::transfer() {
  for (Input& in : in_) {
    if (in.output == kNone) continue;
    Output& out = out_[in.output];
    const Packet& p = in.queue.front();
    if (in.sent >= std::min(in.injected, p.flits)) continue;
    if (out.occupied >= output_capacity_) {
      ++stats_.out_buffer_full;
      continue;
    }
    ++in.sent;
    ++out.occupied;
    if (in.sent < p.flits) continue;
    // The tail has crossed: the packet leaves after the latency and after
    // the ejection channel has carried it.
    const std::uint64_t eject = (p.flits + port_flits_ - 1) / port_flits_;
    const std::uint64_t leaves = std::max(now_ + latency_ - 1, out.ejected + eject);
    out.ejected = leaves;
    out.queue.push(Arrived{p.request, p.flits, leaves});
    out.input = kNone;
    in.buffered -= p.flits;
    in.injected -= p.flits;
    in.sent = 0;
    in.output = kNone;
    in.queue.pop();
  }
}

void Crossbar::tick() {
  if (packets_inside_ == 0) {
    skip(1);
    return;
  }
  for (Input& in : in_) in.injected = std::min(in.injected + port_flits_, in.buffered);
  const std::uint32_t rounds = rounds_at(now_);
  for (std::uint32_t r = 0; r < rounds; ++r) {
    allocate(r == 0);
    transfer();
  }
  if (!islip_ && !in_.empty()) shared_pointer_ = (shared_pointer_ + 1) % static_cast<std::uint32_t>(in_.size());
  ++stats_.cycles;
  ++now_;
}

void Crossbar::skip(std::uint64_t n) noexcept {
  if (!islip_ && !in_.empty()) {
    shared_pointer_ = static_cast<std::uint32_t>((shared_pointer_ + n) % in_.size());
  }
  stats_.cycles += n;
  now_ += n;
}

bool Crossbar::ready(std::uint32_t output) const noexcept {
  const Output& out = out_[output];
  return !out.queue.empty() && out.queue.front().leaves < now_;
}

void Crossbar::pop(std::uint32_t output) {
  Output& out = out_[output];
  if (!ready(output)) throw std::logic_error("Crossbar::pop with no packet ready");
  out.occupied -= out.queue.front().flits;
  out.queue.pop();
  --packets_inside_;
}

void Crossbar::report(StatVisitor& v, std::string_view prefix) const {
  v.counter(fmt::format("{}_Network_injected_packets_num", prefix), stats_.packets);
  v.counter(fmt::format("{}_Network_injected_flits_num", prefix), stats_.flits);
  v.counter(fmt::format("{}_Network_cycles", prefix), stats_.cycles);
  v.counter(fmt::format("{}_Network_conflicts", prefix), stats_.conflicts);
  v.counter(fmt::format("{}_Network_out_buffer_full", prefix), stats_.out_buffer_full);
}

}  // namespace lockstep::sim
