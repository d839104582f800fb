#include "sim/trace/timeline.hpp"

#include <algorithm>
#include <cmath>

#include <fmt/format.h>

namespace lockstep::sim {
namespace {

constexpr std::uint32_t kCtaTid = 1000;  ///< thread ids of CTA lanes start here

std::string block_name(std::uint32_t b, const std::array<std::uint32_t, 3>& grid) {
  const std::uint32_t x = b % grid[0];
  const std::uint32_t y = (b / grid[0]) % grid[1];
  const std::uint32_t z = b / (grid[0] * grid[1]);
  return fmt::format("block ({},{},{})", x, y, z);
}

/// A number for JSON: NaN and infinities become 0.
std::string num(double v) { return std::isfinite(v) ? fmt::format("{:.6g}", v) : std::string("0"); }

}  // namespace

TimelineRecorder::TimelineRecorder(const GpuConfig& gpu, std::array<std::uint32_t, 3> grid)
    : sm_count_(gpu.core.sm_count()), schedulers_(std::max<std::uint32_t>(1, gpu.core.scheduler.per_core)),
      grid_(grid), runs_(std::size_t{sm_count_} * schedulers_), cta_lanes_(sm_count_) {}

void TimelineRecorder::close(std::uint32_t sm, std::uint32_t sched) {
  Run& r = runs_[std::size_t{sm} * schedulers_ + sched];
  if (!r.open) return;
  slices_.push_back(Slice{sm + 1, sched, r.start, r.last + 1, fmt::format("w{}", r.warp),
                          fmt::format("\"block\":{},\"instructions\":{},\"pc\":{},\"lanes\":\"0x{:08x}\"", r.block,
                                      r.count, r.pc, r.lanes)});
  r.open = false;
}

void TimelineRecorder::issued(std::uint32_t sm, std::uint32_t sched, std::uint32_t warp, std::uint32_t block,
                              std::uint32_t pc, sem::Mask active, Cycle now) {
  Run& r = runs_[std::size_t{sm} * schedulers_ + sched];
  if (r.open && r.warp == warp && r.block == block && now <= r.last + 1) {
    r.last = now;
    ++r.count;
    return;
  }
  close(sm, sched);
  r = Run{true, warp, block, pc, 1, active, now, now};
}

void TimelineRecorder::cta_started(std::uint32_t sm, std::uint32_t block, Cycle now) {
  std::vector<Cycle>& lanes = cta_lanes_[sm];
  std::uint32_t lane = 0;
  while (lane < lanes.size() && lanes[lane] != 0) ++lane;
  if (lane == lanes.size()) lanes.push_back(0);
  lanes[lane] = 1;
  open_ctas_.push_back(Open{sm, block, lane, now});
}

void TimelineRecorder::cta_finished(std::uint32_t sm, std::uint32_t block, Cycle now) {
  for (std::size_t i = 0; i < open_ctas_.size(); ++i) {
    const Open o = open_ctas_[i];
    if (o.sm != sm || o.block != block) continue;
    slices_.push_back(Slice{sm + 1, kCtaTid + o.lane, o.start, now, block_name(block, grid_),
                            fmt::format("\"block\":{}", block)});
    cta_lanes_[sm][o.lane] = 0;
    open_ctas_.erase(open_ctas_.begin() + static_cast<std::ptrdiff_t>(i));
    return;
  }
}

void TimelineRecorder::reply_arrived(std::uint32_t sm, const MemRequest& reply) {
  replies_.push_back(reply);
  reply_sms_.push_back(sm);
}

void TimelineRecorder::write(std::ostream& out, const SimResult& result) {
  for (std::uint32_t sm = 0; sm < sm_count_; ++sm) {
    for (std::uint32_t s = 0; s < schedulers_; ++s) close(sm, s);
  }
  for (const Open& o : open_ctas_) {  // CTAs still resident at the end (a hang, a fault, the cap)
    slices_.push_back(Slice{o.sm + 1, kCtaTid + o.lane, o.start, result.cycles, block_name(o.block, grid_),
                            fmt::format("\"block\":{},\"finished\":false", o.block)});
  }
  open_ctas_.clear();
  std::stable_sort(slices_.begin(), slices_.end(), [](const Slice& a, const Slice& b) {
    if (a.pid != b.pid) return a.pid < b.pid;
    if (a.tid != b.tid) return a.tid < b.tid;
    return a.start < b.start;
  });
  out << "{\"displayTimeUnit\":\"ns\",\"otherData\":{\"time_unit\":\"1 us = 1 core cycle\"},\"traceEvents\":[\n";
  bool first = true;
  const auto event = [&](const std::string& e) {
    out << (first ? "" : ",\n") << e;
    first = false;
  };
  event("{\"ph\":\"M\",\"name\":\"process_name\",\"pid\":0,\"args\":{\"name\":\"GPU\"}}");
  for (std::uint32_t sm = 0; sm < sm_count_; ++sm) {
    event(fmt::format("{{\"ph\":\"M\",\"name\":\"process_name\",\"pid\":{},\"args\":{{\"name\":\"SM {}\"}}}}", sm + 1, sm));
    event(fmt::format("{{\"ph\":\"M\",\"name\":\"process_sort_index\",\"pid\":{},\"args\":{{\"sort_index\":{}}}}}",
                      sm + 1, sm + 1));
    for (std::uint32_t s = 0; s < schedulers_; ++s) {
      event(fmt::format("{{\"ph\":\"M\",\"name\":\"thread_name\",\"pid\":{},\"tid\":{},\"args\":{{\"name\":\"scheduler {}\"}}}}",
                        sm + 1, s, s));
    }
    for (std::uint32_t l = 0; l < cta_lanes_[sm].size(); ++l) {
      event(fmt::format("{{\"ph\":\"M\",\"name\":\"thread_name\",\"pid\":{},\"tid\":{},\"args\":{{\"name\":\"CTAs {}\"}}}}",
                        sm + 1, kCtaTid + l, l));
    }
  }
  for (const Slice& s : slices_) {
    event(fmt::format("{{\"ph\":\"X\",\"pid\":{},\"tid\":{},\"ts\":{},\"dur\":{},\"name\":\"{}\",\"args\":{{{}}}}}", s.pid,
                      s.tid, s.start, s.end - s.start, s.name, s.args));
  }
  for (std::size_t i = 0; i < replies_.size(); ++i) {
    const MemRequest& r = replies_[i];
    const std::uint32_t pid = reply_sms_[i] + 1;
    const std::string name(access_type_name(r.type));
    const auto stamp = [](Cycle c) { return c == kNever ? std::string("null") : fmt::format("{}", c); };
    event(fmt::format("{{\"ph\":\"b\",\"cat\":\"memory\",\"id\":\"0x{:x}\",\"pid\":{},\"tid\":0,\"ts\":{},\"name\":\"{}\","
                      "\"args\":{{\"addr\":\"0x{:x}\",\"bytes\":{},\"at_l2\":{},\"at_dram\":{},\"replied\":{}}}}}",
                      r.id, pid, r.issued == kNever ? 0 : r.issued, name, r.addr, r.bytes, stamp(r.at_l2),
                      stamp(r.at_dram), stamp(r.replied)));
    event(fmt::format("{{\"ph\":\"e\",\"cat\":\"memory\",\"id\":\"0x{:x}\",\"pid\":{},\"tid\":0,\"ts\":{},\"name\":\"{}\"}}",
                      r.id, pid, r.returned == kNever ? result.cycles : r.returned, name));
  }
  for (std::size_t i = 1; i < result.samples.size(); ++i) {
    const CounterSample& a = result.samples[i - 1];
    const CounterSample& b = result.samples[i];
    const double cycles = static_cast<double>(b.cycle - a.cycle);
    if (cycles <= 0) continue;
    const double warp_instr = static_cast<double>(b.warp_instructions - a.warp_instructions);
    const double ipc = static_cast<double>(b.executed_instructions - a.executed_instructions) / cycles;
    const double simd = warp_instr == 0 ? 0.0 : static_cast<double>(b.thread_instructions - a.thread_instructions) /
                                                    (warp_instr * 32.0);
    const double dram_cycles = static_cast<double>(b.memory.dram_cycles - a.memory.dram_cycles);
    const double dram = dram_cycles == 0 ? 0.0 : static_cast<double>(b.memory.dram_busy_cycles - a.memory.dram_busy_cycles) /
                                                     dram_cycles;
    const double l2 = static_cast<double>(b.memory.l2_accesses - a.memory.l2_accesses);
    const double l2_miss = l2 == 0 ? 0.0 : static_cast<double>(b.memory.l2_misses - a.memory.l2_misses) / l2;
    event(fmt::format("{{\"ph\":\"C\",\"pid\":0,\"ts\":{},\"name\":\"ipc\",\"args\":{{\"ipc\":{}}}}}", a.cycle, num(ipc)));
    event(fmt::format("{{\"ph\":\"C\",\"pid\":0,\"ts\":{},\"name\":\"simd_efficiency\",\"args\":{{\"simd_efficiency\":{}}}}}",
                      a.cycle, num(simd)));
    event(fmt::format("{{\"ph\":\"C\",\"pid\":0,\"ts\":{},\"name\":\"active_warps\",\"args\":{{\"active_warps\":{}}}}}",
                      b.cycle, b.active_warps));
    event(fmt::format("{{\"ph\":\"C\",\"pid\":0,\"ts\":{},\"name\":\"resident_ctas\",\"args\":{{\"resident_ctas\":{}}}}}",
                      b.cycle, b.resident_ctas));
    event(fmt::format("{{\"ph\":\"C\",\"pid\":0,\"ts\":{},\"name\":\"dram_bandwidth\",\"args\":{{\"dram_bandwidth\":{}}}}}",
                      a.cycle, num(dram)));
    event(fmt::format("{{\"ph\":\"C\",\"pid\":0,\"ts\":{},\"name\":\"l2_miss_rate\",\"args\":{{\"l2_miss_rate\":{}}}}}",
                      a.cycle, num(l2_miss)));
  }
  out << "\n]}\n";
}

}  // namespace lockstep::sim
