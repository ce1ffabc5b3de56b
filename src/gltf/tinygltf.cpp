// SPDX-License-Identifier: MIT
#define TINYGLTF_IMPLEMENTATION
#include "tinygltf.hpp"

namespace bonebridge::gltf {

tinygltf::Value to_value(const nlohmann::json& json) {
  switch (json.type()) {
    case nlohmann::json::value_t::boolean:
      return tinygltf::Value(json.get<bool>());
    case nlohmann::json::value_t::number_integer:
    case nlohmann::json::value_t::number_unsigned:
      return tinygltf::Value(json.get<int>());
    case nlohmann::json::value_t::number_float:
      return tinygltf::Value(json.get<double>());
    case nlohmann::json::value_t::string:
      return tinygltf::Value(json.get<std::string>());
    case nlohmann::json::value_t::array: {
      tinygltf::Value::Array array;
      for (const auto& item : json) array.push_back(to_value(item));
      return tinygltf::Value(std::move(array));
    }
    case nlohmann::json::value_t::object: {
      tinygltf::Value::Object object;
      for (const auto& [key, item] : json.items()) object[key] = to_value(item);
      return tinygltf::Value(std::move(object));
    }
    default:
      return {};
  }
}

nlohmann::json to_json(const tinygltf::Value& value) {
  if (value.IsBool()) return value.Get<bool>();
  if (value.IsInt()) return value.Get<int>();
  if (value.IsNumber()) return value.GetNumberAsDouble();
  if (value.IsString()) return value.Get<std::string>();
  if (value.IsArray()) {
    auto array = nlohmann::json::array();
    for (std::size_t i = 0; i < value.ArrayLen(); ++i)
      array.push_back(to_json(value.Get(static_cast<int>(i))));
    return array;
  }
  if (value.IsObject()) {
    auto object = nlohmann::json::object();
    for (const auto& key : value.Keys()) object[key] = to_json(value.Get(key));
    return object;
  }
  return nullptr;
}

}  // namespace bonebridge::gltf
