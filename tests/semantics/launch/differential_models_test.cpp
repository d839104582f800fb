// Differential test on the bundled models: every synchronisation-free
// kernel of models/kernels runs with its launch.toml under every model of
// run_kit.hpp's every_model() (mimd, the SIMT stacks, AWARE, Multi-Path
// IPDOM, ITS, the PC-selection heuristics, thread block compaction, dynamic
// warp formation with warp barriers; plain dynamic warp formation on the
// kernels without warp-level instructions) x round-robin, greedy, random:1
// and random:2, and round-robin and greedy with one block resident at a
// time (blocks admitted as earlier ones finish). Every
// run must complete; all of them must leave the same bytes in every buffer
// and print the same lines, and, where the spec has an [expect], satisfy it.
//
// printf output is compared as a multiset of lines: threads print in an
// order that depends on the model and the schedule (printf_kernel's README:
// "Lines from different threads may appear in any order").
//
// "Synchronisation-free" here means: no thread waits for another thread's
// memory writes (locks, flags, transactions). CTA barriers reached by every
// thread and warp collectives on converged warps are fine, so reduce_shared,
// histogram_atomic, matmul_tiled, legacy_isa2x (bar.sync outside divergent
// code), warp_vote_shuffle and tree_walk_vote (lane 0's stack updates are
// ordered by __syncwarp of every walking lane) are included.
//
// Excluded models, and why:
//   spin_lock, ticket_lock, wait_signal, atm, hashtable_lock, nested_locks,
//   two_locks_join, radiosity_lock    deadlock on a SIMT stack by
//                          design (README "deadlocks: yes"): a lock or a wait
//                          for a signal from a warp-mate;
//   tree_walk_lane         lanes that leave the walk first are waited for at
//                          __syncwarp: deadlocks on a SIMT stack;
//   divergent_barrier      __syncthreads() in both arms of a divergent branch:
//                          deadlocks on a SIMT stack (per-thread barrier
//                          counting);
//   done_flag_lock, hashtable_v1, hashtable_v2  lock-based: threads spin on
//                          locks other threads hold; termination needs a fair
//                          schedule (greedy can keep a spinning unit issuing)
//                          and the order of critical sections decides where
//                          things land;
//   tm_markers, tm_markers_mangled  transactions (__tbegin/__tcommit): a
//                          synchronisation construct;
//   wait_signal_nonblocking  wait/signal through memory: threads poll start[k]
//                          until another thread has written it. The final
//                          memory is schedule-independent, but progress needs
//                          a fair schedule: under greedy the polling unit may
//                          keep issuing while the signalling one never runs.
//
// Buffers left out of the comparison:
//   warp_vote_shuffle.masks  __activemask() reports whichever threads happen to
//                          be converged (its README): 0xffffffff under a SIMT
//                          stack, schedule-dependent under mimd.
#include <gtest/gtest.h>

#include <cstdint>
#include <filesystem>
#include <ostream>
#include <span>
#include <sstream>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "run_kit.hpp"
#include "semantics/spec/expect.hpp"

namespace lockstep::test {
namespace {

struct ModelCase {
  const char* name;
  std::vector<std::string> unchecked_buffers;  ///< left out of the comparison (reason above)
};

const std::vector<ModelCase>& sync_free_models() {
  static const std::vector<ModelCase> cases{
      {"vector_add", {}},       {"reduce_shared", {}},
      {"histogram_atomic", {}}, {"matmul_tiled", {}},
      {"nested_ifelse", {}},    {"device_function", {}},
      {"math_mix", {}},         {"unstructured_goto", {}},
      {"printf_kernel", {}},    {"warp_vote_shuffle", {"masks"}},
      {"legacy_isa12", {}},     {"legacy_isa14", {}},
      {"legacy_isa2x", {}},     {"legacy_isa4x", {}},
      {"tree_walk_vote", {}},
  };
  return cases;
}

void PrintTo(const ModelCase& c, std::ostream* os) { *os << c.name; }

/// The models this test leaves out (reasons at the top of the file).
const std::vector<std::string>& excluded_models() {
  static const std::vector<std::string> names{
      "spin_lock",
      "ticket_lock",
      "wait_signal",
      "atm",
      "hashtable_lock",
      "nested_locks",
      "two_locks_join",
      "radiosity_lock",
      "divergent_barrier",
      "done_flag_lock",
      "hashtable_v1",
      "hashtable_v2",
      "tm_markers",
      "tm_markers_mangled",
      "wait_signal_nonblocking",
      "tree_walk_lane",
  };
  return names;
}

std::filesystem::path model_dir(const std::string& name) {
  return std::filesystem::path(LOCKSTEP_SOURCE_DIR) / "models" / "kernels" / name;
}

/// Runs one model under every model x schedule with the given reconvergence
/// table for the SIMT-stack models; reports every disagreement.
void check_model(const ModelCase& mc, sem::ReconvergenceChoice table) {
  const std::filesystem::path dir = model_dir(mc.name);
  std::unique_ptr<PreparedLaunch> launch;
  try {
    launch = prepare_from_files(dir / (std::string(mc.name) + ".ptx"), dir / "launch.toml", table);
  } catch (const std::exception& e) {
    FAIL() << mc.name << ": does not load: " << e.what();
  }
  const char* table_name = table == sem::ReconvergenceChoice::Ipdom ? " (ipdom table)" : "";
  const std::vector<sem::BufferBinding>& buffers = launch->setup->buffers;
  auto unchecked = [&](const std::string& buffer) {
    for (const std::string& u : mc.unchecked_buffers)
      if (u == buffer) return true;
    return false;
  };
  for (const std::string& u : mc.unchecked_buffers) {
    bool found = false;
    for (const sem::BufferBinding& b : buffers) found = found || b.name == u;
    EXPECT_TRUE(found) << mc.name << ": unchecked buffer '" << u << "' is not in the spec";
  }

  bool have_ref = false;
  RunCapture ref;
  std::string ref_who;
  std::vector<std::string> ref_lines;
  // Every schedule, and two with one block resident at a time (later
  // blocks admitted as earlier ones finish: `run --residency 1`).
  std::vector<std::pair<std::string, sem::RunOptions>> schedules = standard_schedules();
  for (const std::size_t i : {std::size_t{0}, std::size_t{1}}) {
    sem::RunOptions one = schedules[i].second;
    one.resident_blocks = 1;
    schedules.emplace_back(schedules[i].first + " with 1 block resident", one);
  }
  // Plain dynamic warp formation where no warp-level instruction can see the
  // regrouping. tree_walk_vote's lanes order lane 0's stack updates with
  // __syncwarp and vote inside the divergent walk: warp-synchronous code in
  // a divergent region, which dynamic warp formation with warp barriers gets
  // wrong as the thesis says (docs/models/dwf.md; dwf_model_test.cpp).
  std::vector<sem::ModelSpec> models = every_model();
  if (std::string_view(mc.name) == "tree_walk_vote") std::erase(models, model_named("dwf-wb"));
  if (!has_warp_level_instruction(*launch->setup->kernel)) models.push_back(model_named("dwf"));
  for (const sem::ModelSpec& model : models) {
    for (const auto& [schedule, options] : schedules) {
      const std::string who =
          std::string(mc.name) + " under " + sem::model_spec_name(model) + " / " + schedule + table_name;
      RunCapture c = run_capture(*launch, model, options);
      if (c.status != sem::RunStatus::Completed) {
        ADD_FAILURE() << who << " did not complete: " << c.description;
        continue;
      }
      // [expect]
      for (const sem::ExpectSpec& e : launch->spec.expects) {
        const sem::BufferBinding& b = buffers.at(e.buffer);
        const std::vector<sem::Mismatch> bad =
            sem::compare_expect(e, b.type, std::span<const std::uint8_t>(c.buffers.at(e.buffer)), 5);
        for (const sem::Mismatch& m : bad)
          ADD_FAILURE() << who << ": expect." << b.name << "[" << m.index << "] = " << m.expected << ", got "
                        << m.actual;
      }
      std::vector<std::string> lines = sorted_lines(c.output);
      if (!have_ref) {
        have_ref = true;
        ref = std::move(c);
        ref_who = who;
        ref_lines = std::move(lines);
        continue;
      }
      for (std::size_t i = 0; i < buffers.size(); ++i) {
        if (unchecked(buffers[i].name)) continue;
        const std::string diff = first_difference(ref.buffers.at(i), c.buffers.at(i),
                                                  static_cast<std::size_t>(ir::byte_width(buffers[i].type)));
        EXPECT_TRUE(diff.empty()) << "buffer '" << buffers[i].name << "' differs between " << ref_who << " and " << who
                                  << ": " << diff;
      }
      EXPECT_EQ(lines, ref_lines) << "printf lines (as a multiset) differ between " << ref_who << " and " << who
                                  << "\n---- " << ref_who << ":\n"
                                  << ref.output << "---- " << who << ":\n"
                                  << c.output;
    }
  }
}

class DifferentialModels : public ::testing::TestWithParam<ModelCase> {};

TEST_P(DifferentialModels, EveryModelAndScheduleAgrees) { check_model(GetParam(), sem::ReconvergenceChoice::Nvidia); }

// The same with the plain IPDOM reconvergence table (`lockstep run
// --reconvergence ipdom`) for the SIMT-stack models.
TEST_P(DifferentialModels, IpdomTableAgrees) { check_model(GetParam(), sem::ReconvergenceChoice::Ipdom); }

INSTANTIATE_TEST_SUITE_P(SyncFree, DifferentialModels, ::testing::ValuesIn(sync_free_models()),
                         [](const ::testing::TestParamInfo<ModelCase>& case_info) {
                           return std::string(case_info.param.name);
                         });

// Every model folder is either checked here or excluded with a reason, so a
// new model has to be classified.
TEST(DifferentialModelsList, EveryModelIsClassified) {
  const std::filesystem::path root = std::filesystem::path(LOCKSTEP_SOURCE_DIR) / "models" / "kernels";
  unsigned seen = 0;
  for (const std::filesystem::directory_entry& entry : std::filesystem::directory_iterator(root)) {
    if (!entry.is_directory()) continue;
    const std::string name = entry.path().filename().string();
    ++seen;
    bool checked = false;
    for (const ModelCase& c : sync_free_models()) checked = checked || name == c.name;
    bool excluded = false;
    for (const std::string& e : excluded_models()) excluded = excluded || name == e;
    EXPECT_TRUE(checked != excluded) << "models/kernels/" << name
                                     << (checked ? " is both checked and excluded"
                                                 : " is neither checked nor excluded: classify it");
  }
  EXPECT_EQ(seen, sync_free_models().size() + excluded_models().size());
}

// The printf model really prints: nine lines, the same under every run (the
// comparison above would pass vacuously on empty output).
TEST(DifferentialModelsPrintf, PrintsNineLines) {
  const std::filesystem::path dir = model_dir("printf_kernel");
  const std::unique_ptr<PreparedLaunch> launch = prepare_from_files(dir / "printf_kernel.ptx", dir / "launch.toml");
  const RunCapture c = run_capture(*launch, sem::ModelKind::Stack, standard_schedules().front().second);
  ASSERT_EQ(c.status, sem::RunStatus::Completed) << c.description;
  const std::vector<std::string> lines = sorted_lines(c.output);
  EXPECT_EQ(lines.size(), 9U) << c.output;
  EXPECT_NE(c.output.find("hello from lockstep"), std::string::npos) << c.output;
  EXPECT_NE(c.output.find("block 0 thread 4: 16 = 4 squared, scaled 2.000000"), std::string::npos) << c.output;
}

}  // namespace
}  // namespace lockstep::test
