// SPDX-License-Identifier: MIT
#include "bonebridge/formats/animx/elements.hpp"

#include <array>

namespace bonebridge::animx {
namespace {

constexpr std::array<ElementInfo, kElementTypeCount> kElements{{
    {"bool", Scalar::Bool, 1, 1},        {"bool2", Scalar::Bool, 2, 1},     {"bool3", Scalar::Bool, 3, 1},
    {"bool4", Scalar::Bool, 4, 1},       {"byte", Scalar::U8, 1, 1},        {"ushort", Scalar::U16, 1, 2},
    {"uint", Scalar::U32, 1, 4},         {"ulong", Scalar::U64, 1, 8},      {"sbyte", Scalar::S8, 1, 1},
    {"short", Scalar::S16, 1, 2},        {"int", Scalar::S32, 1, 4},        {"long", Scalar::S64, 1, 8},
    {"int2", Scalar::S32, 2, 8},         {"int3", Scalar::S32, 3, 12},      {"int4", Scalar::S32, 4, 16},
    {"uint2", Scalar::U32, 2, 8},        {"uint3", Scalar::U32, 3, 12},     {"uint4", Scalar::U32, 4, 16},
    {"long2", Scalar::S64, 2, 16},       {"long3", Scalar::S64, 3, 24},     {"long4", Scalar::S64, 4, 32},
    {"float", Scalar::F32, 1, 4},        {"float2", Scalar::F32, 2, 8},     {"float3", Scalar::F32, 3, 12},
    {"float4", Scalar::F32, 4, 16},      {"floatQ", Scalar::F32, 4, 16},    {"float2x2", Scalar::F32, 4, 16},
    {"float3x3", Scalar::F32, 9, 36},    {"float4x4", Scalar::F32, 16, 64}, {"double", Scalar::F64, 1, 8},
    {"double2", Scalar::F64, 2, 16},     {"double3", Scalar::F64, 3, 24},   {"double4", Scalar::F64, 4, 32},
    {"doubleQ", Scalar::F64, 4, 32},     {"double2x2", Scalar::F64, 4, 32}, {"double3x3", Scalar::F64, 9, 72},
    {"double4x4", Scalar::F64, 16, 128}, {"color", Scalar::F32, 4, 16},     {"color32", Scalar::U8, 4, 4},
    {"string", Scalar::String, 1, 0},
}};

}  // namespace

const ElementInfo& element_info(ElementType type) {
  return kElements[static_cast<std::size_t>(type)];
}

std::optional<ElementType> element_from_index(std::uint8_t index) {
  if (index >= kElementTypeCount) return std::nullopt;
  return static_cast<ElementType>(index);
}

std::optional<ElementType> element_from_name(std::string_view name) {
  for (std::size_t i = 0; i < kElements.size(); ++i) {
    if (kElements[i].name == name) return static_cast<ElementType>(i);
  }
  return std::nullopt;
}

std::string_view component_names(ElementType type) {
  if (type == ElementType::Color || type == ElementType::Color32) return "rgba";
  const auto& info = element_info(type);
  if (info.components == 1 || is_matrix(type)) return {};
  return std::string_view("xyzw").substr(0, static_cast<std::size_t>(info.components));
}

}  // namespace bonebridge::animx
