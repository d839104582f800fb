// Throughput of the memory system (sim/mem) on one core: requests per CPU
// second through the whole path (interconnect, ROP, L2 slices, DRAM and
// back) on gtx480, for a streaming and a random pattern.
//
// Each of the 15 SMs keeps up to 32 reads of 128 bytes in flight (what a
// Fermi L1's MSHRs allow) and sends one more per core cycle when it can;
// the loop steps the clock schedule and ticks the memory system as the
// cycle loop will (memory_system.hpp). Streaming: consecutive lines, line j
// from SM j mod 15. Random: lines drawn from 1 GiB by a fixed xorshift.
// Only the simulation is timed.
//
// Figures, one "KEY VALUE" line each:
//   sim_mem.<pattern>.requests            requests completed
//   sim_mem.<pattern>.core_cycles         simulated core cycles
//   sim_mem.<pattern>.seconds             CPU seconds
//   sim_mem.<pattern>.requests_per_s      requests / CPU second
//   sim_mem.<pattern>.core_cycles_per_s   simulated core cycles / CPU second
//   sim_mem.<pattern>.dram_bus_busy       fraction of DRAM cycles with a busy data bus
//   sim_mem.<pattern>.bytes_per_cycle     bytes delivered per core cycle
// Usage: sim_mem_throughput [--requests N] [--pattern streaming|random|both]
#include <ctime>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>
#include <vector>

#include "sim/config/load_gpu.hpp"
#include "sim/gpu/clock_domains.hpp"
#include "sim/mem/memory_system.hpp"

namespace {

using namespace lockstep::sim;

double cpu_seconds() {
  timespec ts{};
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
  return static_cast<double>(ts.tv_sec) + static_cast<double>(ts.tv_nsec) * 1e-9;
}

constexpr std::uint32_t kInFlight = 32;

int run(std::string_view pattern, std::uint64_t requests) {
  const GpuConfig c = load_gpu("gtx480").config;
  ClockSchedule clocks(c.clocks);
  MemorySystem mem(c);
  const std::uint32_t sms = c.core.clusters * c.core.cores_per_cluster;
  std::vector<std::uint32_t> in_flight(sms, 0);
  std::uint64_t sent = 0;
  std::uint64_t done = 0;
  std::uint64_t rng = 0x9E3779B97F4A7C15ULL;
  Cycle cycle = 0;
  const bool random = pattern == "random";

  const double t0 = cpu_seconds();
  while (done < requests) {
    const DomainMask m = clocks.step();
    if (m.has(ClockDomain::Core)) {
      for (std::uint32_t cl = 0; cl < mem.clusters(); ++cl) {
        if (auto r = mem.pop_reply(cl, cycle)) {
          --in_flight[r->sm];
          ++done;
        }
      }
    }
    mem.tick(m, cycle);
    if (!m.has(ClockDomain::Core)) continue;
    for (std::uint32_t sm = 0; sm < sms && sent < requests; ++sm) {
      if (in_flight[sm] >= kInFlight) continue;
      std::uint64_t line = sent;
      if (random) {
        rng ^= rng << 13;
        rng ^= rng >> 7;
        rng ^= rng << 17;
        line = rng % (std::uint64_t{1} << 23);  // 1 GiB of 128-byte lines
      }
      MemRequest r = make_request(sent, AccessType::GlobalRead, line * 128, 128);
      r.sm = sm;
      r.issued = cycle;
      const std::uint32_t cl = mem.cluster_of(sm);
      if (!mem.can_accept(cl, r)) continue;
      mem.push(cl, r, cycle);
      ++in_flight[sm];
      ++sent;
    }
    ++cycle;
  }
  const double t = cpu_seconds() - t0;

  const MemoryCounters k = mem.counters();
  const std::string key = "sim_mem." + std::string(pattern);
  std::printf("%s.requests %llu\n", key.c_str(), static_cast<unsigned long long>(done));
  std::printf("%s.core_cycles %llu\n", key.c_str(), static_cast<unsigned long long>(cycle));
  std::printf("%s.seconds %.3f\n", key.c_str(), t);
  std::printf("%s.requests_per_s %.0f\n", key.c_str(), static_cast<double>(done) / t);
  std::printf("%s.core_cycles_per_s %.0f\n", key.c_str(), static_cast<double>(cycle) / t);
  std::printf("%s.dram_bus_busy %.3f\n", key.c_str(),
              static_cast<double>(k.dram_busy_cycles) / static_cast<double>(k.dram_cycles));
  std::printf("%s.bytes_per_cycle %.1f\n", key.c_str(), static_cast<double>(done) * 128.0 / static_cast<double>(cycle));
  std::fflush(stdout);
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  std::uint64_t requests = 1000000;
  std::string_view pattern = "both";
  for (int i = 1; i + 1 < argc; i += 2) {
    const std::string_view a = argv[i];
    if (a == "--requests") requests = std::strtoull(argv[i + 1], nullptr, 10);
    if (a == "--pattern") pattern = argv[i + 1];
  }
  int rc = 0;
  if (pattern == "both" || pattern == "streaming") rc |= run("streaming", requests);
  if (pattern == "both" || pattern == "random") rc |= run("random", requests);
  return rc;
}
