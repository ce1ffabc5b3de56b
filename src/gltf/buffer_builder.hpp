// SPDX-License-Identifier: MIT
#pragma once
// The glTF writer's one binary buffer and the accessors that view it (write.cpp, property_channels.cpp).
#include <algorithm>
#include <limits>
#include <map>
#include <vector>

#include "tinygltf.hpp"

namespace bonebridge::gltf {

// Builds the one binary buffer and the accessors that view it.
class BufferBuilder {
 public:
  explicit BufferBuilder(tinygltf::Model& model) : model_(model) { model_.buffers.emplace_back(); }

  // Float accessors carry min/max computed from the floats actually stored, so that they are exact; glTF
  // requires them for positions and animation inputs, and they cost nothing to keep elsewhere.
  int floats(const std::vector<float>& values, int type, int components, int target = 0, bool bounds = true) {
    auto accessor = view_of(values, TINYGLTF_COMPONENT_TYPE_FLOAT, type, components, target);
    if (bounds) {
      const auto n = static_cast<std::size_t>(components);
      accessor.minValues.assign(n, std::numeric_limits<double>::max());
      accessor.maxValues.assign(n, std::numeric_limits<double>::lowest());
      for (std::size_t i = 0; i < values.size(); ++i) {
        accessor.minValues[i % n] = std::min(accessor.minValues[i % n], static_cast<double>(values[i]));
        accessor.maxValues[i % n] = std::max(accessor.maxValues[i % n], static_cast<double>(values[i]));
      }
    }
    return add_accessor(std::move(accessor));
  }

  template <class Int>
  int integers(const std::vector<Int>& values, int component_type, int type, int components, int target) {
    return add_accessor(view_of(values, component_type, type, components, target));
  }

  // Bytes without an accessor (an image file).
  int bytes(const std::vector<std::uint8_t>& data) { return add_view(data.data(), data.size(), 0); }

  // Key times are shared by every channel with the same times.
  int times(const std::vector<double>& seconds) {
    std::vector<float> values(seconds.begin(), seconds.end());
    auto it = time_accessors_.find(values);
    if (it != time_accessors_.end()) return it->second;
    const int accessor = floats(values, TINYGLTF_TYPE_SCALAR, 1);
    time_accessors_.emplace(std::move(values), accessor);
    return accessor;
  }

 private:
  template <class T>
  tinygltf::Accessor view_of(const std::vector<T>& values, int component_type, int type, int components,
                             int target) {
    tinygltf::Accessor accessor;
    accessor.bufferView = add_view(values.data(), values.size() * sizeof(T), target);
    accessor.componentType = component_type;
    accessor.type = type;
    accessor.count = values.size() / static_cast<std::size_t>(components);
    return accessor;
  }

  int add_view(const void* data, std::size_t size, int target) {
    auto& bytes = model_.buffers[0].data;
    bytes.resize((bytes.size() + 3) / 4 * 4, 0);
    tinygltf::BufferView view;
    view.buffer = 0;
    view.byteOffset = bytes.size();
    view.byteLength = size;
    view.target = target;
    const auto* first = static_cast<const unsigned char*>(data);
    bytes.insert(bytes.end(), first, first + size);
    model_.bufferViews.push_back(view);
    return static_cast<int>(model_.bufferViews.size() - 1);
  }

  int add_accessor(tinygltf::Accessor accessor) {
    model_.accessors.push_back(std::move(accessor));
    return static_cast<int>(model_.accessors.size() - 1);
  }

  tinygltf::Model& model_;
  std::map<std::vector<float>, int> time_accessors_;
};

}  // namespace bonebridge::gltf
