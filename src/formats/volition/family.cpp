#include "bonebridge/formats/volition/family.hpp"

#include <fmt/format.h>

#include "bonebridge/formats/volition/anim_codec.hpp"
#include "bonebridge/formats/volition/anim_encoder.hpp"
#include "bonebridge/formats/volition/bridge.hpp"
#include "bonebridge/formats/volition/cloth_codec.hpp"
#include "bonebridge/formats/volition/rig_codec.hpp"
#include "bonebridge/io/file.hpp"
#include "documents.hpp"

namespace bonebridge::volition {
namespace {

constexpr const char* kFamilyFormat = "Volition .rig_pc/.anim_pc/.sim_pc";

Error option_error(std::string message) {
  return Error{kFamilyFormat, std::move(message), {}, {}, {}};
}

Result<std::optional<PointerWidth>> width_from(const Options& options) {
  const auto value = options.get("pointer-width");
  if (!value) return std::optional<PointerWidth>{};
  if (*value == "4") return std::optional(PointerWidth::Four);
  if (*value == "8") return std::optional(PointerWidth::Eight);
  return option_error(fmt::format("pointer-width: expected 4 or 8, found \"{}\"", *value));
}

Result<std::string> axes_from(const Options& options) {
  const std::string axes = options.get("axes").value_or("identity");
  if (axes != "identity" && axes != "mirror-x") {
    return option_error(fmt::format("axes: expected identity or mirror-x, found \"{}\"", axes));
  }
  return axes;
}

std::uint32_t u32_at(std::span<const std::uint8_t> bytes, std::size_t at) {
  return static_cast<std::uint32_t>(bytes[at] | bytes[at + 1] << 8 | bytes[at + 2] << 16) |
         static_cast<std::uint32_t>(bytes[at + 3]) << 24;
}

// Version 1 and records (either layout) that fill the file exactly.
bool looks_like_cloth(std::span<const std::uint8_t> bytes) {
  if (bytes.size() < kClothHeaderSize || u32_at(bytes, 0) != 1) return false;
  std::uint64_t counts[4];
  for (std::size_t i = 0; i < 4; ++i) {
    const auto count = static_cast<std::int32_t>(u32_at(bytes, 0x38 + 4 * i));
    if (count < 0) return false;
    counts[i] = static_cast<std::uint64_t>(count);
  }
  for (const auto layout : {ClothLayout::Node36, ClothLayout::Node32}) {
    const auto size = record_sizes(layout);
    if (kClothHeaderSize + (counts[0] + counts[1]) * size.node + counts[2] * size.link +
            counts[3] * size.collider ==
        bytes.size())
      return true;
  }
  return false;
}

bool looks_like_rig(std::span<const std::uint8_t> bytes) {
  auto rig = read_rig(bytes);
  if (!rig || rig->bones.empty()) return false;
  for (std::size_t i = 0; i < rig->bones.size(); ++i) {
    if (rig->bone_name_checksums[i] != bone_name_hash(rig_bone_name(*rig, i))) return false;
  }
  return true;
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
  };
  for (const auto& assumption : assumptions(AnimSettings{}))
    rows.push_back({"assumed", true, "assumed", assumption});
  rows.push_back(
      {"assumed", true, "assumed",
       "axes: identity by default (the engine's frame is undocumented); --option axes=mirror-x is offered"});
  return rows;
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
  RigDocument rig;
  if (const auto path = options.get("rig")) {
    auto bytes = options.companion("rig");
    if (!bytes) return bytes.error();
    auto read = read_rig(*bytes, *width);
    if (!read) return read.error();
    rig = std::move(*read);
  } else {
    rig = rig_from_skeleton(scene.skeleton, PointerWidth::Eight, notes);
  }
  auto encoded = encode_clip(scene.clips.front(), scene.skeleton, rig, *settings);
  if (!encoded) return encoded.error();
  notes.insert(notes.end(), encoded->report.notes.begin(), encoded->report.notes.end());
  return Converted<std::vector<std::uint8_t>>{write_anim(encoded->document), std::move(notes)};
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
  if (const auto fps = options.get("fps")) {
    try {
      settings.frames_per_second = std::stod(*fps);
    } catch (const std::exception&) {
      settings.frames_per_second = 0;
    }
    if (!(settings.frames_per_second > 0 && settings.frames_per_second <= 10000)) {
      return option_error(fmt::format("fps: expected a positive number, found \"{}\"", *fps));
    }
  }
  if (const auto model = options.get("key-times")) {
    if (*model == "start") {
      settings.key_times = KeyTimeModel::Start;
    } else if (*model == "end") {
      settings.key_times = KeyTimeModel::End;
    } else {
      return option_error(fmt::format("key-times: expected start or end, found \"{}\"", *model));
    }
  }
  if (const auto timing = options.get("rotation-times")) {
    if (*timing == "field") {
      settings.rotation_timing = RotationTiming::Field;
    } else if (*timing == "even") {
      settings.rotation_timing = RotationTiming::Even;
    } else {
      return option_error(fmt::format("rotation-times: expected field or even, found \"{}\"", *timing));
    }
  }
  if (const auto interpolation = options.get("interpolation")) {
    if (*interpolation == "slerp") {
      settings.interpolation = KeyInterpolation::Slerp;
    } else if (*interpolation == "nlerp") {
      settings.interpolation = KeyInterpolation::Nlerp;
    } else if (*interpolation == "step") {
      settings.interpolation = KeyInterpolation::Step;
    } else {
      return option_error(
          fmt::format("interpolation: expected slerp, nlerp or step, found \"{}\"", *interpolation));
    }
  }
  if (const auto divisor = options.get("translation-key-divisor")) {
    try {
      settings.translation_key_divisor = std::stod(*divisor);
    } catch (const std::exception&) {
      settings.translation_key_divisor = 0;
    }
    if (!(settings.translation_key_divisor > 0)) {
      return option_error(
          fmt::format("translation-key-divisor: expected a positive number (4000 or 1000), "
                      "found \"{}\"",
                      *divisor));
    }
  }
  return settings;
}

// The kind of file the extension names, else the one the bytes look like (a rig has no magic).
FileKind kind_of(std::span<const std::uint8_t> bytes, const std::string& extension) {
  if (extension == ".anim_pc") return FileKind::Anim;
  if (extension == ".sim_pc") return FileKind::Cloth;
  if (extension == ".rig_pc") return FileKind::Rig;
  return sniff_kind(bytes);
}

Result<std::unique_ptr<Document>> open_volition(std::span<const std::uint8_t> bytes, const Options& options) {
  auto width = width_from(options);
  if (!width) return width.error();
  auto axes = axes_from(options);
  if (!axes) return axes.error();
  const FileKind kind = kind_of(bytes, options.extension());
  if (kind == FileKind::Anim) {
    auto settings = settings_from(options);
    if (!settings) return settings.error();
    auto anim = read_anim(bytes, *width);
    if (!anim) return anim.error();
    std::optional<RigDocument> rig;
    if (const auto path = options.get("rig")) {
      auto rig_bytes = options.companion("rig");
      if (!rig_bytes) return rig_bytes.error();
      auto read = read_rig(*rig_bytes);
      if (!read) {
        Error error = read.error();
        error.file = *path;
        return error;
      }
      rig = std::move(*read);
    }
    return std::unique_ptr<Document>(
        std::make_unique<AnimFile>(std::move(*anim), std::move(rig), *settings, *axes));
  }
  if (kind == FileKind::Cloth) {
    auto cloth = read_cloth(bytes);
    if (!cloth) return cloth.error();
    return std::unique_ptr<Document>(std::make_unique<ClothFile>(std::move(*cloth)));
  }
  // A rig has no magic: read it and let its own errors explain what did not fit.
  auto rig = read_rig(bytes, *width);
  if (!rig) return rig.error();
  return std::unique_ptr<Document>(std::make_unique<RigFile>(std::move(*rig), *axes));
}

FormatFamily family() {
  FormatFamily row;
  row.id = "volition";
  row.title = "Volition crunched rig / animation / cloth";
  row.extensions = {".rig_pc", ".anim_pc", ".sim_pc"};
  row.capabilities = capabilities();
  row.settings = {
      {"rig", SettingKind::Companion, "the .rig_pc skeleton the .anim_pc animates", {}, 0, 0, {}, {}},
      {"variant", SettingKind::Choice, "the kind of file to write from glTF", {"rig", "anim"}, 0, 0, {}, {}},
      {"pointer-width",
       SettingKind::Choice,
       "bytes per pointer in a rig (4: 32-bit games)",
       {"4", "8"},
       0,
       0,
       "from the file",
       {}},
      {"axes",
       SettingKind::Choice,
       "the engine's frame to glTF's",
       {"identity", "mirror-x"},
       0,
       0,
       "identity",
       {}},
      {"fps", SettingKind::Number, "frames per second of the animation", {}, 1e-3, 10000, "30", {}},
      {"key-times",
       SettingKind::Choice,
       "where a key's time points in its frame",
       {"start", "end"},
       0,
       0,
       "start",
       {}},
      {"rotation-times",
       SettingKind::Choice,
       "rotation key times from the key's field or evenly spread",
       {"field", "even"},
       0,
       0,
       "field",
       {}},
      {"interpolation",
       SettingKind::Choice,
       "between rotation keys",
       {"slerp", "nlerp", "step"},
       0,
       0,
       "slerp",
       {}},
      {"translation-key-divisor",
       SettingKind::Number,
       "translation key times' unit (4000 or 1000)",
       {},
       1e-6,
       1e9,
       "4000",
       {}},
      {"name", SettingKind::Text, "the animation's name in glTF", {}, 0, 0, "clip", "any text"},
  };
  row.sniff = [](std::span<const std::uint8_t> bytes) { return sniff_kind(bytes) != FileKind::Unknown; };
  row.open = open_volition;
  row.from_core = from_core;
  return row;
}

}  // namespace bonebridge::volition
