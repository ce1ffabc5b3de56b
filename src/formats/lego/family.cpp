// SPDX-License-Identifier: MIT
#include "bonebridge/formats/lego/family.hpp"

#include <fmt/format.h>

#include "ani/adapter.hpp"
#include "bonebridge/formats/lego/ani/bridge.hpp"
#include "bonebridge/formats/lego/ani/codec.hpp"
#include "bonebridge/formats/lego/ani/limits.hpp"
#include "bonebridge/formats/lego/settings.hpp"
#include "bonebridge/formats/lego/wdb/actor_rest.hpp"
#include "bonebridge/formats/lego/wdb/archive.hpp"
#include "bonebridge/formats/lego/wdb/character.hpp"
#include "bonebridge/formats/lego/wdb/characters.hpp"
#include "bonebridge/formats/lego/wdb/codec.hpp"
#include "wdb/adapter.hpp"

namespace bonebridge::lego {
namespace {

using namespace setting_fields;

constexpr const char* kTitle = "LEGO Island (.ani, WORLD.WDB)";

// What a user may set, each field once: the schema `formats` and --help show and the parser of Settings.
const SettingFields<Settings>& fields() {
  static const SettingFields<Settings> table = [] {
    SettingFields<Settings> own = {
        integer("clip", &Settings::clip, "", {0, 1e6}, "which animation of a glTF to write (0 = the first)"),
        text("part", &Settings::part, SettingKind::Text, "NAME",
             "WORLD.WDB: the part (LOD list) to convert, e.g. head", "the file's only part"),
        text("actor", &Settings::actor, SettingKind::Text, "NAME",
             "WORLD.WDB: an actor of the game (`characters` lists them) at rest, dressed with its ten parts",
             "none"),
        companion("world", &Settings::world, "the game's WORLD.WDB: .ani actors get their bodies"),
    };
    for (auto& field : key_reduction<Settings>("the game's")) own.push_back(std::move(field));
    return own;
  }();
  return table;
}

// What the family reads and writes, and how sure each is.
std::vector<Capability> capabilities() {
  return {
      {"read", true, "confirmed",
       "every structure the decompiled loader reads; byte-identical round trip of the only public sample "
       "(pns065rd.ani) and of generated files"},
      {"write", true, "confirmed", "exact inverse of read, raw flags and trailing bytes kept"},
      {"evaluate", true, "partial",
       "the decompiled engine's rules (stored or value-based active bit, 0x02/0x04, flip-free slerp, camera "
       "look-at); the spot values of the reference notes match; never compared with the running game"},
      {"to glTF", true, "confirmed",
       "exact at every whole millisecond: max joint error 1.1e-5 units over pns065rd through a .glb (extent "
       "50 "
       "units); jumps 0.01 ms wide; long-way slerp split into pieces of at most 15 degrees; X mirrored"},
      {"from glTF", true, "partial",
       "LINEAR/STEP channels exact at whole milliseconds, CUBICSPLINE sampled every millisecond; the actor "
       "list only when the clip carries it; bounding sphere recomputed"},
      {"visibility", true, "partial", "morph keys <-> core visibility tracks; object binding not modelled"},
      {"camera", true, "partial",
       "camera block <-> a joint named \"camera\" under the root node, exact at every key and sampled every "
       "millisecond (clips up to 2^16 ms; longer ones on a coarser grid, the error noted)"},
      {"object binding", false, "none",
       "names are kept, but '*' instancing, variables and the ROI subtree search are not modelled"},
      {"WORLD.WDB", true, "partial",
       "worlds, part and model blobs, LOD meshes and palette textures read and written byte for byte "
       "(checked "
       "on hand-laid files: no WORLD.WDB is public); a model's ROI tree is kept as bytes; a part converts as "
       "its last LOD, textured; browsable as an archive: `ls WORLD.WDB` lists each part as <part>.wdb, "
       "and `convert WORLD.WDB:head out.glb` (or WORLD.WDB:head.wdb) converts the part head"},
      {"characters", true, "partial",
       "--world WORLD.WDB gives an .ani's actors their bodies from the decompiled 66-actor table (parts, "
       "chest/face textures, colour aliases); the 16 public walk cycles checked on a hand-laid WORLD.WDB. "
       "`characters` gives each actor its g_cycles walk cycles, the four SNDANIM.SI click animations "
       "(objects 10-13, looked up as AnimC1.ani..AnimC4.ani: names assumed from sndanim_actions.h, no "
       "SNDANIM.SI is public), the scenes of each <world>inf.dta (version 3, read as ReadAnimInfo does) "
       "whose models name it (looked up as the SI object <name>_Anim, as isle_actions.h names them), and any "
       "other .ani whose actor list names it with type 2; inf.dta checked on "
       "hand-laid bytes only (none is public). An actor with no animation here converts at rest from "
       "WORLD.WDB (--actor NAME: its parts placed by g_actorLODs, as CreateActorROI does)"},
  };
}

// What an .ani written from a retargeted clip animates: the actor `character` standing where the actor table
// puts its parts (wdb/actor_rest.hpp), with its body from --world when given.
Result<std::optional<Converted<RetargetTarget>>> retarget_target(const Options& options,
                                                                 const std::string& character) {
  if (character.empty()) return std::optional<Converted<RetargetTarget>>{};
  const auto actor = wdb::find_actor(character);
  if (!actor)
    return Error{
        kFormatName,
        fmt::format("'{}' is not one of the game's 66 actors (g_actorInfoInit: pepper, mama, papa, nick, "
                    "laura, infoman, ...)",
                    character),
        {},
        {},
        {}};
  auto settings = family_settings(options);
  if (!settings) return settings.error();
  CoreConversion conversion = wdb::actor_at_rest(*actor);
  if (auto dressed =
          dress_from_world(conversion, {{std::string(actor->name), 2}}, options, *settings,
                           "the actor is a bare skeleton: --world WORLD.WDB gives it the game's body");
      !dressed)
    return dressed.error();
  return std::optional(
      Converted<RetargetTarget>{{std::move(conversion.scene), {}}, std::move(conversion.notes)});
}

}  // namespace

Result<Settings> family_settings(const Options& options) {
  return read_settings(options, fields(), kTitle);
}

FormatFamily family() {
  FormatFamily row;
  row.id = "lego";
  row.title = kTitle;
  row.settings = settings_schema(fields());
  row.extensions = {".ani", ".wdb"};
  row.capabilities = capabilities();
  row.sniff = [](std::span<const std::uint8_t> bytes) {
    return bytes.size() >= 0x20 && bytes[0] == 0x11 && bytes[1] == 0 && bytes[2] == 0 && bytes[3] == 0 &&
           ani::read(bytes).ok();
  };
  row.open = [](std::span<const std::uint8_t> bytes, const Options& options) {
    // A WORLD.WDB entry (a part, named without an extension) is a WORLD.WDB too; an .ani starts with 0x11.
    const std::string extension = options.extension();
    const bool world = extension == ".wdb" || (extension != ".ani" && (bytes.empty() || bytes[0] != kMagic));
    return world ? wdb::open(bytes) : ani::open(bytes);
  };
  row.from_core = [](const Scene& scene,
                     const Options& options) -> Result<Converted<std::vector<std::uint8_t>>> {
    auto settings = family_settings(options);
    if (!settings) return settings.error();
    auto converted =
        ani::from_core(scene, settings->clip, {settings->distance_tolerance, settings->angle_tolerance});
    if (!converted.ok()) return converted.error();
    if (auto within = check_limits(converted->value, converted->notes); !within) return within.error();
    return Converted<std::vector<std::uint8_t>>{ani::write(converted->value), std::move(converted->notes)};
  };
  row.retarget_target = retarget_target;
  row.limits = limits();
  row.find_characters = wdb::find_characters;
  row.archive_kinds = {&wdb::wdb_kind()};
  return row;
}

}  // namespace bonebridge::lego
