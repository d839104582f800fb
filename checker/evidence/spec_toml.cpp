#include "checker/evidence/spec_toml.hpp"

#include <sstream>
#include <variant>

#include <fmt/format.h>

#include "semantics/spec/element.hpp"

namespace lockstep::checker {
namespace {

std::string dims(const std::array<std::uint32_t, 3>& d) {
  if (d[2] != 1) return fmt::format("[{}, {}, {}]", d[0], d[1], d[2]);
  if (d[1] != 1) return fmt::format("[{}, {}]", d[0], d[1]);
  return fmt::format("[{}]", d[0]);
}

std::string in_quotes(const std::string& s) { return "\"" + s + "\""; }

/// One element value: decimal, or a string for u64 above 2^63-1 (TOML integers stop there).
std::string element(ir::Type t, std::uint64_t bits) {
  std::string text = sem::format_bits(t, bits);
  if ((t == ir::Type::U64 || t == ir::Type::B64) && bits > 0x7fffffffffffffffULL) text = in_quotes(text);
  return text;
}

std::string range_text(ir::Type t, const sem::SymbolicRange& r) {
  std::string out;
  if (r.min) out += fmt::format(", min = {}", element(t, *r.min));
  if (r.max) out += fmt::format(", max = {}", element(t, *r.max));
  return out;
}

std::string param_text(const sem::LaunchSpec& spec, const sem::ParamSpec& p) {
  if (const auto* b = std::get_if<sem::BufferParam>(&p.value)) return in_quotes(spec.buffers[b->buffer].name);
  const auto& s = std::get<sem::ScalarParam>(p.value);
  const std::string type(ir::type_name(s.type));
  if (s.symbolic) {
    return fmt::format("{{type = \"{}\", symbolic = true, name = \"{}\"{}}}", type, s.name, range_text(s.type, s.range));
  }
  return fmt::format("{{type = \"{}\", value = {}}}", type, element(s.type, s.bits));
}

std::string elements(const sem::BufferSpec& b) {
  const unsigned w = ir::byte_width(b.type);
  std::string out = "[";
  for (std::size_t i = 0; i < b.count; ++i) {
    if (i != 0) out += ", ";
    out += element(b.type, sem::load_le(b.bytes.data() + i * w, w));
  }
  return out + "]";
}

bool all_zero(const sem::BufferSpec& b) {
  for (std::uint8_t x : b.bytes)
    if (x != 0) return false;
  return true;
}

}  // namespace

std::string spec_toml(const sem::LaunchSpec& spec, const std::string& comment) {
  std::ostringstream o;
  std::istringstream lines(comment);
  for (std::string line; std::getline(lines, line);) o << (line.empty() ? "#" : "# " + line) << '\n';
  if (spec.kernel) o << "kernel = " << in_quotes(*spec.kernel) << '\n';
  o << "grid = " << dims(spec.grid) << "\nblock = " << dims(spec.block) << '\n';
  if (spec.shared_bytes != 0) o << "shared_bytes = " << spec.shared_bytes << '\n';
  if (spec.cooperative) o << "cooperative = true\n";
  o << "params = [";
  for (std::size_t i = 0; i < spec.params.size(); ++i) o << (i != 0 ? ", " : "") << param_text(spec, spec.params[i]);
  o << "]\n";
  for (const sem::BufferSpec& b : spec.buffers) {
    o << "\n[[buffer]]\nname = " << in_quotes(b.name) << "\ntype = \"" << ir::type_name(b.type) << "\"\ncount = " << b.count
      << '\n';
    if (b.symbolic) {
      o << "init = \"symbolic\"\n";
      if (b.range.min) o << "min = " << element(b.type, *b.range.min) << '\n';
      if (b.range.max) o << "max = " << element(b.type, *b.range.max) << '\n';
    } else if (all_zero(b)) {
      o << "init = \"zeros\"\n";
    } else {
      o << "init = " << elements(b) << '\n';
    }
  }
  if (!spec.constants.empty()) {
    o << "\n[constants]\n";
    for (const sem::ConstantSpec& c : spec.constants) {
      std::string values;
      for (std::size_t i = 0; i < c.values.size(); ++i) values += (i != 0 ? ", " : "") + c.values[i].spelling();
      if (c.is_array || c.values.size() != 1) values = "[" + values + "]";
      if (c.type) {
        o << c.name << " = {type = \"" << ir::type_name(*c.type) << "\", " << (c.is_array ? "values" : "value")
          << " = " << values << "}\n";
      } else {
        o << c.name << " = " << values << '\n';
      }
    }
  }
  if (!spec.expects.empty()) {
    o << "\n[expect]\n";
    for (const sem::ExpectSpec& e : spec.expects) {
      const sem::BufferSpec& b = spec.buffers[e.buffer];
      o << b.name << " = [";
      for (std::size_t i = 0; i < e.values.size(); ++i) {
        o << (i != 0 ? ", " : "") << (e.values[i].any_nan ? std::string("nan") : element(b.type, e.values[i].bits));
      }
      o << "]\n";
    }
  }
  return o.str();
}

}  // namespace lockstep::checker
