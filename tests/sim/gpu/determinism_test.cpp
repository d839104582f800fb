// Determinism: the same simulation twice gives byte-identical statistics
// and timeline (the CLI goldens pin them across builds: cli.sim.*), also
// with the busy-wait-aware policies (DDOS, BOWS fixed and adaptive over
// LRR and GTO, GTO with age rotation) and CAWA (greedy and not, with and
// without CACP, under BOWS).
#include <gtest/gtest.h>

#include <sstream>
#include <string>
#include <vector>

#include "sim/stats/stats_format.hpp"
#include "sim/trace/timeline.hpp"
#include "sim_kit.hpp"

namespace lockstep::test {
namespace {

std::string once(const std::string& model, const sim::GpuConfig& g, sem::ModelKind kind = sem::ModelKind::Stack) {
  const auto l = load("models/kernels/" + model + "/" + model + ".ptx", "models/kernels/" + model + "/launch.toml");
  sim::TimelineRecorder timeline(g, l->setup->shape.grid);
  sim::SimOptions options;
  options.observer = &timeline;
  options.sample_interval = 100;
  options.record_schedule = true;
  const sim::SimResult r = simulate(*l, g, kind, options);
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
      const std::string a = once(model, gpu(g));
      EXPECT_GT(a.size(), 1000U);
      EXPECT_EQ(a, once(model, gpu(g))) << model << " on " << g;
    }
  }
}

TEST(Determinism, SpinAwarePoliciesSameBytes) {
  std::vector<sim::GpuConfig> variants;
  for (int v = 0; v < 4; ++v) {
    sim::GpuConfig g = gpu("tiny");
    sim::SchedulerConfig& s = g.core.scheduler;
    s.ddos.enabled = true;
    s.bows.enabled = v >= 1;
    s.bows.adaptive = v >= 2;
    s.bows.delay = 300;
    s.bows.delay_min = 100;
    s.bows.interval = 200;
    if (v >= 2) s.policy = sim::WarpScheduler::Gto;
    if (v == 3) {
      s.gto_rotation = 500;
      s.ddos.shared_history = true;
      s.ddos.epoch = 100;
    }
    variants.push_back(g);
  }
  // The sanitizer build (twenty times slower) checks spin_lock under the stack only.
#ifdef LOCKSTEP_SANITIZED_TESTS
  const std::vector<const char*> models{"spin_lock"};
  const std::vector<sem::ModelKind> kinds{sem::ModelKind::Stack};
#else
  const std::vector<const char*> models{"spin_lock", "histogram_atomic"};
  const std::vector<sem::ModelKind> kinds{sem::ModelKind::Stack, sem::ModelKind::Mimd};
#endif
  for (const char* model : models) {
    for (std::size_t v = 0; v < variants.size(); ++v) {
      for (const sem::ModelKind kind : kinds) {
        const std::string a = once(model, variants[v], kind);
        EXPECT_GT(a.size(), 1000U);
        EXPECT_EQ(a, once(model, variants[v], kind)) << model << " variant " << v;
      }
    }
  }
}

TEST(Determinism, CawaSameBytes) {
  std::vector<sim::GpuConfig> variants;
  for (int v = 0; v < 3; ++v) {
    sim::GpuConfig g = gpu("tiny");
    sim::SchedulerConfig& s = g.core.scheduler;
    s.policy = sim::WarpScheduler::Cawa;
    s.cawa.greedy = v != 1;
    s.cawa.cacp = v >= 1;
    if (v == 2) {
      s.ddos.enabled = true;
      s.bows.enabled = true;
    }
    variants.push_back(g);
  }
  for (const char* model : {"spin_lock", "matmul_tiled"}) {
    for (std::size_t v = 0; v < variants.size(); ++v) {
      const std::string a = once(model, variants[v]);
      EXPECT_GT(a.size(), 1000U);
      EXPECT_EQ(a, once(model, variants[v])) << model << " variant " << v;
    }
  }
}

}  // namespace
}  // namespace lockstep::test
