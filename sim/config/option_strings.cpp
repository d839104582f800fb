#include "sim/config/option_strings.hpp"

#include <fmt/format.h>

#include <charconv>
#include <cmath>
#include <limits>

namespace lockstep::sim::gpgpusim {
namespace {

/// A piece of a value with its offset in the whole value.
struct Piece {
  std::string_view text;
  std::size_t offset = 0;
};

/// Splits on `delim`; every piece (also empty ones) is returned.
std::vector<Piece> split(Piece p, char delim) {
  std::vector<Piece> out;
  std::size_t start = 0;
  for (;;) {
    const std::size_t end = p.text.find(delim, start);
    if (end == std::string_view::npos) {
      out.push_back(Piece{p.text.substr(start), p.offset + start});
      return out;
    }
    out.push_back(Piece{p.text.substr(start, end - start), p.offset + start});
    start = end + 1;
  }
}

/// Runs f(piece.text) and moves a ValueError's offset into the whole value.
template <class F>
auto at(const Piece& p, F&& f) {
  try {
    return f(p.text);
  } catch (const ValueError& e) {
    throw ValueError(p.offset + e.offset(), e.what());
  }
}

std::uint32_t u32(const Piece& p) {
  return at(p, [](std::string_view s) { return static_cast<std::uint32_t>(parse_unsigned(s)); });
}

std::string shown(std::string_view s) { return s.empty() ? std::string("nothing") : fmt::format("'{}'", s); }

/// One policy letter: its index in `letters`, else an error listing them.
std::size_t letter(const Piece& p, std::string_view what, std::string_view letters, std::string_view meanings) {
  if (p.text.size() == 1) {
    const std::size_t i = letters.find(p.text[0]);
    if (i != std::string_view::npos) return i;
  }
  throw ValueError(p.offset, fmt::format("unknown {} {} ({})", what, shown(p.text), meanings));
}

/// "expected WHAT, got N": `what` says how many of what.
[[noreturn]] void count_error(const Piece& whole, std::string_view what, std::size_t got) {
  throw ValueError(whole.offset, fmt::format("expected {}, got {}", what, got));
}

}  // namespace

std::uint64_t parse_unsigned(std::string_view s, std::uint64_t max) {
  if (s.empty()) throw ValueError(0, "expected a non-negative integer, got nothing");
  if (s[0] == '-') throw ValueError(0, fmt::format("expected a non-negative integer, got '{}'", s));
  int base = 10;
  std::size_t skip = 0;
  if (s.size() > 2 && s[0] == '0' && (s[1] == 'x' || s[1] == 'X')) {
    base = 16;
    skip = 2;
  } else if (s.size() > 1 && s[0] == '0') {
    base = 8;
    skip = 1;
  }
  std::uint64_t v = 0;
  const char* first = s.data() + skip;
  const char* last = s.data() + s.size();
  const auto r = std::from_chars(first, last, v, base);
  if (r.ec == std::errc::result_out_of_range) {
    throw ValueError(0, fmt::format("'{}' is out of range (at most {})", s, max));
  }
  if (r.ec != std::errc() || r.ptr != last) {
    if (base == 8) {
      throw ValueError(0, fmt::format("'{}' is not an octal number (a leading 0 means octal, as in GPGPU-Sim)", s));
    }
    throw ValueError(0, fmt::format("expected a non-negative integer, got '{}'", s));
  }
  if (v > max) throw ValueError(0, fmt::format("'{}' is out of range (at most {})", s, max));
  return v;
}

std::int64_t parse_signed(std::string_view s, std::int64_t min, std::int64_t max) {
  const bool negative = !s.empty() && s[0] == '-';
  std::uint64_t magnitude = 0;
  try {
    magnitude = parse_unsigned(negative ? s.substr(1) : s,
                               static_cast<std::uint64_t>(std::numeric_limits<std::int64_t>::max()));
  } catch (const ValueError& e) {
    const std::string why = e.what();
    if (why.rfind("expected", 0) == 0) throw ValueError(0, fmt::format("expected an integer, got {}", shown(s)));
    throw ValueError(0, why);  // octal or range: the reason stands
  }
  const std::int64_t v = negative ? -static_cast<std::int64_t>(magnitude) : static_cast<std::int64_t>(magnitude);
  if (v < min || v > max) throw ValueError(0, fmt::format("'{}' is out of range ({} .. {})", s, min, max));
  return v;
}

bool parse_flag(std::string_view s) {
  if (s == "0") return false;
  if (s == "1") return true;
  throw ValueError(0, fmt::format("expected 0 or 1, got {}", shown(s)));
}

double parse_real(std::string_view s) {
  double v = 0;
  const char* last = s.data() + s.size();
  const auto r = std::from_chars(s.data(), last, v, std::chars_format::general);
  if (s.empty() || r.ec != std::errc() || r.ptr != last || !std::isfinite(v)) {
    throw ValueError(0, fmt::format("expected a number, got {}", shown(s)));
  }
  return v;
}

CacheConfig parse_cache(std::string_view s, bool allow_none) {
  if (s == "none") {
    if (!allow_none) throw ValueError(0, "this cache cannot be disabled ('none' is for the L1 data cache only)");
    CacheConfig c;
    c.enabled = false;
    return c;
  }
  const std::vector<Piece> groups = split(Piece{s, 0}, ',');
  CacheConfig c;
  std::size_t g = 0;
  const auto next_group = [&](std::string_view what) -> const Piece& {
    if (g >= groups.size()) {
      throw ValueError(s.size(), fmt::format("missing {} (SETS:LINE:WAYS,REP:WR:ALLOC:WR_ALLOC:INDEX,MSHR:N:MERGE,MQ)", what));
    }
    return groups[g++];
  };
  constexpr std::string_view kRep = "L LRU, F FIFO";
  constexpr std::string_view kWrite =
      "R read-only, B write-back, T write-through, E write-evict, L local write-back/global write-through";
  constexpr std::string_view kAlloc = "m on miss, f on fill, s streaming";
  constexpr std::string_view kWriteAlloc = "N no write allocate, W write allocate, F fetch on write, L lazy fetch on read";
  constexpr std::string_view kIndex = "L linear, H Fermi hash, P IPOLY";

  // Geometry: [T:]SETS:LINE:WAYS, or 3.0's SETS:LINE:WAYS:REP:WR:ALLOC.
  std::vector<Piece> geo = split(next_group("the geometry"), ':');
  const bool typed = !geo[0].text.empty() && (geo[0].text[0] < '0' || geo[0].text[0] > '9');
  if (typed) {
    c.kind = static_cast<CacheKind>(letter(geo[0], "cache kind", "NS", "N normal, S sector"));
    geo.erase(geo.begin());
  }
  const auto set_policies = [&](const Piece& rep, const Piece& wr, const Piece& alloc) {
    c.replacement = static_cast<Replacement>(letter(rep, "replacement policy", "LF", kRep));
    c.write = static_cast<WritePolicy>(letter(wr, "write policy", "RBTEL", kWrite));
    c.allocation = static_cast<AllocPolicy>(letter(alloc, "allocation policy", "mfs", kAlloc));
  };
  if (!typed && geo.size() == 6) {  // GPGPU-Sim 3.0
    set_policies(geo[3], geo[4], geo[5]);
  } else if (geo.size() != 3) {
    throw ValueError(geo[0].offset, fmt::format("expected {}SETS:LINE:WAYS, got {}", typed ? "KIND:" : "",
                                                shown(groups[0].text)));
  }
  c.sets = u32(geo[0]);
  c.line_bytes = u32(geo[1]);
  c.ways = u32(geo[2]);

  if (typed || geo.size() == 3) {
    const Piece& pol_group = next_group("the policies");
    const std::vector<Piece> pol = split(pol_group, ':');
    if (pol.size() != 4 && pol.size() != 5) {
      throw ValueError(pol_group.offset,
                       fmt::format("expected REP:WR:ALLOC:WR_ALLOC[:INDEX], got {}", shown(pol_group.text)));
    }
    set_policies(pol[0], pol[1], pol[2]);
    c.write_allocation = static_cast<WriteAllocPolicy>(letter(pol[3], "write-allocate policy", "NWFL", kWriteAlloc));
    if (pol.size() == 5) {
      if (pol[4].text == "C") {
        throw ValueError(pol[4].offset,
                         "the custom set-index function 'C' is a GPGPU-Sim hook without a definition (" +
                             std::string(kIndex) + ")");
      }
      c.index = static_cast<SetIndex>(letter(pol[4], "set-index function", "LHP", kIndex));
    }
  }

  const Piece& mshr_group = next_group("the MSHR settings");
  const std::vector<Piece> mshr = split(mshr_group, ':');
  if (mshr.size() != 3) {
    throw ValueError(mshr_group.offset, fmt::format("expected MSHR:ENTRIES:MAX_MERGE, got {}", shown(mshr_group.text)));
  }
  c.mshr = static_cast<MshrKind>(letter(mshr[0], "MSHR kind", "ASFT",
                                        "A associative, S sector associative, F texture FIFO, T sector texture FIFO"));
  c.mshr_entries = u32(mshr[1]);
  c.mshr_max_merge = u32(mshr[2]);

  const Piece& mq_group = next_group("the miss queue size");
  const std::vector<Piece> mq = split(mq_group, ':');
  if (mq.size() > 2) throw ValueError(mq_group.offset, fmt::format("expected MQ[:FIFO], got {}", shown(mq_group.text)));
  c.miss_queue = u32(mq[0]);
  const bool fifo = c.mshr == MshrKind::TexFifo || c.mshr == MshrKind::SectorTexFifo;
  if (mq.size() == 2) {
    c.fifo_entries = u32(mq[1]);
  } else if (fifo) {
    throw ValueError(mq_group.offset + mq_group.text.size(),
                     "a texture-FIFO MSHR needs the result FIFO size (MQ:FIFO)");
  }
  if (g < groups.size()) c.data_port_bytes = u32(groups[g++]);
  if (g < groups.size()) {
    throw ValueError(groups[g].offset - 1, fmt::format("unexpected {} after the cache settings", shown(s.substr(groups[g].offset - 1))));
  }
  return c;
}

ClockDomains parse_clock_domains(std::string_view s) {
  const std::vector<Piece> f = split(Piece{s, 0}, ':');
  if (f.size() != 4) count_error(Piece{s, 0}, "4 clocks in MHz (CORE:ICNT:L2:DRAM)", f.size());
  std::array<double, 4> mhz{};
  for (std::size_t i = 0; i < 4; ++i) {
    mhz[i] = at(f[i], [](std::string_view t) { return parse_real(t); });
    if (mhz[i] <= 0) throw ValueError(f[i].offset, fmt::format("a clock must be above 0 MHz, got {}", shown(f[i].text)));
  }
  return ClockDomains{mhz[0], mhz[1], mhz[2], mhz[3]};
}

CorePipeline parse_core_pipeline(std::string_view s) {
  const std::vector<Piece> f = split(Piece{s, 0}, ':');
  if (f.size() != 2) throw ValueError(0, fmt::format("expected THREADS:WARP_SIZE, got {}", shown(s)));
  return CorePipeline{u32(f[0]), u32(f[1])};
}

void parse_pipeline_widths(std::string_view s, CoreConfig& core) {
  const std::vector<Piece> f = split(Piece{s, 0}, ',');
  if (f.size() != 7 && f.size() != 11 && f.size() != 13) {
    count_error(Piece{s, 0}, "7 (GPGPU-Sim 3), 11 or 13 (GPGPU-Sim 4) pipeline widths", f.size());
  }
  std::vector<std::uint32_t> w;
  for (const Piece& p : f) w.push_back(u32(p));
  UnitClassConfig* const all[] = {&core.sp, &core.dp, &core.integer, &core.sfu, &core.mem, &core.tensor};
  for (UnitClassConfig* u : all) u->id_oc_width = u->oc_ex_width = 0;
  if (w.size() == 7) {
    core.sp.id_oc_width = w[0];
    core.sfu.id_oc_width = w[1];
    core.mem.id_oc_width = w[2];
    core.sp.oc_ex_width = w[3];
    core.sfu.oc_ex_width = w[4];
    core.mem.oc_ex_width = w[5];
    core.writeback_width = w[6];
    return;
  }
  for (std::size_t i = 0; i < 5; ++i) {
    all[i]->id_oc_width = w[i];
    all[i]->oc_ex_width = w[5 + i];
  }
  core.writeback_width = w[10];
  if (w.size() == 13) {
    core.tensor.id_oc_width = w[11];
    core.tensor.oc_ex_width = w[12];
  }
}

std::vector<std::uint32_t> parse_uint_list(std::string_view s, std::size_t min_count, std::size_t max_count) {
  const std::vector<Piece> f = split(Piece{s, 0}, ',');
  if (f.size() < min_count || f.size() > max_count) {
    const std::string expected = min_count == max_count ? fmt::format("{} comma-separated values", min_count)
                                                        : fmt::format("{} or {} comma-separated values", min_count, max_count);
    count_error(Piece{s, 0}, expected, f.size());
  }
  std::vector<std::uint32_t> out;
  for (const Piece& p : f) out.push_back(u32(p));
  return out;
}

DramTiming parse_dram_timing(std::string_view s) {
  struct Param {
    std::string_view name;
    std::uint32_t DramTiming::*field;
    bool required;
  };
  // In GPGPU-Sim 3's positional order.
  constexpr std::array<Param, 14> params{{{"nbk", &DramTiming::banks, true},
                                          {"CCD", &DramTiming::ccd, true},
                                          {"RRD", &DramTiming::rrd, true},
                                          {"RCD", &DramTiming::rcd, true},
                                          {"RAS", &DramTiming::ras, true},
                                          {"RP", &DramTiming::rp, true},
                                          {"RC", &DramTiming::rc, true},
                                          {"CL", &DramTiming::cl, true},
                                          {"WL", &DramTiming::wl, true},
                                          {"CDLR", &DramTiming::cdlr, true},
                                          {"WR", &DramTiming::wr, true},
                                          {"nbkgrp", &DramTiming::bank_groups, false},
                                          {"CCDL", &DramTiming::ccdl, false},
                                          {"RTPL", &DramTiming::rtpl, false}}};
  DramTiming t;
  t.bank_groups = 1;
  t.ccdl = 0;
  t.rtpl = 0;
  if (s.find('=') == std::string_view::npos) {
    const std::vector<Piece> f = split(Piece{s, 0}, ':');
    if (f.size() != 11 && f.size() != 14) {
      count_error(Piece{s, 0},
                  "11 or 14 positional DRAM timings (nbk:CCD:RRD:RCD:RAS:RP:RC:CL:WL:CDLR:WR[:nbkgrp:CCDL:RTPL])",
                  f.size());
    }
    for (std::size_t i = 0; i < f.size(); ++i) t.*params[i].field = u32(f[i]);
    return t;
  }
  // Named: tokens separated by any of ":;= " alternate NAME VALUE.
  std::vector<Piece> tokens;
  for (std::size_t i = 0; i < s.size();) {
    if (std::string_view(":;= ").find(s[i]) != std::string_view::npos) {
      ++i;
      continue;
    }
    std::size_t j = i;
    while (j < s.size() && std::string_view(":;= ").find(s[j]) == std::string_view::npos) ++j;
    tokens.push_back(Piece{s.substr(i, j - i), i});
    i = j;
  }
  std::array<bool, 14> given{};
  for (std::size_t i = 0; i < tokens.size(); i += 2) {
    const Piece& name = tokens[i];
    std::size_t k = 0;
    while (k < params.size() && params[k].name != name.text) ++k;
    if (k == params.size()) {
      throw ValueError(name.offset, fmt::format("unknown DRAM timing parameter {} (nbk, CCD, RRD, RCD, RAS, RP, RC, CL, "
                                                "WL, CDLR, WR, nbkgrp, CCDL, RTPL)",
                                                shown(name.text)));
    }
    if (i + 1 >= tokens.size()) {
      throw ValueError(name.offset + name.text.size(), fmt::format("missing the value of {}", params[k].name));
    }
    t.*params[k].field = u32(tokens[i + 1]);
    given[k] = true;
  }
  for (std::size_t k = 0; k < params.size(); ++k) {
    if (params[k].required && !given[k]) {
      throw ValueError(s.size(), fmt::format("missing {}= (nbk, CCD, RRD, RCD, RAS, RP, RC, CL, WL, CDLR and WR are "
                                             "required)",
                                             params[k].name));
    }
  }
  return t;
}

std::array<AddrField, 64> parse_address_bits(std::string_view s) {
  std::array<AddrField, 64> bits{};
  int bit = 63;
  for (std::size_t i = 0; i < s.size(); ++i) {
    const char ch = s[i];
    if (ch == '.' || ch == '|' || ch == ' ') continue;
    AddrField f = AddrField::Unused;
    switch (ch) {
      case '0': f = AddrField::Unused; break;
      case 'D': case 'd': f = AddrField::Chip; break;
      case 'B': case 'b': f = AddrField::Bank; break;
      case 'R': case 'r': f = AddrField::Row; break;
      case 'C': case 'c': f = AddrField::Column; break;
      case 'S': case 's': f = AddrField::Burst; break;
      default:
        throw ValueError(i, fmt::format("invalid address mapping character '{}' (0 unused, D chip, B bank, R row, "
                                        "C column, S burst; '.', '|' and spaces separate)",
                                        ch));
    }
    if (bit < 0) throw ValueError(i, "the address map has more than 64 bits");
    bits[static_cast<std::size_t>(bit)] = f;
    --bit;
  }
  if (bit >= 0) {
    throw ValueError(s.size(), fmt::format("the address map has {} bits, it needs 64 (bit 63 first)", 63 - bit));
  }
  return bits;
}

AddressMapping parse_address_mapping(std::string_view s) {
  AddressMapping m;
  std::string_view map = s;
  std::size_t map_offset = 0;
  constexpr std::string_view kPrefix = "dramid@";
  if (s.substr(0, kPrefix.size()) == kPrefix) {
    const std::size_t semi = s.find(';');
    if (semi == std::string_view::npos) throw ValueError(s.size(), "expected ';' after dramid@START");
    const Piece start{s.substr(kPrefix.size(), semi - kPrefix.size()), kPrefix.size()};
    m.chip_start_bit = static_cast<std::int32_t>(at(start, [](std::string_view t) { return parse_unsigned(t, 63); }));
    map = s.substr(semi + 1);
    map_offset = semi + 1;
  }
  m.bits = at(Piece{map, map_offset}, [](std::string_view t) { return parse_address_bits(t); });
  if (m.chip_start_bit >= 0) {
    for (std::size_t i = 0; i < map.size(); ++i) {
      if (map[i] == 'D' || map[i] == 'd') {
        throw ValueError(map_offset + i, "a map with dramid@START must not name chip bits (D)");
      }
    }
  }
  return m;
}

std::string format_address_bits(const std::array<AddrField, 64>& bits) {
  constexpr std::array<char, 6> letters{'0', 'D', 'B', 'R', 'C', 'S'};
  std::string out;
  for (int bit = 63; bit >= 0; --bit) {
    out += letters[static_cast<std::size_t>(bits[static_cast<std::size_t>(bit)])];
    if (bit % 8 == 0 && bit != 0) out += '.';
  }
  return out;
}

AddressMapping address_mask_preset(std::uint64_t preset) {
  struct Preset {
    std::uint64_t number;
    std::int32_t chip_start;
    std::uint64_t bank, row, col;
  };
  // GPGPU-Sim's -gpgpu_mem_address_mask presets (its addrdec.cc), as masks.
  constexpr std::array<Preset, 13> presets{{{0, 10, 0x300, 0x7FFE000, 0x1CFF},
                                           {1, 13, 0x1800, 0x7FFE000, 0x7FF},
                                           {2, 11, 0x1800, 0x7FFE000, 0x7FF},
                                           {3, 11, 0x1800, 0xFFFE000, 0x7FF},
                                           {5, 5, 0x1800, 0x7FFE000, 0x7FF},
                                           {6, 6, 0x1800, 0x7FFE000, 0x7FF},
                                           {14, 14, 0x1800, 0x7FFE000, 0x7FF},
                                           {15, 15, 0x1800, 0x7FFE000, 0x7FF},
                                           {16, 16, 0x1800, 0x7FFE000, 0x7FF},
                                           {100, 1, 0x3, 0x7FFE000, 0x1FFC},
                                           {103, 3, 0x3, 0x7FFE000, 0x1FFC},
                                           {106, 6, 0x1800, 0x7FFE000, 0x7FF},
                                           {160, 6, 0x300, 0x7FFE000, 0x1CFF}}};
  for (const Preset& p : presets) {
    if (p.number != preset) continue;
    AddressMapping m;
    m.chip_start_bit = p.chip_start;
    for (std::size_t i = 0; i < 64; ++i) {
      const std::uint64_t b = std::uint64_t{1} << i;
      m.bits[i] = (p.bank & b) != 0 ? AddrField::Bank
                  : (p.row & b) != 0 ? AddrField::Row
                  : (p.col & b) != 0 ? AddrField::Column
                                     : AddrField::Unused;
    }
    return m;
  }
  throw ValueError(0, fmt::format("no address mask preset {} (0, 1, 2, 3, 5, 6, 14, 15, 16, 100, 103, 106, 160)", preset));
}

void parse_scheduler(std::string_view s, SchedulerConfig& out) {
  out.two_level_active = 0;
  out.two_level_inner = WarpOrder::Lrr;
  out.two_level_outer = WarpOrder::Lrr;
  if (s == "lrr") {
    out.policy = WarpScheduler::Lrr;
  } else if (s == "gto") {
    out.policy = WarpScheduler::Gto;
  } else if (s == "glrr") {
    out.policy = WarpScheduler::Glrr;
  } else if (s == "old" || s == "oldest") {
    out.policy = WarpScheduler::Oldest;
  } else if (s.substr(0, 17) == "two_level_active:") {
    const std::vector<Piece> f = split(Piece{s.substr(17), 17}, ':');
    if (f.size() != 3) {
      throw ValueError(17, fmt::format("expected two_level_active:ACTIVE_WARPS:INNER:OUTER, got {}", shown(s)));
    }
    out.policy = WarpScheduler::TwoLevel;
    out.two_level_active = u32(f[0]);
    const auto order = [](const Piece& p) {
      return static_cast<WarpOrder>(at(p, [](std::string_view t) { return parse_unsigned(t, 6); }));
    };
    out.two_level_inner = order(f[1]);
    out.two_level_outer = order(f[2]);
  } else if (s.substr(0, 13) == "warp_limiting") {
    throw ValueError(0, "the warp-limiting scheduler is not modelled (lrr, gto, glrr, old, "
                        "two_level_active:ACTIVE:INNER:OUTER)");
  } else {
    throw ValueError(0, fmt::format("unknown scheduler {} (lrr, gto, glrr, old, two_level_active:ACTIVE:INNER:OUTER)",
                                    shown(s)));
  }
}

PartitionQueues parse_partition_queues(std::string_view s) {
  const std::vector<Piece> f = split(Piece{s, 0}, ':');
  if (f.size() != 4) count_error(Piece{s, 0}, "4 queue sizes (ICNT_TO_L2:L2_TO_DRAM:DRAM_TO_L2:L2_TO_ICNT)", f.size());
  return PartitionQueues{u32(f[0]), u32(f[1]), u32(f[2]), u32(f[3])};
}

}  // namespace lockstep::sim::gpgpusim
