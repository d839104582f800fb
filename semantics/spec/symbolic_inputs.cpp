// Symbolic inputs of a launch spec: the ranges of `min`/`max`, the check
// that a concrete run has no symbolic input, and substituting values.
#include <fmt/format.h>

#include "semantics/spec/parse_parts.hpp"

namespace lockstep::sem {
namespace spec_detail {
namespace {

/// a <= b for raw bits of type t.
bool not_above(std::uint64_t a, std::uint64_t b, ir::Type t) {
  const unsigned w = ir::bit_width(t);
  if (!ir::is_signed(t) || w >= 64 || w == 0) {
    if (!ir::is_signed(t)) return a <= b;
    return static_cast<std::int64_t>(a) <= static_cast<std::int64_t>(b);
  }
  const std::uint64_t sign = std::uint64_t{1} << (w - 1), mask = (sign << 1) - 1;
  const auto sx = [&](std::uint64_t v) { return static_cast<std::int64_t>(((v & mask) ^ sign) - sign); };
  return sx(a) <= sx(b);
}

}  // namespace

SymbolicRange parse_range(const TomlReader& r, const toml::table& tab, const std::string& path, ir::Type t) {
  SymbolicRange range;
  const toml::node* lo = tab.get("min");
  const toml::node* hi = tab.get("max");
  if ((lo != nullptr || hi != nullptr) && ir::is_float(t)) {
    r.fail(lo != nullptr ? *lo : *hi, member_path(path, lo != nullptr ? "min" : "max"),
           fmt::format("a range needs an integer type, not {}", ir::type_name(t)));
  }
  if (lo != nullptr) range.min = r.encoded(*lo, t, member_path(path, "min"));
  if (hi != nullptr) range.max = r.encoded(*hi, t, member_path(path, "max"));
  if (range.min && range.max && !not_above(*range.min, *range.max, t)) {
    r.fail(*hi, member_path(path, "max"), "max is below min (the range is empty)");
  }
  return range;
}

void reject_range(const TomlReader& r, const toml::table& tab, const std::string& path, const std::string& why) {
  for (const char* key : {"min", "max"}) {
    if (const toml::node* n = tab.get(key)) r.fail(*n, member_path(path, key), why);
  }
}

}  // namespace spec_detail

bool LaunchSpec::has_symbolic() const noexcept {
  for (const ParamSpec& p : params) {
    const auto* s = std::get_if<ScalarParam>(&p.value);
    if (s != nullptr && s->symbolic) return true;
  }
  for (const BufferSpec& b : buffers) {
    if (b.symbolic) return true;
  }
  return false;
}

void require_concrete(const LaunchSpec& spec, std::string_view what) {
  for (std::size_t i = 0; i < spec.params.size(); ++i) {
    const auto* s = std::get_if<ScalarParam>(&spec.params[i].value);
    if (s != nullptr && s->symbolic) {
      throw spec.error_at(spec.params[i].loc,
                          fmt::format("params[{}]: input '{}' is symbolic: `{}` needs its value (give the inputs, "
                                      "or replay a counterexample)",
                                      i, s->name, what));
    }
  }
  for (const BufferSpec& b : spec.buffers) {
    if (b.symbolic) {
      throw spec.error_at(b.loc, fmt::format("buffer '{}' is symbolic: `{}` needs its values (give the inputs, or "
                                             "replay a counterexample)",
                                             b.name, what));
    }
  }
}

LaunchSpec concretize(const LaunchSpec& spec, const std::vector<std::pair<std::string, std::uint64_t>>& inputs) {
  LaunchSpec out = spec;
  std::vector<bool> used(inputs.size(), false);
  const auto value_of = [&](const std::string& name, ir::SrcLoc loc) -> std::uint64_t {
    for (std::size_t i = 0; i < inputs.size(); ++i) {
      if (inputs[i].first == name) {
        used[i] = true;
        return inputs[i].second;
      }
    }
    throw spec.error_at(loc, fmt::format("no value for the symbolic input '{}'", name));
  };
  const auto fit = [](std::uint64_t v, ir::Type t) {
    const unsigned w = ir::bit_width(t);
    return w >= 64 ? v : (v & ((std::uint64_t{1} << w) - 1));
  };
  for (ParamSpec& p : out.params) {
    auto* s = std::get_if<ScalarParam>(&p.value);
    if (s == nullptr || !s->symbolic) continue;
    s->bits = fit(value_of(s->name, p.loc), s->type);
    s->symbolic = false;
    s->range = {};
  }
  for (BufferSpec& b : out.buffers) {
    if (!b.symbolic) continue;
    const unsigned size = ir::byte_width(b.type);
    for (std::size_t e = 0; e < b.count; ++e) {
      const std::uint64_t v = fit(value_of(fmt::format("{}[{}]", b.name, e), b.loc), b.type);
      for (unsigned k = 0; k < size; ++k) b.bytes[e * size + k] = static_cast<std::uint8_t>(v >> (8 * k));
    }
    b.symbolic = false;
    b.range = {};
  }
  for (std::size_t i = 0; i < inputs.size(); ++i) {
    if (!used[i]) throw spec.error_at({}, fmt::format("'{}' is not a symbolic input of this launch", inputs[i].first));
  }
  return out;
}

}  // namespace lockstep::sem
