// SPDX-License-Identifier: MIT
#pragma once
// A WORLD.WDB laid out by hand (hand_laid.hpp's helpers) holding a LOD list under every name the game's
// actors use (legoactors.cpp: the 8 body variants, the 23 hats, infogron, head, arm-lft, arm-rt, claw-lft,
// leg) and every chest and face texture as a 1x1 image. Each LOD list has one LOD: a box of two meshes, the
// sides plain red (24 vertices) and the two ends "inh" (12 vertices; textured "inhtex" with UVs on body
// variants and head, whose actors give a texture; untextured with material "inh" elsewhere).
#include <array>
#include <string>
#include <vector>

#include "hand_laid.hpp"

namespace bonebridge::lego::wdb::test {

inline const std::vector<std::string>& character_lod_lists() {
  static const std::vector<std::string> names{
      "body",     "bodyred", "bodyblck", "bodywhte", "bodyyllw", "bodyblue", "bodygren", "bodybrwn",
      "baseball", "chef",    "cap",      "cophat",   "helmet",   "ponytail", "pageboy",  "shrthair",
      "bald",     "flower",  "cboyhat",  "cuphat",   "cathat",   "backbcap", "pizhat",   "caprc",
      "capch",    "capdb",   "capjs",    "capmd",    "sheet",    "phat",     "icap",     "infogron",
      "head",     "arm-lft", "arm-rt",   "claw-lft", "leg"};
  return names;
}

inline const std::vector<std::string>& character_textures() {
  static const std::vector<std::string> names{
      "peprchst.gif",  "mamachst.gif", "papachst.gif", "nickchst.gif", "norachst.gif", "infochst.gif",
      "shftchst.gif",  "rac1chst.gif", "rac2chst.gif", "bth1chst.gif", "bth2chst.gif", "mech.gif",
      "polkadot.gif",  "bowtie.gif",   "postchst.gif", "vest.gif",     "doctor.gif",   "copchest.gif",
      "l.gif",         "e.gif",        "g.gif",        "o.gif",        "fruit.gif",    "flowers.gif",
      "construct.gif", "paint.gif",    "l6.gif",       "unkchst.gif",  "peprface.gif", "mamaface.gif",
      "papaface.gif",  "nickface.gif", "noraface.gif", "infoface.gif", "shftface.gif", "dogface.gif",
      "womanshd.gif",  "smileshd.gif", "woman.gif",    "smile.gif",    "mustache.gif", "black.gif"};
  return names;
}

// Each part's box is its bounding box in g_actorLODs (legoactors.cpp: min x, y, z, max x, y, z), so that a
// rendered actor has the game's proportions.
struct Box {
  std::array<float, 3> min, max;
};
inline Box part_box(const std::string& lod_list) {
  if (lod_list.starts_with("body"))
    return {{-0.287507f, 0.150419f, -0.147452f}, {0.289219f, 0.649774f, 0.14258f}};
  if (lod_list == "infogron")
    return {{-0.285558f, -0.134391f, -0.142231f}, {0.285507f, 0.152986f, 0.143071f}};
  if (lod_list == "head") return {{-0.189506f, -0.209665f, -0.189824f}, {0.189532f, 0.228822f, 0.194945f}};
  if (lod_list == "arm-lft") return {{-0.137931f, -0.282775f, -0.105316f}, {0.000989f, 0.100221f, 0.140759f}};
  if (lod_list == "arm-rt") return {{0.00141f, -0.289604f, -0.100831f}, {0.138786f, 0.09291f, 0.145437f}};
  if (lod_list == "claw-lft") return {{-0.089838f, -0.246208f, -0.117735f}, {0.091275f, 0.000263f, 0.07215f}};
  if (lod_list == "leg") return {{-0.129782f, -0.440428f, -0.184207f}, {0.13817f, 0.118415f, 0.122607f}};
  return {{-0.231822f, -0.140237f, -0.320954f},
          {0.234149f, 0.076968f, 0.249083f}};  // the hats: infohat's box
}

// Box corner i has x = max when bit 0 is set, y when bit 1, z when bit 2. Faces as corner quads, clockwise
// seen from outside in the game's left-handed frame (Direct3D's front faces).
constexpr std::array<std::array<std::uint32_t, 4>, 4> kSideFaces{
    {{0, 4, 6, 2}, {1, 3, 7, 5}, {0, 1, 5, 4}, {2, 6, 7, 3}}};
constexpr std::array<std::array<std::uint32_t, 4>, 2> kEndFaces{{{0, 2, 3, 1}, {4, 5, 7, 6}}};  // -Z, +Z

// Two triangles per quad, every corner creating its own vertex; UV indices 0..3 around the quad.
template <std::size_t N>
void quads(Bytes& b, const std::array<std::array<std::uint32_t, 4>, N>& faces, bool uvs) {
  b.u16(static_cast<std::uint16_t>(2 * N)).u16(static_cast<std::uint16_t>(6 * N));
  for (const auto& f : faces) {
    b.u32(create(f[0], 0)).u32(create(f[1], 0)).u32(create(f[2], 0));
    b.u32(create(f[0], 0)).u32(create(f[2], 0)).u32(create(f[3], 0));
  }
  b.u32(uvs ? static_cast<std::uint32_t>(6 * N) : 0);
  if (uvs)
    for (std::size_t i = 0; i < N; ++i) b.u32(0).u32(1).u32(2).u32(0).u32(2).u32(3);
}

// One LOD of two meshes over the part's box: the four sides plain red, the two ends "inh".
inline void character_lod(Bytes& b, const Box& box, bool textured_inh) {
  lod_header(b, 2, 8, 1, 4);
  for (std::uint32_t i = 0; i < 8; ++i) {
    b.f32((i & 1) ? box.max[0] : box.min[0]).f32((i & 2) ? box.max[1] : box.min[1]);
    b.f32((i & 4) ? box.max[2] : box.min[2]);
  }
  b.f32(0).f32(0).f32(-1);
  b.f32(0).f32(0).f32(1).f32(0).f32(1).f32(1).f32(0).f32(1);
  quads(b, kSideFaces, false);
  mesh_properties(b, 255, 0, 0, "", "");
  quads(b, kEndFaces, textured_inh);
  if (textured_inh) {
    mesh_properties(b, 255, 255, 255, "inhtex", "");
  } else {
    mesh_properties(b, 0, 0, 0, "", "inh");
  }
}

inline std::vector<std::uint8_t> character_wdb() {
  Bytes b;
  b.u32(1).str(std::string("ACT1", 5)).u32(0).u32(0);  // one world, no part references, no models
  Bytes textures;
  textures.u32(static_cast<std::uint32_t>(character_textures().size()));
  for (std::size_t i = 0; i < character_textures().size(); ++i) {
    textures.str(character_textures()[i]);
    image(textures, 1, 1, {static_cast<std::uint8_t>(i), 100, 200}, {0});
  }
  b.u32(static_cast<std::uint32_t>(textures.size())).raw(textures.data);
  Bytes parts;
  parts.u32(0).u32(static_cast<std::uint32_t>(character_lod_lists().size()));
  for (const auto& name : character_lod_lists()) {
    parts.str(name).u32(1);
    const std::size_t next = parts.size();
    parts.u32(0);
    character_lod(parts, part_box(name), name.starts_with("body") || name == "head");
    parts.patch(next, static_cast<std::uint32_t>(parts.size()));
  }
  parts.patch(0, static_cast<std::uint32_t>(parts.size()));
  parts.u32(0);  // no textures in the part block
  b.u32(static_cast<std::uint32_t>(parts.size())).raw(parts.data);
  return b.data;
}

}  // namespace bonebridge::lego::wdb::test
