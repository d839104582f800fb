#include "semantics/launch/model_spec.hpp"

#include <charconv>

#include <fmt/format.h>

namespace lockstep::sem {
namespace {

std::optional<std::uint64_t> decimal(std::string_view s) {
  std::uint64_t v = 0;
  if (s.empty() || s.size() > 10) return std::nullopt;
  const auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
  if (ec != std::errc() || end != s.data() + s.size()) return std::nullopt;
  return v;
}

std::string option_error(const ModelInfo& m, std::string_view what) {
  return fmt::format("model '{}': {} (options: {})", m.name, what,
                     m.options.empty() ? std::string("none") : fmt::format("{}:{}", m.name, m.options));
}

}  // namespace

std::string model_names_list() {
  std::string s;
  for (const ModelInfo& m : model_catalog()) {
    if (!s.empty()) s += ", ";
    s += m.name;
    if (m.kind == ModelKind::Long) s += ":SIZE";
  }
  return s;
}

std::string model_spec_name(const ModelSpec& spec) {
  const std::string_view name = model_kind_name(spec.kind);
  switch (spec.kind) {
    case ModelKind::Aware: {
      std::string opts;
      if (spec.timeout == ModelSpec::kTimeoutAny) opts = "timeout=any";
      if (spec.timeout != 0 && spec.timeout != ModelSpec::kTimeoutAny) opts = fmt::format("timeout={}", spec.timeout);
      if (spec.switch_on_divergence) opts += opts.empty() ? "switch=divergence" : ",switch=divergence";
      if (spec.taken_first) opts += opts.empty() ? "order=taken-first" : ",order=taken-first";
      if (spec.st_entries != 0) opts += fmt::format("{}st={}", opts.empty() ? "" : ",", spec.st_entries);
      if (spec.rt_entries != 0) opts += fmt::format("{}rt={}", opts.empty() ? "" : ",", spec.rt_entries);
      return opts.empty() ? std::string(name) : fmt::format("{}:{}", name, opts);
    }
    case ModelKind::Mp:
    case ModelKind::MpOrec:
      return spec.splits != 0 ? fmt::format("{}:splits={}", name, spec.splits) : std::string(name);
    case ModelKind::Long: return fmt::format("{}:{}", name, spec.fhb);
    case ModelKind::Tbc:
    case ModelKind::TbcLcp: return spec.compactor ? std::string(name) : fmt::format("{}:compactor=off", name);
    default: return std::string(name);
  }
}

ModelSpecParse parse_model_spec(std::string_view text) {
  const std::size_t colon = text.find(':');
  const std::string_view name = text.substr(0, colon);
  const auto kind = parse_model_kind(name);
  if (!kind) return {std::nullopt, fmt::format("unknown model '{}' (models: {})", text, model_names_list())};
  const ModelInfo& info = model_info(*kind);
  ModelSpec spec(*kind);
  if (colon == std::string_view::npos) return {spec, {}};
  const std::string_view opts = text.substr(colon + 1);
  if (info.options.empty()) return {std::nullopt, fmt::format("model '{}' takes no options", name)};
  if (*kind == ModelKind::Long) {
    const auto v = decimal(opts.starts_with("size=") ? opts.substr(5) : opts);
    if (!v || *v < 1 || *v > 64) {
      return {std::nullopt, option_error(info, fmt::format("'{}' is not a history size from 1 to 64", opts))};
    }
    spec.fhb = static_cast<std::uint32_t>(*v);
    return {spec, {}};
  }
  std::size_t at = 0;
  while (at <= opts.size()) {
    const std::size_t comma = opts.find(',', at);
    const std::string_view opt = opts.substr(at, comma == std::string_view::npos ? std::string_view::npos : comma - at);
    at = comma == std::string_view::npos ? opts.size() + 1 : comma + 1;
    const std::size_t eq = opt.find('=');
    const std::string_view key = opt.substr(0, eq);
    const std::string_view value = eq == std::string_view::npos ? std::string_view{} : opt.substr(eq + 1);
    if (*kind == ModelKind::Aware && key == "timeout" && eq != std::string_view::npos) {
      if (value == "off") {
        spec.timeout = 0;
      } else if (value == "any") {
        spec.timeout = ModelSpec::kTimeoutAny;
      } else {
        const auto v = decimal(value);
        if (!v || *v < 1 || *v >= ModelSpec::kTimeoutAny) {
          return {std::nullopt,
                  option_error(info, fmt::format("timeout '{}' is not a number of warp instructions from 1 to "
                                                 "4294967294, off or any",
                                                 value))};
        }
        spec.timeout = static_cast<std::uint32_t>(*v);
      }
    } else if (*kind == ModelKind::Aware && key == "switch" && eq != std::string_view::npos) {
      if (value != "every-branch" && value != "divergence") {
        return {std::nullopt, option_error(info, fmt::format("switch '{}' is not every-branch or divergence", value))};
      }
      spec.switch_on_divergence = value == "divergence";
    } else if (*kind == ModelKind::Aware && key == "order" && eq != std::string_view::npos) {
      if (value != "not-taken-first" && value != "taken-first") {
        return {std::nullopt, option_error(info, fmt::format("order '{}' is not not-taken-first or taken-first", value))};
      }
      spec.taken_first = value == "taken-first";
    } else if (*kind == ModelKind::Aware && (key == "st" || key == "rt") && eq != std::string_view::npos) {
      const auto v = decimal(value);
      if (!v || *v > 32) {
        return {std::nullopt,
                option_error(info, fmt::format("{} '{}' is not a number of physical {}-table entries from 0 "
                                               "(unbounded) to 32",
                                               key, value, key == "st" ? "split" : "reconvergence"))};
      }
      (key == "st" ? spec.st_entries : spec.rt_entries) = static_cast<std::uint32_t>(*v);
    } else if ((*kind == ModelKind::Mp || *kind == ModelKind::MpOrec) && key == "splits" &&
               eq != std::string_view::npos) {
      const auto v = decimal(value);
      if (!v || *v > 32) {
        return {std::nullopt,
                option_error(info, fmt::format("splits '{}' is not a number of split-table entries from 0 "
                                               "(unlimited) to 32",
                                               value))};
      }
      spec.splits = static_cast<std::uint32_t>(*v);
    } else if ((*kind == ModelKind::Tbc || *kind == ModelKind::TbcLcp) && key == "compactor" &&
               eq != std::string_view::npos) {
      if (value != "on" && value != "off") {
        return {std::nullopt, option_error(info, fmt::format("compactor '{}' is not on or off", value))};
      }
      spec.compactor = value == "on";
    } else {
      return {std::nullopt, option_error(info, fmt::format("unknown option '{}'", opt))};
    }
  }
  return {spec, {}};
}

}  // namespace lockstep::sem
