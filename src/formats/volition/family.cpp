// SPDX-License-Identifier: MIT
#include "bonebridge/formats/volition/family.hpp"

#include <fmt/format.h>

#include "adapters.hpp"
#include "asm/adapter.hpp"
#include "bonebridge/formats/volition/anim/bridge.hpp"
#include "bonebridge/formats/volition/anim/codec.hpp"
#include "bonebridge/formats/volition/anim/limits.hpp"
#include "bonebridge/formats/volition/asm/codec.hpp"
#include "bonebridge/formats/volition/cloth/codec.hpp"
#include "bonebridge/formats/volition/rig/bridge.hpp"
#include "bonebridge/formats/volition/rig/codec.hpp"
#include "bonebridge/formats/volition/settings.hpp"
#include "bonebridge/formats/volition/xtbl/characters.hpp"
#include "bonebridge/formats/volition/xtbl/codec.hpp"
#include "xtbl/adapter.hpp"

namespace bonebridge::volition {
namespace {

constexpr const char* kFamilyFormat = "Volition .rig_pc/.anim_pc/.sim_pc";
constexpr const char* kTitle = "Volition crunched rig / animation / cloth, RFG tables and manifests";

Error option_error(std::string message) {
  return Error{kFamilyFormat, std::move(message), {}, {}, {}};
}

// The kind of file a glTF is written as: --write-as, else what the output's extension names, else unset.
std::optional<WrittenKind> written_kind(const Settings& settings, const std::string& output_extension) {
  if (settings.write_as) return settings.write_as;
  if (output_extension == ".rig_pc") return WrittenKind::Rig;
  if (output_extension == ".anim_pc") return WrittenKind::Anim;
  return std::nullopt;
}

// The rig the animation written from glTF drives: the --rig companion, else one made from the skeleton.
Result<rig::Document> target_rig(const Scene& scene, const Options& options, const Settings& settings,
                                 std::vector<std::string>& notes) {
  if (settings.rig.empty()) {
    auto made = rig::from_core(scene.skeleton, PointerWidth::Eight);
    if (!made) return made.error();
    notes.insert(notes.end(), made->notes.begin(), made->notes.end());
    return std::move(made->value);
  }
  auto bytes = options.companion("rig", settings.rig);
  if (!bytes) return bytes.error();
  return rig::read(*bytes, settings.pointer_width);
}

Result<Converted<std::vector<std::uint8_t>>> from_core(const Scene& input, const Options& options) {
  auto settings = family_settings(options);
  if (!settings) return settings.error();
  Scene scene = input;
  volition_axes(settings->axes.value_or("identity")).inverse().apply(scene);
  std::vector<std::string> notes;
  // --write-as, else the output's name (.rig_pc, .anim_pc), else an .anim_pc for the --rig given.
  const auto kind = written_kind(*settings, options.placement.output_extension);
  if (kind == WrittenKind::Rig) {
    auto rig = rig::from_core(scene.skeleton, settings->pointer_width.value_or(PointerWidth::Eight));
    if (!rig) return rig.error();
    notes.insert(notes.end(), rig->notes.begin(), rig->notes.end());
    return Converted<std::vector<std::uint8_t>>{rig::write(rig->value), std::move(notes)};
  }
  if (!kind && settings->rig.empty()) {
    return option_error(
        "say which file to write: --write-as rig (a .rig_pc from the skeleton), or --rig "
        "character.rig_pc (or --write-as anim) for a .anim_pc");
  }
  if (scene.clips.empty()) return option_error("the scene has no clip to write as .anim_pc");
  auto rig = target_rig(scene, options, *settings, notes);
  if (!rig) return rig.error();
  const AnimSettings anim = anim_settings(*settings);
  if (auto source = unchanged_source(scene.clips.front(), scene.skeleton, *rig, anim, notes))
    return Converted<std::vector<std::uint8_t>>{std::move(*source), std::move(notes)};
  const MotionTolerance tolerance{settings->distance_tolerance, settings->angle_tolerance};
  auto encoded = anim::from_core(scene.clips.front(), scene.skeleton, *rig, anim, tolerance);
  if (!encoded) return encoded.error();
  notes.insert(notes.end(), encoded->report.notes.begin(), encoded->report.notes.end());
  notes.push_back(reduction_note(encoded->report, tolerance));
  if (auto within = check_anim_limits(encoded->document, notes); !within) return within.error();
  return Converted<std::vector<std::uint8_t>>{anim::write(encoded->document), std::move(notes)};
}

// What an .anim_pc written from a retargeted clip animates: the --rig companion's bind pose, in glTF's frame
// as `convert RIG out.glb` gives it. Volition names no characters apart from their rigs.
Result<std::optional<Converted<RetargetTarget>>> retarget_target(const Options& options, const std::string&) {
  auto settings = family_settings(options);
  if (!settings) return settings.error();
  if (settings->rig.empty()) return std::optional<Converted<RetargetTarget>>{};
  auto bytes = options.companion("rig", settings->rig);
  if (!bytes) return bytes.error();
  auto rig = rig::read(*bytes, settings->pointer_width);
  if (!rig) {
    Error error = rig.error();
    error.file = settings->rig;
    return error;
  }
  auto core = rig::to_core(*rig, volition_axes(settings->axes.value_or("identity")));
  if (!core) return core.error();
  return std::optional(Converted<RetargetTarget>{{std::move(core->scene), {}}, std::move(core->notes)});
}

// The --rig companion of an animation, when one is given; its errors name its path.
Result<std::optional<rig::Document>> companion_rig(const Options& options, const std::string& path) {
  if (path.empty()) return std::optional<rig::Document>{};
  auto rig = options.documents->get<rig::Document>("rig", path, [&]() -> Result<rig::Document> {
    auto bytes = options.companion("rig", path);
    if (!bytes) return bytes.error();
    auto read = rig::read(*bytes);
    if (!read) {
      Error error = read.error();
      error.file = path;
      return error;
    }
    return read;
  });
  if (!rig) return rig.error();
  return std::optional(**rig);
}

Result<std::unique_ptr<bonebridge::Document>> open_anim(std::span<const std::uint8_t> bytes,
                                                        const Options& options, const Settings& settings) {
  auto anim = anim::read(bytes, settings.pointer_width);
  if (!anim) return anim.error();
  auto rig = companion_rig(options, settings.rig);
  if (!rig) return rig.error();
  return anim::open(std::move(*anim), std::move(*rig), anim_settings(settings),
                    settings.axes.value_or("identity"));
}

// The kind of file the extension names, else the one the bytes look like (a rig has no magic).
FileKind kind_of(std::span<const std::uint8_t> bytes, const std::string& extension) {
  if (extension == ".anim_pc") return FileKind::Anim;
  if (extension == ".sim_pc") return FileKind::Cloth;
  if (extension == ".rig_pc") return FileKind::Rig;
  return sniff_kind(bytes);
}

std::vector<Capability> capabilities() {
  std::vector<Capability> rows = {
      {"read/write .sim_pc", true, "confirmed",
       "RFG cloth version 1: byte-identical round trip of the five real samples; meaning of the link's "
       "second "
       "float and of header words 0x48..0x53 unknown; SR:TT/SR IV cloth (versions 2/5) not read"},
      {"read/write .rig_pc", true, "partial",
       "both pointer widths from the published layouts; no real rig file was available to test against"},
      {"rig checksum check", true, "partial", "rotate-left-6 XOR hash, verified on SR:TT rigs only"},
      {"read/write .anim_pc", true, "partial",
       "header, every AFF_* flag, mapping, weight table and track walk as [SR3A] lays them out; "
       "byte-identical "
       "on files this project writes; no real clip was available. HAS_MORPH with 4-byte slots is refused"},
      {"decode keys", true, "partial",
       "smallest-three rotations with per-axis scalers and base/64 + delta/4000 translations (SR:TT exe "
       "constants); RFG/SR2 unverified; unpacked keys (PACKED_KEYS clear) not decoded"},
      {"evaluate", true, "assumed", "time unit, key timing and interpolation are assumptions (see below)"},
      {"to glTF", true, "partial", "rig bind pose with tags as child joints; clips as LINEAR channels"},
      {"from glTF", true, "assumed",
       "SR:TT layout only (version 14, flags 0x0D, identity mapping); quantisation error reported; the "
       "encoder "
       "is this project's design, never checked against the game"},
      {"cloth to glTF", false, "none", "cloth has no skeleton animation: use dump"},
      {"read .xtbl", true, "confirmed",
       "RFG XML tables through pugixml: info/dump of any table, written back as read; all 423 tables of the "
       "real table.vpp_pc read"},
      {"characters", true, "partial",
       "RFG character.xtbl/dlc01_character.xtbl with their skeleton sets resolved through Parent_Skeleton; "
       "rig and animations found by name (.rigx -> .rig_pc, .animx -> .anim_pc); no real rig or animation "
       "was available to test the match against an install"},
      {"read/write .asm_pc", true, "partial",
       "RFG container manifests (version 5) as RFGM.Formats lays them out, with its container and primitive "
       "type names; byte-identical on the two real manifests"},
      {"character mesh", false, "none",
       ".ccmesh_pc/.gcmesh_pc are named but not converted: no public description of their skinning exists"},
  };
  for (const auto& assumption : assumptions(AnimSettings{}))
    rows.push_back({"assumed", true, "assumed", assumption});
  rows.push_back(
      {"assumed", true, "assumed",
       "axes: identity by default (the engine's frame is undocumented); --option axes=mirror-x is offered"});
  return rows;
}

using namespace setting_fields;

// What a user may set, each field once: the schema `formats` and --help show and the parser of Settings.
SettingField<Settings> write_as() {
  return setting_fields::choice("write-as", &Settings::write_as,
                                {{"rig", WrittenKind::Rig}, {"anim", WrittenKind::Anim}},
                                "the kind of file to write from glTF where the output's name does not say it "
                                "(standard output)",
                                "as the output's extension says; else an .anim_pc with --rig");
}

const SettingFields<Settings>& fields() {
  static const SettingFields<Settings> table = [] {
    SettingFields<Settings> own = {
        companion("rig", &Settings::rig, "the .rig_pc skeleton the .anim_pc animates"),
        write_as(),
        old_spelling(write_as(), "variant"),
        choice("pointer-width", &Settings::pointer_width,
               {{"4", PointerWidth::Four}, {"8", PointerWidth::Eight}},
               "bytes per pointer in a rig (4: 32-bit games)", "from the file"),
        choice("axes", &Settings::axes, {{"identity", "identity"}, {"mirror-x", "mirror-x"}},
               "the engine's frame to glTF's", "identity"),
        number("fps", &Settings::frames_per_second, "frames per second", {1e-3, 10000},
               "the animation's frame rate"),
        choice("key-times", &Settings::key_times,
               {{"start", KeyTimeModel::Start}, {"end", KeyTimeModel::End}},
               "where a key's time points in its frame"),
        choice("rotation-times", &Settings::rotation_timing,
               {{"field", RotationTiming::Field}, {"even", RotationTiming::Even}},
               "rotation key times from the key's field or evenly spread"),
        choice("interpolation", &Settings::interpolation,
               {{"slerp", KeyInterpolation::Slerp},
                {"nlerp", KeyInterpolation::Nlerp},
                {"step", KeyInterpolation::Step}},
               "between rotation keys"),
        number("translation-key-divisor", &Settings::translation_key_divisor, "", {1e-6, 1e9},
               "translation key times' unit (4000 or 1000)"),
        text("name", &Settings::name, SettingKind::Text, "any text", "the animation's name in glTF"),
    };
    for (auto& field : key_reduction<Settings>("the engine's")) own.push_back(std::move(field));
    return own;
  }();
  return table;
}

}  // namespace

FileKind sniff_kind(std::span<const std::uint8_t> bytes) {
  if (bytes.size() >= 4 && bytes[0] == 'A' && bytes[1] == 'N' && bytes[2] == 'I' && bytes[3] == 'M') {
    return FileKind::Anim;
  }
  if (looks_like_cloth(bytes)) return FileKind::Cloth;
  if (looks_like_rig(bytes)) return FileKind::Rig;
  return FileKind::Unknown;
}

Result<Settings> family_settings(const Options& options) {
  return read_settings(options, fields(), kTitle);
}

AnimSettings anim_settings(const Settings& settings) {
  AnimSettings anim;
  anim.frames_per_second = settings.frames_per_second;
  anim.key_times = settings.key_times;
  anim.rotation_timing = settings.rotation_timing;
  anim.translation_key_divisor = settings.translation_key_divisor;
  anim.interpolation = settings.interpolation;
  return anim;
}

Result<std::unique_ptr<bonebridge::Document>> open_volition(std::span<const std::uint8_t> bytes,
                                                            const Options& options) {
  auto settings = family_settings(options);
  if (!settings) return settings.error();
  const std::string extension = options.extension();
  const bool other_kind = extension == ".rig_pc" || extension == ".anim_pc" || extension == ".sim_pc";
  if (extension == ".asm_pc" || (!other_kind && looks_like_asm(bytes))) {
    auto manifest = asm_::read(bytes);
    if (!manifest) return manifest.error();
    return asm_::open(std::move(*manifest));
  }
  if (options.extension() == ".xtbl") {  // XML, told apart by its extension only
    auto table = xtbl::read(bytes);
    if (!table) return table.error();
    return xtbl::open(std::move(*table));
  }
  const FileKind kind = kind_of(bytes, options.extension());
  if (kind == FileKind::Anim) return open_anim(bytes, options, *settings);
  if (kind == FileKind::Cloth) {
    auto cloth = cloth::read(bytes);
    if (!cloth) return cloth.error();
    return cloth::open(std::move(*cloth));
  }
  // A rig has no magic: read it and let its own errors explain what did not fit.
  auto rig = rig::read(bytes, settings->pointer_width);
  if (!rig) return rig.error();
  return rig::open(std::move(*rig), settings->axes.value_or("identity"));
}

FormatFamily family() {
  FormatFamily row;
  row.id = "volition";
  row.title = kTitle;
  row.extensions = {".rig_pc", ".anim_pc", ".sim_pc", ".xtbl", ".asm_pc"};
  row.capabilities = capabilities();
  row.settings = settings_schema(fields());
  row.sniff = [](std::span<const std::uint8_t> bytes) {
    return sniff_kind(bytes) != FileKind::Unknown || looks_like_asm(bytes);
  };
  row.open = open_volition;
  row.from_core = from_core;
  row.retarget_target = retarget_target;
  row.limits = anim_limits();
  row.find_characters = find_characters;
  return row;
}

}  // namespace bonebridge::volition
