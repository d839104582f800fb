#include "bench/support/figure_reporter.hpp"

#include <fmt/format.h>

#include <utility>

namespace lockstep::bench {
namespace {

double measure(const benchmark::BenchmarkReporter::Run& run, Measure m) {
  const double to_ms = 1e3 / benchmark::GetTimeUnitMultiplier(run.time_unit);
  const auto rate = run.counters.find("bytes_per_second");
  const double mb_s = rate == run.counters.end() ? 0.0 : rate->second.value / 1e6;
  switch (m) {
    case Measure::MegabytesPerSecond: return mb_s;
    case Measure::CpuMegabytesPerSecond:
      return run.GetAdjustedCPUTime() > 0 ? mb_s * run.GetAdjustedRealTime() / run.GetAdjustedCPUTime() : 0.0;
    case Measure::Milliseconds: return run.GetAdjustedRealTime() * to_ms;
    case Measure::CpuMilliseconds: return run.GetAdjustedCPUTime() * to_ms;
  }
  return 0.0;
}

}  // namespace

FigureReporter::FigureReporter(benchmark::BenchmarkReporter& display, std::vector<FigureSpec> specs)
    : display_(&display), specs_(std::move(specs)), measured_(specs_.size()) {}

bool FigureReporter::ReportContext(const Context& context) { return display_->ReportContext(context); }

void FigureReporter::ReportRuns(const std::vector<Run>& runs) {
  display_->ReportRuns(runs);
  for (const Run& run : runs) {
    if (run.error_occurred) continue;
    const bool iteration = run.run_type == Run::RT_Iteration;
    const bool median = run.run_type == Run::RT_Aggregate && run.aggregate_name == "median";
    if (!iteration && !median) continue;
    for (std::size_t i = 0; i < specs_.size(); ++i) {
      if (run.run_name.function_name != specs_[i].benchmark) continue;
      Measured& m = measured_[i];
      if (m.from_median && !median) continue;
      m = {measure(run, specs_[i].measure), median, true};
    }
  }
}

void FigureReporter::Finalize() { display_->Finalize(); }

void FigureReporter::add_fact(std::string key, double value) { facts_.emplace_back(std::move(key), value); }

void FigureReporter::print_summary(std::ostream& out) const {
  for (const auto& [key, value] : facts_) out << fmt::format("{} {}\n", key, value);
  for (std::size_t i = 0; i < specs_.size(); ++i) {
    if (measured_[i].present) out << fmt::format("{} {:.2f}\n", specs_[i].key, measured_[i].value);
  }
  out.flush();
}

}  // namespace lockstep::bench
