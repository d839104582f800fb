// Simulation throughput of `lockstep sim` on one core: simulated cycles,
// warp instructions per second and simulated cycles per second, for the
// benchmark launches on gtx480 under `stack` (issue 12's targets: at least
// 100 K warp instructions/s and 10 K simulated cycles/s):
//   vector_add_1m  vector_add over 2^20 floats in 4096 blocks of 256
//                  (bench/launches/vector_add_1m.toml; GPGPU-Sim 4.0 reports
//                  86,605 cycles and gpu_sim_insn 22,020,096 for it)
//   sgemm_256      a 256 x 256 tiled SGEMM, 16 x 16 tiles
//                  (bench/kernels/sgemm_tiled.cu, bench/launches/sgemm_256.toml)
//   vector_add_64k (with --launch vector_add_64k only) 65,535 x 1,024 threads:
//                  the residency figure (peak memory)
//
// Only the simulation is timed (not parsing, set-up or printing), in CPU
// seconds. Figures, one "KEY VALUE" line each:
//   sim.<launch>.status, .cycles (gpu_sim_cycle), .gpu_sim_insn, .warp_instructions,
//   .seconds, .warp_instr_per_s, .cycles_per_s, .ipc
//   sim.peak_rss_mb      peak resident memory of the process
// Usage: sim_throughput [--launch vector_add|sgemm|vector_add_64k|both] [--gpu NAME]
#include <sys/resource.h>

#include <cstdio>
#include <ctime>
#include <string>
#include <string_view>

#include "frontend/load.hpp"
#include "semantics/spec/launch_spec.hpp"
#include "sim/config/load_gpu.hpp"
#include "sim/gpu/simulate.hpp"
#include "sim/stats/sim_stats.hpp"

namespace {

double cpu_seconds() {
  timespec ts{};
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
  return static_cast<double>(ts.tv_sec) + static_cast<double>(ts.tv_nsec) * 1e-9;
}

int run_one(const char* name, const char* ptx, const char* spec_path, const std::string& gpu) {
  using namespace lockstep;
  const std::string root = LOCKSTEP_SOURCE_DIR;
  const ir::Module module = load_ptx_file(root + "/" + ptx);
  sem::LaunchSpec spec = sem::parse_launch_spec_file(root + "/" + spec_path);
  const auto setup = sem::prepare_launch(module, spec);
  for (sem::BufferSpec& b : spec.buffers) std::vector<std::uint8_t>().swap(b.bytes);
  const sim::GpuConfig config = sim::load_gpu(gpu).config;
  sim::SimOptions options;
  options.model = sem::ModelKind::Stack;
  options.registers = spec.registers;
  const double t0 = cpu_seconds();
  const sim::SimResult r = sim::simulate(*setup, config, options);
  const double t = cpu_seconds() - t0;
  const std::string key = std::string("sim.") + name;
  const auto warp = static_cast<double>(sim::warp_instructions(r));
  std::printf("%s.status %s\n", key.c_str(), sem::run_status_name(r.run.status));
  std::printf("%s.gpu %s\n", key.c_str(), config.name.c_str());
  std::printf("%s.cycles %llu\n", key.c_str(), static_cast<unsigned long long>(r.cycles));
  std::printf("%s.gpu_sim_insn %llu\n", key.c_str(), static_cast<unsigned long long>(sim::executed_instructions(r)));
  std::printf("%s.warp_instructions %.0f\n", key.c_str(), warp);
  std::printf("%s.ipc %.4f\n", key.c_str(),
              static_cast<double>(sim::executed_instructions(r)) / static_cast<double>(r.cycles));
  std::printf("%s.seconds %.3f\n", key.c_str(), t);
  std::printf("%s.warp_instr_per_s %.0f\n", key.c_str(), warp / t);
  std::printf("%s.cycles_per_s %.0f\n", key.c_str(), static_cast<double>(r.cycles) / t);
  std::fflush(stdout);
  return r.run.status == sem::RunStatus::Completed ? 0 : 1;
}

}  // namespace

int main(int argc, char** argv) {
  std::string_view launch = "both";
  std::string gpu = "gtx480";
  for (int i = 1; i + 1 < argc; i += 2) {
    const std::string_view a = argv[i];
    if (a == "--launch") launch = argv[i + 1];
    if (a == "--gpu") gpu = argv[i + 1];
  }
  int rc = 0;
  if (launch == "both" || launch == "vector_add") {
    rc |= run_one("vector_add_1m", "models/kernels/vector_add/vector_add.ptx", "bench/launches/vector_add_1m.toml", gpu);
  }
  if (launch == "both" || launch == "sgemm") {
    rc |= run_one("sgemm_256", "bench/kernels/sgemm_tiled.ptx", "bench/launches/sgemm_256.toml", gpu);
  }
  if (launch == "vector_add_64k") {
    rc |= run_one("vector_add_64k", "models/kernels/vector_add/vector_add.ptx",
                  "bench/launches/vector_add_64k_blocks.toml", gpu);
  }
  rusage ru{};
  getrusage(RUSAGE_SELF, &ru);
  std::printf("sim.peak_rss_mb %.1f\n", static_cast<double>(ru.ru_maxrss) / 1024.0);
  return rc;
}
