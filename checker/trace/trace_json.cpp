// trace_json / parse_trace: the JSON form of a Trace.
#include "checker/trace/trace_json.hpp"

#include "semantics/launch/model_spec.hpp"

#include <fstream>
#include <limits>

#include <fmt/format.h>

#include "frontend/diagnostics.hpp"
#include "frontend/source.hpp"

namespace lockstep::checker {
namespace {

using json = nlohmann::ordered_json;
using nlohmann::ordered_json;

std::string mask_hex(sem::Mask m) { return fmt::format("0x{:08x}", m); }

ordered_json opt_string(const std::string& s) { return s.empty() ? ordered_json(nullptr) : ordered_json(s); }

/// Reads one document, naming the key path of the first problem.
class Reader {
 public:
  explicit Reader(const std::string& path) : path_(path) {}

  [[noreturn]] void fail(const std::string& where, const std::string& why) const {
    throw InputError(Diagnostic{Severity::Error, path_, {}, where.empty() ? why : fmt::format("{}: {}", where, why)});
  }

  const json& at(const json& obj, const std::string& key, const std::string& where) const {
    const auto it = obj.find(key);
    if (it == obj.end()) fail(where, fmt::format("missing key '{}'", key));
    return *it;
  }
  static std::string path(const std::string& where, const std::string& key) {
    return where.empty() ? key : fmt::format("{}.{}", where, key);
  }

  std::string str(const json& obj, const std::string& key, const std::string& where) const {
    const json& v = at(obj, key, where);
    if (!v.is_string()) fail(path(where, key), "expected a string");
    return v.get<std::string>();
  }
  /// A string, or "" for null.
  std::string str_or_null(const json& obj, const std::string& key, const std::string& where) const {
    const json& v = at(obj, key, where);
    if (v.is_null()) return {};
    if (!v.is_string()) fail(path(where, key), "expected a string or null");
    return v.get<std::string>();
  }
  std::uint64_t uint(const json& obj, const std::string& key, const std::string& where,
                     std::uint64_t max = std::numeric_limits<std::uint32_t>::max()) const {
    return uint_value(at(obj, key, where), path(where, key), max);
  }
  std::uint64_t uint_value(const json& v, const std::string& where, std::uint64_t max) const {
    if (!v.is_number_unsigned() || v.get<std::uint64_t>() > max) {
      fail(where, fmt::format("expected an integer from 0 to {}", max));
    }
    return v.get<std::uint64_t>();
  }
  std::uint32_t u32(const json& obj, const std::string& key, const std::string& where) const {
    return static_cast<std::uint32_t>(uint(obj, key, where));
  }
  bool boolean(const json& obj, const std::string& key, const std::string& where) const {
    const json& v = at(obj, key, where);
    if (!v.is_boolean()) fail(path(where, key), "expected true or false");
    return v.get<bool>();
  }
  sem::Mask mask(const json& obj, const std::string& key, const std::string& where) const {
    const std::string s = str(obj, key, where);
    const auto bad = [&] { fail(path(where, key), fmt::format("'{}' is not a lane mask (0x and 1 to 8 hex digits)", s)); };
    if (s.size() < 3 || s.size() > 10 || s[0] != '0' || (s[1] != 'x' && s[1] != 'X')) bad();
    const auto m = parse_hex_digits(std::string_view(s).substr(2));
    if (!m) bad();
    return static_cast<sem::Mask>(*m);
  }
  const json& array(const json& obj, const std::string& key, const std::string& where) const {
    const json& v = at(obj, key, where);
    if (!v.is_array()) fail(path(where, key), "expected an array");
    return v;
  }
  const json& object(const json& obj, const std::string& key, const std::string& where) const {
    const json& v = at(obj, key, where);
    if (!v.is_object()) fail(path(where, key), "expected an object");
    return v;
  }
  std::array<std::uint32_t, 3> dim3(const json& obj, const std::string& key, const std::string& where) const {
    const json& v = array(obj, key, where);
    const std::string p = path(where, key);
    if (v.size() != 3) fail(p, "expected 3 dimensions");
    std::array<std::uint32_t, 3> d{};
    for (std::size_t i = 0; i < 3; ++i) {
      d[i] = static_cast<std::uint32_t>(uint_value(v[i], fmt::format("{}[{}]", p, i), 0xffffffffU));
      if (d[i] == 0) fail(fmt::format("{}[{}]", p, i), "expected a positive integer");
    }
    return d;
  }

 private:
  const std::string& path_;
};

/// 1-based line and column of byte offset `pos` in `text`.
ir::SrcLoc position(std::string_view text, std::size_t pos) {
  ir::SrcLoc loc{1, 1};
  for (std::size_t i = 0; i < pos && i < text.size(); ++i) {
    if (text[i] == '\n') {
      ++loc.line;
      loc.col = 1;
    } else {
      ++loc.col;
    }
  }
  return loc;
}

/// nlohmann's message without its "[json.exception.parse_error.101] parse error at line L, column C: " prefix.
std::string parse_message(const std::string& what) {
  const auto colon = what.find(": ");
  return colon == std::string::npos ? what : what.substr(colon + 2);
}

TraceStep read_step(const Reader& r, const json& s, const std::string& w) {
  if (!s.is_object()) r.fail(w, "expected an object");
  TraceStep st;
  st.warp = r.u32(s, "warp", w);
  st.block = r.u32(s, "block", w);
  st.warp_in_block = r.u32(s, "warp_in_block", w);
  st.key = static_cast<unsigned>(r.uint(s, "unit", w, 63));  // 32 + e: model event e
  st.lanes = r.mask(s, "lanes", w);
  st.count = r.u32(s, "count", w);
  if (st.count == 0) r.fail(Reader::path(w, "count"), "expected a positive integer");
  st.pc = r.u32(s, "pc", w);
  st.instr = r.str(s, "instr", w);
  st.line = r.u32(s, "line", w);
  st.src = r.str_or_null(s, "src", w);
  st.prefix = r.boolean(s, "prefix", w);
  return st;
}

TraceStuck read_stuck(const Reader& r, const json& s, const std::string& w) {
  if (!s.is_object()) r.fail(w, "expected an object");
  TraceStuck t;
  t.warp = r.u32(s, "warp", w);
  t.block = r.u32(s, "block", w);
  t.warp_in_block = r.u32(s, "warp_in_block", w);
  t.lanes = r.mask(s, "lanes", w);
  t.pc = r.u32(s, "pc", w);
  t.state = r.str(s, "state", w);
  if (s.contains("until_pc")) t.until_pc = r.u32(s, "until_pc", w);
  return t;
}

}  // namespace

ordered_json trace_json(const Trace& t) {
  ordered_json j;
  j["lockstep_trace"] = t.version;
  j["ptx"] = t.ptx;
  j["ptx_xxh64"] = t.ptx_xxh64;
  j["launch"] = t.launch;
  j["launch_xxh64"] = t.launch_xxh64;
  j["kernel"] = t.kernel;
  j["model"] = t.model;
  j["push_order"] = t.push_order;
  j["reconvergence"] = t.reconvergence;
  j["shape"] = {{"grid", t.grid}, {"block", t.block}};
  ordered_json inputs = ordered_json::object();
  for (const TraceInput& in : t.inputs) {
    const ordered_json v = ordered_json::parse(in.value, nullptr, false);
    inputs[in.name] = v.is_discarded() ? ordered_json(in.value) : v;
  }
  j["inputs"] = std::move(inputs);
  j["kind"] = finding_kind_name(t.kind);
  j["label"] = t.label;
  j["canonical"] = t.canonical;
  j["barrier_rule"] = t.cuda_barrier_rule ? "cuda" : "counting";
  if (t.tm_serializable) j["tm_check"] = "serializable";  // only then: other traces are unchanged
  if (t.tm_protocol.units()) j["tm_protocol"] = sem::tm_protocol_spec(t.tm_protocol);
  ordered_json steps = ordered_json::array();
  for (const TraceStep& s : t.steps) {
    steps.push_back({{"warp", s.warp}, {"block", s.block}, {"warp_in_block", s.warp_in_block}, {"unit", s.key},
                     {"lanes", mask_hex(s.lanes)}, {"count", s.count}, {"pc", s.pc}, {"instr", s.instr},
                     {"line", s.line}, {"src", opt_string(s.src)}, {"prefix", s.prefix}});
  }
  j["steps"] = std::move(steps);
  j["cycle_start"] = t.cycle_start ? ordered_json(*t.cycle_start) : ordered_json(nullptr);
  j["state_digest"] = digest_hex(t.state_digest);
  ordered_json stuck = ordered_json::array();
  for (const TraceStuck& s : t.stuck) {
    ordered_json e = {{"warp", s.warp}, {"block", s.block}, {"warp_in_block", s.warp_in_block},
                      {"lanes", mask_hex(s.lanes)}, {"pc", s.pc}, {"state", s.state}};
    if (s.until_pc) e["until_pc"] = *s.until_pc;
    stuck.push_back(std::move(e));
  }
  j["stuck"] = std::move(stuck);
  if (t.fault) {
    const TraceFault& f = *t.fault;
    j["fault"] = {{"kind", f.kind}, {"message", f.message}, {"block", f.block}, {"warp_in_block", f.warp_in_block},
                  {"lane", f.lane}, {"pc", f.pc}};
  } else {
    j["fault"] = nullptr;
  }
  ordered_json mism = ordered_json::array();
  for (const TraceMismatch& m : t.mismatches) {
    mism.push_back({{"buffer", m.buffer}, {"index", m.index}, {"expected", m.expected}, {"actual", m.actual}});
  }
  j["mismatches"] = std::move(mism);
  j["detail"] = t.detail;
  return j;
}

Trace parse_trace(std::string_view text, const std::string& path) {
  json doc;
  try {
    doc = json::parse(text.begin(), text.end());
  } catch (const json::parse_error& e) {
    const std::size_t at = e.byte == 0 ? 0 : e.byte - 1;
    throw InputError(Diagnostic{Severity::Error, path, position(text, at), parse_message(e.what())});
  }
  const Reader r(path);
  if (!doc.is_object()) r.fail("", "expected a JSON object (a lockstep trace)");
  if (!doc.contains("lockstep_trace")) r.fail("", "not a lockstep trace (no 'lockstep_trace' key)");
  Trace t;
  t.version = static_cast<int>(r.uint(doc, "lockstep_trace", ""));
  if (t.version != kTraceVersion) {
    r.fail("lockstep_trace", fmt::format("trace format version {} is not supported (this build reads {})", t.version,
                                         kTraceVersion));
  }
  t.ptx = r.str(doc, "ptx", "");
  t.ptx_xxh64 = r.str(doc, "ptx_xxh64", "");
  t.launch = r.str(doc, "launch", "");
  t.launch_xxh64 = r.str(doc, "launch_xxh64", "");
  t.kernel = r.str(doc, "kernel", "");
  t.model = r.str(doc, "model", "");
  if (const sem::ModelSpecParse m = sem::parse_model_spec(t.model); !m.spec) r.fail("model", m.error);
  t.push_order = r.str(doc, "push_order", "");
  t.reconvergence = r.str(doc, "reconvergence", "");
  if (t.reconvergence != "nvidia" && t.reconvergence != "ipdom" && t.reconvergence != "safe" &&
      t.reconvergence != "safe-aware") {
    r.fail("reconvergence",
           fmt::format("unknown reconvergence table '{}' (nvidia, ipdom, safe, safe-aware)", t.reconvergence));
  }
  const json& shape = r.object(doc, "shape", "");
  t.grid = r.dim3(shape, "grid", "shape");
  t.block = r.dim3(shape, "block", "shape");
  for (const auto& [name, v] : r.object(doc, "inputs", "").items()) {
    if (!v.is_number() && !v.is_string()) r.fail(fmt::format("inputs.{}", name), "expected a number");
    t.inputs.push_back({name, v.is_string() ? v.get<std::string>() : v.dump()});
  }
  const std::string kind = r.str(doc, "kind", "");
  const auto k = parse_finding_kind(kind);
  if (!k) r.fail("kind", fmt::format("unknown kind '{}' (deadlock, non-termination, error, expect)", kind));
  t.kind = *k;
  t.label = r.str(doc, "label", "");
  t.canonical = r.boolean(doc, "canonical", "");
  if (doc.contains("barrier_rule")) {
    const std::string rule = r.str(doc, "barrier_rule", "");
    if (rule != "cuda" && rule != "counting") r.fail("barrier_rule", fmt::format("unknown rule '{}' (counting, cuda)", rule));
    t.cuda_barrier_rule = rule == "cuda";
  }
  if (doc.contains("tm_check")) {
    const std::string check = r.str(doc, "tm_check", "");
    if (check != "serializable") r.fail("tm_check", fmt::format("unknown check '{}' (serializable)", check));
    t.tm_serializable = true;
  }
  if (doc.contains("tm_protocol")) {
    const std::string spec = r.str(doc, "tm_protocol", "");
    const sem::TmProtocolParse p = sem::parse_tm_protocol_spec(spec);
    if (!p.config) r.fail("tm_protocol", p.error);
    t.tm_protocol = *p.config;
  }
  const json& steps = r.array(doc, "steps", "");
  for (std::size_t i = 0; i < steps.size(); ++i) t.steps.push_back(read_step(r, steps[i], fmt::format("steps[{}]", i)));
  const json& cs = r.at(doc, "cycle_start", "");
  if (!cs.is_null()) {
    t.cycle_start = static_cast<std::size_t>(r.uint_value(cs, "cycle_start", std::numeric_limits<std::uint64_t>::max()));
    if (*t.cycle_start >= t.steps.size()) {
      r.fail("cycle_start", fmt::format("{} is not a step (the trace has {})", *t.cycle_start, t.steps.size()));
    }
  }
  if (t.kind == FindingKind::NonTermination && !t.cycle_start) r.fail("cycle_start", "a non-termination trace needs a cycle");
  if (t.kind != FindingKind::NonTermination && t.cycle_start) r.fail("cycle_start", "only non-termination traces have a cycle");
  const std::string digest = r.str(doc, "state_digest", "");
  const auto d = parse_digest_hex(digest);
  if (!d) r.fail("state_digest", fmt::format("'{}' is not a digest (32 hex digits)", digest));
  t.state_digest = *d;
  const json& stuck = r.array(doc, "stuck", "");
  for (std::size_t i = 0; i < stuck.size(); ++i) t.stuck.push_back(read_stuck(r, stuck[i], fmt::format("stuck[{}]", i)));
  const json& fault = r.at(doc, "fault", "");
  if (!fault.is_null()) {
    if (!fault.is_object()) r.fail("fault", "expected an object or null");
    t.fault = TraceFault{r.str(fault, "kind", "fault"), r.str(fault, "message", "fault"), r.u32(fault, "block", "fault"),
                         r.u32(fault, "warp_in_block", "fault"), r.u32(fault, "lane", "fault"),
                         r.u32(fault, "pc", "fault")};
  }
  const json& mism = r.array(doc, "mismatches", "");
  for (std::size_t i = 0; i < mism.size(); ++i) {
    const std::string w = fmt::format("mismatches[{}]", i);
    if (!mism[i].is_object()) r.fail(w, "expected an object");
    t.mismatches.push_back({r.str(mism[i], "buffer", w),
                            static_cast<std::size_t>(r.uint(mism[i], "index", w, std::numeric_limits<std::uint64_t>::max())),
                            r.str(mism[i], "expected", w), r.str(mism[i], "actual", w)});
  }
  t.detail = r.str(doc, "detail", "");
  return t;
}

Trace read_trace_file(const std::string& path) {
  const Source src = Source::read_file(path);
  return parse_trace(src.text(), path);
}

void write_trace_file(const Trace& trace, const std::string& path) {
  std::ofstream f(path, std::ios::binary | std::ios::trunc);
  if (f) f << trace_json(trace).dump(1) << '\n';
  if (!f) throw InputError(Diagnostic{Severity::Error, path, {}, "cannot write file"});
}

}  // namespace lockstep::checker
