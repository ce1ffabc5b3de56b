// SPDX-License-Identifier: MIT
// The actor tables of LEGO Island, as data: isledecomp/isle @ 2614373c8b11cf73dd4c5788237b8b1d8c60d9b6,
// LEGO1/lego/legoomni/src/common/legoactors.cpp (g_actorLODs lines 10-93, the index arrays, g_hatPartName,
// g_bodyPartName, g_chestTexture, g_faceTexture, g_colorAlias and g_actorInfoInit from line 175), resolved as
// LegoCharacterManager::CreateActorROI resolves them (legocharactermanager.cpp:457-601). The colour aliases'
// RGB values are g_roiColorAliases (legoroi.cpp), in mesh.cpp.
#include "bonebridge/formats/lego/wdb/actors.hpp"
#include "bonebridge/core/text.hpp"

#include <algorithm>
#include <cctype>
#include <cstdint>

namespace bonebridge::lego::wdb {
namespace {

using Indices = std::vector<std::uint8_t>;  // the game's 0xff-terminated index arrays, without the 0xff

const Indices kBodyPartIndices{0, 1, 2, 3, 4, 5, 6, 7};
const Indices kHatPartIndices{0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19};
const Indices kPepperHatPartIndices{21, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19};
const Indices kInfomanHatPartIndices{22};
const Indices kGhostHatPartIndices{20};
const Indices kColorIndices{0, 1, 2, 3,
                            4, 5, 6, 7};  // g_hatColorIndices, g_gronColorIndices, g_armColorIndices,
                                          // g_claw*ColorIndices, g_legColorIndices: all the same
const Indices kFaceTextureIndices{0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13};
const Indices kChestTextureIndices{0,  1,  2,  3,  4,  5,  6,  7,  8,  9,  10, 11, 12, 13,
                                   14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 27};

constexpr std::array<std::string_view, 23> kHatPartName{
    "baseball", "chef",   "cap",     "cophat", "helmet", "ponytail", "pageboy", "shrthair",
    "bald",     "flower", "cboyhat", "cuphat", "cathat", "backbcap", "pizhat",  "caprc",
    "capch",    "capdb",  "capjs",   "capmd",  "sheet",  "phat",     "icap"};
constexpr std::array<std::string_view, 8> kBodyPartName{"body",     "bodyred",  "bodyblck", "bodywhte",
                                                        "bodyyllw", "bodyblue", "bodygren", "bodybrwn"};
constexpr std::array<std::string_view, 28> kChestTexture{
    "peprchst.gif",  "mamachst.gif", "papachst.gif", "nickchst.gif", "norachst.gif", "infochst.gif",
    "shftchst.gif",  "rac1chst.gif", "rac2chst.gif", "bth1chst.gif", "bth2chst.gif", "mech.gif",
    "polkadot.gif",  "bowtie.gif",   "postchst.gif", "vest.gif",     "doctor.gif",   "copchest.gif",
    "l.gif",         "e.gif",        "g.gif",        "o.gif",        "fruit.gif",    "flowers.gif",
    "construct.gif", "paint.gif",    "l6.gif",       "unkchst.gif"};
constexpr std::array<std::string_view, 14> kFaceTexture{
    "peprface.gif", "mamaface.gif", "papaface.gif", "nickface.gif", "noraface.gif",
    "infoface.gif", "shftface.gif", "dogface.gif",  "womanshd.gif", "smileshd.gif",
    "woman.gif",    "smile.gif",    "mustache.gif", "black.gif"};
constexpr std::array<std::string_view, 8> kColorAlias{"lego white",   "lego black", "lego yellow",
                                                      "lego red",     "lego blue",  "lego brown",
                                                      "lego lt grey", "lego green"};

// g_actorLODs[1..10]: ROI name, LOD list name (m_parentName), flags, position, direction, up. The bounding
// volumes are left out: nothing here draws or picks with them.
enum Use : std::uint8_t { kUseTexture = 0x01, kUseColor = 0x02 };
struct PartLod {
  std::string_view name;
  std::string_view lod_list;
  std::uint8_t flags;
  std::array<float, 3> position, direction, up;
};
constexpr std::array<PartLod, kActorParts> kActorLods{{
    {"body", "body", kUseTexture, {-0.00089f, 0.436353f, 0.007277f}, {0.0f, 0.0f, 1.0f}, {0.0f, 1.0f, 0.0f}},
    {"infohat",
     "infohat",
     kUseColor,
     {0.000191f, 1.519793f, 0.001767f},
     {0.0f, 0.0f, 1.0f},
     {0.0f, 1.0f, 0.0f}},
    {"infogron",
     "infogron",
     kUseColor,
     {-0.00089f, 0.436353f, 0.007277f},
     {0.0f, 0.0f, 1.0f},
     {0.0f, 1.0f, 0.0f}},
    {"head", "head", kUseTexture, {-0.00105f, 1.293115f, 0.001781f}, {0.0f, 0.0f, 1.0f}, {0.0f, 1.0f, 0.0f}},
    {"arm-lft",
     "arm-lft",
     kUseColor,
     {-0.225678f, 0.963312f, 0.023286f},
     {-0.003031f, -0.017187f, 0.999848f},
     {0.173622f, 0.984658f, 0.017453f}},
    {"arm-rt",
     "arm-rt",
     kUseColor,
     {0.223494f, 0.963583f, 0.018302f},
     {0.0f, 0.0f, 1.0f},
     {-0.173648f, 0.984808f, 0.0f}},
    {"claw-lft",
     "claw-lft",
     kUseColor,
     {-0.341869f, 0.700355f, 0.092779f},
     {0.000001f, 0.000003f, 1.0f},
     {0.190812f, 0.981627f, -0.000003f}},
    {"claw-rt",
     "claw-lft",
     kUseColor,
     {0.343317f, 0.69924f, 0.096123f},
     {0.00606f, -0.034369f, 0.999391f},
     {-0.190704f, 0.981027f, 0.034894f}},
    {"leg-lft", "leg", kUseColor, {-0.156339f, 0.436087f, 0.006822f}, {0.0f, 0.0f, 1.0f}, {0.0f, 1.0f, 0.0f}},
    {"leg-rt", "leg", kUseColor, {0.151154f, 0.436296f, 0.007373f}, {0.0f, 0.0f, 1.0f}, {0.0f, 1.0f, 0.0f}},
}};

// g_actorInfoInit: per actor, the body's variant (index into g_bodyPartIndices) and which name table its
// texture-or-colour index reads (g_chestTexture with g_chestTextureIndices, or g_colorAlias), the hat's index
// array, variant and colour, then the colour or face index of the other eight parts (infogron, head, arm-lft,
// arm-rt, claw-lft, claw-rt, leg-lft, leg-rt). Sound, move and mood are left out.
enum class Body : std::uint8_t { Chest, Color };
enum class Hat : std::uint8_t { Common, Pepper, Infoman, Ghost };
struct ActorRow {
  std::string_view name;
  Body body_names;
  std::uint8_t body_variant, body_name;
  Hat hat_parts;
  std::uint8_t hat_variant, hat_color;
  std::array<std::uint8_t, 8> others;
};
// clang-format off
constexpr std::array<ActorRow, 66> kActors{{
    {"pepper", Body::Chest, 1, 0, Hat::Pepper, 0, 0, {4, 0, 3, 3, 2, 2, 4, 4}},
    {"mama", Body::Chest, 1, 1, Hat::Common, 1, 0, {0, 1, 3, 3, 2, 2, 0, 0}},
    {"papa", Body::Chest, 2, 2, Hat::Common, 1, 0, {1, 2, 0, 0, 2, 2, 1, 1}},
    {"nick", Body::Chest, 2, 3, Hat::Common, 3, 1, {4, 3, 1, 1, 2, 2, 4, 4}},
    {"laura", Body::Chest, 2, 4, Hat::Common, 3, 1, {4, 4, 1, 1, 2, 2, 4, 4}},
    {"infoman", Body::Chest, 1, 5, Hat::Infoman, 0, 3, {0, 5, 1, 1, 0, 0, 0, 0}},
    {"brickstr", Body::Chest, 3, 6, Hat::Common, 13, 1, {1, 6, 0, 0, 0, 4, 1, 1}},
    {"studs", Body::Chest, 1, 7, Hat::Common, 4, 1, {1, 7, 0, 0, 2, 2, 1, 1}},
    {"rhoda", Body::Chest, 5, 8, Hat::Common, 4, 3, {1, 8, 3, 3, 2, 2, 1, 1}},
    {"valerie", Body::Chest, 1, 9, Hat::Common, 5, 3, {3, 8, 2, 2, 2, 2, 2, 2}},
    {"snap", Body::Chest, 3, 10, Hat::Common, 0, 4, {1, 9, 2, 2, 2, 2, 2, 2}},
    {"pt", Body::Chest, 5, 11, Hat::Common, 6, 1, {1, 8, 4, 4, 2, 2, 1, 1}},
    {"mg", Body::Chest, 1, 12, Hat::Common, 6, 5, {4, 10, 0, 0, 2, 2, 4, 4}},
    {"bu", Body::Chest, 3, 13, Hat::Common, 7, 5, {5, 11, 0, 0, 2, 2, 5, 5}},
    {"ml", Body::Chest, 5, 14, Hat::Common, 2, 4, {1, 12, 4, 4, 2, 2, 1, 1}},
    {"nu", Body::Chest, 5, 11, Hat::Common, 7, 1, {4, 7, 4, 4, 2, 2, 4, 4}},
    {"na", Body::Chest, 3, 15, Hat::Common, 10, 3, {3, 8, 4, 4, 2, 2, 3, 3}},
    {"cl", Body::Chest, 3, 16, Hat::Common, 19, 0, {4, 12, 4, 4, 2, 2, 4, 4}},
    {"en", Body::Chest, 3, 16, Hat::Common, 0, 0, {0, 11, 0, 0, 2, 2, 0, 0}},
    {"re", Body::Chest, 3, 16, Hat::Common, 0, 0, {0, 11, 0, 0, 2, 2, 0, 0}},
    {"ro", Body::Chest, 2, 17, Hat::Common, 3, 1, {1, 9, 1, 1, 2, 2, 1, 1}},
    {"d1", Body::Chest, 5, 11, Hat::Common, 15, 0, {4, 11, 0, 0, 2, 2, 4, 4}},
    {"d2", Body::Chest, 5, 11, Hat::Common, 16, 0, {4, 11, 0, 0, 2, 2, 4, 4}},
    {"d3", Body::Chest, 5, 11, Hat::Common, 17, 0, {4, 11, 0, 0, 2, 2, 4, 4}},
    {"d4", Body::Chest, 5, 11, Hat::Common, 18, 0, {4, 11, 0, 0, 2, 2, 4, 4}},
    {"l1", Body::Chest, 1, 18, Hat::Common, 5, 1, {0, 11, 2, 2, 2, 2, 0, 0}},
    {"l2", Body::Chest, 1, 19, Hat::Common, 6, 1, {0, 12, 2, 2, 2, 2, 0, 0}},
    {"l3", Body::Chest, 1, 20, Hat::Common, 7, 1, {0, 11, 2, 2, 2, 2, 0, 0}},
    {"l4", Body::Chest, 1, 21, Hat::Common, 7, 1, {0, 11, 2, 2, 2, 2, 0, 0}},
    {"l5", Body::Chest, 1, 26, Hat::Common, 7, 1, {3, 12, 2, 2, 2, 2, 0, 0}},
    {"l6", Body::Chest, 1, 26, Hat::Common, 0, 1, {3, 11, 2, 2, 2, 2, 0, 0}},
    {"b1", Body::Color, 0, 1, Hat::Common, 7, 1, {1, 12, 0, 0, 2, 2, 1, 1}},
    {"b2", Body::Color, 0, 1, Hat::Common, 5, 1, {4, 10, 3, 3, 2, 2, 4, 4}},
    {"b3", Body::Color, 0, 4, Hat::Common, 7, 5, {1, 11, 0, 0, 2, 2, 1, 1}},
    {"b4", Body::Color, 0, 1, Hat::Common, 7, 1, {1, 9, 0, 0, 2, 2, 1, 1}},
    {"cm", Body::Chest, 4, 22, Hat::Common, 9, 2, {3, 8, 2, 2, 2, 2, 3, 3}},
    {"gd", Body::Color, 0, 1, Hat::Common, 7, 1, {6, 11, 6, 6, 2, 2, 6, 6}},
    {"rd", Body::Color, 0, 3, Hat::Common, 0, 3, {7, 9, 3, 3, 2, 2, 7, 7}},
    {"pg", Body::Color, 0, 3, Hat::Common, 5, 3, {3, 11, 0, 0, 2, 2, 3, 3}},
    {"bd", Body::Color, 0, 6, Hat::Common, 0, 6, {1, 12, 0, 0, 2, 2, 1, 1}},
    {"sy", Body::Color, 0, 4, Hat::Common, 5, 6, {4, 10, 2, 2, 2, 2, 4, 4}},
    {"gn", Body::Chest, 6, 13, Hat::Common, 7, 5, {5, 9, 0, 0, 2, 2, 5, 5}},
    {"df", Body::Chest, 5, 23, Hat::Common, 6, 5, {6, 8, 4, 4, 2, 2, 6, 6}},
    {"bs", Body::Chest, 3, 10, Hat::Common, 7, 3, {7, 11, 2, 2, 2, 2, 2, 2}},
    {"lt", Body::Chest, 3, 10, Hat::Common, 7, 1, {4, 11, 2, 2, 2, 2, 2, 2}},
    {"st", Body::Chest, 1, 9, Hat::Common, 5, 5, {3, 10, 2, 2, 2, 2, 2, 2}},
    {"bm", Body::Chest, 3, 24, Hat::Common, 0, 4, {4, 7, 6, 6, 2, 2, 4, 4}},
    {"jk", Body::Chest, 3, 24, Hat::Common, 0, 4, {4, 9, 6, 6, 2, 2, 4, 4}},
    {"ghost", Body::Color, 0, 0, Hat::Ghost, 0, 0, {0, 13, 0, 0, 0, 0, 0, 0}},
    {"ghost01", Body::Color, 0, 0, Hat::Ghost, 0, 0, {0, 13, 0, 0, 0, 0, 0, 0}},
    {"ghost02", Body::Color, 0, 0, Hat::Ghost, 0, 0, {0, 13, 0, 0, 0, 0, 0, 0}},
    {"ghost03", Body::Color, 0, 0, Hat::Ghost, 0, 0, {0, 13, 0, 0, 0, 0, 0, 0}},
    {"ghost04", Body::Color, 0, 0, Hat::Ghost, 0, 0, {0, 13, 0, 0, 0, 0, 0, 0}},
    {"ghost05", Body::Color, 0, 0, Hat::Ghost, 0, 0, {0, 13, 0, 0, 0, 0, 0, 0}},
    {"hg", Body::Color, 0, 3, Hat::Common, 8, 3, {3, 8, 3, 3, 3, 3, 3, 3}},
    {"pntgy", Body::Color, 0, 3, Hat::Common, 0, 3, {3, 7, 3, 3, 3, 3, 3, 3}},
    {"pep", Body::Chest, 1, 0, Hat::Pepper, 0, 0, {4, 0, 3, 3, 2, 2, 4, 4}},
    {"cop01", Body::Chest, 2, 17, Hat::Common, 3, 1, {1, 9, 1, 1, 2, 2, 1, 1}},
    {"actor_01", Body::Color, 0, 4, Hat::Common, 5, 6, {4, 10, 2, 2, 2, 2, 4, 4}},
    {"actor_02", Body::Color, 0, 6, Hat::Common, 0, 6, {1, 12, 0, 0, 2, 2, 1, 1}},
    {"actor_03", Body::Color, 0, 1, Hat::Common, 7, 1, {6, 11, 6, 6, 2, 2, 6, 6}},
    {"actor_04", Body::Chest, 1, 12, Hat::Common, 6, 5, {4, 10, 0, 0, 2, 2, 4, 4}},
    {"actor_05", Body::Chest, 4, 22, Hat::Common, 9, 2, {3, 8, 2, 2, 2, 2, 3, 3}},
    {"btmncycl", Body::Color, 0, 3, Hat::Common, 5, 3, {3, 11, 0, 0, 2, 2, 3, 3}},
    {"cboycycl", Body::Chest, 3, 10, Hat::Common, 7, 3, {7, 11, 2, 2, 2, 2, 2, 2}},
    {"boatman", Body::Color, 0, 3, Hat::Common, 0, 3, {7, 9, 3, 3, 2, 2, 7, 7}},
}};
// clang-format on

const Indices& hat_indices(Hat hat) {
  switch (hat) {
    case Hat::Pepper:
      return kPepperHatPartIndices;
    case Hat::Infoman:
      return kInfomanHatPartIndices;
    case Hat::Ghost:
      return kGhostHatPartIndices;
    case Hat::Common:
      break;
  }
  return kHatPartIndices;
}

ActorPart placed(std::size_t i) {
  const PartLod& lod = kActorLods[i];
  return {lod.name, lod.lod_list, lod.position, lod.direction, lod.up, {}, {}};
}

// CreateActorROI: a part with c_useTexture takes the named texture, except a body of variant 0 ("body"),
// which takes the named colour like a part with c_useColor.
ActorDefinition resolve(const ActorRow& row) {
  ActorDefinition actor{row.name, {}};
  for (std::size_t i = 0; i < kActorParts; ++i) actor.parts[i] = placed(i);
  const std::uint8_t body_variant = kBodyPartIndices[row.body_variant];
  actor.parts[0].lod_list = kBodyPartName[body_variant];
  if (row.body_names == Body::Chest) {
    const std::string_view name = kChestTexture[kChestTextureIndices[row.body_name]];
    if (body_variant != 0)
      actor.parts[0].texture = name;
    else
      actor.parts[0].color_alias = name;  // not an alias: the game's colour lookup fails
  } else {
    actor.parts[0].color_alias = kColorAlias[kColorIndices[row.body_name]];
  }
  actor.parts[1].lod_list = kHatPartName[hat_indices(row.hat_parts)[row.hat_variant]];
  actor.parts[1].color_alias = kColorAlias[kColorIndices[row.hat_color]];
  for (std::size_t i = 2; i < kActorParts; ++i) {
    const std::uint8_t index = row.others[i - 2];
    if (kActorLods[i].flags & kUseTexture) {
      actor.parts[i].texture = kFaceTexture[kFaceTextureIndices[index]];
    } else {
      actor.parts[i].color_alias = kColorAlias[kColorIndices[index]];
    }
  }
  return actor;
}

}  // namespace

std::optional<ActorDefinition> find_actor(std::string_view key) {
  for (const auto& row : kActors) {
    if (equal_folded(row.name, key)) return resolve(row);
  }
  return std::nullopt;
}

std::vector<std::string_view> actor_names() {
  std::vector<std::string_view> names;
  for (const auto& row : kActors) names.push_back(row.name);
  return names;
}

}  // namespace bonebridge::lego::wdb
