#include "sim/stats/stats_format.hpp"

#include <cmath>

#include <fmt/format.h>

namespace lockstep::sim {
namespace {

std::string value_text(const NamedStat& s) { return s.ratio ? ratio_text(s.value) : fmt::format("{}", s.count); }

nlohmann::ordered_json group_json(const std::vector<NamedStat>& g) {
  nlohmann::ordered_json j = nlohmann::ordered_json::object();
  for (const NamedStat& s : g) {
    if (!s.ratio) {
      j[s.name] = s.count;
    } else if (std::isfinite(s.value)) {
      j[s.name] = s.value;
    } else {
      j[s.name] = nullptr;
    }
  }
  return j;
}

}  // namespace

std::string ratio_text(double v) { return std::isfinite(v) ? fmt::format("{:.4f}", v) : std::string("nan"); }

void write_stats_text(std::ostream& out, const StatGroups& stats) {
  for (const auto* g : {&stats.gpgpusim, &stats.lockstep}) {
    for (const NamedStat& s : *g) out << s.name << " = " << value_text(s) << '\n';
  }
}

void write_stats_csv(std::ostream& out, const StatGroups& stats) {
  out << "group,name,value\n";
  for (const NamedStat& s : stats.gpgpusim) out << "gpgpusim," << s.name << ',' << value_text(s) << '\n';
  for (const NamedStat& s : stats.lockstep) out << "lockstep," << s.name << ',' << value_text(s) << '\n';
}

nlohmann::ordered_json stats_json(const StatGroups& stats) {
  nlohmann::ordered_json j;
  j["gpgpusim"] = group_json(stats.gpgpusim);
  j["lockstep"] = group_json(stats.lockstep);
  return j;
}

nlohmann::ordered_json stats_document(const StatGroups& stats, const SimResult& result) {
  nlohmann::ordered_json j = stats_json(stats);
  nlohmann::ordered_json sms = nlohmann::ordered_json::array();
  for (const SmStats& s : result.sm_stats) {
    sms.push_back({{"cycles_active", s.cycles_active},
                   {"warp_instructions", s.warp_instructions},
                   {"thread_instructions", s.thread_instructions},
                   {"executed_instructions", s.executed_instructions},
                   {"ctas", s.ctas_completed}});
  }
  j["sm"] = std::move(sms);
  nlohmann::ordered_json samples = nlohmann::ordered_json::array();
  for (const CounterSample& s : result.samples) {
    samples.push_back({{"cycle", s.cycle},
                       {"warp_instructions", s.warp_instructions},
                       {"thread_instructions", s.thread_instructions},
                       {"executed_instructions", s.executed_instructions},
                       {"active_warps", s.active_warps},
                       {"resident_ctas", s.resident_ctas},
                       {"dram_busy_cycles", s.memory.dram_busy_cycles},
                       {"dram_cycles", s.memory.dram_cycles},
                       {"l2_accesses", s.memory.l2_accesses},
                       {"l2_misses", s.memory.l2_misses}});
  }
  j["samples"] = std::move(samples);
  return j;
}

}  // namespace lockstep::sim
