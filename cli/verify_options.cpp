#include "cli/verify_options.hpp"

#include <unistd.h>

#include <algorithm>
#include <filesystem>

#include <fmt/format.h>

#include "cli/bound_options.hpp"
#include "cli/usage_error.hpp"
#include "frontend/diagnostics.hpp"

namespace lockstep::cli {
VerifySettings parse_verify_options(const VerifyCliOptions& o) {
  VerifySettings s;
  s.model = parse_model_option(o.model);
  if (s.model.kind == sem::ModelKind::Aware && s.model.timeout != 0) s.model.timeout = sem::ModelSpec::kTimeoutAny;
  s.table = parse_table_option(o.reconvergence);
  const auto props = checker::parse_properties(o.property);
  if (!props) usage_error(fmt::format("unknown property '{}' (a comma-separated list of all, safety, termination, "
                                    "barrier-divergence, serializable)",
                                    o.property));
  s.properties = *props;
  const sem::TmProtocolParse tm = sem::parse_tm_protocol_spec(o.tm_protocol);
  if (!tm.config) usage_error(fmt::format("--tm-protocol {}: {}", o.tm_protocol, tm.error));
  s.tm_protocol = *tm.config;
  s.properties.tm_protocol = sem::tm_protocol_spec(s.tm_protocol);
  const sem::ModelKind k = s.model.kind;
  const bool transactional = k == sem::ModelKind::Mimd || k == sem::ModelKind::Stack ||
                             k == sem::ModelKind::StackAmd || k == sem::ModelKind::StackNt;
  if (s.tm_protocol.units() && !transactional) {
    usage_error(fmt::format("--tm-protocol {} needs a model with transactions (mimd, stack, stack-amd, stack-nt), "
                            "not '{}'",
                            o.tm_protocol, o.model));
  }
  if (s.tm_protocol.warp() && s.model.kind == sem::ModelKind::Mimd) {
    usage_error(fmt::format("--tm-protocol {}: WarpTM resolves conflicts among the lanes of a warp that commit "
                            "together, which needs a SIMT stack (stack, stack-amd, stack-nt), not 'mimd'",
                            o.tm_protocol));
  }
  if (s.properties.serializable && !transactional) {
    usage_error(fmt::format("--property serializable needs a model with transactions (mimd, stack, stack-amd, "
                            "stack-nt), not '{}'",
                            o.model));
  }
  checker::ExploreOptions& e = s.explore;
  e.max_states = parse_count_option("--max-states", o.max_states, 1);
  e.max_depth = parse_count_option("--max-depth", o.max_depth, 1);
  e.max_memory_mib = o.max_memory == "auto" ? default_max_memory_mib() : parse_count_option("--max-memory", o.max_memory, 1);
  e.timeout_seconds = parse_seconds_option("--timeout", o.timeout);
  e.merge = !o.no_merge;
  e.canonical = !o.no_canonical;
  if (s.model.kind == sem::ModelKind::Dwf || s.model.kind == sem::ModelKind::DwfWb) {
    // Dynamic warp formation regroups threads at every step, and its
    // warp-level instructions read any lane's registers: no thread-private
    // steps, no dead registers (docs/models/dwf.md).
    e.merge = false;
    e.canonical = false;
  }
  e.persistent_sets = !o.no_por;
  e.full_states = o.full_states;
  e.order_seed = parse_count_option("--order-seed", o.order_seed, 0);
  e.fairness = s.properties.termination;
  return s;
}

std::uint64_t default_max_memory_mib() {
  constexpr std::uint64_t kDefault = 4096;
  const long pages = sysconf(_SC_PHYS_PAGES);
  const long page = sysconf(_SC_PAGE_SIZE);
  if (pages <= 0 || page <= 0) return kDefault;
  const std::uint64_t half = static_cast<std::uint64_t>(pages) * static_cast<std::uint64_t>(page) / 2 / (1024 * 1024);
  return std::max<std::uint64_t>(1, std::min(kDefault, half));
}

std::string default_trace_path(const std::string& ptx, const std::string& model) {
  return fmt::format("{}.{}.trace.json", std::filesystem::path(ptx).stem().string(), model_file_tag(model));
}

}  // namespace lockstep::cli
