// SPDX-License-Identifier: MIT
#include "bonebridge/formats/lba/family.hpp"

#include <fmt/format.h>

#include <optional>

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

namespace {

using namespace setting_fields;

// What a user may set, each field once: the schema `formats` and --help show and the parser of Settings.
const SettingFields<Settings>& fields() {
  static const SettingFields<Settings> table = {
      companion("body", &Settings::body, "the body (file or BODY.HQR:N) the .anm animates"),
      companion("palette", &Settings::palette,
                "the 768-byte palette (file or RESS.HQR:0) that colours a body"),
      companion("texture-page", &Settings::texture_page,
                "the LBA2 texture page (65,536 bytes, file or RESS.HQR:6) textured .lm2 polygons map, in "
                "--palette's colours"),
      choice("variant", &Settings::variant, {{"lba1", Variant::Lba1}, {"lba2", Variant::Lba2}}, "the game"),
      choice("root-motion", &Settings::separate_root_motion, {{"joint", false}, {"separate", true}},
             "the actor's displacement on the root joint or as root motion"),
      number("unit-scale", &Settings::unit_scale, "metres per game unit", {1e-12, 1e12},
             "the size of one game unit"),
      pair("light", &Settings::light, "ALPHA,BETA", "the light's angles for shaded bodies, in angle units",
           "the game's SetLightVector(896, 950); LBA2: 3584, 3800"),
      number("engine-tolerance", &Settings::tolerance_units, "engine units (angle units, game units)",
             {0, 64},
             "how far a written .anm's playback may stray from the glTF's motion (keyframes within it are "
             "merged)"),
      number_alias<Settings>("tolerance", "engine-tolerance", "engine units (angle units, game units)",
                             {0, 64}, "the old spelling of --engine-tolerance, kept", "as --engine-tolerance",
                             [](Settings& settings, double value) { settings.tolerance_units = value; }),
      choice("kind", &Settings::kind,
             {{"anm", FileKind::Anm},
              {"body", FileKind::Body},
              {"lm2", FileKind::Lm2},
              {"hqr", FileKind::Hqr},
              {"entity", FileKind::Entity},
              {"entities", FileKind::Entities}},
             "what the file is when its name does not say"),
      choice("clock", &Settings::clock, {{"ideal", Clock::Ideal}, {"game", Clock::Game}},
             "the ideal 50 Hz clock or the game's frame clock"),
      integer("update-ticks", &Settings::update_ticks, "ticks", {1, 1000},
              "with clock=game: ticks between two updates"),
  };
  return table;
}

}  // namespace

Result<Settings> family_settings(const Options& options) {
  return read_settings(options, fields(), kTitle);
}

Result<BridgeOptions> bridge_options(const Settings& settings, const Options& options) {
  BridgeOptions out;
  out.variant = settings.variant;
  out.separate_root_motion = settings.separate_root_motion;
  out.unit_scale = settings.unit_scale;
  out.tolerance_units = settings.tolerance_units;
  if (settings.light) {
    out.light = {(*settings.light)[0], (*settings.light)[1]};
  } else if (out.variant == Variant::Lba2) {
    out.light = {out.light.alpha * 4, out.light.beta * 4};
  }
  if (!settings.palette.empty()) {
    auto palette = read_companion(options, "palette", settings.palette, read_palette);
    if (!palette) return palette.error();
    out.palette = *palette;
  }
  if (!settings.texture_page.empty()) {
    auto page = read_companion(options, "texture-page", settings.texture_page, read_texture_page);
    if (!page) return page.error();
    out.texture_page = std::move(*page);
  }
  return out;
}

Result<BridgeOptions> bridge_options(const Options& options) {
  auto settings = family_settings(options);
  if (!settings) return settings.error();
  return bridge_options(*settings, options);
}

namespace {

bool sniff_animation(std::span<const std::uint8_t> bytes) {
  if (!looks_like_animation(bytes)) return false;
  const auto animation = anm::read(bytes);
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

// What to open: the kind the file's extension names, else what the bytes look like (nothing: a body, or else
// an animation).
std::optional<FileKind> kind_of(std::span<const std::uint8_t> bytes, const std::string& extension,
                                const std::string& input) {
  if (const auto entity = entity_kind_of(input); !entity.empty())
    return entity == "entity" ? FileKind::Entity : FileKind::Entities;
  if (extension == ".anm") return FileKind::Anm;
  if (extension == ".hqr") return FileKind::Hqr;
  if (extension == ".lm2") return FileKind::Lm2;
  if (is_container(bytes)) return FileKind::Hqr;
  if (looks_like_animation(bytes)) return FileKind::Anm;
  return std::nullopt;
}

Result<std::unique_ptr<bonebridge::Document>> open(std::span<const std::uint8_t> bytes,
                                                   const Options& options) {
  auto settings = family_settings(options);
  if (!settings) return settings.error();
  auto bridge = bridge_options(*settings, options);
  if (!bridge) return bridge.error();
  const auto kind =
      settings->kind ? settings->kind : kind_of(bytes, options.extension(), options.placement.input);
  if (kind == FileKind::Hqr) return hqr::open(bytes);
  if (kind == FileKind::Entity) return entity::open(bytes, bridge->variant);
  if (kind == FileKind::Entities) return entity::open_table(bytes);
  if (kind == FileKind::Lm2) return body::open_lm2(bytes, *bridge);
  if (kind == FileKind::Body || !kind) {
    auto body = body::read(bytes);
    if (body && (kind == FileKind::Body || recognisable_body(*body)))
      return body::open(std::move(*body), *bridge);
    if (kind == FileKind::Body) return body.error();
  }
  return anm::open(bytes, options, *settings, *bridge);
}

Result<Converted<std::vector<std::uint8_t>>> from_core(const Scene& scene, const Options& options) {
  auto bridge = bridge_options(options);
  if (!bridge) return bridge.error();
  auto converted = anm::from_core(scene, *bridge);
  if (!converted) return converted.error();
  if (options.strict && !converted->notes.empty()) {
    std::string lost;
    for (const auto& item : converted->notes) lost += (lost.empty() ? "" : "; ") + item;
    return Error{kAnmFormat, "strict: the conversion would lose " + lost, {}, {}, {}};
  }
  if (auto within = check_animation_limits(converted->value, converted->notes); !within)
    return within.error();
  return Converted<std::vector<std::uint8_t>>{anm::write(converted->value), std::move(converted->notes)};
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
  row.settings = settings_schema(fields());
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
