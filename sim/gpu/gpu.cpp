#include "sim/gpu/gpu.hpp"

#include <algorithm>

#include <fmt/format.h>

#include "semantics/launch/residency.hpp"

namespace lockstep::sim {

/// A cluster's interconnect port, for its SMs.
class Gpu::Port final : public ClusterPort {
 public:
  Port(MemorySide& memory, std::uint32_t cluster) : memory_(&memory), cluster_(cluster) {}
  [[nodiscard]] bool can_accept(const MemRequest& request) const override {
    return memory_->can_accept(cluster_, request);
  }
  void push(const MemRequest& request, Cycle now) override { memory_->push(cluster_, request, now); }

 private:
  MemorySide* memory_;
  std::uint32_t cluster_;
};

/// Records the issue order (merging consecutive instructions of one unit)
/// and feeds the hang detector while it confirms a cycle.
class Gpu::Recorder final : public IssueSink {
 public:
  Recorder(const sem::LaunchEngine& engine, HangDetector& hangs, std::vector<ScheduleStep>* schedule,
           std::vector<SlotEvent>* events)
      : engine_(&engine), hangs_(&hangs), schedule_(schedule), events_(events) {}
  void issued(std::uint32_t warp, unsigned key, std::uint32_t pc, sem::Mask threads) override {
    if (hangs_->recording()) hangs_->issued(warp, key, pc, threads);
    if (schedule_ == nullptr) return;
    const sem::WarpData& wd = engine_->warp(warp);
    if (!schedule_->empty() && !cut_) {
      ScheduleStep& last = schedule_->back();
      if (last.block == wd.block && last.warp_in_block == wd.warp_in_block && last.key == key) {
        ++last.count;
        return;
      }
    }
    schedule_->push_back(ScheduleStep{wd.block, wd.warp_in_block, key, pc, threads, 1, slot_of(warp)});
    cut_ = false;
  }
  void slot_changed(std::uint32_t slot, std::uint32_t block) override {
    if (events_ == nullptr) return;
    events_->push_back(SlotEvent{schedule_->size(), slot, block});
    // Under core scope the next issue starts a step after the event (where
    // a replay applies it); elsewhere where a block sits changes no step.
    if (engine_->core_slots() > 1) cut_ = true;
  }
  void fired(std::uint32_t warp, unsigned event) override {
    if (schedule_ == nullptr) return;
    const sem::WarpData& wd = engine_->warp(warp);
    schedule_->push_back(ScheduleStep{wd.block, wd.warp_in_block, kEventKey + event, kEventPc, 0, 1, slot_of(warp)});
    cut_ = false;
  }
  /// The next issue starts a new step; returns its index.
  std::size_t cut() {
    cut_ = true;
    return schedule_ == nullptr ? 0 : schedule_->size();
  }

 private:
  [[nodiscard]] std::uint32_t slot_of(std::uint32_t warp) const noexcept { return warp / engine_->warps_per_block(); }

  const sem::LaunchEngine* engine_;
  HangDetector* hangs_;
  std::vector<ScheduleStep>* schedule_;
  std::vector<SlotEvent>* events_;
  bool cut_ = false;
};

Gpu::Gpu(const GpuConfig& config, KernelContext& kernel, std::unique_ptr<MemorySide> memory,
         const SimOptions& options, std::uint64_t blocks)
    : config_(&config), kernel_(&kernel), options_(options), memory_(std::move(memory)), clocks_(config.clocks),
      dispatcher_(config, blocks), hangs_(*kernel.engine, kernel.event_timeout != 0) {
  const std::uint32_t nsm = config.core.sm_count();
  const std::uint32_t per = std::max<std::uint32_t>(1, config.core.cores_per_cluster);
  sms_.reserve(nsm);
  for (std::uint32_t s = 0; s < nsm; ++s) {
    sms_.push_back(std::make_unique<Sm>(s, config.core, kernel, options.observer));
  }
  for (std::uint32_t c = 0; c < config.core.clusters; ++c) {
    clusters_.push_back(Cluster{{}, c * per, 0});
    ports_.push_back(std::make_unique<Port>(*memory_, c));
  }
}

Gpu::~Gpu() = default;

void Gpu::replies_to_sms(Cycle now) {
  const std::uint32_t ejection = std::max<std::uint32_t>(1, config_->core.cluster_ejection_buffer);
  for (std::uint32_t c = 0; c < clusters_.size(); ++c) {
    Cluster& cl = clusters_[c];
    if (!cl.responses.empty()) {
      const MemRequest& r = cl.responses.front();
      Sm& sm = *sms_[std::min<std::size_t>(r.sm, sms_.size() - 1)];
      if (sm.can_take_reply(r)) {
        sm.take_reply(r, now);
        cl.responses.pop_front();
      }
    }
    if (cl.responses.size() < ejection) {
      if (auto r = memory_->pop_reply(c, now)) cl.responses.push_back(*r);
    }
  }
}

void Gpu::run_sms(Cycle now) {
  const std::uint32_t per = std::max<std::uint32_t>(1, config_->core.cores_per_cluster);
  for (std::uint32_t c = 0; c < clusters_.size(); ++c) {
    Cluster& cl = clusters_[c];
    for (std::uint32_t j = 0; j < per; ++j) {
      const std::uint32_t s = cl.first_sm + (cl.order + j) % per;
      Sm& sm = *sms_[s];
      if (sm.resident_ctas() != 0 || !sm.idle()) sm.cycle(now, *ports_[c]);
    }
    cl.order = (cl.order + 1) % per;
  }
}

bool Gpu::all_drained() const {
  if (dispatcher_.remaining() != 0 || !memory_->idle()) return false;
  for (const Cluster& c : clusters_) {
    if (!c.responses.empty()) return false;
  }
  return std::all_of(sms_.begin(), sms_.end(), [](const std::unique_ptr<Sm>& s) { return s->idle(); });
}

bool Gpu::deadlocked() const {
  const sem::LaunchEngine& engine = *kernel_->engine;
  if (engine.status() != sem::LaunchStatus::Running || !memory_->idle()) return false;
  for (const Cluster& c : clusters_) {
    if (!c.responses.empty()) return false;
  }
  for (const auto& sm : sms_) {
    if (!sm->drained()) return false;
  }
  if (dispatcher_.next_event(now_, sms_) != kNever) return false;
  for (std::uint32_t w = 0; w < engine.warp_count(); ++w) {
    if (engine.warp(w).live == 0 || engine.warp_done(w)) continue;
    if (engine.enabled(w) != 0) return false;
    if (kernel_->event_timeout != 0 && engine.events(w) != 0) return false;  // a timeout will fire
  }
  return true;
}

void Gpu::jump_if_quiet() {
  Cycle target = kNever;
  for (const auto& sm : sms_) {
    if (sm->resident_ctas() == 0 && sm->idle()) continue;
    target = std::min(target, sm->next_event(now_));
    if (target <= now_) return;
  }
  for (const Cluster& c : clusters_) {
    if (!c.responses.empty()) return;
  }
  target = std::min(target, dispatcher_.next_event(now_, sms_));
  if (target <= now_) return;
  target = std::min(target, memory_->next_event_cycle(now_));
  if (target <= now_ + 1 || target == kNever) return;
  if (options_.max_cycles != 0) target = std::min<Cycle>(target, options_.max_cycles);
  if (options_.sample_interval != 0) target = std::min(target, next_sample_);
  if (target <= now_ + 1) return;
  const DomainTicks skipped = clocks_.advance_core_to(target);
  memory_->skip(skipped, now_);
  for (const auto& sm : sms_) {
    if (sm->resident_ctas() != 0 || !sm->idle()) sm->skip_cycles(target - now_);
  }
  now_ = target;
}

void Gpu::sample(SimResult& result) {
  while (now_ >= next_sample_) {
    CounterSample s;
    s.cycle = now_;
    for (const auto& sm : sms_) {
      const SmStats& st = sm->stats();
      s.warp_instructions += st.warp_instructions;
      s.thread_instructions += st.thread_instructions;
      s.executed_instructions += st.executed_instructions;
      s.active_warps += sm->live_warps();
      s.resident_ctas += sm->resident_ctas();
    }
    s.memory = memory_->counters();
    result.samples.push_back(s);
    next_sample_ += options_.sample_interval;
  }
}

void Gpu::run(SimResult& result) {
  sem::LaunchEngine& engine = *kernel_->engine;
  recorder_ = std::make_unique<Recorder>(engine, hangs_, options_.record_schedule ? &result.schedule : nullptr,
                                         options_.record_schedule ? &result.slot_events : nullptr);
  result.engine_slots = engine.slot_count();
  result.core_slots = engine.core_slots();
  if (options_.record_schedule || options_.detect_hangs) kernel_->issues = recorder_.get();
  if (options_.sample_interval != 0) sample(result);
  while (true) {
    const DomainMask m = clocks_.step();
    const bool core = m.has(ClockDomain::Core);
    if (core) replies_to_sms(now_);
    memory_->tick(m, now_);
    if (!core) continue;
    run_sms(now_);
    ++now_;
    if (std::any_of(sms_.begin(), sms_.end(), [](const std::unique_ptr<Sm>& s) { return s->faulted(); })) {
      result.run.status = sem::RunStatus::Error;
      result.run.fault = engine.fault();
      break;
    }
    dispatcher_.cycle(now_, sms_);
    if (options_.sample_interval != 0 && now_ >= next_sample_) sample(result);
    if (options_.progress && (now_ & 0xfffU) == 0) {
      std::uint64_t wi = 0, ti = 0;
      for (const auto& sm : sms_) {
        wi += sm->stats().warp_instructions;
        ti += sm->stats().executed_instructions;
      }
      options_.progress(SimProgress{now_, wi, ti});
    }
    if (engine.status() == sem::LaunchStatus::Completed && all_drained()) {
      result.run.status = sem::RunStatus::Completed;
      break;
    }
    if (options_.detect_hangs && engine.status() == sem::LaunchStatus::Running) {
      const bool issued =
          std::any_of(sms_.begin(), sms_.end(), [](const std::unique_ptr<Sm>& s) { return s->issued_last_cycle(); });
      if (!issued && deadlocked()) {
        result.run.status = sem::RunStatus::Deadlock;
        collect_stuck(engine, nullptr, result.run.stuck);
        break;
      }
      const bool was_recording = hangs_.recording();
      const bool repeated = issued && hangs_.end_of_cycle(dispatcher_.remaining());
      if (hangs_.recording() && !was_recording) result.schedule_cycle_start = recorder_->cut();
      if (!hangs_.recording() && !repeated) result.schedule_cycle_start.reset();
      if (repeated) {
        hangs_.report_livelock(result.run);
        if (dispatcher_.remaining() != 0 && dispatcher_.next_event(now_, sms_) == kNever) {
          // Every CTA slot holds a block that never finishes: the rest can never be resident.
          const std::uint64_t left = dispatcher_.remaining();
          result.run.status = sem::RunStatus::Deadlock;
          result.occupancy_deadlock =
              sem::occupancy_deadlock_text(left, std::uint64_t{kernel_->ctas_per_sm} * sms_.size(),
                                           fmt::format("{} SMs x {}", sms_.size(), kernel_->occupancy_text));
        }
        break;
      }
    }
    if (options_.max_cycles != 0 && now_ >= options_.max_cycles) {
      result.run.status = sem::RunStatus::StepLimit;
      break;
    }
    jump_if_quiet();
  }
  kernel_->issues = nullptr;
  finish(result);
}

namespace {

class CollectStats final : public StatVisitor {
 public:
  explicit CollectStats(std::vector<NamedStat>& out) : out_(&out) {}
  void counter(std::string_view name, std::uint64_t value) override {
    out_->push_back(NamedStat{std::string(name), false, value, 0.0});
  }
  void ratio(std::string_view name, double value) override {
    out_->push_back(NamedStat{std::string(name), true, 0, value});
  }

 private:
  std::vector<NamedStat>* out_;
};

}  // namespace

void Gpu::finish(SimResult& result) {
  const sem::LaunchEngine& engine = *kernel_->engine;
  result.cycles = now_;
  result.run.stats = engine.stats();
  result.memory = engine.global();
  result.output = engine.output();
  result.undispatched_blocks = dispatcher_.remaining();
  if (!result.run.fault && engine.fault()) result.run.fault = engine.fault();
  result.sm_stats.clear();
  for (const auto& sm : sms_) result.sm_stats.push_back(sm->stats());
  result.detections.clear();
  for (const auto& sm : sms_) result.detections.insert(result.detections.end(), sm->detections().begin(), sm->detections().end());
  result.backward_branches.clear();
  for (const auto& sm : sms_) {
    if (const auto* b = sm->backward_branches()) result.backward_branches.insert(result.backward_branches.end(), b->begin(), b->end());
  }
  CacheStats l1i, l1d, l1c;
  bool has_l1d = false;
  for (const auto& sm : sms_) {
    l1i += sm->l1i().stats();
    l1c += sm->ldst().l1c().stats();
    if (const Cache* d = sm->ldst().l1d()) {
      l1d += d->stats();
      has_l1d = true;
    }
  }
  CollectStats l1(result.l1_stats);
  l1i.report(l1, "L1I");
  if (has_l1d) l1d.report(l1, "L1D");
  l1c.report(l1, "L1C");
  CollectStats collect(result.memory_stats);
  memory_->report(collect);
  result.memory_counters = memory_->counters();
}

}  // namespace lockstep::sim
