// SPDX-License-Identifier: MIT
#pragma once
// The seal of an export (issue 38): a clip whose source file its metadata describes (reduce.hpp) carries, in
// the glTF, a digest of the scene as the glTF reader gives it back, with the family, kind and settings it was
// exported with. A way back that finds the scene it reads still matching the digest, into the same family and
// kind with the same settings, writes the described file back without the family's judgement of the motion
// (which plays the engine over every tick, 0.75 s of a fuzz unit under the sanitizers for one 10,899-tick LBA
// clip): nothing that a writer reads from the scene has changed since the export. A scene edited anywhere
// (in Blender, by hand, in memory) no longer matches, and the family judges its motion as before.
#include <cstdint>
#include <optional>
#include <string>

#include "bonebridge/core/scene.hpp"

namespace bonebridge {

// The clip metadata key of the seal: "seal1 <digest> <settings> <family> <extension>" (digests in hex).
inline constexpr const char* kSealMetadata = "bonebridge.seal";

struct Seal {
  std::uint64_t digest = 0;    // motion_digest of the scene as read back from the glTF
  std::uint64_t settings = 0;  // a digest of the export's settings, a companion file's by its bytes
  std::string family;          // the family that read the source file
  std::string extension;       // the kind of file it is (".anm"), or "" when its name gave none
};

std::string seal_text(const Seal& seal);
// The clip's seal; nullopt when it has none or one this version does not read.
std::optional<Seal> seal_of(const Clip& clip);

// A digest of what a family's writer reads of a scene, bit for bit: the skeleton, every clip (keys, tracks,
// events, metadata other than the seal) and the scene's metadata. Meshes, materials and images are not read
// by any animation writer and are left out.
std::uint64_t motion_digest(const Scene& scene);

}  // namespace bonebridge
