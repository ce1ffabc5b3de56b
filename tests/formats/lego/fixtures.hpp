// SPDX-License-Identifier: MIT
#pragma once
// Documents built in code (not from game data), shared by the tests, the example files and the fuzz corpus.
#include <cmath>
#include <cstdint>

#include "bonebridge/formats/lego/ani/document.hpp"

namespace bonebridge::lego::fixtures {

// File-order rotation key for an angle about Y. In the game's row-vector math the stored q acts as conj(q).
inline RotationKey y_rotation_key(std::uint32_t time, double radians, std::uint8_t flags = 0) {
  return {
      time, flags, static_cast<float>(std::cos(radians / 2)), 0, static_cast<float>(std::sin(radians / 2)),
      0};
}

inline RotationKey z_rotation_key(std::uint32_t time, double radians, std::uint8_t flags = 0) {
  return {time, flags, static_cast<float>(std::cos(radians / 2)),
          0,    0,     static_cast<float>(std::sin(radians / 2))};
}

// A three-joint arm (shoulder, elbow, hand) waving about Z for one second, under a '-' grouping node.
inline ani::Document waving_arm() {
  ani::Document d;
  d.header.radius = 3.0f;
  d.header.center[1] = 1.5f;
  d.actors = {{"ARM", 4}};
  d.duration = 1000;
  Node hand{"HAND", {{0, 1, 0, 1.0f, 0}}, {}, {}, {}, {}};
  Node elbow{"ELBOW",
             {{0, 1, 0, 1.2f, 0}},
             {z_rotation_key(0, 0.0), z_rotation_key(500, 0.8), z_rotation_key(1000, 0.0)},
             {},
             {},
             {hand}};
  Node shoulder{"ARM",
                {{0, 1, 0, 0.5f, 0}},
                {z_rotation_key(0, -0.3), z_rotation_key(250, 0.6), z_rotation_key(750, -0.6),
                 z_rotation_key(1000, -0.3)},
                {},
                {},
                {elbow}};
  d.root = Node{"-WAVE", {}, {}, {}, {}, {shoulder}};
  return d;
}

// A camera fly-by around a box that blinks, shrinks and turns the long way round (no 0x02 flag), with a
// rotation hold (0x04), a key after time 0 and an inactive end translation key.
inline ani::Document camera_flyby() {
  ani::Document d;
  d.header.radius = 5.0f;
  d.header.parse_scene = 1;
  d.actors = {{"BOX", 5}, {"*LAMP", 3}};
  d.duration = 2000;
  CameraScene camera;
  camera.position = {{0, 1, 0, 2, -8}, {1000, 1, 6, 3, 0}, {2000, 1, 0, 2, 8}};
  camera.target = {{0, 1, 0, 0.5f, 0.001f}, {2000, 1, 0, 0.5f, 0.001f}};
  camera.roll = {{0, 0, 0.0f}, {1500, 0, 0.3f}};
  d.camera = camera;
  Node lamp{"*LAMP", {{200, 1, 0, 1, 0}}, {}, {}, {{0, 0, 1}, {500, 0, 0}, {700, 0, 1}, {1200, 0, 0}}, {}};
  Node box{"BOX",
           {{0, 1, -1, 0, 0}, {1000, 1, 1, 0, 0}, {2000, 0, 0, 0, 0}},
           {y_rotation_key(0, 0.2), y_rotation_key(600, 0.2, kFlagHold), y_rotation_key(1000, 0.2 + 3.0),
            y_rotation_key(1400, 0.2 + 4.0, 0)},
           {{300, 0, 1, 1, 1}, {1600, 0, 0.5f, 1, 2}},
           {},
           {lamp}};
  d.root = Node{"-SCENE", {}, {}, {}, {}, {box}};
  return d;
}

// Issue 12: a rotation key whose w is exactly 1 but whose stored flags carry 0x01 (active), so that the
// game uses it: (w, x, y, z) = (1, 0, 0, 1), non-unit, 90 degrees about z once FromQuaternion scales it.
// "HAND" is translated 10 units along +X from "ARM".
inline ani::Document stored_active_rotation() {
  ani::Document d;
  d.actors = {{"ARM", 4}};
  d.duration = 1000;
  Node hand{"HAND", {{0, kFlagActive, 10, 0, 0}}, {}, {}, {}, {}};
  Node arm{"ARM", {}, {{0, kFlagActive, 1.0f, 0, 0, 1.0f}}, {}, {}, {hand}};
  d.root = Node{"-ROOT", {}, {}, {}, {}, {arm}};
  return d;
}

// A 17.32 s camera move over a moving, turning rig: position, target and roll keys, roll steps of up to
// 138 degrees (2.4086 rad) at times off any coarse grid, no roll before the first roll key, and a 0x04
// hold on the root's rotation (the camera joint hangs under the root, so the root's jumps are its jumps).
inline ani::Document long_camera_move() {
  ani::Document d;
  d.header.radius = 8.0f;
  d.header.parse_scene = 1;
  d.actors = {{"BOX", 5}};
  d.duration = 17320;
  CameraScene camera;
  camera.position = {
      {0, 1, 0, 2, -8}, {4000, 1, 6, 3, 0}, {9000, 1, 0, 2, 8}, {13000, 1, -6, 4, 0}, {17320, 1, 0, 2, -8}};
  camera.target = {{0, 1, 0, 0.5f, 0.001f}, {10000, 1, 1, 1, 0}, {17320, 1, 0, 0.5f, 0.001f}};
  camera.roll = {{1003, 0, 0.2f}, {4321, 0, 0.2f + 2.4086f}, {9999, 0, -0.5f}, {15007, 0, 0.1f}};
  d.camera = camera;
  Node box{"BOX", {{0, 1, 0, 1, 0}}, {}, {}, {}, {}};
  d.root = Node{"-RIG",
                {{0, 1, 0.5f, 0, 0}, {8000, 1, 1.5f, 0.2f, -1}, {17320, 1, 0.5f, 0, 0}},
                {y_rotation_key(0, 0.1), y_rotation_key(5000, 0.6), y_rotation_key(11111, 1.8, kFlagHold),
                 y_rotation_key(17320, 1.0)},
                {},
                {},
                {box}};
  return d;
}

// Jumps between 60 Hz frames: 0x04 holds at 434 and 717 ms, whose 1 ms ramps would hold the frames at
// 433.3 and 716.7 ms, one on a frame (500 ms), and a first key at 267 ms (frame at 266.7 ms).
inline ani::Document held_arm() {
  ani::Document d;
  d.actors = {{"ARM", 4}};
  d.duration = 1000;
  Node tip{"TIP", {{267, 1, 1, 0, 0}}, {}, {}, {}, {}};
  Node hand{"HAND", {{0, 1, 2, 0, 0}}, {}, {}, {}, {tip}};
  Node arm{
      "ARM",
      {{0, 1, 0, 0.5f, 0}},
      {z_rotation_key(0, 0.3), z_rotation_key(300, 0.9), z_rotation_key(434, -0.6, kFlagHold),
       z_rotation_key(500, 0.2, kFlagHold), z_rotation_key(717, 1.1, kFlagHold), z_rotation_key(1000, 0.5)},
      {},
      {},
      {hand}};
  d.root = Node{"-ROOT", {}, {}, {}, {}, {arm}};
  return d;
}

}  // namespace bonebridge::lego::fixtures
