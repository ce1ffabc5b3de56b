// SPDX-License-Identifier: MIT
#include "bonebridge/formats/volition/family.hpp"

#include <fmt/format.h>

#include <cstdlib>
#include <limits>
#include <type_traits>

#include "adapters.hpp"
#include "asm/adapter.hpp"
#include "bonebridge/formats/volition/anim/bridge.hpp"
#include "bonebridge/formats/volition/anim/codec.hpp"
#include "bonebridge/formats/volition/anim/limits.hpp"
#include "bonebridge/formats/volition/asm/codec.hpp"
#include "bonebridge/formats/volition/cloth/codec.hpp"
#include "bonebridge/formats/volition/rig/bridge.hpp"
#include "bonebridge/formats/volition/rig/codec.hpp"
#include "bonebridge/formats/volition/xtbl/characters.hpp"
#include "bonebridge/formats/volition/xtbl/codec.hpp"
#include "xtbl/adapter.hpp"

namespace bonebridge::volition {
namespace {

constexpr const char* kFamilyFormat = "Volition .rig_pc/.anim_pc/.sim_pc";

Error option_error(std::string message) {
  return Error{kFamilyFormat, std::move(message), {}, {}, {}};
}

template <class Value>
using Choices = std::vector<std::pair<std::string, Value>>;

// Sets `out` to what `name` chooses, when it is given; any other value is an error listing the choices.
template <class Value>
Status choose(const Options& options, const std::string& name,
              const Choices<std::type_identity_t<Value>>& choices, Value& out) {
  const auto value = options.get(name);
  if (!value) return Ok{};
  std::string expected;
  for (std::size_t i = 0; i < choices.size(); ++i) {
    if (choices[i].first == *value) {
      out = choices[i].second;
      return Ok{};
    }
    expected += (i == 0 ? "" : i + 1 == choices.size() ? " or " : ", ") + choices[i].first;
  }
  return option_error(fmt::format("{}: expected {}, found \"{}\"", name, expected, *value));
}

// Sets `out` to the number `name` gives, when it is given; it must lie in (0, maximum].
Status positive_number(const Options& options, const std::string& name, double maximum, const char* expected,
                       double& out) {
  const auto value = options.get(name);
  if (!value) return Ok{};
  try {
    out = std::stod(*value);
  } catch (const std::exception&) {
    out = 0;
  }
  if (!(out > 0 && out <= maximum)) {
    return option_error(fmt::format("{}: expected {}, found \"{}\"", name, expected, *value));
  }
  return Ok{};
}

Result<std::optional<PointerWidth>> width_from(const Options& options) {
  std::optional<PointerWidth> width;
  auto status =
      choose(options, "pointer-width", {{"4", PointerWidth::Four}, {"8", PointerWidth::Eight}}, width);
  if (!status) return status.error();
  return width;
}

Result<std::string> axes_from(const Options& options) {
  std::string axes = "identity";
  auto status = choose(options, "axes", {{"identity", "identity"}, {"mirror-x", "mirror-x"}}, axes);
  if (!status) return status.error();
  return axes;
}

// --tolerance: game units and radians alike (checked against its declaration by the registry).
MotionTolerance tolerance_from(const Options& options) {
  const auto tolerance = options.get("tolerance");
  if (!tolerance) return kDefaultKeyTolerance;
  const double value = std::strtod(tolerance->c_str(), nullptr);
  return {value, value};
}

// The rig the animation written from glTF drives: the --rig companion, else one made from the skeleton.
Result<RigDocument> target_rig(const Scene& scene, const Options& options, std::optional<PointerWidth> width,
                               std::vector<std::string>& notes) {
  if (!options.get("rig")) return rig_from_skeleton(scene.skeleton, PointerWidth::Eight, notes);
  auto bytes = options.companion("rig");
  if (!bytes) return bytes.error();
  return read_rig(*bytes, width);
}

Result<Converted<std::vector<std::uint8_t>>> from_core(const Scene& input, const Options& options) {
  auto width = width_from(options);
  if (!width) return width.error();
  auto axes = axes_from(options);
  if (!axes) return axes.error();
  auto settings = settings_from(options);
  if (!settings) return settings.error();
  Scene scene = input;
  volition_axes(*axes).inverse().apply(scene);
  std::vector<std::string> notes;
  // The output's extension does not reach from_core, so the kind of file is chosen by the options.
  const auto variant = options.get("variant");
  if (variant == "rig") {
    auto rig = write_rig(rig_from_skeleton(scene.skeleton, width->value_or(PointerWidth::Eight), notes));
    return Converted<std::vector<std::uint8_t>>{std::move(rig), std::move(notes)};
  }
  if (variant && *variant != "anim") {
    return option_error(fmt::format("variant: expected rig or anim, found \"{}\"", *variant));
  }
  if (!variant && !options.get("rig")) {
    return option_error(
        "say which file to write: --variant rig (a .rig_pc from the skeleton), or --rig "
        "character.rig_pc (or --variant anim) for a .anim_pc");
  }
  if (scene.clips.empty()) return option_error("the scene has no clip to write as .anim_pc");
  auto rig = target_rig(scene, options, *width, notes);
  if (!rig) return rig.error();
  if (auto source = unchanged_source(scene.clips.front(), scene.skeleton, *rig, *settings, notes))
    return Converted<std::vector<std::uint8_t>>{std::move(*source), std::move(notes)};
  const MotionTolerance tolerance = tolerance_from(options);
  auto encoded = encode_clip(scene.clips.front(), scene.skeleton, *rig, *settings, tolerance);
  if (!encoded) return encoded.error();
  notes.insert(notes.end(), encoded->report.notes.begin(), encoded->report.notes.end());
  notes.push_back(reduction_note(encoded->report, tolerance));
  if (auto within = check_anim_limits(encoded->document, notes); !within) return within.error();
  return Converted<std::vector<std::uint8_t>>{write_anim(encoded->document), std::move(notes)};
}

// The --rig companion of an animation, when one is given; its errors name its path.
Result<std::optional<RigDocument>> companion_rig(const Options& options) {
  const auto path = options.get("rig");
  if (!path) return std::optional<RigDocument>{};
  auto rig = options.documents->get<RigDocument>("rig", *path, [&]() -> Result<RigDocument> {
    auto bytes = options.companion("rig");
    if (!bytes) return bytes.error();
    auto read = read_rig(*bytes);
    if (!read) {
      Error error = read.error();
      error.file = *path;
      return error;
    }
    return read;
  });
  if (!rig) return rig.error();
  return std::optional(**rig);
}

Result<std::unique_ptr<Document>> open_anim(std::span<const std::uint8_t> bytes, const Options& options,
                                            std::optional<PointerWidth> width, std::string axes) {
  auto settings = settings_from(options);
  if (!settings) return settings.error();
  auto anim = read_anim(bytes, width);
  if (!anim) return anim.error();
  auto rig = companion_rig(options);
  if (!rig) return rig.error();
  return anim_adapter(std::move(*anim), std::move(*rig), *settings, std::move(axes));
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

Setting choice_setting(std::string name, std::string help, std::vector<std::string> choices,
                       std::string fallback) {
  Setting setting{std::move(name), SettingKind::Choice, std::move(help), std::move(choices), 0, 0, {}, {}};
  setting.fallback = std::move(fallback);
  return setting;
}

Setting number_setting(std::string name, std::string help, double minimum, double maximum,
                       std::string fallback) {
  Setting setting{std::move(name), SettingKind::Number, std::move(help), {}, minimum, maximum, {}, {}};
  setting.fallback = std::move(fallback);
  return setting;
}

std::vector<Setting> settings() {
  return {
      {"rig", SettingKind::Companion, "the .rig_pc skeleton the .anim_pc animates", {}, 0, 0, {}, {}},
      choice_setting("variant", "the kind of file to write from glTF", {"rig", "anim"}, {}),
      choice_setting("pointer-width", "bytes per pointer in a rig (4: 32-bit games)", {"4", "8"},
                     "from the file"),
      choice_setting("axes", "the engine's frame to glTF's", {"identity", "mirror-x"}, "identity"),
      number_setting("fps", "frames per second of the animation", 1e-3, 10000, "30"),
      choice_setting("key-times", "where a key's time points in its frame", {"start", "end"}, "start"),
      choice_setting("rotation-times", "rotation key times from the key's field or evenly spread",
                     {"field", "even"}, "field"),
      choice_setting("interpolation", "between rotation keys", {"slerp", "nlerp", "step"}, "slerp"),
      number_setting("translation-key-divisor", "translation key times' unit (4000 or 1000)", 1e-6, 1e9,
                     "4000"),
      {"name", SettingKind::Text, "the animation's name in glTF", {}, 0, 0, "clip", "any text"},
      number_setting("tolerance",
                     "Volition: game units and radians a dropped key may be from the engine's interpolation "
                     "of the kept ones",
                     0, 1, "1e-4 units, half a rotation step (1.7e-4 rad)"),
  };
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

Result<AnimSettings> settings_from(const Options& options) {
  AnimSettings settings;
  Status status = positive_number(options, "fps", 10000, "a positive number", settings.frames_per_second);
  if (status) {
    status = choose(options, "key-times", {{"start", KeyTimeModel::Start}, {"end", KeyTimeModel::End}},
                    settings.key_times);
  }
  if (status) {
    status =
        choose(options, "rotation-times", {{"field", RotationTiming::Field}, {"even", RotationTiming::Even}},
               settings.rotation_timing);
  }
  if (status) {
    status = choose(options, "interpolation",
                    {{"slerp", KeyInterpolation::Slerp},
                     {"nlerp", KeyInterpolation::Nlerp},
                     {"step", KeyInterpolation::Step}},
                    settings.interpolation);
  }
  if (status) {
    status = positive_number(options, "translation-key-divisor", std::numeric_limits<double>::infinity(),
                             "a positive number (4000 or 1000)", settings.translation_key_divisor);
  }
  if (!status) return status.error();
  return settings;
}

Result<std::unique_ptr<Document>> open_volition(std::span<const std::uint8_t> bytes, const Options& options) {
  auto width = width_from(options);
  if (!width) return width.error();
  auto axes = axes_from(options);
  if (!axes) return axes.error();
  const std::string extension = options.extension();
  const bool other_kind = extension == ".rig_pc" || extension == ".anim_pc" || extension == ".sim_pc";
  if (extension == ".asm_pc" || (!other_kind && looks_like_asm(bytes))) {
    auto manifest = read_asm(bytes);
    if (!manifest) return manifest.error();
    return asm_adapter(std::move(*manifest));
  }
  if (options.extension() == ".xtbl") {  // XML, told apart by its extension only
    auto table = read_xtbl(bytes);
    if (!table) return table.error();
    return xtbl_adapter(std::move(*table));
  }
  const FileKind kind = kind_of(bytes, options.extension());
  if (kind == FileKind::Anim) return open_anim(bytes, options, *width, std::move(*axes));
  if (kind == FileKind::Cloth) {
    auto cloth = read_cloth(bytes);
    if (!cloth) return cloth.error();
    return cloth_adapter(std::move(*cloth));
  }
  // A rig has no magic: read it and let its own errors explain what did not fit.
  auto rig = read_rig(bytes, *width);
  if (!rig) return rig.error();
  return rig_adapter(std::move(*rig), std::move(*axes));
}

FormatFamily family() {
  FormatFamily row;
  row.id = "volition";
  row.title = "Volition crunched rig / animation / cloth, RFG tables and manifests";
  row.extensions = {".rig_pc", ".anim_pc", ".sim_pc", ".xtbl", ".asm_pc"};
  row.capabilities = capabilities();
  row.settings = settings();
  row.sniff = [](std::span<const std::uint8_t> bytes) {
    return sniff_kind(bytes) != FileKind::Unknown || looks_like_asm(bytes);
  };
  row.open = open_volition;
  row.from_core = from_core;
  row.limits = anim_limits();
  row.find_characters = find_characters;
  return row;
}

}  // namespace bonebridge::volition
