// SPDX-License-Identifier: MIT
#include "bonebridge/formats/sith/family.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <optional>

#include "adapters.hpp"
#include "bonebridge/core/text.hpp"
#include "bonebridge/formats/sith/characters.hpp"
#include "bonebridge/formats/sith/key/codec.hpp"
#include "bonebridge/formats/sith/key/limits.hpp"
#include "bonebridge/formats/sith/model/codec.hpp"
#include "bonebridge/formats/sith/pup/codec.hpp"
#include "bonebridge/formats/sith/pup/engine.hpp"
#include "pup/adapter.hpp"

namespace bonebridge::sith {
namespace {

std::string lowercase_head(std::span<const std::uint8_t> bytes, std::size_t limit) {
  return fold_case(
      std::string(bytes.begin(), bytes.begin() + static_cast<std::ptrdiff_t>(std::min(bytes.size(), limit))));
}

bool looks_like_key(const std::string& head) {
  return head.find("section: header") != std::string::npos && head.find("frames") != std::string::npos &&
         head.find("joints") != std::string::npos;
}

bool looks_like_model(const std::string& head) {
  return head.find("section: header") != std::string::npos && head.find("\n3do ") != std::string::npos;
}

bool starts_with(std::span<const std::uint8_t> bytes, std::string_view magic) {
  return bytes.size() >= magic.size() && std::equal(magic.begin(), magic.end(), bytes.begin());
}

Result<std::unique_ptr<bonebridge::Document>> open(std::span<const std::uint8_t> bytes,
                                                   const Options& options) {
  auto settings = family_settings(options);
  if (!settings.ok()) return settings.error();
  const auto extension = options.extension();
  if (extension == ".pup") return pup::open(bytes, options, *settings);
  const bool named = !extension.empty();
  if (extension == ".mat" || (!named && starts_with(bytes, "MAT "))) return material::open(bytes);
  if (extension == ".cmp" || (!named && starts_with(bytes, "CMP "))) return colormap::open(bytes);
  const bool is_model =
      extension == ".3do" || (extension != ".key" && looks_like_model(lowercase_head(bytes, 4096)));
  return is_model ? model::open(bytes, options, *settings) : key::open(bytes, options, *settings);
}

using namespace setting_fields;

constexpr const char* kTitle =
    "Sith engine .key keyframes / .3do models / .pup puppets / .mat materials / .cmp colour maps (Jedi "
    "Knight, MotS, IJIM)";

// What a user may set, each field once: the schema `formats` and --help show and the parser of Settings.
const SettingFields<Settings>& fields() {
  static const SettingFields<Settings> table = {
      companion("model", &Settings::model, "the .3do model whose hierarchy the .key animates"),
      companion("puppet", &Settings::puppet,
                "with convert --retarget: the character's .pup, whose joint table says which of the model's "
                "nodes is the head, the neck and the hip",
                "the model's node names alone"),
      text("materials", &Settings::materials, SettingKind::Text, "FOLDER",
           "a folder of the .mat files the model's MATERIALS list names, searched first",
           "the model's folder, its mat/ and ../mat/"),
      companion("palette", &Settings::palette, "the .cmp colour map of 8-bit (JK, MotS) materials",
                "none: 8-bit texels as a grey ramp"),
      choice("variant", &Settings::variant,
             {{"jk", Dialect::JediKnight},
              {"mots", Dialect::MysteriesOfTheSith},
              {"ijim", Dialect::InfernalMachine}},
             "the game's dialect", "ijim"),
      number("unit-scale", &Settings::unit_scale, "metres per game unit", {1e-12, 1e12},
             "the size of one game unit"),
      number("fps", &Settings::fps, "frames per second", {1e-3, 1e4}, "the frame rate of a written .key",
             "the clip's sith.fps, else 30"),
      number(
          "angle-tolerance", &Settings::angle_tolerance, "degrees", {1e-4, 1},
          "how far a rotation may leave the path: an export's slerp pieces from the .key's Euler motion, a "
          "written .key's playback from the glTF's (entries within it are dropped; 0.005 keeps 1e-4 of the "
          "extent)"),
      number_alias<Settings>("tolerance", "angle-tolerance", "degrees", {1e-4, 1},
                             "the old spelling of --angle-tolerance, kept", "as --angle-tolerance",
                             [](Settings& settings, double value) { settings.angle_tolerance = value; }),
  };
  return table;
}

}  // namespace

Result<Settings> family_settings(const Options& options) {
  return read_settings(options, fields(), kTitle);
}

BridgeOptions bridge_options(const Settings& settings) {
  BridgeOptions bridge;
  bridge.dialect = settings.variant.value_or(Dialect::InfernalMachine);
  bridge.unit_scale = settings.unit_scale;
  bridge.fps = settings.fps.value_or(0);
  bridge.rotation_tolerance_degrees = settings.angle_tolerance;
  return bridge;
}

Result<BridgeOptions> bridge_options(const Options& options) {
  auto settings = family_settings(options);
  if (!settings.ok()) return settings.error();
  return bridge_options(*settings);
}

Result<std::shared_ptr<const model::Document>> model_option(const Options& options,
                                                            const Settings& settings) {
  const std::string& path = settings.model;
  if (path.empty()) return std::shared_ptr<const model::Document>{};
  return options.documents->get<model::Document>("model", path, [&]() -> Result<model::Document> {
    auto bytes = options.companion("model", path);
    if (!bytes.ok()) return bytes.error();
    auto parsed = model::read(*bytes);
    if (!parsed.ok()) {
      Error error = parsed.error();
      error.file = path;
      return error;
    }
    return std::move(parsed).value();
  });
}

namespace {

// What the family supports and how sure it is, as `formats` prints it.
std::vector<Capability> capabilities() {
  return {
      {"read", true, "confirmed",
       "the engine's line grammar (stdConffile + sscanf patterns), checked on 10 sample files; what only a "
       "game rejects is read and reported by validate"},
      {"read .mat", true, "partial",
       "MAT 0x32, byte for byte: 16-bit texels (RGB565 confirmed on 11 IJIM files; 1555 and 4444 decoded "
       "from the header's channel fields, no real file); 8-bit indexed texels and colour materials only on "
       "hand-made files; all cels and mip levels kept, cel 0's largest level drawn"},
      {"read .cmp", true, "assumed",
       "CMP 0x1E, byte for byte: header, 256-colour palette, light and transparency tables kept raw; only "
       "hand-made files (no real .cmp sample)"},
      {"textured models", true, "partial",
       "a .3do's faces with their .mat (cel 0) as glTF materials and images, UVs from its texture vertices "
       "(fractions in 3DO 2.2/2.3, texels in 2.1), double-sided faces kept; .mat files found beside the "
       "model "
       "on disk or inside its archive; shown on 11 IJIM materials; "
       "geometry, lighting and texture modes, animated cels and translucent faces are not"},
      {"puppets (.pup)", true, "partial",
       "read and written byte for byte; Mode/BasedOn/Joints as the engine's loader reads them; with --model, "
       "one animation per key file it names (keys beside it, in key/, ../3do/key/, ../../3do/key/, on disk "
       "or "
       "inside the .pup's archive; a missing one is a note); checked on 1 IJIM file; the game's table of "
       "move names (JK and IJIM differ) is not "
       "checked; never written from glTF"},
      {"write", true, "confirmed",
       ".key: unmodified files byte for byte, others in the conventional layout; .3do: unchanged, or with "
       "edited HIERARCHYDEF rows only; .mat, .cmp and .pup: as read, byte for byte"},
      {"evaluate", true, "partial",
       "one track at full weight as OpenJKDF2/OpenJones3D decompilations describe; no blending of tracks, "
       "priorities, fades or puppet-driven speed; not compared against a running game"},
      {"to glTF", true, "partial",
       "translations exact, rotations resampled within 0.01 degrees, jumps as keys 1e-4 s apart; the metre "
       "per game unit is unknown (unit-scale)"},
      {"from glTF", true, "partial",
       "entries at the clip's keys plus where Euler-linear motion leaves slerp; only .key is written, never "
       ".3do"},
      {"validate", true, "assumed",
       "whitespace-only lines, marker limits, name buffers and line buffers follow the decompiled loaders, "
       "not tests on the retail executables"},
      {"characters", true, "partial",
       "templates of .jkl (JK/MotS) and .ndy (IJIM) text world files resolved as sithTemplate_CreateEntry "
       "does "
       "(static world first, first definition wins, base read before, no type dropped, capacity kept); each "
       "template with a puppet is a character: model3d from 3do\\, the puppet's keys from 3do\\key\\ named "
       "'mode N / submode' with the engine's submode tables (JK 42 + MotS 2, IJIM 84); COG keyframe symbols "
       "join "
       "the characters whose model the key fits ('cog SCRIPT / NAME'); keys no template names are matched to "
       "a "
       "model by node names, named 'mode N / submode' by a puppet that no template names when one names "
       "them (its game guessed from which submode table knows its rows); the binary IJIM .cnd is not read; "
       "JK 8-bit materials use the level's first "
       "colormap, else dflt.cmp"},
  };
}

}  // namespace

// The roles of a model's nodes as its puppet's joint table gives them (research/sith-key.md, pup.md: part 0
// the head, 1 the neck, 2 the hip, each a 3DO node number), then the built-in Sith names for the rest;
// nullopt without --puppet.
Result<std::optional<RoleSource>> puppet_roles(const Options& options, const Settings& settings,
                                               std::span<const std::uint8_t> model_bytes) {
  if (settings.puppet.empty()) return std::optional<RoleSource>{};
  auto bytes = options.companion("puppet", settings.puppet);
  if (!bytes.ok()) return bytes.error();
  auto pup = pup::read(*bytes);
  if (!pup.ok()) {
    Error error = pup.error();
    error.file = settings.puppet;
    return error;
  }
  auto model = model::read(model_bytes);
  if (!model.ok()) return model.error();
  const auto& nodes = model->content.hierarchy;
  RoleSource source{fmt::format("Sith puppet {} with the model's names", settings.puppet), {}};
  const std::pair<int, HumanoidRole> parts[] = {
      {0, HumanoidRole::Head}, {1, HumanoidRole::Neck}, {2, HumanoidRole::Hips}};
  for (const auto& [part, joint] : load_puppet(*pup).joints) {
    for (const auto& [number, role] : parts) {
      if (part != number) continue;
      if (joint < 0 || static_cast<std::size_t>(joint) >= nodes.size())
        return Error{
            "Sith .pup",
            fmt::format("joint {} (part {}) is not a node of the model's {}", joint, part, nodes.size()),
            {},
            {},
            settings.puppet};
      source.joints.emplace_back(role, nodes[static_cast<std::size_t>(joint)].name);
    }
  }
  for (const RoleSource& builtin : builtin_role_sources()) {
    if (builtin.name != "Sith model") continue;
    for (const auto& named : builtin.joints) {
      const bool given = std::any_of(source.joints.begin(), source.joints.end(),
                                     [&](const auto& entry) { return entry.first == named.first; });
      if (!given) source.joints.push_back(named);
    }
  }
  return std::optional(std::move(source));
}

// What a .key written from a retargeted clip animates: the --model companion as `convert MODEL out.glb` gives
// it (its hierarchy at rest and its meshes). Sith names no characters apart from their models.
Result<std::optional<Converted<RetargetTarget>>> retarget_target(const Options& options, const std::string&) {
  auto settings = family_settings(options);
  if (!settings.ok()) return settings.error();
  if (settings->model.empty()) return std::optional<Converted<RetargetTarget>>{};
  auto bytes = options.companion("model", settings->model);
  if (!bytes.ok()) return bytes.error();
  Options model_options = options;
  model_options.placement.input = settings->model;
  model_options.placement.extension = ".3do";
  auto document = model::open(*bytes, model_options, *settings);
  if (!document.ok()) {
    Error error = document.error();
    error.file = settings->model;
    return error;
  }
  auto core = (*document)->to_core(model_options);
  if (!core.ok()) return core.error();
  auto roles = puppet_roles(options, *settings, *bytes);
  if (!roles.ok()) return roles.error();
  return std::optional(
      Converted<RetargetTarget>{{std::move(core->scene), std::move(*roles)}, std::move(core->notes)});
}

FormatFamily family() {
  FormatFamily row;
  row.id = "sith";
  row.title = kTitle;
  row.extensions = {".key", ".3do", ".pup", ".mat", ".cmp"};
  row.settings = settings_schema(fields());
  row.capabilities = capabilities();
  row.sniff = [](std::span<const std::uint8_t> bytes) {
    if (starts_with(bytes, "MAT ") || starts_with(bytes, "CMP ")) return true;
    const std::string head = lowercase_head(bytes, 4096);
    return looks_like_key(head) || looks_like_model(head);
  };
  row.open = open;
  row.from_core = key_from_core;
  row.retarget_target = retarget_target;
  row.limits = key_limits();
  row.find_characters = [](const InstallView& install) { return find_characters(install); };
  return row;
}

}  // namespace bonebridge::sith
