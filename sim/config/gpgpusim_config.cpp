// The GPGPU-Sim import: tokens, options, the values that depend on several
// options, the interconnect file, warnings and the consistency check.
#include "sim/config/gpgpusim_config.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <fstream>
#include <map>
#include <set>
#include <sstream>

#include "frontend/did_you_mean.hpp"
#include "frontend/source.hpp"
#include "sim/config/booksim_config.hpp"
#include "sim/config/check_gpu_config.hpp"
#include "sim/config/gpgpusim_options.hpp"
#include "sim/config/option_strings.hpp"

namespace lockstep::sim {
namespace {

using gpgpusim::ImportState;
using gpgpusim::OptionClass;
using gpgpusim::OptionInfo;
using gpgpusim::ValueError;
using gpgpusim::ValueKind;

/// One token with the source offset of each of its characters (and one past
/// its end), so that an error inside a value points at its place in the file.
struct Token {
  std::string text;
  std::vector<std::size_t> at;
};

bool is_space(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f'; }

/// GPGPU-Sim's reading: comments removed line by line, tokens split at
/// whitespace, a token starting with '"' joined (with single spaces) to the
/// following ones up to one ending with '"', the quotes removed.
std::vector<Token> tokenize(const Source& src) {
  const std::string_view text = src.text();
  std::vector<Token> raw;
  for (std::size_t i = 0; i < text.size();) {
    if (text[i] == '#') {
      while (i < text.size() && text[i] != '\n') ++i;
      continue;
    }
    if (is_space(text[i])) {
      ++i;
      continue;
    }
    Token t;
    while (i < text.size() && !is_space(text[i]) && text[i] != '#') {
      t.text += text[i];
      t.at.push_back(i);
      ++i;
    }
    t.at.push_back(i);
    raw.push_back(std::move(t));
  }
  std::vector<Token> out;
  for (std::size_t i = 0; i < raw.size(); ++i) {
    Token t = std::move(raw[i]);
    if (t.text[0] != '"') {
      out.push_back(std::move(t));
      continue;
    }
    const std::size_t open = t.at[0];
    while (t.text.size() < 2 || t.text.back() != '"') {
      if (i + 1 >= raw.size()) throw src.error_at(open, "unterminated quoted value (no closing '\"')");
      Token& next = raw[++i];
      t.at.pop_back();
      t.text += ' ';
      t.at.push_back(next.at[0] - 1);
      t.text += next.text;
      t.at.insert(t.at.end(), next.at.begin(), next.at.end());
    }
    // Remove the quotes: the text loses its first and last characters.
    Token q;
    q.text = t.text.substr(1, t.text.size() - 2);
    q.at.assign(t.at.begin() + 1, t.at.end() - 2);
    q.at.push_back(t.at[t.at.size() - 2]);
    out.push_back(std::move(q));
  }
  return out;
}

bool looks_like_integer(std::string_view s) {
  if (!s.empty() && s[0] == '-') s.remove_prefix(1);
  if (s.empty()) return false;
  for (char c : s) {
    if ((c < '0' || c > '9') && c != 'x' && c != 'X' && !((c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F'))) {
      return false;
    }
  }
  return s[0] >= '0' && s[0] <= '9';
}

std::vector<std::string_view> option_names() {
  std::vector<std::string_view> out;
  for (const OptionInfo& o : gpgpusim::gpgpusim_options()) out.push_back(o.name);
  return out;
}

/// Whether `fields` (space-separated paths or prefixes) covers `field`.
bool covers(std::string_view fields, std::string_view field) {
  while (!fields.empty()) {
    const std::size_t sp = fields.find(' ');
    const std::string_view p = fields.substr(0, sp);
    if (field == p || (field.size() > p.size() && field.substr(0, p.size()) == p && field[p.size()] == '.')) {
      return true;
    }
    if (sp == std::string_view::npos) break;
    fields.remove_prefix(sp + 1);
  }
  return false;
}

class Importer {
 public:
  Importer(const Source& src, const ConfigFileReader& read_file) : src_(src), read_file_(read_file) {
    st_.config = gpgpusim_defaults();
  }

  ImportedGpu run() {
    const std::vector<Token> tokens = tokenize(src_);
    for (std::size_t i = 0; i < tokens.size();) i = option(tokens, i);
    unmodelled_warnings();
    resolve();
    default_warnings();
    check();
    return ImportedGpu{std::move(st_.config), std::move(warnings_)};
  }

 private:
  struct Unmodelled {
    std::size_t order = 0;
    const OptionInfo* option = nullptr;
    std::string value;
    ir::SrcLoc loc;
  };
  struct Setting {
    std::size_t order = 0;
    std::string file;
    std::string_view fields;
    std::string_view option;
    ir::SrcLoc loc;
  };

  [[noreturn]] void fail(const Token& t, std::size_t offset, const std::string& message) const {
    throw src_.error_at(t.at[std::min(offset, t.text.size())], message);
  }

  /// Reads the option at tokens[i] and its value; returns the next index.
  std::size_t option(const std::vector<Token>& tokens, std::size_t i) {
    const Token& name = tokens[i];
    if (name.text[0] != '-') fail(name, 0, fmt::format("expected an option (-name), got '{}'", name.text));
    if (name.text == "-config") fail(name, 0, "-config: nested configuration files are not supported");
    const OptionInfo* o = gpgpusim::find_option(gpgpusim::gpgpusim_options(), name.text);
    if (o == nullptr) {
      fail(name, 0, fmt::format("unknown option '{}'{}", name.text, did_you_mean(name.text, option_names())));
    }
    const Token* value = i + 1 < tokens.size() ? &tokens[i + 1] : nullptr;
    Token standalone;
    std::size_t next = i + 2;
    if (o->kind == ValueKind::Flag && (value == nullptr || !looks_like_integer(value->text))) {
      standalone.text = "1";
      standalone.at = {name.at[0], name.at[0]};
      value = &standalone;
      next = i + 1;
    } else if (value == nullptr) {
      fail(name, name.text.size(), fmt::format("missing the value of {}", name.text));
    } else if (value->text[0] == '-' && gpgpusim::find_option(gpgpusim::gpgpusim_options(), value->text) != nullptr) {
      fail(*value, 0, fmt::format("missing the value of {} (found the option {})", name.text, value->text));
    }
    try {
      gpgpusim::check_kind(o->kind, value->text);
      if (o->cls == OptionClass::Modelled) o->apply(value->text, st_);
    } catch (const ValueError& e) {
      fail(*value, e.offset(), fmt::format("{}: {}", o->name, e.what()));
    }
    const ir::SrcLoc at = src_.locate(value->at[0]);
    given_.insert(o->name);
    if (o->cls == OptionClass::Modelled) {
      settings_.push_back(Setting{settings_.size(), src_.path(), o->fields, o->name, at});
      if (o->name == "-inter_config_file") inter_config_loc_ = at;
    } else if (o->cls == OptionClass::Unmodelled) {
      // The last setting counts; warnings come in the order options first appear.
      auto [it, first] = unmodelled_.try_emplace(o->name, Unmodelled{unmodelled_.size(), o, value->text, at});
      if (!first) {
        it->second.value = value->text;
        it->second.loc = at;
      }
    }
    return next;
  }

  void warn(const std::string& file, ir::SrcLoc at, std::string message, std::string_view name) {
    if (!warned_.insert(std::string(name)).second) return;
    Diagnostic d;
    d.severity = Severity::Warning;
    d.file = file;
    d.loc = at;
    d.message = std::move(message);
    warnings_.push_back(std::move(d));
  }

  /// The values that depend on several options, and the interconnect.
  void resolve() {
    GpuConfig& c = st_.config;
    // GPGPU-Sim 4 sets the shared memory to -gpgpu_shmem_sizeDefault at each
    // launch; GPGPU-Sim 3 has only -gpgpu_shmem_size.
    if (st_.shmem_size_default) {
      c.core.shared.bytes = *st_.shmem_size_default;
    } else if (st_.shmem_size) {
      c.core.shared.bytes = *st_.shmem_size;
    }
    // Without tensor cores GPGPU-Sim reads 11 pipeline widths and builds no
    // tensor-core units.
    if (!st_.tensor_core_avail) {
      c.core.tensor.units = 0;
      c.core.tensor.id_oc_width = 0;
      c.core.tensor.oc_ex_width = 0;
    }
    if (!st_.address_mapping_given) c.memory.address_mapping = gpgpusim::address_mask_preset(st_.address_mask);
    if (st_.network_mode == 2) {
      InterconnectConfig& n = c.interconnect;
      n.flit_bytes = st_.icnt_flit_size;
      n.latency = 1;  // a packet crosses GPGPU-Sim's built-in crossbar in one interconnect cycle
      n.port_flits_per_cycle = 1;
      n.internal_speedup = 1.0;
      // GPGPU-Sim's built-in crossbar counts its buffer limits in packets;
      // lockstep's buffers hold flits: room for that many of the largest packets.
      const std::uint32_t flit = n.flit_bytes == 0 ? 1U : n.flit_bytes;  // 0 is refused by check_gpu_config
      const std::uint32_t packet_flits = (kLargestPacketBytes + flit - 1) / flit;
      const auto flits = [packet_flits](std::uint32_t packets) {
        return static_cast<std::uint32_t>(std::min<std::uint64_t>(std::uint64_t{packets} * packet_flits, 0xffffffffU));
      };
      n.input_buffer_flits = flits(st_.icnt_in_buffer_limit);
      n.output_buffer_flits = flits(st_.icnt_out_buffer_limit);
      n.arbitration = st_.icnt_arbiter_algo == 0 ? Arbitration::RoundRobin : Arbitration::Islip;
      n.arbitration_iterations = 1;
      n.subnets = st_.icnt_subnets;
      return;
    }
    read_interconnect_file();
  }

  void read_interconnect_file() {
    std::string dir = std::filesystem::path(src_.path()).parent_path().string();
    const std::filesystem::path named(st_.inter_config_file);
    const std::string path = named.is_absolute() || dir.empty() ? named.string() : (std::filesystem::path(dir) / named).string();
    const std::optional<std::string> text = read_file_(path);
    if (!text) {
      Diagnostic d;
      d.file = src_.path();
      d.loc = inter_config_loc_;
      d.message = inter_config_loc_.line == 0
                      ? fmt::format("-network_mode 1 reads the BookSim file -inter_config_file names (GPGPU-Sim's "
                                    "default '{}'), and '{}' cannot be read",
                                    st_.inter_config_file, path)
                      : fmt::format("-inter_config_file: cannot read '{}'", path);
      throw InputError(std::move(d));
    }
    const Source icnt(path, *text);
    gpgpusim::BooksimResult r = gpgpusim::parse_booksim_config(icnt);
    st_.config.interconnect = r.interconnect;
    for (Diagnostic& w : r.warnings) warnings_.push_back(std::move(w));
    for (const gpgpusim::SetBy& s : r.set) settings_.push_back(Setting{settings_.size(), path, s.fields, s.option, s.loc});
    const std::uint64_t needed = std::uint64_t{st_.config.core.clusters} + st_.config.memory.sub_partitions();
    if (r.ports < needed) {
      Diagnostic d;
      d.file = path;
      d.loc = r.ports_loc;
      d.message = fmt::format("k: the crossbar has {} ports, fewer than the {} SM clusters and {} memory "
                              "sub-partitions it connects",
                              r.ports, st_.config.core.clusters, st_.config.memory.sub_partitions());
      throw InputError(std::move(d));
    }
  }

  /// Unmodelled options the file sets to a value lockstep does not behave like.
  void unmodelled_warnings() {
    std::vector<const Unmodelled*> in_order;
    for (const auto& [name, u] : unmodelled_) in_order.push_back(&u);
    std::sort(in_order.begin(), in_order.end(),
              [](const Unmodelled* a, const Unmodelled* b) { return a->order < b->order; });
    for (const Unmodelled* u : in_order) {
      const OptionInfo& o = *u->option;
      if (gpgpusim::is_neutral(o.kind, o.neutral, u->value)) continue;
      warn(src_.path(), u->loc, fmt::format("{} {} is not modelled: {}", o.name, u->value, o.note), o.name);
    }
  }

  /// Unmodelled options the file leaves at a GPGPU-Sim default that lockstep
  /// does not behave like.
  void default_warnings() {
    for (const OptionInfo& o : gpgpusim::gpgpusim_options()) {
      if (o.cls != OptionClass::Unmodelled || o.gpgpusim_default.empty() || given_.count(o.name) != 0) continue;
      if (gpgpusim::is_neutral(o.kind, o.neutral, o.gpgpusim_default)) continue;
      warn(src_.path(), ir::SrcLoc{},
           fmt::format("{} is {} by default in GPGPU-Sim and not modelled: {}", o.name, o.gpgpusim_default, o.note),
           o.name);
    }
  }

  void check() const {
    const auto problem = check_gpu_config(st_.config);
    if (!problem) return;
    const Setting* best = nullptr;  // the setting read last among those of the fields involved
    for (const std::string& field : problem->fields) {
      for (const Setting& s : settings_) {
        if (covers(s.fields, field) && (best == nullptr || s.order > best->order)) best = &s;
      }
    }
    Diagnostic d;
    if (best != nullptr) {
      d.file = best->file;
      d.loc = best->loc;
      d.message = fmt::format("{}: {}", best->option, problem->message);
    } else {
      d.file = src_.path();
      d.message = fmt::format("{} (GPGPU-Sim's default for {})", problem->message, problem->fields.front());
    }
    throw InputError(std::move(d));
  }

  const Source& src_;
  const ConfigFileReader& read_file_;
  ImportState st_;
  std::vector<Setting> settings_;  ///< in the order the values were read
  std::set<std::string_view> given_;
  std::map<std::string_view, Unmodelled> unmodelled_;
  std::set<std::string> warned_;
  std::vector<Diagnostic> warnings_;
  ir::SrcLoc inter_config_loc_;
};

std::string gpu_name(const std::filesystem::path& file) {
  if (file.filename() == "gpgpusim.config" && file.has_parent_path()) {
    const std::string dir = std::filesystem::absolute(file).parent_path().filename().string();
    if (!dir.empty()) return dir;
  }
  return file.stem().string();
}

}  // namespace

ImportedGpu parse_gpgpusim_config(std::string_view text, const std::string& path, const ConfigFileReader& read_file) {
  const Source src(path, std::string(text));
  Importer importer(src, read_file);
  ImportedGpu out = importer.run();
  out.config.name = gpu_name(path);
  out.config.source = fmt::format("imported from GPGPU-Sim configuration {}", path);
  return out;
}

ImportedGpu read_gpgpusim_config_file(const std::filesystem::path& file) {
  const Source src = Source::read_file(file.string());
  const ConfigFileReader reader = [](const std::string& p) -> std::optional<std::string> {
    std::error_code ec;
    if (std::filesystem::is_directory(p, ec)) return std::nullopt;
    std::ifstream in(p, std::ios::binary);
    if (!in) return std::nullopt;
    std::ostringstream ss;
    ss << in.rdbuf();
    return std::move(ss).str();
  };
  return parse_gpgpusim_config(src.text(), file.string(), reader);
}

}  // namespace lockstep::sim
