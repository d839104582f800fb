#include "checker/symbolic/explore_symbolic.hpp"

#include <stdexcept>

#include <fmt/format.h>

#include "checker/symbolic/explore_symbolic_model.hpp"
#include "checker/symbolic/if_conversion.hpp"
#include "semantics/launch/model_dispatch.hpp"

namespace lockstep::checker {
namespace {

/// If-conversion leaves out the private states inside a region and the
/// divergence there; it is used where that changes no later schedule: not
/// under models whose state remembers divergence (AWARE's FIFO order, OREC,
/// Long's histories, the heuristics' choices among the arms).
bool converts(const sem::ModelSpec& m) noexcept {
  switch (m.kind) {
    case sem::ModelKind::Mimd:
    case sem::ModelKind::Stack:
    case sem::ModelKind::StackAmd:
    case sem::ModelKind::StackNt:
    case sem::ModelKind::Mp:
    case sem::ModelKind::Its: return true;
    default: return false;
  }
}

SymbolicExploration explore_model(const sem::LaunchSetup& setup, const sem::LaunchSpec& spec,
                                  const ExploreRequest& request, const SymbolicLimits& limits) {
  return sem::with_model(request.model, setup, [&](auto m) -> SymbolicExploration {
    if constexpr (decltype(m)::kScope != sem::ModelScope::Warp) {
      throw std::invalid_argument(fmt::format("model '{}' explores concrete launches only: give the launch's "
                                              "symbolic inputs values",
                                              sem::model_spec_name(request.model)));
    } else {
      return explore_symbolic_model(setup, spec, std::move(m), request, limits);
    }
  });
}

}  // namespace

SymbolicExploration explore_symbolic(const sem::LaunchSetup& setup, const sem::LaunchSpec& spec,
                                     const ExploreRequest& request, const SymbolicLimits& limits) {
  if (!converts(request.model)) return explore_model(setup, spec, request, limits);
  IfConversion conv = if_convert(*setup.kernel, setup.table);
  if (conv.regions == 0) return explore_model(setup, spec, request, limits);
  // The same module with the converted kernel: the layout (variables,
  // buffers, parameters) and every PC before the appended code are unchanged.
  ir::Module converted = *setup.module;
  for (ir::Kernel& k : converted.kernels) {
    if (k.name == setup.kernel->name) k = std::move(conv.kernel);
  }
  sem::LaunchSpec named = spec;
  named.kernel = setup.kernel->name;
  const auto setup2 = sem::prepare_launch(converted, named);
  setup2->use_table(setup.table);
  setup2->cuda_barrier_rule = setup.cuda_barrier_rule;
  setup2->tm_serializable_check = setup.tm_serializable_check;
  setup2->tm_protocol = setup.tm_protocol;
  setup2->tm_watchdog_steps = setup.tm_watchdog_steps;
  SymbolicExploration r = explore_model(*setup2, spec, request, limits);
  r.if_converted = conv.regions;
  return r;
}

SymbolicExploration explore_symbolic(const ir::Module& module, const sem::LaunchSpec& spec,
                                     const ExploreRequest& request, const SymbolicLimits& limits) {
  const auto setup = sem::prepare_launch(module, spec);
  return explore_symbolic(*setup, spec, request, limits);
}

}  // namespace lockstep::checker
