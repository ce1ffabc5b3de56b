// SPDX-License-Identifier: MIT
#pragma once
// A WORLD.WDB laid out by hand (hand_laid.hpp's helpers) holding a LOD list under every name the game's
// actors use (legoactors.cpp: the 8 body variants, the 23 hats, infogron, head, arm-lft, arm-rt, claw-lft,
// leg) and every chest and face texture as a 1x1 image. Each LOD list has one LOD of two triangles sharing
// three positions: mesh 0 plain red, mesh 1 "inh" (textured "inhtex" with UVs on body variants and head,
// whose actors give a texture; untextured with material "inh" elsewhere).
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

inline void character_lod(Bytes& b, bool textured_inh) {
  lod_header(b, 2, 3, 1, 3);
  b.f32(0).f32(0).f32(0).f32(0.1f).f32(0).f32(0).f32(0).f32(0.1f).f32(0);
  b.f32(0).f32(0).f32(-1);
  b.f32(0).f32(0).f32(1).f32(0).f32(0).f32(1);
  b.u16(1).u16(3).u32(create(0, 0)).u32(create(1, 0)).u32(create(2, 0)).u32(0);
  mesh_properties(b, 255, 0, 0, "", "");
  b.u16(1).u16(3).u32(create(0, 0)).u32(create(2, 0)).u32(create(1, 0));
  if (textured_inh) {
    b.u32(3).u32(0).u32(2).u32(1);
    mesh_properties(b, 255, 255, 255, "inhtex", "");
  } else {
    b.u32(0);
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
    character_lod(parts, name.starts_with("body") || name == "head");
    parts.patch(next, static_cast<std::uint32_t>(parts.size()));
  }
  parts.patch(0, static_cast<std::uint32_t>(parts.size()));
  parts.u32(0);  // no textures in the part block
  b.u32(static_cast<std::uint32_t>(parts.size())).raw(parts.data);
  return b.data;
}

}  // namespace bonebridge::lego::wdb::test
