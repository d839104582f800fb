// Builds the model object a ModelSpec names and hands it to a generic
// callable: the one place that maps names to model classes. Callers keep the
// template machinery of each model in a translation unit of its own
// (run_model_*.cpp, checker/explore/explore_model_*.cpp), so a call here
// only constructs the model and calls a declared function.
#pragma once

#include <memory>
#include <utility>

#include "semantics/launch/launch_setup.hpp"
#include "semantics/launch/model_spec.hpp"
#include "semantics/model/model_aware.hpp"
#include "semantics/model/model_dwf.hpp"
#include "semantics/model/model_heuristic.hpp"
#include "semantics/model/model_its.hpp"
#include "semantics/model/model_mimd.hpp"
#include "semantics/model/model_multipath.hpp"
#include "semantics/model/model_stack.hpp"
#include "semantics/model/model_tbc.hpp"

namespace lockstep::sem {

/// The heuristic a kind names (kind must be one of the heuristics).
[[nodiscard]] constexpr Heuristic heuristic_of(ModelKind k) noexcept {
  switch (k) {
    case ModelKind::MinSpMinPc: return Heuristic::MinSpMinPc;
    case ModelKind::MaxFunMinPc: return Heuristic::MaxFunMinPc;
    case ModelKind::Long: return Heuristic::Long;
    case ModelKind::Lee: return Heuristic::Lee;
    case ModelKind::PdomMinSp: return Heuristic::PdomMinSp;
    case ModelKind::LongestPath: return Heuristic::LongestPath;
    case ModelKind::RoundRobin: return Heuristic::RoundRobin;
    default: return Heuristic::MinPc;
  }
}

/// f(model) for the model `spec` names, built for `setup`'s kernel.
template <class F>
decltype(auto) with_model(const ModelSpec& spec, const LaunchSetup& setup, F&& f) {
  switch (spec.kind) {
    case ModelKind::Mimd: return std::forward<F>(f)(ModelMimd{});
    case ModelKind::Stack: return std::forward<F>(f)(ModelStack{PushOrder::Nvidia});
    case ModelKind::StackAmd: return std::forward<F>(f)(ModelStack{PushOrder::Amd});
    case ModelKind::StackNt: return std::forward<F>(f)(ModelStack{PushOrder::NotTakenFirst});
    case ModelKind::Aware:
      return std::forward<F>(f)(
          ModelAware{spec.timeout, !spec.switch_on_divergence, spec.taken_first, spec.st_entries, spec.rt_entries});
    case ModelKind::Mp: return std::forward<F>(f)(ModelMultiPath{spec.splits, false});
    case ModelKind::MpOrec: return std::forward<F>(f)(ModelMultiPath{spec.splits, true});
    case ModelKind::Its: return std::forward<F>(f)(ModelIts{});
    case ModelKind::Tbc: return std::forward<F>(f)(ModelTbc{spec.compactor});
    case ModelKind::TbcLcp:
      return std::forward<F>(f)(ModelTbc{
          spec.compactor, std::make_shared<const LcpTable>(make_lcp_table(*setup.kernel, setup.analysis, setup.table))});
    case ModelKind::Dwf: return std::forward<F>(f)(ModelDwf{false});
    case ModelKind::DwfWb: return std::forward<F>(f)(ModelDwf{true});
    default: break;
  }
  auto tables = std::make_shared<const PcTables>(make_pc_tables(*setup.kernel));
  return std::forward<F>(f)(ModelHeuristic{heuristic_of(spec.kind), spec.fhb, std::move(tables)});
}

}  // namespace lockstep::sem
