#include "semantics/launch/tm_protocol.hpp"

#include <charconv>

#include <fmt/format.h>

namespace lockstep::sem {
namespace {

constexpr std::uint32_t kMaxUnits = 8;
constexpr std::uint32_t kMaxTable = 4096;
constexpr std::uint32_t kMaxArrays = 8;
constexpr std::uint32_t kMaxBuckets = 65536;

std::optional<std::uint32_t> number(std::string_view s) {
  std::uint32_t v = 0;
  const auto [p, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
  if (ec != std::errc{} || p != s.data() + s.size() || s.empty()) return std::nullopt;
  return v;
}

/// "AxB" into a and b.
bool pair(std::string_view s, std::uint32_t& a, std::uint32_t& b) {
  const auto x = s.find('x');
  if (x == std::string_view::npos) return false;
  const auto l = number(s.substr(0, x));
  const auto r = number(s.substr(x + 1));
  if (!l || !r) return false;
  a = *l;
  b = *r;
  return true;
}

}  // namespace

std::string_view tm_protocol_name(TmProtocol p) noexcept {
  switch (p) {
    case TmProtocol::Ideal: return "ideal";
    case TmProtocol::KiloTm: return "kilotm";
    case TmProtocol::KiloTmTcd: return "kilotm+tcd";
    case TmProtocol::WarpTm: return "warptm";
  }
  return "ideal";
}

std::optional<TmProtocol> parse_tm_protocol(std::string_view s) noexcept {
  for (const TmProtocol p : {TmProtocol::Ideal, TmProtocol::KiloTm, TmProtocol::KiloTmTcd, TmProtocol::WarpTm}) {
    if (s == tm_protocol_name(p)) return p;
  }
  return std::nullopt;
}

TmProtocolParse parse_tm_protocol_spec(std::string_view s) {
  TmProtocolParse r;
  TmProtocolConfig c;
  const auto comma = s.find(',');
  const std::string_view name = s.substr(0, comma);
  const auto kind = parse_tm_protocol(name);
  if (!kind) {
    r.error = fmt::format("unknown protocol '{}' (ideal, kilotm, kilotm+tcd, warptm)", name);
    return r;
  }
  c.kind = *kind;
  std::string_view rest = comma == std::string_view::npos ? std::string_view{} : s.substr(comma + 1);
  while (comma != std::string_view::npos) {
    const auto next = rest.find(',');
    const std::string_view item = rest.substr(0, next);
    if (c.kind == TmProtocol::Ideal) {
      r.error = fmt::format("'{}': the ideal commit has no commit units to configure", item);
      return r;
    }
    if (item.starts_with("units=")) {
      const auto n = number(item.substr(6));
      if (!n || *n == 0 || *n > kMaxUnits) {
        r.error = fmt::format("'{}': the commit units are a number from 1 to {}", item, kMaxUnits);
        return r;
      }
      c.partitions = *n;
    } else if (item.starts_with("lwh=")) {
      const std::string_view v = item.substr(4);
      const auto slash = v.find('/');
      LwhConfig l;
      if (slash == std::string_view::npos || !pair(v.substr(0, slash), l.sets, l.ways) ||
          !pair(v.substr(slash + 1), l.buckets, l.subarrays)) {
        r.error = fmt::format("'{}': the last-writer history is lwh=SETSxWAYS/BUCKETSxARRAYS (e.g. lwh=128x4/256x4)",
                              item);
        return r;
      }
      if (std::uint64_t{l.sets} * l.ways > kMaxTable || l.subarrays > kMaxArrays || l.buckets > kMaxBuckets ||
          l.buckets == 0 || l.subarrays == 0) {
        r.error = fmt::format("'{}': at most {} lookup-table entries (0x0: none), and 1 to {} filter arrays of 1 to "
                              "{} buckets (the filter keeps what the table evicts)",
                              item, kMaxTable, kMaxArrays, kMaxBuckets);
        return r;
      }
      c.lwh = l;
    } else if (item.starts_with("resolution=") && c.kind == TmProtocol::WarpTm) {
      const std::string_view v = item.substr(11);
      if (v != "2pcr" && v != "scr") {
        r.error = fmt::format("'{}': the intra-warp resolution is 2pcr or scr", item);
        return r;
      }
      c.use_scr = v == "scr";
    } else {
      r.error = fmt::format("'{}': unknown setting (units=N, lwh=SETSxWAYS/BUCKETSxARRAYS{})", item,
                            c.kind == TmProtocol::WarpTm ? ", resolution=2pcr|scr" : "");
      return r;
    }
    if (next == std::string_view::npos) break;
    rest = rest.substr(next + 1);
  }
  r.config = c;
  return r;
}

std::string tm_protocol_spec(const TmProtocolConfig& c) {
  std::string s(tm_protocol_name(c.kind));
  if (!c.units()) return s;
  const TmProtocolConfig d;
  if (c.partitions != d.partitions) s += fmt::format(",units={}", c.partitions);
  if (!(c.lwh == d.lwh)) {
    s += fmt::format(",lwh={}x{}/{}x{}", c.lwh.sets, c.lwh.ways, c.lwh.buckets, c.lwh.subarrays);
  }
  if (c.use_scr) s += ",resolution=scr";
  return s;
}

}  // namespace lockstep::sem
