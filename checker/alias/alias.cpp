// AddressAnalysis: runs the value fixpoint once and keeps the abstract
// address of every access (see alias.hpp; the rules are in access.hpp,
// transfer.hpp, int_ops.hpp and value_flow.hpp).
#include "checker/alias/alias.hpp"

#include <algorithm>
#include <map>
#include <vector>

#include "checker/alias/access.hpp"
#include "checker/alias/context.hpp"
#include "checker/alias/value_flow.hpp"

namespace lockstep::checker {

const char* alias_name(Alias a) noexcept {
  switch (a) {
    case Alias::No: return "no";
    case Alias::May: return "may";
    case Alias::Must: return "must";
  }
  return "may";
}

class AddressAnalysisImpl {
 public:
  AddressAnalysisImpl(const ir::Module& module, const ir::Kernel& kernel, AliasOptions options)
      : ctx_(module, kernel), options_(options), index_(kernel.code.size(), -1) {
    const addr::ValueFlow flow(ctx_);
    for (std::uint32_t pc = 0; pc < kernel.code.size(); ++pc) {
      if (!addr::is_memory_access(kernel, pc)) continue;
      index_[pc] = static_cast<std::int32_t>(accesses_.size());
      accesses_.push_back(addr::resolve_access(ctx_, flow.regs(), pc));
    }
  }

  [[nodiscard]] const addr::Access* find(std::uint32_t pc) const noexcept {
    if (pc >= index_.size() || index_[pc] < 0) return nullptr;
    return &accesses_[static_cast<std::size_t>(index_[pc])];
  }
  [[nodiscard]] Alias alias(std::uint32_t read_pc, std::uint32_t write_pc) const noexcept {
    const addr::Access* r = find(read_pc);
    const addr::Access* w = find(write_pc);
    if (r == nullptr || w == nullptr) return Alias::May;  // not an access: nothing is known
    return addr::alias_of(*r, *w, options_);
  }
  [[nodiscard]] bool may_be_shared(std::uint32_t pc) const noexcept {
    const addr::Access* a = find(pc);
    return a == nullptr || (a->addr.space & addr::kCrossThread) != 0;
  }
  [[nodiscard]] LocalFootprint local_footprint(std::uint32_t pc) const {
    LocalFootprint out;
    const addr::Access* a = find(pc);
    if (a == nullptr) return out;
    if ((a->addr.space & addr::kLocal) == 0) {
      out.kind = LocalFootprint::Kind::None;
      return out;
    }
    if (a->addr.space != addr::kLocal || a->addr.any) return out;
    const auto last = static_cast<std::int64_t>(a->width) - 1;
    const addr::Interval bytes =
        a->addr.off.top ? addr::Interval::full() : addr::add(a->addr.off, addr::Interval::range(0, last));
    for (std::uint8_t i = 0; i < a->addr.nbases; ++i) {
      const addr::Base& b = a->addr.bases[i];
      if (b.kind != addr::BaseKind::Sym || b.space != addr::kLocal) return out;
      out.ranges.push_back({b.scope, b.id, bytes.top, bytes.lo, bytes.hi});
    }
    out.kind = out.ranges.empty() ? LocalFootprint::Kind::Unknown : LocalFootprint::Kind::Vars;
    return out;
  }
  [[nodiscard]] std::string describe(std::uint32_t pc) const {
    const addr::Access* a = find(pc);
    return a == nullptr ? std::string("none") : addr::describe(ctx_, *a);
  }
  [[nodiscard]] std::vector<ParamAccesses> param_accesses() const {
    std::map<std::uint32_t, ParamAccesses> by_param;
    for (std::uint32_t pc = 0; pc < index_.size(); ++pc) {
      const addr::Access* a = find(pc);
      if (a == nullptr || a->addr.any) continue;
      for (std::uint8_t i = 0; i < a->addr.nbases; ++i) {
        const addr::Base& b = a->addr.bases[i];
        if (b.kind != addr::BaseKind::Param || b.field != 0) continue;
        ParamAccesses& p = by_param[b.id];
        p.param = b.id;
        if (p.pcs.empty() || p.pcs.back() != pc) p.pcs.push_back(pc);
        const addr::Interval& off = a->addr.off;
        if (off.top || off.lo < 0) {
          p.bounded = false;
        } else {
          p.end = std::max(p.end, off.hi + static_cast<std::int64_t>(a->width));
        }
      }
    }
    std::vector<ParamAccesses> out;
    for (auto& [param, p] : by_param) out.push_back(std::move(p));
    return out;
  }

 private:
  addr::Context ctx_;
  AliasOptions options_;
  std::vector<std::int32_t> index_;  ///< pc -> index in accesses_, or -1
  std::vector<addr::Access> accesses_;
};

AddressAnalysis::AddressAnalysis(const ir::Module& module, const ir::Kernel& kernel, AliasOptions options)
    : impl_(std::make_unique<AddressAnalysisImpl>(module, kernel, options)) {}
AddressAnalysis::~AddressAnalysis() = default;
AddressAnalysis::AddressAnalysis(AddressAnalysis&&) noexcept = default;
AddressAnalysis& AddressAnalysis::operator=(AddressAnalysis&&) noexcept = default;

bool AddressAnalysis::is_access(std::uint32_t pc) const noexcept { return impl_->find(pc) != nullptr; }

Alias AddressAnalysis::alias(std::uint32_t read_pc, std::uint32_t write_pc) const {
  return impl_->alias(read_pc, write_pc);
}

bool AddressAnalysis::may_be_shared(std::uint32_t pc) const noexcept { return impl_->may_be_shared(pc); }

LocalFootprint AddressAnalysis::local_footprint(std::uint32_t pc) const { return impl_->local_footprint(pc); }

std::string AddressAnalysis::describe(std::uint32_t pc) const { return impl_->describe(pc); }

std::vector<ParamAccesses> AddressAnalysis::param_accesses() const { return impl_->param_accesses(); }

}  // namespace lockstep::checker
