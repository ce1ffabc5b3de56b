// SPDX-License-Identifier: MIT
// Sealed exports (core/seal.hpp): an export seals its one clip when the clip describes its source file, and
// a way back that finds the seal intact writes that file back.
#include <fmt/format.h>

#include "bonebridge/core/reduce.hpp"
#include "bonebridge/core/seal.hpp"
#include "bonebridge/gltf/gltf.hpp"
#include "steps.hpp"

namespace bonebridge::conversion {
namespace {

// The settings as the user gave them, a companion file by its bytes rather than its address (the same model
// named inside its archive or beside the key is the same setting).
std::uint64_t settings_digest(const std::map<std::string, std::string>& values,
                              const std::map<std::string, std::vector<std::uint8_t>>& companions) {
  std::string text;
  for (const auto& [name, value] : values) {
    const auto companion = companions.find(name);
    text += fmt::format(
        "{}\n{}\n", name,
        companion == companions.end() ? value : fmt::format("{:016x}", fnv1a64(companion->second)));
  }
  return fnv1a64({reinterpret_cast<const std::uint8_t*>(text.data()), text.size()});
}

}  // namespace

// The digest is of the scene the glTF reader gives back, not of the one written: the writer stores keys as
// floats and may add or reshape channels, so the way back digests what it reads, and so does the export,
// from a glb of the skeleton and clips alone (what the digest covers).
// Only a clip that describes the input file itself is sealed (an AnimJ clip describes its binary AnimX form,
// which is not the file a way back to .animj writes), and only when the input's name says its kind: a way
// back writes the kind its output's name says, and the seal holds for that kind alone.
std::optional<Seal> export_seal(const Scene& scene, const LoadedInput& input, const Options& options) {
  if (scene.clips.size() != 1 || input.extension.empty()) return std::nullopt;
  const auto source = described_source(scene.clips.front());
  if (!source || *source != input.bytes) return std::nullopt;
  const Scene motion{scene.skeleton, scene.clips, {}, {}, {}, scene.metadata};
  const auto glb = gltf::write(motion, {.binary = true, .generate_mesh = false});
  if (!glb) return std::nullopt;  // the export itself reports why
  const auto read = gltf::read(*glb);
  if (!read) return std::nullopt;
  return Seal{motion_digest(*read), settings_digest(options.values, input.companions), input.family->id,
              input.extension};
}

std::optional<Converted<std::vector<std::uint8_t>>> sealed_write_back(const Scene& scene,
                                                                      const FormatFamily& target,
                                                                      const Options& options) {
  if (scene.clips.size() != 1) return std::nullopt;
  const Clip& clip = scene.clips.front();
  const auto seal = seal_of(clip);
  if (!seal || seal->family != target.id || seal->extension != options.placement.output_extension ||
      seal->settings != settings_digest(options.values, options.companions) ||
      seal->digest != motion_digest(scene))
    return std::nullopt;
  // The digest is no signature: a glTF made to match may describe any bytes. They must at least open as the
  // family's kind of file, as the family's own judgement would have read them.
  auto bytes = described_source(clip);
  Options opening = options;
  opening.placement.extension = seal->extension;
  if (!bytes || !target.open || !target.open(*bytes, opening)) return std::nullopt;
  return Converted<std::vector<std::uint8_t>>{
      *std::move(bytes),
      {fmt::format("unchanged: the glTF's skeleton and clip are as exported from this {} file with the same "
                   "settings (its seal, {}): the source file described in the clip's extras is written back "
                   "byte for byte",
                   seal->extension.empty() ? target.id : seal->extension, kSealMetadata)}};
}

}  // namespace bonebridge::conversion
