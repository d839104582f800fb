// Determinism: the same simulation twice gives byte-identical statistics
// and timeline (the CLI goldens pin them across builds: cli.sim.*).
#include <gtest/gtest.h>

#include <sstream>
#include <string>

#include "sim/stats/stats_format.hpp"
#include "sim/trace/timeline.hpp"
#include "sim_kit.hpp"

namespace lockstep::test {
namespace {

std::string once(const std::string& model, const std::string& gpu_name) {
  const auto l = load("models/kernels/" + model + "/" + model + ".ptx", "models/kernels/" + model + "/launch.toml");
  const sim::GpuConfig g = gpu(gpu_name);
  sim::TimelineRecorder timeline(g, l->setup->shape.grid);
  sim::SimOptions options;
  options.observer = &timeline;
  options.sample_interval = 100;
  options.record_schedule = true;
  const sim::SimResult r = simulate(*l, g, sem::ModelKind::Stack, options);
  std::ostringstream out;
  sim::write_stats_text(out, sim::collect_stats(r, g));
  out << sim::stats_document(sim::collect_stats(r, g), r).dump(1);
  timeline.write(out, r);
  for (const sim::ScheduleStep& s : r.schedule) out << s.block << ' ' << s.warp_in_block << ' ' << s.count << '\n';
  return out.str();
}

TEST(Determinism, SameRunSameBytes) {
  for (const char* model : {"matmul_tiled", "histogram_atomic", "spin_lock"}) {
    for (const char* g : {"tiny", "gtx480"}) {
      const std::string a = once(model, g);
      EXPECT_GT(a.size(), 1000U);
      EXPECT_EQ(a, once(model, g)) << model << " on " << g;
    }
  }
}

}  // namespace
}  // namespace lockstep::test
