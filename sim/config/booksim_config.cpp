#include "sim/config/booksim_config.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <limits>
#include <map>
#include <tuple>
#include <set>
#include <string>

#include "frontend/did_you_mean.hpp"
#include "sim/config/gpgpusim_options.hpp"
#include "sim/config/option_strings.hpp"

namespace lockstep::sim::gpgpusim {
namespace {

/// What the file sets, with BookSim's and intersim2's defaults.
struct BooksimState {
  std::int64_t flit_size = 32;
  std::int64_t k = 8;
  std::int64_t n = 2;
  std::int64_t vc_buf_size = 8;
  std::int64_t input_buffer_size = 0;
  std::int64_t ejection_buffer_size = 0;
  std::int64_t routing_delay = 1;
  std::int64_t vc_alloc_delay = 1;
  std::int64_t sw_alloc_delay = 1;
  std::int64_t st_prepare_delay = 0;
  std::int64_t st_final_delay = 1;
  std::int64_t output_delay = 0;
  std::int64_t output_extra_latency = 0;
  double internal_speedup = 1.0;
  std::string sw_allocator = "islip";
  std::int64_t alloc_iters = 1;
  std::int64_t subnets = 1;
};

using B = BooksimState;
using K = ValueKind;
using Spec = OptionSpec<BooksimState>;

std::int64_t integer(std::string_view v) {
  return parse_signed(v, std::numeric_limits<std::int32_t>::min(), std::numeric_limits<std::int32_t>::max());
}
std::int64_t count(std::string_view v) {
  const std::int64_t x = integer(v);
  if (x < 0) throw ValueError(0, fmt::format("expected a non-negative integer, got '{}'", v));
  return x;
}

template <std::int64_t BooksimState::*Field>
void set_count(std::string_view v, B& s) {
  s.*Field = count(v);
}

constexpr Spec modelled(std::string_view name, ValueKind kind, void (*apply)(std::string_view, B&),
                        std::string_view fields) {
  return Spec{name, OptionClass::Modelled, kind, apply, fields, {}, {}, {}};
}
constexpr Spec unmodelled(std::string_view name, ValueKind kind, std::string_view neutral,
                          std::string_view booksim_default, std::string_view note) {
  return Spec{name, OptionClass::Unmodelled, kind, nullptr, {}, neutral, booksim_default, note};
}
constexpr Spec silent(std::string_view name, ValueKind kind) {
  return Spec{name, OptionClass::NoTiming, kind, nullptr, {}, {}, {}, {}};
}

constexpr std::string_view kLatency = "interconnect.latency";

constexpr Spec kSettings[] = {
    modelled("flit_size", K::Integer, set_count<&B::flit_size>, "interconnect.flit_bytes"),
    modelled("k", K::Integer, set_count<&B::k>, "interconnect"),
    modelled("vc_buf_size", K::Integer, set_count<&B::vc_buf_size>, "interconnect.output_buffer_flits"),
    modelled("input_buffer_size", K::Integer, set_count<&B::input_buffer_size>, "interconnect.input_buffer_flits"),
    modelled("ejection_buffer_size", K::Integer, set_count<&B::ejection_buffer_size>,
             "interconnect.output_buffer_flits"),
    modelled("routing_delay", K::Integer, set_count<&B::routing_delay>, kLatency),
    modelled("vc_alloc_delay", K::Integer, set_count<&B::vc_alloc_delay>, kLatency),
    modelled("sw_alloc_delay", K::Integer, set_count<&B::sw_alloc_delay>, kLatency),
    modelled("st_prepare_delay", K::Integer, set_count<&B::st_prepare_delay>, kLatency),
    modelled("st_final_delay", K::Integer, set_count<&B::st_final_delay>, kLatency),
    modelled("output_delay", K::Integer, set_count<&B::output_delay>, kLatency),
    modelled("output_extra_latency", K::Integer, set_count<&B::output_extra_latency>, kLatency),
    modelled("internal_speedup", K::Real, [](std::string_view v, B& s) { s.internal_speedup = parse_real(v); },
             "interconnect.internal_speedup"),
    modelled("sw_allocator", K::Text, [](std::string_view v, B& s) { s.sw_allocator = std::string(v); },
             "interconnect.arbitration"),
    modelled("alloc_iters", K::Integer, set_count<&B::alloc_iters>, "interconnect.arbitration_iterations"),
    modelled("subnets", K::Integer, set_count<&B::subnets>, "interconnect.subnets"),

    unmodelled("topology", K::Text, "fly", "torus", "lockstep simulates a single crossbar (topology = fly, n = 1)"),
    Spec{"n", OptionClass::Unmodelled, K::Integer, set_count<&B::n>, "interconnect", "1", "2",
         "lockstep simulates a single crossbar (topology = fly, n = 1)"},
    unmodelled("num_vcs", K::Integer, "1", "16", "lockstep's crossbar has one queue per input port"),
    unmodelled("input_speedup", K::Integer, "1", "", "each port has one crossbar input"),
    unmodelled("output_speedup", K::Integer, "1", "", "each port has one crossbar output"),
    unmodelled("credit_delay", K::Integer, "0", "", "credits return at once"),
    unmodelled("wait_for_tail_credit", K::Integer, "0", "", "lockstep's crossbar has no virtual channels"),
    unmodelled("vc_busy_when_full", K::Integer, "0", "", "lockstep's crossbar has no virtual channels"),
    unmodelled("vc_prioritize_empty", K::Integer, "0", "", "lockstep's crossbar has no virtual channels"),
    unmodelled("vc_priority_donation", K::Integer, "0", "", "lockstep's crossbar has no virtual channels"),
    unmodelled("vc_shuffle_requests", K::Integer, "0", "", "lockstep's crossbar has no virtual channels"),
    unmodelled("hold_switch_for_packet", K::Integer, "0", "", "the switch is arbitrated flit by flit"),
    unmodelled("speculative", K::Integer, "0", "", "no speculative switch allocation"),
    unmodelled("vct", K::Integer, "0", "", "no virtual cut-through"),
    unmodelled("noq", K::Integer, "0", "", "no next-hop output queueing"),
    unmodelled("router", K::Text, "iq", "", "lockstep's crossbar is an input-queued router"),
    unmodelled("buf_size", K::Integer, "-1", "", "input buffers are private per port"),
    unmodelled("buffer_policy", K::Text, "private", "", "input buffers are private per port"),
    unmodelled("output_buffer_size", K::Integer, "-1", "", "outputs are buffered only at ejection"),
    unmodelled("arb_type", K::Text, "round_robin", "", "arbiters inside the allocator are round robin"),
    unmodelled("perfect_icnt", K::Integer, "0", "", "the crossbar is simulated"),
    unmodelled("fixed_lat_per_hop", K::Integer, "0", "", "the crossbar is simulated"),
    unmodelled("use_noc_latency", K::Integer, "1", "", "channel latencies are part of the crossbar latency"),
    unmodelled("link_failures", K::Integer, "0", "", "no link fails"),

    // Settings for other topologies, traffic generators, VCs of several
    // classes, statistics, power and output: no effect on GPGPU-Sim's
    // single-router crossbar (or only with settings warned about above).
    silent("vc_allocator", K::Text), silent("routing_function", K::Text), silent("use_map", K::Integer),
    silent("memory_node_map", K::Text), silent("network_count", K::Integer), silent("boundary_buffer_size", K::Integer),
    silent("c", K::Integer), silent("x", K::Integer), silent("y", K::Integer), silent("xr", K::Integer),
    silent("yr", K::Integer), silent("in_ports", K::Integer), silent("out_ports", K::Integer),
    silent("channel_file", K::Text), silent("network_file", K::Text), silent("fail_seed", K::Integer),
    silent("private_bufs", K::Integer), silent("private_buf_size", K::Text), silent("private_buf_start_vc", K::Text),
    silent("private_buf_end_vc", K::Text), silent("max_held_slots", K::Integer),
    silent("feedback_aging_scale", K::Integer), silent("feedback_offset", K::Integer),
    silent("spec_check_elig", K::Integer), silent("spec_check_cred", K::Integer),
    silent("spec_mask_by_reqs", K::Integer), silent("spec_sw_allocator", K::Text), silent("classes", K::Integer),
    silent("class_priority", K::Text), silent("priority", K::Text), silent("perm_seed", K::Integer),
    silent("traffic", K::Text), silent("injection_rate", K::Text), silent("injection_rate_uses_flits", K::Integer),
    silent("packet_size", K::Text), silent("packet_size_rate", K::Text), silent("injection_process", K::Text),
    silent("burst_alpha", K::Real), silent("burst_beta", K::Real), silent("burst_r1", K::Real),
    silent("batch_size", K::Integer), silent("batch_count", K::Integer),
    silent("max_outstanding_requests", K::Integer), silent("use_read_write", K::Text),
    silent("write_fraction", K::Text), silent("read_request_begin_vc", K::Integer),
    silent("read_request_end_vc", K::Integer), silent("write_request_begin_vc", K::Integer),
    silent("write_request_end_vc", K::Integer), silent("read_reply_begin_vc", K::Integer),
    silent("read_reply_end_vc", K::Integer), silent("write_reply_begin_vc", K::Integer),
    silent("write_reply_end_vc", K::Integer), silent("read_request_subnet", K::Integer),
    silent("read_reply_subnet", K::Integer), silent("write_request_subnet", K::Integer),
    silent("write_reply_subnet", K::Integer), silent("read_request_size", K::Text),
    silent("write_request_size", K::Text), silent("read_reply_size", K::Text), silent("write_reply_size", K::Text),
    silent("sim_type", K::Text), silent("warmup_periods", K::Integer), silent("sample_period", K::Integer),
    silent("max_samples", K::Integer), silent("measure_stats", K::Text), silent("pair_stats", K::Integer),
    silent("latency_thres", K::Text), silent("warmup_thres", K::Text), silent("acc_warmup_thres", K::Text),
    silent("stopping_thres", K::Text), silent("acc_stopping_thres", K::Text), silent("sim_count", K::Integer),
    silent("include_queuing", K::Integer), silent("seed", K::Text), silent("print_activity", K::Integer),
    silent("print_csv_results", K::Integer), silent("deadlock_warn_timeout", K::Integer),
    silent("viewer_trace", K::Integer), silent("watch_file", K::Text), silent("watch_flits", K::Text),
    silent("watch_packets", K::Text), silent("watch_transactions", K::Text), silent("watch_out", K::Text),
    silent("stats_out", K::Text), silent("injected_flits_out", K::Text), silent("received_flits_out", K::Text),
    silent("stored_flits_out", K::Text), silent("sent_flits_out", K::Text),
    silent("outstanding_credits_out", K::Text), silent("ejected_flits_out", K::Text),
    silent("active_packets_out", K::Text), silent("used_credits_out", K::Text), silent("free_credits_out", K::Text),
    silent("max_credits_out", K::Text), silent("sent_packets_out", K::Text), silent("sim_power", K::Integer),
    silent("power_output_file", K::Text), silent("tech_file", K::Text), silent("channel_width", K::Integer),
    silent("channel_sweep", K::Integer), silent("enable_link_stats", K::Integer), silent("MATLAB_OUTPUT", K::Integer),
    silent("DISPLAY_LAT_DIST", K::Integer), silent("DISPLAY_HOP_DIST", K::Integer),
    silent("DISPLAY_PAIR_LATENCY", K::Integer), silent("H_INVD2", K::Integer), silent("W_INVD2", K::Integer),
    silent("H_DFQD1", K::Integer), silent("W_DFQD1", K::Integer), silent("H_ND2D1", K::Integer),
    silent("W_ND2D1", K::Integer), silent("H_SRAM", K::Integer), silent("W_SRAM", K::Integer),
    silent("Vdd", K::Real), silent("R", K::Real), silent("IoffSRAM", K::Real), silent("IoffP", K::Real),
    silent("IoffN", K::Real), silent("Cg_pwr", K::Real), silent("Cd_pwr", K::Real), silent("Cgdl", K::Real),
    silent("Cg", K::Real), silent("Cd", K::Real), silent("LAMBDA", K::Real), silent("MetalPitch", K::Real),
    silent("Rw", K::Real), silent("Cw_gnd", K::Real), silent("Cw_cpl", K::Real), silent("wire_length", K::Real),
};

bool is_space(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n'; }
bool is_key_char(char c) {
  return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_' || c == '-' ||
         c == '.' || c == '/' || c == '+';
}

class Scanner {
 public:
  explicit Scanner(const Source& src) : src_(src), text_(src.text()) {}

  /// Skips spaces and // comments; false at the end.
  bool more() {
    for (;;) {
      while (pos_ < text_.size() && is_space(text_[pos_])) ++pos_;
      if (text_.substr(pos_, 2) == "//") {
        while (pos_ < text_.size() && text_[pos_] != '\n') ++pos_;
        continue;
      }
      return pos_ < text_.size();
    }
  }
  [[nodiscard]] std::size_t pos() const noexcept { return pos_; }

  std::string_view key() {
    const std::size_t start = pos_;
    while (pos_ < text_.size() && is_key_char(text_[pos_])) ++pos_;
    if (pos_ == start) fail(start, fmt::format("expected a setting 'key = value;', got '{}'", text_[start]));
    return text_.substr(start, pos_ - start);
  }
  void expect(char c, std::string_view after) {
    if (!more() || text_[pos_] != c) {
      fail(pos_, fmt::format("expected '{}' {}", c, after));
    }
    ++pos_;
  }
  /// A value up to the ';' (a `{...}` list may hold anything but ';').
  std::string_view value() {
    if (!more()) fail(pos_, "expected a value");
    const std::size_t start = pos_;
    int depth = 0;
    while (pos_ < text_.size() && (depth > 0 || (text_[pos_] != ';' && !is_space(text_[pos_])))) {
      if (text_[pos_] == '{') ++depth;
      if (text_[pos_] == '}') --depth;
      if (text_.substr(pos_, 2) == "//" && depth == 0) break;
      ++pos_;
    }
    if (pos_ == start) fail(start, "expected a value");
    return text_.substr(start, pos_ - start);
  }
  [[noreturn]] void fail(std::size_t offset, std::string message) const {
    throw src_.error_at(offset, std::move(message));
  }

 private:
  const Source& src_;
  std::string_view text_;
  std::size_t pos_ = 0;
};

std::vector<std::string_view> names() {
  std::vector<std::string_view> out;
  for (const Spec& s : kSettings) out.push_back(s.name);
  return out;
}

}  // namespace

BooksimResult parse_booksim_config(const Source& src) {
  Scanner scan(src);
  BooksimState st;
  BooksimResult result;
  std::set<std::string_view> warned;
  std::set<std::string_view> seen;
  std::map<std::string_view, ir::SrcLoc> where;
  std::map<std::string_view, std::tuple<std::size_t, const Spec*, std::string_view, std::size_t>> last_unmodelled;
  const auto warn = [&](const Spec& o, std::string_view value, ir::SrcLoc at, bool by_default) {
    if (!warned.insert(o.name).second) return;
    Diagnostic d;
    d.severity = Severity::Warning;
    d.file = src.path();
    d.loc = at;
    d.message = by_default ? fmt::format("{} is {} by default (BookSim) and not modelled: {}", o.name, value, o.note)
                           : fmt::format("{} = {} is not modelled: {}", o.name, value, o.note);
    result.warnings.push_back(std::move(d));
  };
  while (scan.more()) {
    const std::size_t key_at = scan.pos();
    const std::string_view key = scan.key();
    scan.expect('=', fmt::format("after '{}'", key));
    const std::size_t value_at = (scan.more(), scan.pos());
    const std::string_view value = scan.value();
    scan.expect(';', fmt::format("after the value of '{}'", key));
    const Spec* o = find_option(std::span<const Spec>(kSettings), key);
    if (o == nullptr) scan.fail(key_at, fmt::format("unknown setting '{}'{}", key, did_you_mean(key, names())));
    try {
      check_kind(o->kind, value);
      if (o->apply != nullptr) o->apply(value, st);  // also `n`, which counts the ports
    } catch (const ValueError& e) {
      scan.fail(value_at + e.offset(), fmt::format("{}: {}", key, e.what()));
    }
    seen.insert(o->name);
    where[o->name] = src.locate(value_at);
    if (o->cls == OptionClass::Modelled) result.set.push_back(SetBy{o->fields, o->name, src.locate(value_at)});
    if (o->cls == OptionClass::Unmodelled) {  // the last setting counts
      auto [it, first] = last_unmodelled.try_emplace(o->name, std::make_tuple(last_unmodelled.size(), o, value, value_at));
      if (!first) it->second = std::make_tuple(std::get<0>(it->second), o, value, value_at);
    }
  }
  std::vector<std::tuple<std::size_t, const Spec*, std::string_view, std::size_t>> in_order;
  for (const auto& [name, u] : last_unmodelled) in_order.push_back(u);
  std::sort(in_order.begin(), in_order.end());
  for (const auto& [order, o, value, at] : in_order) {
    if (!is_neutral(o->kind, o->neutral, value)) warn(*o, value, src.locate(at), false);
  }
  for (const Spec& o : kSettings) {
    if (o.cls == OptionClass::Unmodelled && seen.count(o.name) == 0 && !o.gpgpusim_default.empty() &&
        !is_neutral(o.kind, o.neutral, o.gpgpusim_default)) {
      warn(o, o.gpgpusim_default, ir::SrcLoc{}, true);
    }
  }

  InterconnectConfig& n = result.interconnect;
  n.flit_bytes = static_cast<std::uint32_t>(st.flit_size);
  // A single router between two channels: injection channel, routing, VC
  // and switch allocation, switch traversal, output, ejection channel.
  n.latency = static_cast<std::uint32_t>(2 + st.routing_delay + st.vc_alloc_delay + st.sw_alloc_delay +
                                         st.st_prepare_delay + st.st_final_delay + st.output_delay +
                                         st.output_extra_latency);
  n.port_flits_per_cycle = 1;
  n.internal_speedup = st.internal_speedup;
  n.input_buffer_flits = static_cast<std::uint32_t>(st.input_buffer_size != 0 ? st.input_buffer_size : 9);
  n.output_buffer_flits =
      static_cast<std::uint32_t>(st.ejection_buffer_size != 0 ? st.ejection_buffer_size : st.vc_buf_size);
  if (st.sw_allocator == "islip") {
    n.arbitration = Arbitration::Islip;
  } else if (st.sw_allocator == "separable_input_first" || st.sw_allocator == "separable_output_first") {
    n.arbitration = Arbitration::RoundRobin;
  } else {
    n.arbitration = Arbitration::Islip;
    const Spec note = unmodelled("sw_allocator", K::Text, "islip", "",
                                 "lockstep arbitrates with iSLIP (or round robin for the separable allocators)");
    warn(note, st.sw_allocator, where["sw_allocator"], false);
  }
  n.arbitration_iterations = static_cast<std::uint32_t>(st.alloc_iters);
  n.subnets = static_cast<std::uint32_t>(st.subnets);
  std::uint64_t ports = 1;
  for (std::int64_t i = 0; i < st.n && ports <= (std::uint64_t{1} << 32); ++i) {
    ports *= static_cast<std::uint64_t>(st.k);
  }
  result.ports = ports;
  result.ports_loc = seen.count("k") != 0 ? where["k"] : ir::SrcLoc{};
  return result;
}

}  // namespace lockstep::sim::gpgpusim
