// The figures of a benchmark program, one line each ("KEY VALUE"), printed
// after the Google Benchmark output.
//
// FigureReporter wraps the display reporter that --benchmark_format chose
// (console, json or csv), forwards every call to it unchanged, and keeps the
// result of each benchmark that stands for a figure: the median when
// repetitions were asked for, else the last run. Facts known without timing
// (sizes, counts) are added directly.
#pragma once

#include <benchmark/benchmark.h>

#include <cstdint>
#include <ostream>
#include <string>
#include <vector>

namespace lockstep::bench {

enum class Measure : std::uint8_t {
  MegabytesPerSecond,     ///< the bytes_per_second counter (over real time), in 10^6 bytes per second
  CpuMegabytesPerSecond,  ///< the same bytes over the CPU time of the process
  Milliseconds,           ///< real time per iteration
  CpuMilliseconds,        ///< CPU time per iteration
};

struct FigureSpec {
  std::string key;        ///< "frontend.throughput_mb_s"
  std::string benchmark;  ///< the name the benchmark was registered with
  Measure measure = Measure::Milliseconds;
};

class FigureReporter : public benchmark::BenchmarkReporter {
 public:
  FigureReporter(benchmark::BenchmarkReporter& display, std::vector<FigureSpec> specs);

  bool ReportContext(const Context& context) override;
  void ReportRuns(const std::vector<Run>& runs) override;
  void Finalize() override;

  /// A figure known without timing; printed before the measured ones.
  void add_fact(std::string key, double value);
  /// One "KEY VALUE" line per fact and per measured figure, in spec order.
  void print_summary(std::ostream& out) const;

 private:
  struct Measured {
    double value = 0;
    bool from_median = false;
    bool present = false;
  };

  benchmark::BenchmarkReporter* display_;
  std::vector<FigureSpec> specs_;
  std::vector<Measured> measured_;  ///< parallel to specs_
  std::vector<std::pair<std::string, double>> facts_;
};

}  // namespace lockstep::bench
