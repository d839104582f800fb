#include "cli/model_options.hpp"

#include <fmt/format.h>

#include "checker/detect/detect.hpp"
#include "checker/detect/safepdom.hpp"
#include "cli/usage_error.hpp"
#include "frontend/diagnostics.hpp"

namespace lockstep::cli {
sem::ModelSpec parse_model_option(const std::string& text) {
  sem::ModelSpecParse p = sem::parse_model_spec(text);
  if (!p.spec) usage_error(p.error);
  return *p.spec;
}

std::optional<TableOption> parse_table_name(const std::string& text) noexcept {
  if (text == "nvidia") return TableOption::Nvidia;
  if (text == "ipdom") return TableOption::Ipdom;
  if (text == "safe") return TableOption::Safe;
  if (text == "safe-aware") return TableOption::SafeAware;
  return std::nullopt;
}

TableOption parse_table_option(const std::string& text) {
  const auto t = parse_table_name(text);
  if (!t) usage_error(fmt::format("unknown reconvergence table '{}' (nvidia, ipdom, safe, safe-aware)", text));
  return *t;
}

std::unique_ptr<sem::LaunchSetup> prepare_with_table(const ir::Module& module, const sem::LaunchSpec& spec,
                                                     TableOption table) {
  auto setup = sem::prepare_launch(module, spec,
                                   table == TableOption::Ipdom ? sem::ReconvergenceChoice::Ipdom
                                                               : sem::ReconvergenceChoice::Nvidia);
  if (table == TableOption::Safe || table == TableOption::SafeAware) {
    const checker::DetectOptions options;
    const checker::KernelDetection d = checker::detect(*setup->module, *setup->kernel, setup->analysis, options);
    const auto target = table == TableOption::SafeAware ? checker::SafeTarget::Aware : checker::SafeTarget::Stack;
    setup->use_table(checker::safe_pdoms(*setup->module, *setup->kernel, setup->analysis, d, options, target).table);
  }
  return setup;
}

std::string model_file_tag(const std::string& model) {
  std::string s = model;
  for (char& c : s) {
    if (c == ':' || c == '=' || c == ',') c = '-';
  }
  return s;
}

}  // namespace lockstep::cli
