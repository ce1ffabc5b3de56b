// SPDX-License-Identifier: MIT
#pragma once
// Small BVH texts written for the tests, and the CMU clip of Debian's assimp-testmodels (never copied into
// the project: the tests that need it skip loudly when the package is not installed).
#include <gtest/gtest.h>

#include <cstdint>
#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

namespace bonebridge::testing {

inline std::vector<std::uint8_t> bytes_of(std::string_view text) {
  return {text.begin(), text.end()};
}

// `text` with the first `from` replaced by `to` (a test failure when there is none).
inline std::string replaced(std::string_view text, std::string_view from, std::string_view to) {
  const std::size_t at = text.find(from);
  if (at == std::string_view::npos) {
    ADD_FAILURE() << "no '" << from << "' in the text";
    return std::string(text);
  }
  std::string out(text.substr(0, at));
  out.append(to);
  out.append(text.substr(at + from.size()));
  return out;
}

inline std::filesystem::path cmu_clip() {
  return "/usr/share/assimp/models/BVH/01_01.bvh";
}

// A root with positions and ZXY rotations, a spine with XYZ, an arm with a single Yrotation, two End Sites.
inline constexpr std::string_view kSmallBvh = R"(HIERARCHY
ROOT Hips
{
  OFFSET 0 10 0
  CHANNELS 6 Xposition Yposition Zposition Zrotation Xrotation Yrotation
  JOINT Spine
  {
    OFFSET 0 1 0
    CHANNELS 3 Xrotation Yrotation Zrotation
    End Site
    {
      OFFSET 0 2 0
    }
  }
  JOINT Left Arm
  {
    OFFSET 1 0 0
    CHANNELS 1 Yrotation
    End Site
    {
      OFFSET 3 0 0
    }
  }
}
MOTION
Frames: 3
Frame Time: 0.5
1 2 3 90 0 0 0 0 0 0
1 2 3 0 90 0 10 20 30 45
-1 2.5 3 30 -40 170 -10 5 80 -90
)";

}  // namespace bonebridge::testing

#define BONEBRIDGE_REQUIRE_CMU_CLIP(var)                                                              \
  const std::filesystem::path var = ::bonebridge::testing::cmu_clip();                                \
  if (!std::filesystem::exists(var)) {                                                                \
    GTEST_SKIP() << "SKIPPED LOUDLY: " << var << " is absent (apt-get install -y assimp-testmodels)"; \
  }
