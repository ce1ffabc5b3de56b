// SPDX-License-Identifier: MIT
#pragma once
// BVH (Biovision Hierarchy) motion capture in and out, an interchange format beside glTF, not a game family.
//
// Read: the HIERARCHY becomes the core Skeleton (each joint's OFFSET its rest translation, rest rotation
// identity, as BVH has no rest rotation), the MOTION one Clip: for every joint with rotation channels a
// LINEAR rotation channel, for every joint with position channels a LINEAR translation channel, a key per
// frame at frame × Frame Time seconds (frame 0 included, Blender's importer keeps it too). Euler angles
// become quaternions as euler.hpp says. A position channel replaces that component of the OFFSET, as
// Blender's importer does; a component without a position channel keeps the OFFSET's (Blender takes 0). End
// Sites are joints named "<parent>_End" (made unique), listed in Scene::metadata[kEndSitesKey] so that
// writing gives them back.
//
// Units are the file's: BVH has none, and the pipeline scales. CMU clips (cgspeed's conversion, 01_01.bvh)
// are NOT centimetres: the subject's hips stand 17.9 units high and the base of the head 25.5, so a unit is
// about 5.6 cm. That fits the CMU ASF files' "length 0.45" (a unit of 1/0.45 inch = 5.644 cm), which cgspeed
// presumably kept; inferred from the numbers, not stated anywhere in the package.
#include <cstdint>
#include <filesystem>
#include <optional>
#include <span>
#include <string_view>
#include <vector>

#include "bonebridge/bvh/euler.hpp"
#include "bonebridge/core/conversion.hpp"
#include "bonebridge/core/scene.hpp"
#include "bonebridge/io/error.hpp"

namespace bonebridge::bvh {

inline constexpr std::string_view kFormat = "BVH";

// Scene::metadata: a JSON array of the joints that were End Sites.
inline constexpr const char* kEndSitesKey = "bvh.end_sites";
// Scene::metadata: a JSON object, joint name -> its CHANNELS as written (["Xposition", ..., "Yrotation"]).
inline constexpr const char* kChannelsKey = "bvh.channels";
// Clip::metadata: the Frame Time, seconds, as a decimal number.
inline constexpr const char* kFrameTimeKey = "bvh.frame_time";

// What the reader accepts at most: a hierarchy deeper or wider than any body (and bounded so that a hostile
// file cannot make us build millions of joints). The joint chain itself is read without recursion.
inline constexpr std::size_t kMaxJoints = 65536;

// Errors name the line, the joint and what was expected and found; `file` is left empty.
Result<Scene> read_bvh(std::span<const std::uint8_t> bytes);
// The same, from a file: errors carry its path, the clip is named after the file's stem.
Result<Scene> read_bvh_file(const std::filesystem::path& path);

struct WriteOptions {
  RotationOrder order = RotationOrder::ZXY;
  // Seconds per frame; unset: the clip's kFrameTimeKey, else 1/30 s.
  std::optional<double> frame_time;
  // Write each joint's CHANNELS as the scene recorded them (kChannelsKey, a scene read from BVH), when they
  // can carry the joint's motion; otherwise `order`, positions on the roots and on joints whose translation
  // moves away from the rest.
  bool keep_channels = true;
};

// The clip `clip` of `scene` as BVH text, sampled at every frame (the clip's own keys when they fall on
// frames). The notes say what BVH cannot hold (scale, renamed joints).
Result<Converted<std::vector<std::uint8_t>>> write_bvh(const Scene& scene, std::size_t clip,
                                                       const WriteOptions& options = {});

}  // namespace bonebridge::bvh
