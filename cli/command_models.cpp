// `lockstep models [--json]`: every divergence model with its options, a
// one-line description, its scope, the fairness unit a termination verdict
// assumes and the reconvergence table it uses by default
// (semantics/launch/model_kind.hpp; docs/models/).
#include <fmt/format.h>

#include <algorithm>
#include <memory>
#include <nlohmann/json.hpp>
#include <string>

#include "cli/commands.hpp"
#include "semantics/launch/model_kind.hpp"

namespace lockstep::cli {
namespace {

std::string name_with_options(const sem::ModelInfo& m) {
  return m.options.empty() ? std::string(m.name) : fmt::format("{}[:{}]", m.name, m.options);
}

int run_models(bool json, std::ostream& out) {
  if (json) {
    nlohmann::ordered_json j = nlohmann::ordered_json::array();
    for (const sem::ModelInfo& m : sem::model_catalog()) {
      j.push_back({{"name", m.name}, {"options", m.options}, {"summary", m.summary}, {"scope", m.scope},
                   {"fairness", m.fairness}, {"table", m.table}});
    }
    out << j.dump(1) << '\n';
    return 0;
  }
  std::size_t w = 5;
  for (const sem::ModelInfo& m : sem::model_catalog()) w = std::max(w, name_with_options(m).size());
  for (const sem::ModelInfo& m : sem::model_catalog()) {
    out << fmt::format("{:<{}}  {}\n", name_with_options(m), w, m.summary);
    out << fmt::format("{:<{}}  scope: {}; fairness unit: {}; default table: {}\n", "", w, m.scope, m.fairness,
                       m.table);
  }
  return 0;
}

}  // namespace

void add_models_command(CLI::App& app, Action& action) {
  auto* cmd = app.add_subcommand("models", "List the divergence models: options, scope, fairness unit, default table");
  auto json = std::make_shared<bool>(false);
  cmd->add_flag("--json", *json, "machine-readable JSON");
  cmd->callback([&action, json] {
    action = [json](std::ostream& out, std::ostream&) { return run_models(*json, out); };
  });
}

}  // namespace lockstep::cli
