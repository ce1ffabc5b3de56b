#pragma once
// Documents built in code (not from game data), shared by the tests, the example files and the fuzz corpus.
#include <cmath>
#include <cstdint>

#include "bonebridge/formats/lego/document.hpp"

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
inline Document waving_arm() {
  Document d;
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
inline Document camera_flyby() {
  Document d;
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

}  // namespace bonebridge::lego::fixtures
