// Variable declarations and their initialisers.
//
//   {linkage} .space {.align N} {.vN} .type name{[d]...} { = init}
//
// Initialisers are printed from the exact bytes of Variable::init, one
// value per element of the declared type: integers in decimal (signed types
// sign-extended), f32 as 0fXXXXXXXX, f64 as 0dXXXXXXXXXXXXXXXX. An element
// that holds a relocation prints as `generic(sym)+off` or `sym+off`.
// Vector elements and inner array dimensions are nested brace lists; a
// one-dimensional array drops trailing zero elements, as nvcc does (PTX fills
// the rest with zeros).
#include <algorithm>
#include <cstdint>

#include "frontend/ptx/printer_parts.hpp"

namespace lockstep::ptx::printer {
namespace {

auto sink(Out& out) { return std::back_inserter(out); }

/// Prints the values of one variable's initialiser.
class InitPrinter {
 public:
  InitPrinter(Out& out, const ir::Module& module, const ir::Variable& var)
      : out_(out), module_(module), var_(var), unit_(ir::byte_width(var.type)) {}

  void print() {
    if (unit_ == 0) {
      put(out_, "0");
      return;
    }
    const std::uint64_t units = var_.init.size() / unit_;
    if (var_.dims.empty()) {
      element(0);
      return;
    }
    if (var_.dims.size() == 1) {
      // One dimension: `[]` takes its length from the list, so keep it whole.
      std::uint64_t count = units / var_.vec;
      if (var_.dims[0] != 0) count = std::min(count, last_nonzero_element() + 1);
      list(0, std::max<std::uint64_t>(count, 1), 1);
      return;
    }
    nested(0, 0);
  }

 private:
  /// Elements [first, first+count) as a brace list.
  void list(std::uint64_t first, std::uint64_t count, std::uint64_t stride) {
    out_.push_back('{');
    for (std::uint64_t i = 0; i < count; ++i) {
      if (i != 0) put(out_, ", ");
      element((first + i) * stride);
    }
    out_.push_back('}');
  }

  /// Dimension `level` of a multi-dimensional array starting at element `first`.
  void nested(std::size_t level, std::uint64_t first) {
    std::uint64_t inner = 1;
    for (std::size_t d = level + 1; d < var_.dims.size(); ++d) inner *= var_.dims[d];
    out_.push_back('{');
    for (std::uint64_t i = 0; i < var_.dims[level]; ++i) {
      if (i != 0) put(out_, ", ");
      if (level + 1 == var_.dims.size()) {
        element(first + i);
      } else {
        nested(level + 1, first + i * inner);
      }
    }
    out_.push_back('}');
  }

  /// Element `index` (a value, or a brace list for vector elements).
  void element(std::uint64_t index) {
    const std::uint64_t base = index * var_.vec * unit_;
    if (var_.vec == 1) {
      value(base);
      return;
    }
    out_.push_back('{');
    for (unsigned c = 0; c < var_.vec; ++c) {
      if (c != 0) put(out_, ", ");
      value(base + c * unit_);
    }
    out_.push_back('}');
  }

  [[nodiscard]] const ir::Relocation* relocation_at(std::uint64_t offset) const {
    for (const auto& r : var_.relocations) {
      if (r.byte_offset == offset) return &r;
    }
    return nullptr;
  }

  [[nodiscard]] std::uint64_t bits_at(std::uint64_t offset) const {
    std::uint64_t v = 0;
    const auto width = std::min<std::uint64_t>(unit_, 8);
    for (std::uint64_t i = 0; i < width && offset + i < var_.init.size(); ++i) {
      v |= static_cast<std::uint64_t>(var_.init[offset + i]) << (8 * i);
    }
    return v;
  }

  /// Index of the last element with a nonzero byte or a relocation (0 if none).
  [[nodiscard]] std::uint64_t last_nonzero_element() const {
    const std::uint64_t element_bytes = std::uint64_t{unit_} * var_.vec;
    std::uint64_t last = 0;
    for (std::uint64_t i = var_.init.size(); i > 0; --i) {
      if (var_.init[i - 1] != 0) {
        last = (i - 1) / element_bytes;
        break;
      }
    }
    for (const auto& r : var_.relocations) last = std::max(last, r.byte_offset / element_bytes);
    return last;
  }

  void value(std::uint64_t offset) {
    if (const auto* r = relocation_at(offset)) {
      const std::string_view name = r->var < module_.globals.size()
                                        ? std::string_view{module_.globals[r->var].name}
                                        : std::string_view{"<bad-global>"};
      if (r->generic) {
        fmt::format_to(sink(out_), "generic({})", name);
      } else {
        put(out_, name);
      }
      if (r->addend != 0) fmt::format_to(sink(out_), "+{}", r->addend);
      return;
    }
    const std::uint64_t bits = bits_at(offset);
    switch (var_.type) {
      case ir::Type::F32:
        fmt::format_to(sink(out_), "0f{:08X}", bits);
        return;
      case ir::Type::F64:
        fmt::format_to(sink(out_), "0d{:016X}", bits);
        return;
      default:
        break;
    }
    if (ir::is_signed(var_.type)) {
      const unsigned shift = 64 - 8 * unit_;
      const auto v = static_cast<std::int64_t>(bits << shift) >> shift;
      fmt::format_to(sink(out_), "{}", v);
    } else {
      fmt::format_to(sink(out_), "{}", bits);
    }
  }

  Out& out_;
  const ir::Module& module_;
  const ir::Variable& var_;
  unsigned unit_;
};

}  // namespace

std::string_view linkage_name(ir::Linkage l) noexcept {
  switch (l) {
    case ir::Linkage::Visible: return "visible";
    case ir::Linkage::Extern: return "extern";
    case ir::Linkage::Weak: return "weak";
    case ir::Linkage::Common: return "common";
    case ir::Linkage::None: break;
  }
  return "";
}

void print_variable(Out& out, const ir::Module& module, const ir::Variable& var,
                    std::string_view name) {
  if (var.linkage != ir::Linkage::None) fmt::format_to(sink(out), ".{} ", linkage_name(var.linkage));
  if (const auto space = ir::space_name(var.space); !space.empty()) {
    fmt::format_to(sink(out), ".{} ", space);
  }
  if (var.align != 0) fmt::format_to(sink(out), ".align {} ", var.align);
  if (var.vec > 1) fmt::format_to(sink(out), ".v{} ", var.vec);
  fmt::format_to(sink(out), ".{} {}", ir::type_name(var.type), name);
  for (const auto d : var.dims) {
    if (d == 0) {
      put(out, "[]");
    } else {
      fmt::format_to(sink(out), "[{}]", d);
    }
  }
  if (var.has_init) {
    put(out, " = ");
    InitPrinter(out, module, var).print();
  }
}

}  // namespace lockstep::ptx::printer
