// Where every variable of one kernel launch lives.
//
// MemoryLayout places, for one kernel of a module:
//
// - module .global variables (and kernel-scope .global ones): each its own
//   region of GlobalMemory (named after the variable, aligned to its
//   alignment), with its initialiser bytes and relocations written;
// - module and kernel .const variables: at offsets in one .const image
//   (at most 64 KiB, the size of a constant bank; the image is exactly as
//   large as the variables need), with initialisers and relocations;
// - .shared variables of the kernel and the module-scope .shared variables
//   the kernel (or a relocation) names: at offsets in each block's .shared
//   space, module-scope ones first, each in declaration order and aligned
//   to its alignment. Unsized arrays (`.extern .shared .b8 x[]`, dims {0})
//   all share one base after the static ones, aligned to max(16, their
//   alignment), and get the launch's dynamic shared size (as in CUDA). The
//   shared size is that base plus the dynamic size when there is an unsized
//   array or dynamic shared memory, else the end of the static variables;
// - .local variables of the kernel, the call-sequence .param variables
//   (`param0`, `retval0`: .param variables that are not entry parameters)
//   and module-scope .local variables the kernel names: at offsets in each
//   thread's .local space (local size = their aligned total);
// - the entry parameters (ir::Kernel::params, in order): at offsets in the
//   .param space per the PTX ABI, each aligned to its alignment.
//
// Relocations (`.global .u64 p = generic(x)`) store the address of another
// module variable plus the addend: its generic address for generic(x), else
// its address in its own space, as many bytes as the variable's element.
// The launch state answers LaneEnv::symbol_address/symbol_space from here.
#pragma once

#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

#include "frontend/ir/module.hpp"
#include "semantics/memory/address_map.hpp"
#include "semantics/memory/global_memory.hpp"
#include "semantics/memory/space_memory.hpp"

namespace lockstep::sem {

/// A variable's storage.
struct Placement {
  ir::Space space = ir::Space::None;  ///< Global, Shared, Local, Const, Param; None = not placed
  std::uint64_t address = 0;          ///< global address, or offset in the space
  std::uint64_t size = 0;
  [[nodiscard]] bool placed() const noexcept { return space != ir::Space::None; }
};

class LayoutError : public std::runtime_error {
 public:
  explicit LayoutError(const std::string& what) : std::runtime_error(what) {}
};

class MemoryLayout {
 public:
  static constexpr std::uint64_t kConstBankBytes = 64 * 1024;

  /// Places every variable; allocates and initialises the global ones in
  /// `global`. `module` and `kernel` must outlive the layout.
  MemoryLayout(const ir::Module& module, const ir::Kernel& kernel, GlobalMemory& global,
               const AddressMap& map, std::uint64_t dynamic_shared_bytes);

  [[nodiscard]] const ir::Module& module() const noexcept { return *module_; }
  [[nodiscard]] const ir::Kernel& kernel() const noexcept { return *kernel_; }
  [[nodiscard]] const AddressMap& map() const noexcept { return map_; }

  [[nodiscard]] const ir::Variable& variable(ir::SymScope scope, std::uint32_t var) const;
  /// The placement of a variable (space None when it was not placed).
  [[nodiscard]] const Placement& placement(ir::SymScope scope, std::uint32_t var) const;
  /// Address of a variable in its storage space (throws LayoutError when the
  /// variable has no storage, e.g. a .tex variable).
  [[nodiscard]] std::uint64_t symbol_address(ir::SymScope scope, std::uint32_t var) const;
  /// The storage space: Global, Shared, Local (also for call-sequence .param
  /// variables), Const or Param (entry parameters).
  [[nodiscard]] ir::Space symbol_space(ir::SymScope scope, std::uint32_t var) const;

  [[nodiscard]] std::uint64_t shared_size() const noexcept { return shared_size_; }
  [[nodiscard]] std::uint64_t static_shared_size() const noexcept { return static_shared_; }
  [[nodiscard]] std::uint64_t dynamic_shared_base() const noexcept { return dynamic_base_; }
  [[nodiscard]] std::uint64_t dynamic_shared_size() const noexcept { return dynamic_shared_; }
  [[nodiscard]] std::uint64_t local_size() const noexcept { return local_template_.size(); }
  [[nodiscard]] std::uint64_t param_size() const noexcept { return param_size_; }
  /// Offset of entry parameter i (index into Kernel::params) in the .param space.
  [[nodiscard]] std::uint64_t param_offset(std::size_t i) const { return param_offsets_.at(i); }

  /// The initialised .const image (read-only during the launch).
  [[nodiscard]] const SpaceMemory& const_image() const noexcept { return const_image_; }
  /// A fresh .shared space for one block, a .local space for one thread, and
  /// a zeroed .param image of param_size() bytes (the launch writes the
  /// argument values at param_offset(i)).
  [[nodiscard]] SpaceMemory new_shared() const { return shared_template_; }
  [[nodiscard]] SpaceMemory new_local() const { return local_template_; }
  [[nodiscard]] SpaceMemory new_params() const { return SpaceMemory(ir::Space::Param, param_size_); }

 private:
  void mark_referenced(std::vector<char>& used) const;
  void place_module(const std::vector<char>& used, GlobalMemory& global);
  void place_kernel(GlobalMemory& global);
  void place_params();
  void finish_shared(std::uint64_t dynamic_shared_bytes);
  void initialise(GlobalMemory& global);
  void initialise_one(const ir::Variable& v, const Placement& p, GlobalMemory& global);
  [[nodiscard]] Placement place_in(ir::Space space, const ir::Variable& v, GlobalMemory& global);

  const ir::Module* module_;
  const ir::Kernel* kernel_;
  AddressMap map_;
  std::vector<Placement> module_vars_;
  std::vector<Placement> kernel_vars_;
  std::vector<std::uint64_t> param_offsets_;
  std::vector<std::pair<ir::SymScope, std::uint32_t>> dynamic_vars_;
  std::uint64_t shared_end_ = 0;
  std::uint64_t local_end_ = 0;
  std::uint64_t const_end_ = 0;
  std::uint64_t static_shared_ = 0;
  std::uint64_t dynamic_base_ = 0;
  std::uint64_t dynamic_shared_ = 0;
  std::uint64_t shared_size_ = 0;
  std::uint64_t param_size_ = 0;
  std::uint64_t dynamic_align_ = 16;
  SpaceMemory const_image_;
  SpaceMemory shared_template_;
  SpaceMemory local_template_;
};

}  // namespace lockstep::sem
