// SPDX-License-Identifier: MIT
#include "bonebridge/formats/lba/family.hpp"

#include <fmt/format.h>

#include <cmath>
#include <cstdio>
#include <cstdlib>

#include "adapters.hpp"
#include "body/report.hpp"
#include "bonebridge/core/text.hpp"
#include "bonebridge/formats/lba/anm/bridge.hpp"
#include "bonebridge/formats/lba/anm/codec.hpp"
#include "bonebridge/formats/lba/anm/limits.hpp"
#include "bonebridge/formats/lba/body/codec.hpp"
#include "bonebridge/formats/lba/body/mesh.hpp"
#include "bonebridge/formats/lba/characters.hpp"
#include "bonebridge/formats/lba/hqr/archive.hpp"
#include "options.hpp"

namespace bonebridge::lba {

Error option_error(std::string message) {
  return Error{kTitle, std::move(message), {}, {}, {}};
}

Result<BridgeOptions> bridge_options(const Options& options) {
  BridgeOptions out;
  const auto variant = options.get("variant").value_or("lba1");
  if (variant == "lba2")
    out.variant = Variant::Lba2;
  else if (variant != "lba1")
    return option_error(fmt::format("variant must be lba1 or lba2, found '{}'", variant));
  const auto root = options.get("root-motion").value_or("joint");
  if (root == "separate")
    out.separate_root_motion = true;
  else if (root != "joint")
    return option_error(fmt::format("root-motion must be joint or separate, found '{}'", root));
  if (const auto scale = options.get("unit-scale")) {
    char* end = nullptr;
    out.unit_scale = std::strtod(scale->c_str(), &end);
    if (end == scale->c_str() || *end != '\0' || !(out.unit_scale > 0) || !std::isfinite(out.unit_scale)) {
      return option_error(fmt::format("unit-scale must be a positive number, found '{}'", *scale));
    }
  }
  // The registry checks the setting's range (0 .. 64) before the family sees it.
  if (const auto tolerance = options.get("tolerance"))
    out.tolerance_units = std::strtod(tolerance->c_str(), nullptr);
  if (const auto light = options.get("light")) {
    if (std::sscanf(light->c_str(), "%d,%d", &out.light.alpha, &out.light.beta) != 2)
      return option_error(fmt::format("light must be ALPHA,BETA in angle units, found '{}'", *light));
  } else if (out.variant == Variant::Lba2) {
    out.light = {out.light.alpha * 4, out.light.beta * 4};
  }
  if (const auto path = options.get("palette")) {
    auto palette = read_companion(options, "palette", read_palette);
    if (!palette) return palette.error();
    out.palette = *palette;
  }
  if (options.get("texture-page")) {
    auto page = read_companion(options, "texture-page", read_texture_page);
    if (!page) return page.error();
    out.texture_page = std::move(*page);
  }
  return out;
}

namespace {

bool sniff_animation(std::span<const std::uint8_t> bytes) {
  if (!looks_like_animation(bytes)) return false;
  const auto animation = read_animation(bytes);
  if (!animation || animation->group_count > 128 || animation->loop_frame >= animation->keyframes.size())
    return false;
  for (const auto& keyframe : animation->keyframes) {
    for (std::size_t g = 1; g < keyframe.groups.size(); ++g) {
      if (keyframe.groups[g].type > 2) return false;
    }
  }
  return true;
}

// Whether an address names the games' entity files: an entry of FILE3D.HQR (LBA1), or RESS.HQR:44 (LBA2).
std::string entity_kind_of(const std::string& input) {
  const std::string address = fold_case(input);
  const auto slash = address.find_last_of("/\\");
  const std::string tail = slash == std::string::npos ? address : address.substr(slash + 1);
  if (tail.starts_with("file3d.hqr:")) return "entity";
  if (tail == "ress.hqr:44") return "entities";
  return {};
}

// What to open: the kind the file's extension names, else what the bytes look like ("" : a body, or else an
// animation).
std::string kind_of(std::span<const std::uint8_t> bytes, const std::string& extension,
                    const std::string& input) {
  if (const auto entity = entity_kind_of(input); !entity.empty()) return entity;
  if (extension == ".anm") return "anm";
  if (extension == ".hqr") return "hqr";
  if (extension == ".lm2") return "lm2";
  return is_container(bytes) ? "hqr" : looks_like_animation(bytes) ? "anm" : "";
}

Result<std::unique_ptr<Document>> open(std::span<const std::uint8_t> bytes, const Options& options) {
  auto bridge = bridge_options(options);
  if (!bridge) return bridge.error();
  const std::string kind =
      options.get("kind").value_or(kind_of(bytes, options.extension(), options.placement.input));
  if (kind == "hqr") return open_archive(bytes);
  if (kind == "entity") return open_entity(bytes, bridge->variant);
  if (kind == "entities") return open_entity_table(bytes);
  if (kind == "lm2") return open_lm2(bytes, *bridge);
  if (kind == "body" || kind.empty()) {
    auto body = read_body(bytes);
    if (body && (kind == "body" || recognisable_body(*body))) return open_body(std::move(*body), *bridge);
    if (kind == "body") return body.error();
  }
  if (!kind.empty() && kind != "anm")
    return option_error(
        fmt::format("kind must be anm, body, lm2, hqr, entity or entities, found '{}'", kind));
  return open_animation(bytes, options, *bridge);
}

Result<Converted<std::vector<std::uint8_t>>> from_core(const Scene& scene, const Options& options) {
  auto bridge = bridge_options(options);
  if (!bridge) return bridge.error();
  auto converted = animation_from_core(scene, *bridge);
  if (!converted) return converted.error();
  if (options.flag("strict") && !converted->notes.empty()) {
    std::string lost;
    for (const auto& item : converted->notes) lost += (lost.empty() ? "" : "; ") + item;
    return Error{kAnmFormat, "strict: the conversion would lose " + lost, {}, {}, {}};
  }
  if (auto within = check_animation_limits(converted->value, converted->notes); !within)
    return within.error();
  return Converted<std::vector<std::uint8_t>>{write_animation(converted->value), std::move(converted->notes)};
}

std::vector<Setting> settings() {
  return {
      {"body", SettingKind::Companion, "the body (file or BODY.HQR:N) the .anm animates", {}, 0, 0, {}, {}},
      {"palette",
       SettingKind::Companion,
       "the 768-byte palette (file or RESS.HQR:0) that colours a body",
       {},
       0,
       0,
       {},
       {}},
      {"texture-page",
       SettingKind::Companion,
       "the LBA2 texture page (65,536 bytes, file or RESS.HQR:6) textured .lm2 polygons map, in --palette's "
       "colours",
       {},
       0,
       0,
       {},
       {}},
      {"variant", SettingKind::Choice, "the game", {"lba1", "lba2"}, 0, 0, "lba1", {}},
      {"root-motion",
       SettingKind::Choice,
       "the actor's displacement on the root joint or as root motion",
       {"joint", "separate"},
       0,
       0,
       "joint",
       {}},
      {"unit-scale", SettingKind::Number, "metres per game unit", {}, 1e-12, 1e12, "1/512", {}},
      {"light", SettingKind::Text, "the light's angles for shaded bodies", {}, 0, 0, "default", "ALPHA,BETA"},
      {"tolerance",
       SettingKind::Number,
       "LBA: engine units (angle units, game units) a written .anm's playback may stray from the glTF's "
       "motion "
       "(keyframes within it are merged)",
       {},
       0,
       64,
       "1",
       {}},
      {"kind",
       SettingKind::Choice,
       "what the file is when its name does not say",
       {"anm", "body", "lm2", "hqr", "entity", "entities"},
       0,
       0,
       {},
       {}},
      {"clock",
       SettingKind::Choice,
       "the ideal 50 Hz clock or the game's frame clock",
       {"ideal", "game"},
       0,
       0,
       "ideal",
       {}},
      {"update-ticks",
       SettingKind::Integer,
       "with clock=game: ticks between two updates",
       {},
       1,
       1000,
       "1",
       {}},
  };
}

std::vector<Capability> capabilities() {
  return {
      {"read", true, "confirmed",
       ".anm layout checked on 9 LBA2 files (byte-exact round trip); HQR on the LBALab/hqr test archives; "
       "LBA1 body (points, groups, normals, polygons, lines, spheres) from the released engine source only "
       "(no retail file)"},
      {"write", true, "confirmed",
       "byte-exact for .anm, bodies and HQR; the HQR writer compresses with methods 1/2 and stores when that "
       "does not help"},
      {"evaluate", true, "partial",
       "LBA1 engine reproduced from the released source as the notes describe (not checked against retail "
       "captures); the type>2 pointer desync is not reproduced; LBA2 as lba2-classic computes it: the 16.16 "
       "factor rounded with (d+1)/2 (INTERDEP.ASM), angle differences read as 12 signed bits and an "
       "unchanged "
       "angle kept raw (INTFRAME.ASM), master rotation on alpha, beta and gamma, and each update's step "
       "change "
       "turned by InitMatrixStdI and RotatePointI (rounded half up; the MMX routines round the same, the FPU "
       "routine a plain Pentium would pick is not reproduced); the LBA2 sine table is the game's SINTAB.ASM; "
       "LBA2 bodies are posed with the LBA1 matrix routine (not checked against the game's)"},
      {"to glTF", true, "partial",
       "baked LINEAR keys on the tick grid, error measured against the engine; body polygons, lines and "
       "spheres as a skinned mesh coloured at the rest pose (--palette for the game's colours; light "
       "SetLightVector(896, 950) unless --option light=A,B); axes kept (right-handed as Proj_ISO draws "
       "them); "
       "1 unit = 1/512 m assumed"},
      {"from glTF", true, "partial",
       "keyframes at the clip's key times, rotations decomposed into Rx·Rz·Ry, step and turn from root "
       "motion (LBA1: yaw; LBA2: alpha, beta and gamma, each step aimed by replaying the engine over its "
       "keyframe); joints matched to groups by name (root, group_N, in any order: Blender writes bones depth "
       "first), else by index"},
      {"container", true, "confirmed", "HQR archives: ARCHIVE.HQR:<index> names an entry"},
      {"entities", true, "partial",
       "LBA1 FILE3D.HQR entries and LBA2 RESS.HQR:44 read and written byte for byte as FICHE.C / FICHE.CPP "
       "SearchBody and SearchAnim read them (hand-laid bytes only: no real FILE3D or RESS HQR is public); "
       "characters: one per entity and body with every animation of the entity, named by the generic ids of "
       "lba2-classic DEFINES.H (LBA1's names assumed the same); the actions' sounds are not decoded yet"},
      {"LBA2 bodies", true, "partial",
       "--body FILE.lm2 (or any body with --variant lba2): layout from lba2-classic AFF_OBJ.H/.INC, "
       "byte-exact round trip of the 3 public fan-made bodies (no retail LBA2 body is public); drawn in flat "
       "palette colours, unlit (LBA2 shading is not reproduced); a .lm2 on its own opens as a body (info, "
       "dump, validate, convert to glTF at rest, written back byte for byte)"},
      {"LBA2 texture", true, "partial",
       "textured .lm2 polygons map --texture-page (RESS.HQR:6, 256x256 palette indices, in --palette's "
       "colours) where AFF_OBJ.ASM and POLYTEXT.ASM address it: one unfiltered material per texture record "
       "(origin and repeat mask), keyed types masked, coordinates the stored 8.8 texels; texels unshaded, "
       "environment-mapped polygons flat; checked on synthetic bodies and a synthetic page only (the 3 "
       "public "
       "bodies have no textured polygon and no retail page is public); without a page, drawn flat with a "
       "note"},
  };
}

}  // namespace

FormatFamily family() {
  FormatFamily row;
  row.id = "lba";
  row.title = kTitle;
  row.extensions = {".anm", ".hqr", ".lm2"};
  row.settings = settings();
  row.capabilities = capabilities();
  row.sniff = [](std::span<const std::uint8_t> bytes) {
    return is_container(bytes) || sniff_animation(bytes);
  };
  row.open = open;
  row.from_core = from_core;
  row.limits = animation_limits();
  row.find_characters = [](const InstallView& install) { return find_characters(install); };
  row.archive_kinds = {&hqr_kind()};
  return row;
}

}  // namespace bonebridge::lba
