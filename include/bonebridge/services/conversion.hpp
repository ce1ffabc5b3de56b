// SPDX-License-Identifier: MIT
#pragma once
// The conversion service: an input opened by its family, and whole conversions between a game's files and
// glTF (or another family) through the core model: what the command-line tool, the page and Python run.
#include <cstdint>
#include <filesystem>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "bonebridge/gltf/gltf.hpp"
#include "bonebridge/plugin/family.hpp"
#include "bonebridge/services/addressing.hpp"

namespace bonebridge {

struct LoadedInput {
  const FormatFamily* family = nullptr;
  std::unique_ptr<Document> document;
  std::vector<std::uint8_t> bytes;
  std::string detected_by;  // "extension", "content" or "format option": how the family was chosen
  std::string extension;    // the lower-case extension of the kind opened (".anm"), "" for a name without one
  std::map<std::string, std::vector<std::uint8_t>> companions;  // the companion files it was opened with
};

// Reads `path` (a file, or an archive entry: services/addressing.hpp), finds its family and opens it.
// `format` forces a family by id. The options are checked against the family's settings first; settings of
// the `elsewhere` families (the output's, or every family in a batch) are passed over. Errors name the file.
// The family opens the file with two options more: "extension" and "input" (see Options), `path` itself,
// for kinds that read files beside their own (a Sith .pup its keys).
Result<LoadedInput> load_input(const std::string& path, const Options& options,
                               const std::string& format = {},
                               std::span<const FormatFamily* const> elsewhere = {});
// The same for bytes the caller has read (standard input, a file the page was given) under the address
// `path`: the library reads no standard input itself.
Result<LoadedInput> open_input(AddressedFile file, const std::string& path, const Options& options,
                               const std::string& format = {},
                               std::span<const FormatFamily* const> elsewhere = {});

// Reads the companion files `options` names for `family` (--model, --rig, --body, ...; each a file or an
// archive entry) into options.companions. load_input does this; writers from glTF call it themselves.
Status read_companions(const FormatFamily& family, Options& options);

// The document's core scene; an exception escaping the family's bridge becomes an Error.
Result<CoreConversion> core_of(const Document& document, const Options& options);

// The input as glTF, with the notes of its conversion to the core model. A clip that describes its source
// file is sealed (core/seal.hpp): the glTF, unedited, goes back to that file without a judgement of its
// motion.
Result<Converted<std::vector<std::uint8_t>>> export_gltf(const LoadedInput& input, const Options& options,
                                                         const gltf::ExportOptions& export_options);
// The same from the input's conversion already made (the C ABI keeps one per document).
Result<Converted<std::vector<std::uint8_t>>> export_gltf(const LoadedInput& input, const CoreConversion& core,
                                                         const Options& options,
                                                         const gltf::ExportOptions& export_options);

// Whether a file name is a glTF file's (.glb or .gltf, in any case).
bool names_gltf(const std::filesystem::path& path);

// What `convert` does, without the files: the input (a file or an archive address) in the output's format,
// with the notes of every conversion on the way (to the core model and back to a game's format).
//
// With `more_inputs`, one character and all its animations: every input is converted to the core model with
// the same options and companions, the first that converts is the base (its skeleton, meshes and clips), and
// the clips of each other input whose skeleton fits the base's (skeleton_difference) are appended. Each
// input's animation is named by its file stem. An input that fails, or does not fit, is left out with a
// note naming it and why; the job fails only when no input converts. Only glTF is written this way.
struct ConvertJob {
  std::string input;  // a file or an archive entry (services/addressing.hpp)
  // The input's bytes when the caller read them itself (standard input): `input` then only names them.
  std::optional<std::vector<std::uint8_t>> input_bytes;
  std::vector<std::string> more_inputs;  // further animations of the same character (to glTF only)
  std::string output;  // the output's name: its extension picks the format unless `to` is set
  std::string to;      // glb, gltf or a family id
  std::string format;  // forces the input's family by id
  Options options;     // the input's options and companions
  bool generate_mesh = true;
  // With several inputs: each input's animation name ([input] then more_inputs; a character's names as the
  // game gives them) and facts kept in its metadata (glTF animation extras). Empty: file stems.
  std::vector<std::string> animation_names;
  std::vector<std::map<std::string, std::string>> animation_metadata;
};
Result<Converted<std::vector<std::uint8_t>>> convert(const ConvertJob& job);

// The core scene of a job's one input (`input`, `input_bytes`, `format`, `options`): a glTF or BVH file as
// read, a game file as its family converts it (with that conversion's notes). Settings of the `elsewhere`
// families are passed over.
Result<Converted<Scene>> scene_of(const ConvertJob& job, std::span<const FormatFamily* const> elsewhere = {});

// What `convert` does with a glTF input whose bytes the caller has: `gltf` written in `target`'s format, with
// `job`'s options and companions and its output's name (which kind a family of several writes).
Result<Converted<std::vector<std::uint8_t>>> convert_gltf(std::span<const std::uint8_t> gltf,
                                                          const FormatFamily& target, const ConvertJob& job);

// Why clips made for `other` cannot play on `base`'s glTF nodes, or nullopt when they can: the skeletons fit
// when they have the same number of joints and joint i has the same name and the same parent index in both.
// Rest transforms may differ (a clip then keeps its own rest values as constant channels).
std::optional<std::string> skeleton_difference(const Skeleton& base, const Skeleton& other);

// The name an input's animation takes among several: the file stem of the address ("walk" for
// ../anims/walk.anm, "hero_walk" for GAME.vpp_pc:hero_walk.anim_pc); a numbered archive entry takes its
// archive's stem too ("ANIM_3" for ANIM.HQR:3).
std::string animation_name(const std::string& address);

}  // namespace bonebridge
