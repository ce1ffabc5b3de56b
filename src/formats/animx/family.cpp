// SPDX-License-Identifier: MIT
// The registry row for AnimX and AnimJ: sniffing, opening either encoding, writing and transcoding between
// them, and the settings parsed from the command line's Options.
#include "bonebridge/formats/animx/family.hpp"

#include <algorithm>
#include <cctype>

#include "animation/adapter.hpp"
#include "bonebridge/formats/animx/animation/animj.hpp"
#include "bonebridge/formats/animx/animation/codec.hpp"
#include "bonebridge/formats/animx/animation/limits.hpp"
#include "bonebridge/formats/animx/package/adapter.hpp"
#include "bonebridge/formats/animx/settings.hpp"
#include "bonebridge/gltf/gltf.hpp"
#include "bonebridge/io/text.hpp"

namespace bonebridge::animx {
namespace {

// AnimJ: a JSON object whose first 64 KiB mention "trackType".
bool looks_like_animj(std::span<const std::uint8_t> bytes) {
  const std::string_view text(reinterpret_cast<const char*>(bytes.data()),
                              std::min<std::size_t>(bytes.size(), 65536));
  const auto start = text.find_first_not_of(" \t\r\n\xEF\xBB\xBF");
  return start != std::string_view::npos && text[start] == '{' &&
         text.find("\"trackType\"") != std::string_view::npos;
}

// AnimJ by the input's extension, else by its bytes.
Result<animation::Document> read_clip(std::span<const std::uint8_t> bytes, bool animj) {
  return animj ? animation::read_animj(as_text(bytes)) : animation::read(bytes);
}

Result<std::unique_ptr<bonebridge::Document>> open(std::span<const std::uint8_t> bytes,
                                                   const Options& options) {
  const auto extension = options.extension();
  if (extension == ".resonitepackage" ||
      (extension != ".animx" && extension != ".animj" && package::looks_like_package(bytes))) {
    return package::open(bytes);
  }
  const bool animj =
      extension == ".animj" || (extension != ".animx" && !is_animx(bytes) && looks_like_animj(bytes));
  return animj ? animation::open_animj(bytes, options) : animation::open(bytes, options);
}

using namespace setting_fields;

constexpr const char* kTitle = "Resonite AnimX / AnimJ / package";

SettingField<Settings> write_as() {
  return choice("write-as", &Settings::animj, {{"animj", true}},
                "write AnimJ (JSON) whatever the output's name (standard output)",
                "as the output's name says: AnimJ for .animj, else AnimX");
}

// What a user may set, each field once: the schema `formats` and --help show and the parser of Settings.
const SettingFields<Settings>& fields() {
  static const SettingFields<Settings> table = {
      companion("skeleton", &Settings::skeleton, "a glTF file whose hierarchy the clip animates"),
      write_as(),
      old_spelling(write_as(), "variant"),
      choice("encoding", &Settings::encoding,
             {{"plain", Encoding::Plain}, {"lz4", Encoding::Lz4}, {"lzma", Encoding::Lzma}},
             "the compression of a written .animx (without it: the source's, as the glTF's extras say; else "
             "plain)",
             "the source's"),
  };
  return table;
}

// AnimJ when the output is named .animj or --write-as animj asks for it; else AnimX with --encoding, or
// without it as the document says (a read file's own, a converted clip's source's).
BridgeOptions output_options(const Settings& settings, const Options& options) {
  BridgeOptions out;
  const std::string& output = options.placement.output;
  const bool animj_path =
      output.size() >= 6 && std::equal(output.end() - 6, output.end(), ".animj",
                                       [](char a, char b) { return std::tolower(a) == b; });
  out.animj = animj_path || settings.animj;
  out.encoding = settings.encoding;
  return out;
}

Result<BridgeOptions> output_options(const Options& options) {
  auto settings = family_settings(options);
  if (!settings) return settings.error();
  return output_options(*settings, options);
}

std::vector<std::uint8_t> encode_as_wanted(animation::Document document, const BridgeOptions& settings) {
  if (settings.animj) {
    const std::string text = animation::write_animj(document);
    return {text.begin(), text.end()};
  }
  document.encoding = settings.encoding.value_or(document.encoding);
  return animation::write(document);
}

// --skeleton is not read: writing AnimX needs no hierarchy.
Result<Converted<std::vector<std::uint8_t>>> from_scene(const Scene& scene, const Options& options) {
  const auto settings = output_options(options);
  if (!settings) return settings.error();
  auto converted = animation::from_core(scene, *settings);
  if (!converted.ok()) return converted.error();
  if (auto within = check_limits(converted->value, converted->notes); !within) return within.error();
  return Converted<std::vector<std::uint8_t>>{encode_as_wanted(std::move(converted->value), *settings),
                                              std::move(converted->notes)};
}

}  // namespace

Result<Settings> family_settings(const Options& options) {
  return read_settings(options, fields(), kTitle);
}

Result<BridgeOptions> bridge_options(const Options& options) {
  auto read = family_settings(options);
  if (!read) return read.error();
  BridgeOptions settings = output_options(*read, options);
  if (const std::string& path = read->skeleton; !path.empty()) {
    auto skeleton = options.documents->get<Skeleton>("skeleton", path, [&]() -> Result<Skeleton> {
      const auto bytes = options.companion("skeleton", path);
      if (!bytes) return bytes.error();
      auto scene = gltf::read(*bytes);
      if (!scene) {
        Error error = scene.error();
        error.file = path;
        return error;
      }
      return std::move(scene->skeleton);
    });
    if (!skeleton) return skeleton.error();
    settings.skeleton = **skeleton;
  }
  return settings;
}

Result<std::vector<std::uint8_t>> transcode(std::span<const std::uint8_t> input, const Options& options) {
  // A package has one encoding: its own bytes.
  if (package::looks_like_package(input)) return std::vector<std::uint8_t>(input.begin(), input.end());
  auto document = read_clip(input, !is_animx(input) && looks_like_animj(input));
  if (!document.ok()) return document.error();
  const auto settings = output_options(options);
  if (!settings) return settings.error();
  return encode_as_wanted(std::move(document).value(), *settings);
}

FormatFamily family() {
  FormatFamily row;
  row.id = "animx";
  row.title = kTitle;
  row.extensions = {".animx", ".animj", ".resonitepackage"};
  row.capabilities = {
      {"read", true, "confirmed",
       "AnimX v0/v1, all 40 element types, Plain/LZ4/LZMA: checked against files written by Resonite's own "
       "encoder; "
       "AnimJ with the importer's rules (matrices use bonebridge's own array form, Resonite has none)"},
      {"write", true, "confirmed",
       "Plain output byte-identical to Resonite's; LZ4 and LZMA streams Resonite accepts (LZMA bytes differ "
       "from the C# SDK's; a compressed file read and written back keeps its own bytes); AnimJ"},
      {"evaluate", true, "confirmed",
       "Sample(t) reproduces all 156 golden values from Resonite's code; integer/color32 rounding and Raw "
       "integer "
       "lerp are assumed"},
      {"to glTF", true, "partial",
       "Position/Rotation/Scale tracks to joint TRS: on the hierarchy of a glTF given with --skeleton "
       "(matched by "
       "name), else a flat skeleton; X mirror assumed for handedness; rotations resampled with the error "
       "reported"},
      {"from glTF", true, "partial",
       "joint channels to Curve tracks by slot name, with the keys Resonite needs (baked curves fitted back "
       "to Linear, CubicBezier and Hold segments, nlerp arcs to their own keys, grids to Raw), in the "
       "source's "
       "encoding; a clip whose extras describe its unchanged source gives it back byte for byte; hierarchy, "
       "events and extra clips dropped"},
      {"package", true, "partial",
       ".resonitepackage (ZIP, record, FrDT data tree: none/LZ4/LZMA/Brotli + BSON) read and written back "
       "byte for byte; to glTF: the slot hierarchy as the skeleton, every AnimX asset one animation bound "
       "by its Animator's fields (the data-tree layout of those fields is assumed) or by slot name"},
      {"package meshes", false, "none",
       "MeshX is not read: Resonite publishes no description of it (only an unverified community wiki page "
       "and a C# reader that disagree on the UV layout) and no public package holds one to check against"},
  };
  row.settings = settings_schema(fields());
  row.sniff = [](std::span<const std::uint8_t> bytes) {
    return is_animx(bytes) || looks_like_animj(bytes) || package::looks_like_package(bytes);
  };
  row.open = open;
  row.from_core = from_scene;
  row.transcode = transcode;
  row.limits = limits();
  row.find_characters = package::find_characters;
  return row;
}

}  // namespace bonebridge::animx
