// The launch-spec parser's entry points and its top-level keys: kernel,
// grid, block, shared_bytes, registers, cooperative. Buffers, params, constants and expectations are
// parsed by the files beside this one (parse_parts.hpp).
#include <fmt/format.h>

#include "frontend/source.hpp"
#include "semantics/spec/launch_spec.hpp"
#include "semantics/spec/parse_parts.hpp"

namespace lockstep::sem {
namespace {

using spec_detail::TomlReader;
using spec_detail::node_kind;

constexpr std::uint32_t kMaxBlockThreads = 1024;
constexpr std::uint32_t kMaxSharedBytes = 228U * 1024U;

/// grid or block: 1..3 positive integers, each at most limits[i].
std::array<std::uint32_t, 3> parse_dims(const TomlReader& r, const toml::table& root, std::string_view key,
                                        const std::array<std::int64_t, 3>& limits) {
  const std::string path(key);
  const toml::node& n = r.require(root, key, "", ir::SrcLoc{});
  const auto* arr = n.as_array();
  if (arr == nullptr) {
    r.fail(n, path, fmt::format("expected an array of 1 to 3 positive integers, got {}", spec_detail::node_kind(n)));
  }
  if (arr->empty() || arr->size() > 3) {
    r.fail(n, path, fmt::format("expected 1 to 3 dimensions, got {}", arr->size()));
  }
  std::array<std::uint32_t, 3> dims{1, 1, 1};
  for (std::size_t i = 0; i < arr->size(); ++i) {
    const std::string ipath = spec_detail::index_path(path, i);
    const toml::node& e = *arr->get(i);
    const std::int64_t v = r.integer(e, ipath);
    if (v < 1) r.fail(e, ipath, fmt::format("must be a positive integer, got {}", v));
    if (v > limits[i]) r.fail(e, ipath, fmt::format("{} exceeds the limit of {}", v, limits[i]));
    dims[i] = static_cast<std::uint32_t>(v);
  }
  return dims;
}

void parse_kernel(const TomlReader& r, const toml::table& root, LaunchSpec& s) {
  const toml::node* n = root.get("kernel");
  if (n == nullptr) return;
  const std::string& name = r.string(*n, "kernel");
  if (name.empty()) r.fail(*n, "kernel", "must not be empty");
  s.kernel = name;
  s.kernel_loc = TomlReader::loc(*n);
}

void parse_shared(const TomlReader& r, const toml::table& root, LaunchSpec& s) {
  const toml::node* n = root.get("shared_bytes");
  if (n == nullptr) return;
  const std::int64_t v = r.integer(*n, "shared_bytes");
  if (v < 0) r.fail(*n, "shared_bytes", fmt::format("must not be negative, got {}", v));
  if (v > kMaxSharedBytes) {
    r.fail(*n, "shared_bytes", fmt::format("{} exceeds the limit of {} (228 KiB)", v, kMaxSharedBytes));
  }
  s.shared_bytes = static_cast<std::uint32_t>(v);
}

void parse_registers(const TomlReader& r, const toml::table& root, LaunchSpec& s) {
  const toml::node* n = root.get("registers");
  if (n == nullptr) return;
  const std::int64_t v = r.integer(*n, "registers");
  if (v < 1 || v > 255) r.fail(*n, "registers", fmt::format("must be 1 to 255 registers per thread, got {}", v));
  s.registers = static_cast<std::uint32_t>(v);
}

void parse_cooperative(const TomlReader& r, const toml::table& root, LaunchSpec& s) {
  const toml::node* n = root.get("cooperative");
  if (n == nullptr) return;
  const auto* b = n->as_boolean();
  if (b == nullptr) r.fail(*n, "cooperative", fmt::format("expected true or false, got {}", node_kind(*n)));
  s.cooperative = b->get();
  s.cooperative_loc = TomlReader::loc(*n);
}

}  // namespace

std::optional<std::size_t> LaunchSpec::find_buffer(std::string_view name) const noexcept {
  for (std::size_t i = 0; i < buffers.size(); ++i) {
    if (buffers[i].name == name) return i;
  }
  return std::nullopt;
}

InputError LaunchSpec::error_at(ir::SrcLoc loc, std::string message) const {
  Diagnostic d;
  d.file = path;
  d.loc = loc;
  d.message = std::move(message);
  return InputError(std::move(d));
}

LaunchSpec parse_launch_spec(std::string_view text, const std::string& path_for_messages,
                             const std::filesystem::path& base_dir) {
  const toml::table root = parse_toml_text(text, path_for_messages);
  const TomlReader r(path_for_messages, text);
  r.check_keys(root, "", {"kernel", "grid", "block", "shared_bytes", "registers", "cooperative", "params", "buffer",
                          "constants", "expect"});
  LaunchSpec s;
  s.path = path_for_messages;
  parse_kernel(r, root, s);
  s.grid = parse_dims(r, root, "grid", {2147483647, 65535, 65535});
  s.block = parse_dims(r, root, "block", {1024, 1024, 64});
  const std::uint64_t threads = std::uint64_t{s.block[0]} * s.block[1] * s.block[2];
  if (threads > kMaxBlockThreads) {
    r.fail(*root.get("block"), "block",
           fmt::format("{} x {} x {} = {} threads exceed the limit of {} per block", s.block[0], s.block[1], s.block[2],
                       threads, kMaxBlockThreads));
  }
  parse_shared(r, root, s);
  parse_registers(r, root, s);
  parse_cooperative(r, root, s);
  spec_detail::parse_buffers(r, root, base_dir, s);
  spec_detail::parse_params(r, root, s);
  spec_detail::parse_constants(r, root, s);
  spec_detail::parse_expect(r, root, s);
  return s;
}

LaunchSpec parse_launch_spec_file(const std::filesystem::path& file) {
  const Source src = Source::read_file(file.string());
  std::filesystem::path dir = file.parent_path();
  if (dir.empty()) dir = ".";
  return parse_launch_spec(src.text(), file.string(), dir);
}

}  // namespace lockstep::sem
