// SPDX-License-Identifier: MIT
#pragma once
// What the write-back tests share: a scene through a .glb and back (as `convert X out.glb` then `convert
// out.glb` does), and whether a conversion's notes hold one that starts a given way.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "bonebridge/core/scene.hpp"
#include "bonebridge/gltf/gltf.hpp"

namespace bonebridge::testing {

inline Scene through_glb(const Scene& scene) {
  const auto glb = gltf::write(scene, {});
  EXPECT_TRUE(glb.ok());
  auto back = gltf::read(*glb);
  EXPECT_TRUE(back.ok());
  return *std::move(back);
}

inline bool has_note(const std::vector<std::string>& notes, const std::string& start) {
  return std::any_of(notes.begin(), notes.end(),
                     [&](const std::string& note) { return note.rfind(start, 0) == 0; });
}

}  // namespace bonebridge::testing
