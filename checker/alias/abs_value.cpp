// Abstract register values of the address analysis (see abs_value.hpp).
#include "checker/alias/abs_value.hpp"

#include <string>

namespace lockstep::checker::addr {

std::uint8_t space_bits(ir::Space s) noexcept {
  switch (s) {
    case ir::Space::Global:
    case ir::Space::Tex:
    case ir::Space::Surf: return kGlobal;
    case ir::Space::Shared:
    case ir::Space::SharedCluster: return kShared;
    case ir::Space::Local: return kLocal;
    case ir::Space::Param: return kParam;
    case ir::Space::Const: return kConst;
    case ir::Space::None:
    case ir::Space::Generic:
    case ir::Space::Reg:
    case ir::Space::SReg: break;
  }
  return 0;
}

std::string space_label(std::uint8_t bits) {
  if ((bits & kCrossThread) == kCrossThread) return "generic";
  static constexpr struct {
    std::uint8_t bit;
    const char* name;
  } kNames[] = {{kGlobal, "global"}, {kShared, "shared"}, {kLocal, "local"}, {kParam, "param"},
                {kConst, "const"}};
  std::string out;
  for (const auto& n : kNames) {
    if ((bits & n.bit) == 0) continue;
    if (!out.empty()) out += '|';
    out += n.name;
  }
  return out.empty() ? "none" : out;
}

AbsValue AbsValue::integer(Interval v, bool vary) noexcept {
  AbsValue r;
  r.kind = Kind::Int;
  r.off = v;
  r.varying = vary;
  return r;
}

AbsValue AbsValue::pointer(Base b, std::uint8_t sp, bool def, bool vary) noexcept {
  AbsValue r;
  r.kind = Kind::Ptr;
  r.space = sp;
  r.definite = def;
  r.varying = vary;
  r.nbases = 1;
  r.bases[0] = b;
  r.off = Interval::point(0);
  return r;
}

AbsValue AbsValue::any_pointer(std::uint8_t sp, bool vary) noexcept {
  AbsValue r;
  r.kind = Kind::Ptr;
  r.space = sp;
  r.any = true;
  r.definite = true;
  r.varying = vary;
  r.off = Interval::full();
  return r;
}

void AbsValue::add_base(const Base& b) noexcept {
  if (any) return;
  for (std::uint8_t i = 0; i < nbases; ++i) {
    if (bases[i] == b) return;
  }
  if (nbases == kMaxBases) {
    make_any();
    return;
  }
  bases[nbases++] = b;
}

void AbsValue::make_any() noexcept {
  any = true;
  nbases = 0;
  bases = {};
  off = Interval::full();
}

AbsValue join(const AbsValue& a, const AbsValue& b) noexcept {
  if (a.is_bottom()) return b;
  if (b.is_bottom()) return a;
  if (a.is_int() && b.is_int()) return AbsValue::integer(hull(a.off, b.off), a.varying || b.varying);
  if (a.is_int() || b.is_int()) {
    const AbsValue& i = a.is_int() ? a : b;
    AbsValue p = a.is_int() ? b : a;
    p.varying = p.varying || i.varying;
    if (i.off.is_point() && i.off.lo == 0) return p;  // a null pointer
    p.make_any();
    p.space = kAllSpaces;
    p.definite = false;
    return p;
  }
  AbsValue r = a;
  r.space = a.space | b.space;
  r.definite = a.definite && b.definite;
  r.varying = a.varying || b.varying;
  if (b.any) {
    r.make_any();
  } else {
    for (std::uint8_t i = 0; i < b.nbases; ++i) r.add_base(b.bases[i]);
  }
  if (!r.any) r.off = hull(a.off, b.off);
  return r;
}

}  // namespace lockstep::checker::addr
