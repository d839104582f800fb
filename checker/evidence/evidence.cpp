#include "checker/evidence/evidence.hpp"

#include <chrono>
#include <filesystem>
#include <fstream>

#include <fmt/format.h>

#include "checker/alias/alias.hpp"
#include "checker/detect/detect.hpp"
#include "checker/evidence/hang_search.hpp"
#include "checker/evidence/spec_toml.hpp"
#include "checker/evidence/synthesize.hpp"
#include "checker/trace/finding_trace.hpp"
#include "checker/trace/trace_json.hpp"
#include "checker/verify/verdict.hpp"
#include "frontend/diagnostics.hpp"
#include "frontend/source.hpp"

namespace lockstep::checker {
namespace {

using Clock = std::chrono::steady_clock;
constexpr std::size_t kInputsShown = 6;  ///< input values a summary names

std::vector<bool> loop_pcs(const ir::Kernel& k, const analysis::Loop& loop) {
  std::vector<bool> out(k.code.size(), false);
  for (std::uint32_t b : loop.blocks)
    for (std::uint32_t pc = k.blocks[b].first_pc; pc <= k.blocks[b].last_pc; ++pc) out[pc] = true;
  return out;
}

/// Detection's argument covers threads that spin on memory; a loop with a
/// barrier or a warp-synchronous instruction can also block on those.
bool waits_only_on_memory(const ir::Kernel& k, const std::vector<bool>& in_loop) {
  for (std::uint32_t pc = 0; pc < in_loop.size(); ++pc) {
    if (!in_loop[pc]) continue;
    switch (k.code[pc].op) {
      case ir::Opcode::Bar:
      case ir::Opcode::BarWarp:
      case ir::Opcode::Vote:
      case ir::Opcode::Shfl:
      case ir::Opcode::Match:
      case ir::Opcode::Redux:
      case ir::Opcode::Call:
        return false;
      default:
        break;
    }
  }
  return true;
}

std::string shape_text(const sem::LaunchSpec& s) {
  const auto d = [](const std::array<std::uint32_t, 3>& a) {
    return a[1] * a[2] == 1 ? fmt::format("{}", a[0]) : fmt::format("{}x{}x{}", a[0], a[1], a[2]);
  };
  return fmt::format("grid {}, block {}", d(s.grid), d(s.block));
}

std::vector<EvidenceLaunch> launches_for(const ir::Module& module, const ir::Kernel& kernel,
                                         const LoopFinding& finding, const EvidenceOptions& o, std::string& why_not) {
  if (o.spec != nullptr) {
    EvidenceLaunch l;
    l.spec = *o.spec;
    l.synthesised = false;
    l.path = o.spec_path;
    l.summary = fmt::format("{} ({}{})", o.spec_path, shape_text(*o.spec), o.spec->has_symbolic() ? ", symbolic inputs" : "");
    return {l};
  }
  std::vector<std::uint32_t> reads;
  for (const SharedRead& r : finding.reads) reads.push_back(r.pc);
  const AddressAnalysis addresses(module, kernel, o.detect.alias);
  Synthesis s = synthesise_launches(module, kernel, addresses, reads);
  why_not = s.why_not;
  return std::move(s.launches);
}

std::string file_stem(const ir::Module& module, const ir::Kernel& kernel, const EvidenceOptions& o,
                      std::uint32_t loop) {
  const std::string stem = std::filesystem::path(o.ptx_path).stem().string();
  if (module.kernels.size() == 1) return fmt::format("{}.loop{}", stem, loop);
  return fmt::format("{}.{}.loop{}", stem, kernel.name, loop);
}

/// The witness files: the synthesised launch (if any) and the trace.
Witness write_witness(const ir::Module& module, const ir::Kernel& kernel, const EvidenceLaunch& launch,
                      const HangSearch& found, const EvidenceOptions& o, std::uint32_t loop) {
  const std::filesystem::path dir(o.out_dir);
  const std::string stem = file_stem(module, kernel, o, loop);
  const bool files = !o.out_dir.empty();
  Witness w;
  w.launch = launch.summary;
  w.launch_path = launch.path;
  sem::LaunchSpec spec = launch.spec;
  spec.kernel = kernel.name;
  std::string launch_text;
  if (launch.synthesised) {
    launch_text = spec_toml(spec, fmt::format("The launch lockstep detect --evidence synthesised for loop {} of {}:\n{}",
                                              loop, kernel.name, launch.summary));
    w.launch_path = files ? (dir / (stem + ".launch.toml")).string() : std::string();
    if (files) std::ofstream(w.launch_path) << launch_text;
  } else {
    launch_text = std::string(Source::read_file(launch.path).text());
  }
  FindingLaunch fl;
  fl.module = &module;
  fl.spec = &spec;
  fl.table = o.detect.table == TableChoice::Ipdom ? sem::ReconvergenceChoice::Ipdom : sem::ReconvergenceChoice::Nvidia;
  fl.model = sem::ModelKind::Stack;
  fl.inputs = found.inputs;
  fl.if_converted = found.if_converted;
  TraceOrigin origin;
  origin.ptx = o.ptx_path;
  origin.ptx_bytes = std::string(Source::read_file(o.ptx_path).text());
  origin.launch = w.launch_path;
  origin.launch_bytes = std::move(launch_text);
  origin.model = "stack";
  origin.reconvergence = o.detect.table == TableChoice::Ipdom ? "ipdom" : "nvidia";
  w.trace = finding_trace(fl, std::move(origin), *found.exploration.finding);
  if (files) {
    w.trace_path = (dir / (stem + ".stack.trace.json")).string();
    write_trace_file(w.trace, w.trace_path);
  }
  return w;
}

/// Detection with the launch's buffers: when it no longer flags the loop,
/// the loop is discharged for every launch with that buffer assignment.
bool discharged_statically(const ir::Module& module, const ir::Kernel& kernel, const analysis::KernelAnalysis& a,
                           const EvidenceLaunch& launch, const EvidenceOptions& o, std::uint32_t loop,
                           LoopEvidence& ev) {
  DetectOptions d = o.detect;
  d.alias.param_buffers = param_buffers(launch.spec);
  const KernelDetection again = detect(module, kernel, a, d);
  if (again.loops.at(loop).flagged) return false;
  ev.status = EvidenceStatus::Discharged;
  ev.summary = fmt::format("detection ({} mode) with the launch's buffers: {}",
                           o.detect.mode == DetectMode::Thesis ? "thesis" : "refined",
                           again.loops[loop].reason == LoopReason::NoRedefiningWrite
                               ? "no write that the stack can hold back may redefine what the loop's exit reads"
                               : std::string(loop_reason_name(again.loops[loop].reason)));
  if (launch.synthesised) {
    ev.assumptions.push_back("distinct pointer parameters point to distinct buffers");
    ev.launches.push_back("every launch whose pointer parameters point to distinct buffers (any shape, any contents)");
  } else {
    ev.assumptions.push_back(fmt::format("the pointer parameters point to the buffers {} gives them", launch.path));
    ev.launches.push_back(fmt::format("every launch with the buffers of {} (any shape, any contents)", launch.path));
  }
  ev.assumptions.push_back("no access through a parameter leaves its buffer (out-of-bounds accesses are undefined)");
  return true;
}

LoopEvidence loop_evidence(const ir::Module& module, const ir::Kernel& kernel, const analysis::KernelAnalysis& a,
                           const LoopFinding& finding, const EvidenceOptions& o) {
  const Clock::time_point start = Clock::now();
  const auto elapsed = [&] { return std::chrono::duration<double>(Clock::now() - start).count(); };
  LoopEvidence ev;
  ev.loop = finding.loop;
  const std::vector<bool> in_loop = loop_pcs(kernel, a.loops.loop(finding.loop));
  std::string why_not;
  const std::vector<EvidenceLaunch> launches = launches_for(module, kernel, finding, o, why_not);
  if (launches.empty()) {
    ev.summary = "no launch to search: " + why_not + " (give one with --launch)";
    ev.seconds = elapsed();
    return ev;
  }
  if (waits_only_on_memory(kernel, in_loop) &&
      discharged_statically(module, kernel, a, launches.front(), o, finding.loop, ev)) {
    ev.seconds = elapsed();
    return ev;
  }
  HangSearchOptions ho;
  ho.table = o.detect.table == TableChoice::Ipdom ? sem::ReconvergenceChoice::Ipdom : sem::ReconvergenceChoice::Nvidia;
  ho.max_states = o.max_states;
  bool all_exhaustive = true;
  bool reached = false;
  std::vector<std::string> doubts;
  std::string stopped;
  for (const EvidenceLaunch& launch : launches) {
    const double left = o.seconds - elapsed();
    if (o.seconds > 0 && left <= 0) {
      all_exhaustive = false;
      if (stopped.empty())
        stopped = fmt::format("the time bound ({} s a loop, --evidence-timeout) was spent before {}", o.seconds,
                              launch.summary);
      ev.launches.push_back(launch.summary + ": not searched (time bound)");
      break;
    }
    ho.seconds = o.seconds > 0 ? left : 0;
    HangSearch found;
    try {
      found = search_hang(module, kernel, launch, in_loop, ho);
    } catch (const InputError& x) {
      ev.summary = fmt::format("the launch cannot be run: {}", x.diagnostic().message);
      ev.seconds = elapsed();
      return ev;
    } catch (const std::invalid_argument& x) {
      ev.summary = fmt::format("the launch cannot be explored: {}", x.what());
      ev.seconds = elapsed();
      return ev;
    }
    const Exploration& e = found.exploration;
    ev.states += e.stats.states;
    reached = reached || found.reached;
    std::string note = fmt::format("{}: {} state{}", launch.summary, e.stats.states, e.stats.states == 1 ? "" : "s");
    if (found.faults != 0) note += fmt::format(", {} faulting executions (first: {})", found.faults, found.fault);
    if (e.finding) {
      ev.launches.push_back(note + ", a witness");
      ev.status = EvidenceStatus::Confirmed;
      ev.witness = write_witness(module, kernel, launch, found, o, finding.loop);
      ev.summary = fmt::format("{} under stack: {}", ev.witness->trace.label, launch.summary);
      if (!found.inputs.empty()) {
        const auto& inputs = ev.witness->trace.inputs;
        std::string values;
        for (std::size_t i = 0; i < inputs.size() && i < kInputsShown; ++i)
          values += (i == 0 ? "" : ", ") + inputs[i].name + "=" + inputs[i].value;
        if (inputs.size() > kInputsShown) values += fmt::format(", ... ({} inputs, all in the trace)", inputs.size());
        ev.summary += "; inputs " + values;
      }
      ev.assumptions.push_back("the witness's launch and inputs complete under mimd (round-robin)");
      ev.seconds = elapsed();
      return ev;
    }
    if (!e.exhaustive()) {
      all_exhaustive = false;
      const std::string bound =
          e.bound == BoundKind::States ? fmt::format("the state bound ({} states a launch, --evidence-max-states)", e.bound_limit)
          : e.bound == BoundKind::Time ? fmt::format("the time bound ({} s a loop, --evidence-timeout)", o.seconds)
                                       : bound_text(e.bound, e.bound_limit);
      note += ", stopped by " + bound;
      if (stopped.empty()) stopped = fmt::format("{} stopped the search of {}", bound, launch.summary);
    } else if (!found.reached) {
      note += ", exhaustive: the loop is never reached";
    } else if (found.doubt_count == 0) {
      note += ", exhaustive: no hang in the loop";
    }
    if (found.doubt_count != 0) {
      note += fmt::format(", {} candidate{} that may hide a witness", found.doubt_count, found.doubt_count == 1 ? "" : "s");
      for (auto& d : found.doubts) doubts.push_back(std::move(d));
    }
    ev.launches.push_back(std::move(note));
  }
  ev.seconds = elapsed();
  if (all_exhaustive && doubts.empty() && reached) {
    ev.status = EvidenceStatus::Discharged;
    bool symbolic = false;
    for (const EvidenceLaunch& l : launches) symbolic = symbolic || l.spec.has_symbolic();
    ev.summary = fmt::format("every schedule under stack{} of the launches searched: no thread stays in the loop",
                             symbolic ? " and every value of their symbolic inputs" : "");
    ev.assumptions.push_back(o.spec != nullptr ? "the launch of " + o.spec_path
                                               : "the synthesised launches (their shapes, ranges and zero buffers)");
    return ev;
  }
  if (!doubts.empty()) {
    ev.summary = doubts.front();
  } else if (!stopped.empty()) {
    ev.summary = stopped;
  } else {
    ev.summary = "the launches searched never reach the loop";
  }
  return ev;
}

}  // namespace

const char* evidence_status_name(EvidenceStatus s) noexcept {
  switch (s) {
    case EvidenceStatus::Confirmed: return "confirmed";
    case EvidenceStatus::Discharged: return "discharged";
    case EvidenceStatus::Unknown: return "unknown";
  }
  return "?";
}

std::vector<LoopEvidence> gather_evidence(const ir::Module& module, const ir::Kernel& kernel,
                                          const analysis::KernelAnalysis& analysis, const KernelDetection& detection,
                                          const EvidenceOptions& options) {
  std::vector<LoopEvidence> out;
  for (const LoopFinding& f : detection.loops)
    if (f.flagged) out.push_back(loop_evidence(module, kernel, analysis, f, options));
  return out;
}

}  // namespace lockstep::checker
