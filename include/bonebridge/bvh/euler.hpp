// SPDX-License-Identifier: MIT
#pragma once
// Euler angles as BVH lists them. A joint's rotation channels are applied in the order the CHANNELS line
// lists them, as intrinsic rotations: "Zrotation Xrotation Yrotation" means R = Rz · Rx · Ry (column
// vectors), so a point is turned about Y first, then X, then Z. Blender's importer agrees
// (io_anim_bvh/import_bvh.py builds Euler(angles, order reversed), and Blender's Euler 'YXZ' is Rz·Rx·Ry).
#include <array>
#include <string_view>

#include "bonebridge/core/math.hpp"

namespace bonebridge::bvh {

// The rotation channels' order as listed in the file, first letter first.
enum class RotationOrder { XYZ, XZY, YXZ, YZX, ZXY, ZYX };

std::string_view to_string(RotationOrder order);  // "XYZ"
// The axis (0 = X, 1 = Y, 2 = Z) of the first, second and third listed rotation.
std::array<int, 3> axes_of(RotationOrder order);

// R = R_first(angles[0]) · R_second(angles[1]) · R_third(angles[2]), angles in degrees in listed order.
Quat euler_to_quat(RotationOrder order, const std::array<double, 3>& degrees);

// The angles (degrees, listed order) of `rotation`; the middle angle in [-90, 90]. Each angle is moved by
// whole turns to lie nearest `near` (the previous frame's angles), so that consecutive frames do not jump
// by 360 degrees. At gimbal lock the third angle is 0.
std::array<double, 3> quat_to_euler(RotationOrder order, Quat rotation,
                                    const std::array<double, 3>& near = {});

}  // namespace bonebridge::bvh
