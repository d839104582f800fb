#include "semantics/memory/memory_fault.hpp"

#include <fmt/format.h>

#include <utility>

namespace lockstep::sem {

const char* fault_kind_name(FaultKind k) noexcept {
  switch (k) {
    case FaultKind::OutOfBounds: return "out of bounds";
    case FaultKind::Misaligned: return "misaligned";
    case FaultKind::ReadOnly: return "write to read-only space";
    case FaultKind::Null: return "null address";
    case FaultKind::Unmapped: return "unmapped address";
    case FaultKind::WrongSpace: return "wrong space";
  }
  return "fault";
}

const char* access_kind_name(AccessKind k) noexcept {
  switch (k) {
    case AccessKind::Read: return "read";
    case AccessKind::Write: return "write";
    case AccessKind::Atomic: return "atomic";
  }
  return "access";
}

MemoryFault::MemoryFault(FaultKind kind, ir::Space space, std::uint64_t address, std::uint64_t size,
                         AccessKind access, std::string detail)
    : kind_(kind), space_(space), address_(address), size_(size), access_(access),
      detail_(std::move(detail)) {
  compose();
}

void MemoryFault::set_generic(std::uint64_t generic) {
  generic_ = generic;
  compose();
}

void MemoryFault::add_context(const std::string& context) {
  context_ = context_.empty() ? context : context + ": " + context_;
  compose();
}

void MemoryFault::compose() {
  const std::string where =
      space_ == ir::Space::Global
          ? fmt::format(".global address {:#x}", address_)
          : fmt::format(".{} offset {:#x}", ir::space_name(space_), address_);
  std::string at = generic_ && space_ != ir::Space::Global
                       ? fmt::format("generic address {:#x} ({})", *generic_, where)
                       : (generic_ ? fmt::format("generic address {:#x}", *generic_) : where);
  message_ = fmt::format("memory fault ({}): {}-byte {} at {}: {}", fault_kind_name(kind_), size_,
                         access_kind_name(access_), at, detail_);
  if (!context_.empty()) message_ = context_ + ": " + message_;
}

}  // namespace lockstep::sem
