// SPDX-License-Identifier: MIT
#pragma once
// WORLD.WDB parts -> the core model. A part (a named LOD list) becomes one joint carrying its most detailed
// LOD (the last of the list: lists go from simplest to most complex, realtime/lodlist.h), one RigidMesh per
// mesh in the game's order ("inh" meshes last), in the game's left-handed frame; the caller applies
// AxisConversion::mirror_x. Textures are the images the game's texture container holds after loading the
// file, by lower-case name: the global texture block, every part blob's and every model blob's (unless it
// skips textures). Of a '^' hi/lo pair the second image is kept, as the game does with its default
// "island texture" setting (ISLE/isleapp.cpp: m_islandTexture = 1, so LegoPartPresenter's config1 = 0 keeps
// the second). Palette images become RGBA (opaque). The other LODs are listed, not exported: their mesh and
// vertex counts go to scene metadata "lego.wdb.lods".
#include <array>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "bonebridge/core/conversion.hpp"
#include "bonebridge/core/scene.hpp"
#include "bonebridge/formats/lego/wdb/document.hpp"
#include "bonebridge/io/error.hpp"

namespace bonebridge::lego::wdb {

// Images by the name the game's texture container knows them by (lower case, no '^').
using TextureLibrary = std::map<std::string, const wdb::Image*>;
TextureLibrary texture_library(const Document& document);

// The LOD list named `name` (case-insensitively), as LegoPartPresenter::Store registers it: the global part
// block first, then the part blobs in file order; nullptr when no part has that name.
const Roi* find_part(const Document& document, std::string_view name);

// Every part (LOD list) name in the file, global part block first, without repeats.
std::vector<std::string> part_names(const Document& document);

// How an actor colours and textures the "inh" meshes of one of its parts (LegoLOD::SetColor and
// SetTextureInfo): untextured inh meshes take `rgb`, textured ones take the texture named `texture`.
struct InheritedLook {
  std::optional<std::array<std::uint8_t, 3>> rgb;
  std::optional<std::string> texture;
};

// Adds the meshes of `lod` to `scene` on `joint`, named "<part>/<index>", with materials and images shared
// through the scene (images by name). Meshes whose corners point past the LOD's arrays are skipped with a
// note naming the part, LOD and mesh. Inh meshes without an InheritedLook get a neutral grey and a note.
void add_lod(Scene& scene, int joint, const Lod& lod, const std::string& part, const TextureLibrary& textures,
             const InheritedLook* look, std::vector<std::string>& notes);

// The part as a one-joint scene, converted to glTF's frame.
Result<CoreConversion> to_core(const Document& document, std::string_view part_name);

}  // namespace bonebridge::lego::wdb
