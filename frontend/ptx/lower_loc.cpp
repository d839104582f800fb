// `.loc` and the functions nvcc inlined itself. With -lineinfo, a position
// inside an inlined function is written
//   .loc 1 3 3, function_name $L__info_string1, inlined_at 1 7 3
// where the label names the function in `.debug_str` and `inlined_at` is
// the call's position — itself inside whatever function the last `.loc` at
// that position said (possibly another inlined one: the chain is rebuilt
// from those positions). Each distinct (caller frame, function, call
// position) becomes an ir::InlineFrame, so reports name the call sites of a
// library function nvcc inlined the same way as those of a function
// lockstep inlined; its `call` PTX position is 0 (no call instruction).
#include "frontend/ptx/lower_kernel.hpp"

namespace lockstep::ptx::lowering {

void BodyLowerer::apply_loc(const ast::LocDir& loc) {
  const auto pos = std::make_tuple(loc.file, loc.line, loc.col);
  if (loc.function_name.empty() || !loc.inlined) {
    loc_frame_ = frame_;
    pos_frame_[pos] = frame_;
    return;
  }
  const auto at = std::make_tuple(loc.inlined_file, loc.inlined_line, loc.inlined_col);
  const auto known = pos_frame_.find(at);
  const std::uint32_t parent = known != pos_frame_.end() ? known->second : frame_;
  const auto name_it = ks_.mod.debug_strings.find(loc.function_name);
  const std::string_view callee = name_it != ks_.mod.debug_strings.end() ? name_it->second : loc.function_name;
  const ir::CudaLoc call{loc.inlined_file, loc.inlined_line, loc.inlined_col};
  std::uint32_t f = 0;
  while (f < k_.frames.size() &&
         !(k_.frames[f].parent == parent && k_.frames[f].callee == callee && k_.frames[f].call_cuda == call &&
           k_.frames[f].call.line == 0)) {
    ++f;
  }
  if (f == k_.frames.size()) {
    const std::uint32_t depth = parent == ir::kNoFrame ? 1 : k_.frames[parent].depth + 1;
    k_.frames.push_back(ir::InlineFrame{std::string(callee), ir::SrcLoc{}, call, parent, depth});
  }
  loc_frame_ = f;
  pos_frame_[pos] = f;
}

}  // namespace lockstep::ptx::lowering
