// Differential test on random programs: a synchronisation-free kernel
// (random_program.hpp) has one final memory, whatever the divergence model
// and the schedule. Each of kSeeds generated programs (600; 150 in the
// sanitizer build, LOCKSTEP_SANITIZED_TESTS) runs under mimd,
// stack, stack-amd and stack-nt x round-robin, greedy, random:1 and
// random:2, and under every model of run_kit.hpp's new_models() (AWARE,
// Multi-Path IPDOM, ITS, the PC-selection heuristics) x the same four
// schedules; all runs must complete with byte-identical buffers (the
// output buffer, its atomic counters, and the input left untouched) and the
// same printf output (none). The SIMT-stack models are also run with the
// plain IPDOM reconvergence table. On a disagreement the failure names the
// seed, the model and schedule, and the first differing element (with the
// thread and slot it belongs to), and prints the PTX and the launch spec.
//
// Environment, for longer soak runs: LOCKSTEP_DIFF_SEEDS=N runs N seeds,
// LOCKSTEP_DIFF_FIRST_SEED=S starts at seed S; LOCKSTEP_PTXAS_SEEDS and
// LOCKSTEP_PTXAS_FIRST_SEED do the same for the ptxas check (20 by default).
#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <system_error>
#include <vector>

#include "frontend/diagnostics.hpp"
#include "random_program.hpp"
#include "run_kit.hpp"

namespace lockstep::test {
namespace {

constexpr std::uint64_t kFirstSeed = 1;
// About 5 ms per seed in a Release build, 100 ms under ASan+UBSan (Debug):
// the sanitizer build (LOCKSTEP_SANITIZED_TESTS) runs the first quarter of
// the seeds, the Release build all of them.
#ifdef LOCKSTEP_SANITIZED_TESTS
constexpr unsigned kSeeds = 150;
constexpr unsigned kIpdomSeeds = 100;
constexpr unsigned kOptionSeeds = 15;
#else
constexpr unsigned kSeeds = 600;
constexpr unsigned kIpdomSeeds = 400;
constexpr unsigned kOptionSeeds = 50;
#endif
// Generating a program is cheap: the coverage check always sees 600.
constexpr unsigned kCoverageSeeds = 600;

std::uint64_t env_number(const char* name, std::uint64_t fallback) {
  const char* v = std::getenv(name);
  if (v == nullptr || *v == '\0') return fallback;
  return std::strtoull(v, nullptr, 0);
}

std::uint64_t first_seed() { return env_number("LOCKSTEP_DIFF_FIRST_SEED", kFirstSeed); }
std::uint64_t seed_count(std::uint64_t fallback) { return env_number("LOCKSTEP_DIFF_SEEDS", fallback); }

/// Where element `i` of `out` belongs: "thread 17 slot 3" or "counter 2".
std::string out_element_name(const RandomProgram& p, std::size_t i) {
  const std::size_t per_thread = static_cast<std::size_t>(p.grid) * p.block * p.slots_per_thread;
  if (i >= per_thread) return "counter " + std::to_string(i - per_thread);
  return "thread " + std::to_string(i / p.slots_per_thread) + " slot " + std::to_string(i % p.slots_per_thread);
}

std::string program_text(const RandomProgram& p) {
  return "---- PTX (seed " + std::to_string(p.seed) + ") ----\n" + p.ptx + "---- launch.toml ----\n" + p.spec;
}

/// Runs one program under mimd / round-robin (the reference) and then under
/// every model x schedule given (the reference combination is skipped);
/// empty when all agree, otherwise what differs (without the program text).
/// `table` is the reconvergence table of the SIMT-stack models.
struct CheckTotals {
  std::uint64_t runs = 0;
  std::uint64_t thread_instructions = 0;
  std::uint64_t warp_instructions = 0;  ///< of the SIMT-stack runs
  std::uint64_t stack_thread_instructions = 0;
};

std::string differential_check(const RandomProgram& p, CheckTotals& totals,
                               sem::ReconvergenceChoice table = sem::ReconvergenceChoice::Nvidia,
                               const std::vector<sem::ModelSpec>& models = all_models(),
                               const std::vector<std::string>& schedules = {}) {
  std::unique_ptr<PreparedLaunch> launch;
  try {
    launch = prepare_from_text(p.ptx, p.spec, ".", "rand_" + std::to_string(p.seed) + ".ptx", "launch.toml", table);
  } catch (const std::exception& e) {
    return std::string("seed ") + std::to_string(p.seed) + ": does not load: " + e.what();
  }
  const std::string table_name = table == sem::ReconvergenceChoice::Ipdom ? " (ipdom table)" : "";
  const RunCapture ref = run_capture(*launch, sem::ModelKind::Mimd, standard_schedules().front().second);
  std::ostringstream msg;
  if (ref.status != sem::RunStatus::Completed) {
    msg << "seed " << p.seed << ": mimd / round-robin (the reference) did not complete: " << ref.description << "\n";
    return msg.str();
  }
  ++totals.runs;
  totals.thread_instructions += ref.stats.thread_instructions;
  for (const sem::ModelSpec& model : models) {
    for (std::size_t si = 0; si < standard_schedules().size(); ++si) {
      const auto& [schedule, options] = standard_schedules()[si];
      if (model == sem::ModelKind::Mimd && si == 0) continue;
      if (!schedules.empty() && std::find(schedules.begin(), schedules.end(), schedule) == schedules.end()) continue;
      const RunCapture c = run_capture(*launch, model, options);
      ++totals.runs;
      totals.thread_instructions += c.stats.thread_instructions;
      if (model != sem::ModelKind::Mimd) {
        totals.warp_instructions += c.stats.warp_instructions;
        totals.stack_thread_instructions += c.stats.thread_instructions;
      }
      const std::string who = sem::model_spec_name(model) + " / " + schedule + table_name;
      if (c.status != sem::RunStatus::Completed) {
        msg << "seed " << p.seed << ": " << who << " did not complete: " << c.description << "\n";
        continue;
      }
      for (std::size_t b = 0; b < ref.buffers.size(); ++b) {
        if (c.buffers.at(b) == ref.buffers[b]) continue;
        const std::string& name = launch->setup->buffers[b].name;
        msg << "seed " << p.seed << ": buffer '" << name << "' differs between mimd / round-robin and " << who;
        for (std::size_t i = 0; i * 4 < c.buffers[b].size(); ++i) {
          const std::uint64_t x = element_bits(ref.buffers[b], i, 4);
          const std::uint64_t y = element_bits(c.buffers[b], i, 4);
          if (x == y) continue;
          msg << ": first at element " << i << (name == "out" ? " (" + out_element_name(p, i) + ")" : std::string())
              << ": 0x" << std::hex << x << " vs 0x" << y << std::dec;
          break;
        }
        msg << "\n";
      }
      if (c.output != ref.output) msg << "seed " << p.seed << ": printf output differs under " << who << "\n";
    }
  }
  return msg.str();
}

/// Checks default_count seeds (or LOCKSTEP_DIFF_SEEDS); one failure per
/// disagreeing seed (with the program text for the first three), then the
/// list of failing seeds.
void check_seeds(std::uint64_t default_count, sem::ReconvergenceChoice table, const std::vector<sem::ModelSpec>& models,
                 const std::vector<std::string>& schedules, const RandomProgramOptions& options = {}) {
  const std::uint64_t first = first_seed();
  const std::uint64_t count = seed_count(default_count);
  unsigned failing = 0;
  std::vector<std::uint64_t> failing_seeds;
  CheckTotals totals;
  for (std::uint64_t seed = first; seed < first + count; ++seed) {
    const RandomProgram p = generate_random_program(seed, options);
    const std::string problem = differential_check(p, totals, table, models, schedules);
    if (problem.empty()) continue;
    failing_seeds.push_back(seed);
    // The program text for the first few; the seed reproduces the rest.
    ADD_FAILURE() << problem << (failing++ < 3 ? program_text(p) : std::string());
  }
  if (!failing_seeds.empty()) {
    std::ostringstream s;
    for (const std::uint64_t seed : failing_seeds) s << " " << seed;
    ADD_FAILURE() << failing_seeds.size() << " of " << count << " seeds disagree:" << s.str();
  }
  // Threads really run, and SIMT-stack warps really diverge.
  EXPECT_GT(totals.thread_instructions, totals.runs * 1000);
  const double lanes_per_warp_instruction =
      totals.warp_instructions == 0
          ? 0.0
          : static_cast<double>(totals.stack_thread_instructions) / static_cast<double>(totals.warp_instructions);
  EXPECT_LT(lanes_per_warp_instruction, 24.0);
  std::printf(
      "[ totals   ] %llu seeds, %llu runs, %llu thread instructions; SIMT stack: %.1f active lanes per warp "
      "instruction\n",
      static_cast<unsigned long long>(count), static_cast<unsigned long long>(totals.runs),
      static_cast<unsigned long long>(totals.thread_instructions), lanes_per_warp_instruction);
}

std::string differential_check_plain(const RandomProgram& p) {
  CheckTotals totals;
  return differential_check(p, totals);
}

TEST(DifferentialRandom, EveryModelAndScheduleAgrees) {
  check_seeds(kSeeds, sem::ReconvergenceChoice::Nvidia, all_models(), {});
}

// The same programs with the plain IPDOM reconvergence table (`lockstep run
// --reconvergence ipdom`) for the SIMT-stack models: where a branch
// reconverges must not change the final memory of a synchronisation-free
// kernel either.
TEST(DifferentialRandom, IpdomTableAgrees) {
  check_seeds(kIpdomSeeds, sem::ReconvergenceChoice::Ipdom,
              {sem::ModelKind::Stack, sem::ModelKind::StackAmd, sem::ModelKind::StackNt, sem::ModelKind::Aware,
               sem::ModelKind::Mp, sem::ModelKind::MpOrec, sem::ModelKind::Its, sem::ModelKind::PdomMinSp},
              {"round-robin", "random:1"});
}

// The models of issue 13 (AWARE with and without a timeout, Multi-Path IPDOM
// unlimited, dual-path and with OREC, independent thread scheduling, every
// PC-selection heuristic) on the same programs, every schedule: a
// synchronisation-free kernel has one final memory under all of them.
TEST(DifferentialRandom, NewModelsAgree) { check_seeds(kSeeds, sem::ReconvergenceChoice::Nvidia, new_models(), {}); }

// Thread block compaction (with likely-convergence points, with the
// compactor off) and dynamic warp formation with warp barriers on the same
// programs, every schedule (issue 14).
TEST(DifferentialRandom, BlockModelsAgree) {
  check_seeds(kSeeds, sem::ReconvergenceChoice::Nvidia, block_models(), {});
}

// Plain dynamic warp formation regroups threads across static warps even in
// converged code, so vote/shuffle results differ (docs/models/dwf.md): it is
// checked on the same seeds' programs without warp-level instructions.
TEST(DifferentialRandom, DwfAgreesWithoutWarpLevelInstructions) {
  RandomProgramOptions options;
  options.collectives = false;
  check_seeds(kSeeds, sem::ReconvergenceChoice::Nvidia, {model_named("dwf")}, {}, options);
}

// The check itself is not vacuous: a kernel whose result depends on the
// order of its threads (each stores the value its atom.add returned) is
// reported as disagreeing.
TEST(DifferentialRandom, DetectsAnOrderDependentKernel) {
  RandomProgram p;
  p.seed = 0;
  p.grid = 1;
  p.block = 64;
  p.ptx =
      ".version 7.0\n.target sm_75\n.address_size 64\n"
      ".visible .entry rand_kernel(.param .u64 rand_kernel_param_0, .param .u64 rand_kernel_param_1,\n"
      "    .param .s32 rand_kernel_param_2)\n{\n"
      "\t.reg .b32 %r<4>;\n\t.reg .b64 %rd<8>;\n"
      "\tld.param.u64 %rd2, [rand_kernel_param_1];\n"
      "\tcvta.to.global.u64 %rd4, %rd2;\n"
      "\tmov.u32 %r1, %tid.x;\n"
      "\tmul.wide.u32 %rd5, %r1, 80;\n"
      "\tadd.s64 %rd6, %rd4, %rd5;\n"
      "\tadd.s64 %rd7, %rd4, 5120;\n"
      "\tatom.global.add.u32 %r2, [%rd7], 1;\n"
      "\tst.global.u32 [%rd6], %r2;\n"
      "\tret;\n}\n";
  p.spec =
      "kernel = \"rand_kernel\"\ngrid = [1]\nblock = [64]\n"
      "params = [\"in\", \"out\", {type = \"s32\", value = 0}]\n"
      "[[buffer]]\nname = \"in\"\ntype = \"u32\"\ncount = 256\n"
      "[[buffer]]\nname = \"out\"\ntype = \"u32\"\ncount = 1288\n";
  const std::string problem = differential_check_plain(p);
  EXPECT_NE(problem.find("buffer 'out' differs"), std::string::npos) << problem;
  EXPECT_NE(problem.find("(thread "), std::string::npos) << problem;
}

TEST(DifferentialRandom, GeneratorIsDeterministic) {
  for (std::uint64_t seed : {1ULL, 2ULL, 77ULL, 123456789ULL}) {
    const RandomProgram a = generate_random_program(seed);
    const RandomProgram b = generate_random_program(seed);
    EXPECT_EQ(a.ptx, b.ptx) << seed;
    EXPECT_EQ(a.spec, b.spec) << seed;
  }
  EXPECT_NE(generate_random_program(1).ptx, generate_random_program(2).ptx);
}

TEST(DifferentialRandom, OptionsLeaveConstructsOut) {
  RandomProgramOptions o;
  o.atomics = false;
  o.collectives = false;
  o.barriers = false;
  for (std::uint64_t seed = 1; seed <= kOptionSeeds; ++seed) {
    const RandomProgram p = generate_random_program(seed, o);
    for (const char* op : {"atom.", "red.", "vote.", "shfl.", "bar.sync", "st.shared"})
      EXPECT_EQ(p.ptx.find(op), std::string::npos) << "seed " << seed << ": " << op;
    EXPECT_EQ(differential_check_plain(p), "") << program_text(p);
  }
}

// The generator is only worth something if the constructs it promises show
// up: over the seeds of the differential test, each kind appears in a fair
// share of the programs, every program stays within the size limit, and
// launches with partial warps and two blocks occur.
TEST(DifferentialRandom, GeneratorCoversTheConstructs) {
  unsigned n = 0;
  unsigned hammocks = 0, unstructured = 0, loops = 0, breaks = 0, exits = 0, guarded = 0, atomics = 0, collectives = 0,
           barriers = 0, floats = 0, depth3 = 0, partial = 0, two_blocks = 0, uniform = 0;
  unsigned max_instructions = 0;
  for (std::uint64_t seed = kFirstSeed; seed < kFirstSeed + kCoverageSeeds; ++seed) {
    const RandomProgram p = generate_random_program(seed);
    ++n;
    const RandomProgramFeatures& f = p.features;
    hammocks += f.hammocks > 0;
    unstructured += f.unstructured > 0;
    loops += f.loops > 0;
    breaks += f.breaks > 0;
    exits += f.exits > 0;
    guarded += f.guarded > 0;
    atomics += f.atomics > 0;
    collectives += f.collectives > 0;
    barriers += f.barriers > 0;
    floats += f.float_ops > 0;
    uniform += f.uniform > 0;
    depth3 += f.max_depth >= 3;
    partial += p.block % 32 != 0;
    two_blocks += p.grid == 2;
    if (p.instructions > max_instructions) max_instructions = p.instructions;
    EXPECT_LE(p.instructions, kMaxInstructions) << "seed " << seed;
    EXPECT_GE(p.block, 32U);
    EXPECT_LE(p.block, 96U);
  }
  const unsigned tenth = n / 10;
  EXPECT_GT(hammocks, n / 2);
  EXPECT_GT(unstructured, tenth);
  EXPECT_GT(loops, n / 4);
  EXPECT_GT(breaks, n / 4);
  EXPECT_GT(exits, tenth);
  EXPECT_GT(guarded, n / 2);
  EXPECT_GT(atomics, tenth);
  EXPECT_GT(collectives, tenth);
  EXPECT_GT(barriers, tenth);
  EXPECT_GT(floats, n / 2);
  EXPECT_GT(uniform, tenth);
  EXPECT_GT(depth3, tenth);
  EXPECT_GT(partial, tenth);
  EXPECT_GT(two_blocks, tenth);
  std::printf(
      "[ coverage ] %u programs (<= %u instructions): hammocks %u, unstructured %u, loops %u, gotos %u, "
      "exits %u, guarded %u, atomics %u, collectives %u, barriers %u, f32 %u, uniform %u, depth 3 %u, "
      "partial warps %u, 2 blocks %u\n",
      n, max_instructions, hammocks, unstructured, loops, breaks, exits, guarded, atomics, collectives, barriers,
      floats, uniform, depth3, partial, two_blocks);
}

/// ptxas from /usr/local/cuda/bin or PATH, or empty.
std::string find_ptxas() {
  std::error_code ec;
  if (std::filesystem::exists("/usr/local/cuda/bin/ptxas", ec)) return "/usr/local/cuda/bin/ptxas";
  const char* path = std::getenv("PATH");
  if (path == nullptr) return {};
  std::stringstream dirs(path);
  std::string dir;
  while (std::getline(dirs, dir, ':')) {
    if (dir.empty()) continue;
    const std::filesystem::path candidate = std::filesystem::path(dir) / "ptxas";
    if (std::filesystem::exists(candidate, ec)) return candidate.string();
  }
  return {};
}

std::string read_text(const std::filesystem::path& file) {
  std::ifstream in(file);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

TEST(DifferentialRandom, ProgramsAssembleWithPtxas) {
  const std::string ptxas = find_ptxas();
  if (ptxas.empty()) GTEST_SKIP() << "ptxas not found (/usr/local/cuda/bin/ptxas or PATH)";
  std::error_code ec;
  const std::filesystem::path dir =
      std::filesystem::temp_directory_path() / ("lockstep_ptxas_" + std::to_string(::getpid()));
  std::filesystem::create_directories(dir, ec);
  ASSERT_FALSE(ec) << ec.message();
  const std::uint64_t first = env_number("LOCKSTEP_PTXAS_FIRST_SEED", kFirstSeed);
  const std::uint64_t count = env_number("LOCKSTEP_PTXAS_SEEDS", 20);
  for (std::uint64_t seed = first; seed < first + count; ++seed) {
    const RandomProgram p = generate_random_program(seed);
    const std::filesystem::path ptx = dir / ("rand_" + std::to_string(seed) + ".ptx");
    const std::filesystem::path log = dir / "ptxas.log";
    {
      std::ofstream out(ptx);
      out << p.ptx;
    }
    const std::string cmd = "'" + ptxas + "' -arch=sm_75 '" + ptx.string() + "' -o '" + (dir / "out.cubin").string() +
                            "' > '" + log.string() + "' 2>&1";
    const int rc = std::system(cmd.c_str());
    EXPECT_EQ(rc, 0) << "seed " << seed << ": ptxas failed:\n" << read_text(log) << program_text(p);
  }
  std::filesystem::remove_all(dir, ec);
}

}  // namespace
}  // namespace lockstep::test
