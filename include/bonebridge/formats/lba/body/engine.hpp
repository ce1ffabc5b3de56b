// SPDX-License-Identifier: MIT
#pragma once
// The game's posing of a body (research/lba1-anm.md §2.3, §2.5), integer for integer: the Q14 bone matrices
// M·Rx(alpha)·Rz(gamma)·Ry(beta) of every group, its points, and the light on its normals.
#include <array>
#include <cstddef>
#include <cstdint>
#include <vector>

#include "bonebridge/formats/lba/anm/document.hpp"
#include "bonebridge/formats/lba/body/document.hpp"
#include "bonebridge/formats/lba/variant.hpp"

namespace bonebridge::lba {

// Model-space placement of every body group: Q14 row-major matrix and the integer origin (the transformed
// pivot, plus the offset for translation groups). Vertices come out as the engine's s16 results.
struct PosedGroup {
  std::array<std::int32_t, 9> matrix{};  // row-major, 16384 = 1.0
  std::array<std::int32_t, 3> origin{};
};
struct PosedBody {
  std::vector<PosedGroup> groups;
  std::vector<std::array<std::int32_t, 3>> points;
};

// The group index of a stored parent field (×38), or −1 for a root or a value that is no earlier group.
int parent_index(const BodyGroup& group, std::size_t self);

// The group that owns each point (the first group listing it), or −1 for a point no group lists.
std::vector<int> point_owners(const body::Document& body);

// The value group `group` is posed with: the animation's entry for groups 1..min(G_anim, G_body)−1, the
// body's stored type and angles otherwise.
GroupEntry posed_value(const body::Document& body, const std::vector<GroupEntry>& pose, std::size_t group);

// Poses `body` with the animation pose (posed_value) and the actor's orientation on the root group (§2.3).
PosedBody pose_body(const body::Document& body, const std::vector<GroupEntry>& pose, const Orientation& actor,
                    Variant variant);

// The light SetLightVector(alpha, beta, 0) leaves in NormalXLight/Y/Z (P_TRIGO.ASM): (0, 0, NORMAL_UNIT − 5)
// through Rx·Rz·Ry, >> 14. The world matrix it starts from is taken as the identity (the iso renderer poses
// groups without a camera rotation).
std::array<std::int32_t, 3> light_vector(int alpha, int beta, Variant variant);

// The intensity the renderer stores per normal: groups in file order each take their `normal_count` normals.
// Animatable bodies (P_OB_ISO.ASM ComputeAnimNormal): s = Σ light_i·(M·n)_i in 32 bits; 0 when s < 0, else
// the low 16 bits of s >> 14 divided (truncating) by the normal's range. Static bodies (P_OBJET.ASM
// ComputeStaticNormal): M·n >> 14 first, then the dot product divided by the range. Normals past the groups'
// total stay 0, and so does a division the game would fault on (range 0, quotient beyond 16 bits).
std::vector<int> normal_intensities(const body::Document& body, const PosedBody& posed,
                                    const std::array<std::int32_t, 3>& light);

// The body as the engine poses it: a static body (no INFO_ANIM, no groups) gains one root group owning every
// point and lighting every normal, as RotateNuage treats it; an animatable body is returned as it is.
body::Document posable_body(const body::Document& body);

// A body with one root point and `group_count` groups all pivoting on it, for animations opened without one.
body::Document placeholder_body(std::size_t group_count);

}  // namespace bonebridge::lba
