// The `[[buffer]]` tables of a launch spec: name, type, count, init.
#include <fmt/format.h>

#include "semantics/spec/parse_parts.hpp"

namespace lockstep::sem::spec_detail {
namespace {

constexpr std::uint64_t kMaxBufferBytes = std::uint64_t{1} << 30;  // 1 GiB

BufferSpec parse_buffer(const TomlReader& r, const toml::node& node, const std::string& path,
                        const std::filesystem::path& base_dir, const LaunchSpec& s) {
  const toml::table& t = r.table(node, path);
  const ir::SrcLoc at = TomlReader::loc(node);
  r.check_keys(t, path, {"name", "type", "count", "init", "min", "max"});
  BufferSpec b;
  b.loc = at;

  const std::string name_path = member_path(path, "name");
  const toml::node& name_node = r.require(t, "name", path, at);
  b.name = r.string(name_node, name_path);
  if (!is_identifier(b.name)) {
    r.fail(name_node, name_path,
           fmt::format("'{}' is not an identifier (letters, digits and '_', not starting with a digit)", b.name));
  }
  if (const auto dup = s.find_buffer(b.name)) {
    const ir::SrcLoc first = s.buffers[*dup].loc;
    r.fail(name_node, name_path,
           fmt::format("duplicate buffer name '{}' (first defined at {}:{})", b.name, first.line, first.col));
  }

  const std::string type_path = member_path(path, "type");
  const toml::node& type_node = r.require(t, "type", path, at);
  const std::string& type_name = r.string(type_node, type_path);
  const auto type = parse_element_type(type_name);
  if (!type) {
    r.fail(type_node, type_path, fmt::format("unknown type '{}' (expected one of {})", type_name, element_type_list()));
  }
  b.type = *type;

  const toml::node* count_node = t.get("count");
  if (count_node != nullptr) {
    const std::string count_path = member_path(path, "count");
    const std::int64_t c = r.integer(*count_node, count_path);
    if (c < 1) r.fail(*count_node, count_path, fmt::format("must be a positive integer, got {}", c));
    const std::uint64_t bytes = static_cast<std::uint64_t>(c) * ir::byte_width(b.type);
    if (static_cast<std::uint64_t>(c) > kMaxBufferBytes || bytes > kMaxBufferBytes) {
      r.fail(*count_node, count_path,
             fmt::format("{} elements of {} exceed the limit of 1 GiB per buffer", c, ir::type_name(b.type)));
    }
    b.count = static_cast<std::size_t>(c);
  }
  const toml::node* init = t.get("init");
  if (init != nullptr && init->is_string() && init->as_string()->get() == "symbolic") {
    if (count_node == nullptr) r.fail(at, path, "missing required key 'count' (needed with init = \"symbolic\")");
    b.symbolic = true;
    b.range = parse_range(r, t, path, b.type);
    b.bytes.assign(b.count * ir::byte_width(b.type), 0);
    return b;
  }
  reject_range(r, t, path, "only a symbolic buffer (init = \"symbolic\") takes a range");
  b.bytes = parse_init(r, init, member_path(path, "init"), b.type, b.count, count_node != nullptr, at, path, base_dir);
  return b;
}

}  // namespace

bool is_identifier(std::string_view s) {
  if (s.empty() || (s[0] >= '0' && s[0] <= '9')) return false;
  for (char c : s) {
    const bool ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
    if (!ok) return false;
  }
  return true;
}

void parse_buffers(const TomlReader& r, const toml::table& root, const std::filesystem::path& base_dir, LaunchSpec& s) {
  const toml::node* n = root.get("buffer");
  if (n == nullptr) return;
  const auto* arr = n->as_array();
  if (arr == nullptr) {
    r.fail(*n, "buffer", fmt::format("expected [[buffer]] tables, got {}", node_kind(*n)));
  }
  for (std::size_t i = 0; i < arr->size(); ++i) {
    s.buffers.push_back(parse_buffer(r, *arr->get(i), index_path("buffer", i), base_dir, s));
  }
}

std::string buffer_hint(const LaunchSpec& s, std::string_view name) {
  std::vector<std::string_view> names;
  names.reserve(s.buffers.size());
  for (const auto& b : s.buffers) names.emplace_back(b.name);
  return did_you_mean(name, names);
}

}  // namespace lockstep::sem::spec_detail
