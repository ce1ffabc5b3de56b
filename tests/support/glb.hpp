// SPDX-License-Identifier: MIT
#pragma once
// The JSON chunk of a .glb file, read without the code under test; null when the file is not a .glb.
#include <nlohmann/json.hpp>

#include <cstring>
#include <filesystem>

#include "support/samples.hpp"

namespace bonebridge::testing {

inline nlohmann::json glb_json(const std::filesystem::path& path) {
  const auto bytes = read_bytes(path);
  if (bytes.size() < 20) return {};
  std::uint32_t length = 0;
  std::memcpy(&length, bytes.data() + 12, 4);
  if (bytes.size() < 20u + length) return {};
  return nlohmann::json::parse(bytes.begin() + 20, bytes.begin() + 20 + length);
}

}  // namespace bonebridge::testing
