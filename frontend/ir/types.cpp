#include "frontend/ir/types.hpp"

#include <array>

namespace lockstep::ir {
namespace {

struct TypeRow {
  Type type;
  std::string_view name;
  unsigned bits;
  TypeClass cls;
};

constexpr std::array<TypeRow, 22> kTypes{{
    {Type::None, "", 0, TypeClass::None},
    {Type::Pred, "pred", 1, TypeClass::Pred},
    {Type::B8, "b8", 8, TypeClass::Bits},
    {Type::B16, "b16", 16, TypeClass::Bits},
    {Type::B32, "b32", 32, TypeClass::Bits},
    {Type::B64, "b64", 64, TypeClass::Bits},
    {Type::B128, "b128", 128, TypeClass::Bits},
    {Type::U8, "u8", 8, TypeClass::Unsigned},
    {Type::U16, "u16", 16, TypeClass::Unsigned},
    {Type::U32, "u32", 32, TypeClass::Unsigned},
    {Type::U64, "u64", 64, TypeClass::Unsigned},
    {Type::S8, "s8", 8, TypeClass::Signed},
    {Type::S16, "s16", 16, TypeClass::Signed},
    {Type::S32, "s32", 32, TypeClass::Signed},
    {Type::S64, "s64", 64, TypeClass::Signed},
    {Type::F16, "f16", 16, TypeClass::Float},
    {Type::F16x2, "f16x2", 32, TypeClass::Float},
    {Type::BF16, "bf16", 16, TypeClass::Float},
    {Type::BF16x2, "bf16x2", 32, TypeClass::Float},
    {Type::TF32, "tf32", 32, TypeClass::Float},
    {Type::F32, "f32", 32, TypeClass::Float},
    {Type::F64, "f64", 64, TypeClass::Float},
}};

const TypeRow& row(Type t) noexcept { return kTypes[static_cast<std::size_t>(t)]; }

struct SpaceRow {
  Space space;
  std::string_view name;
};

constexpr std::array<SpaceRow, 12> kSpaces{{
    {Space::None, ""},
    {Space::Generic, ""},
    {Space::Reg, "reg"},
    {Space::SReg, "sreg"},
    {Space::Const, "const"},
    {Space::Global, "global"},
    {Space::Local, "local"},
    {Space::Param, "param"},
    {Space::Shared, "shared"},
    {Space::SharedCluster, "shared::cluster"},
    {Space::Tex, "tex"},
    {Space::Surf, "surf"},
}};

}  // namespace

unsigned bit_width(Type t) noexcept { return row(t).bits; }

unsigned byte_width(Type t) noexcept {
  if (t == Type::Pred) return 1;
  return row(t).bits / 8;
}

TypeClass type_class(Type t) noexcept { return row(t).cls; }

std::string_view type_name(Type t) noexcept { return row(t).name; }

std::optional<Type> parse_type(std::string_view s) noexcept {
  if (s.empty()) return std::nullopt;
  for (const auto& r : kTypes) {
    if (r.name == s) return r.type;
  }
  return std::nullopt;
}

std::string_view space_name(Space s) noexcept { return kSpaces[static_cast<std::size_t>(s)].name; }

std::optional<Space> parse_space(std::string_view s) noexcept {
  if (s == "shared::cta") return Space::Shared;
  if (s.empty()) return std::nullopt;
  for (const auto& r : kSpaces) {
    if (r.name == s) return r.space;
  }
  return std::nullopt;
}

}  // namespace lockstep::ir
