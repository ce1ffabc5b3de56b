// SPDX-License-Identifier: MIT
#pragma once
// The element type table (research/animx.md §1): stored sizes, component layout and AnimJ names.
#include <cstdint>
#include <cstring>
#include <optional>
#include <string_view>

#include "bonebridge/formats/animx/animation/document.hpp"

namespace bonebridge::animx {

enum class Scalar { Bool, U8, U16, U32, U64, S8, S16, S32, S64, F32, F64, String };

struct ElementInfo {
  std::string_view name;  // Resonite's GetNiceName, used by AnimJ ("float3", "floatQ", "color32"...)
  Scalar scalar;          // type of each component; bool vectors pack their components into one byte
  int components;         // 1 for scalars and strings
  int size;               // bytes stored per value; 0 for strings
};

const ElementInfo& element_info(ElementType type);
std::optional<ElementType> element_from_name(std::string_view name);  // exact, case-sensitive
std::optional<ElementType> element_from_index(std::uint8_t index);

inline bool is_string(ElementType type) {
  return type == ElementType::String;
}
inline bool is_bool(ElementType type) {
  return element_info(type).scalar == Scalar::Bool;
}
inline bool is_quaternion(ElementType type) {
  return type == ElementType::FloatQ || type == ElementType::DoubleQ;
}
inline bool is_matrix(ElementType type) {
  return (type >= ElementType::Float2x2 && type <= ElementType::Float4x4) ||
         (type >= ElementType::Double2x2 && type <= ElementType::Double4x4);
}
// Component names of a vector, quaternion or color value in AnimJ ("x".."w" or "r".."a"); empty for
// scalars, strings and matrices.
std::string_view component_names(ElementType type);

// A value of type T from its bytes as stored (little-endian, as the host: every target is).
template <class T>
T load(const std::uint8_t* at) {
  T value;
  std::memcpy(&value, at, sizeof value);
  return value;
}

}  // namespace bonebridge::animx
