// SPDX-License-Identifier: MIT
// What `convert` does, without the files: one input in the output's format (glTF, the same family
// re-encoded or transcoded, or another family through the core model).
#include <fmt/format.h>

#include <algorithm>

#include "bonebridge/bvh/bvh.hpp"
#include "bonebridge/io/file.hpp"
#include "bonebridge/registry/registry.hpp"
#include "bonebridge/services/addressing.hpp"
#include "bonebridge/services/retarget.hpp"
#include "bonebridge/services/settings.hpp"
#include "steps.hpp"

namespace bonebridge {

namespace conversion {

gltf::ExportOptions gltf_options(const ConvertJob& job) {
  const bool binary = job.to.empty() ? lower_extension(job.output) == ".glb" : job.to == "glb";
  return {.binary = binary, .generate_mesh = job.generate_mesh};
}

Result<LoadedInput> load_job_input(const ConvertJob& job, const std::string& address,
                                   std::span<const FormatFamily* const> elsewhere) {
  if (job.input_bytes && address == job.input)
    return open_input(AddressedFile{*job.input_bytes, address, {}}, address, job.options, job.format,
                      elsewhere);
  return load_input(address, job.options, job.format, elsewhere);
}

}  // namespace conversion

Result<CoreConversion> core_of(const Document& document, const Options& options) {
  return guard("conversion to glTF", [&] { return document.to_core(options); });
}

Result<Converted<std::vector<std::uint8_t>>> export_gltf(const LoadedInput& input, const Options& options,
                                                         const gltf::ExportOptions& export_options) {
  auto core = core_of(*input.document, options);
  if (!core) return core.error();
  return export_gltf(input, *core, options, export_options);
}

Result<Converted<std::vector<std::uint8_t>>> export_gltf(const LoadedInput& input, const CoreConversion& core,
                                                         const Options& options,
                                                         const gltf::ExportOptions& export_options) {
  std::optional<Scene> sealed;
  if (const auto seal = conversion::export_seal(core.scene, input, options)) {
    sealed = core.scene;
    sealed->clips.front().metadata[kSealMetadata] = seal_text(*seal);
  }
  auto bytes = gltf::write(sealed ? *sealed : core.scene, export_options);
  if (!bytes) return bytes.error();
  return Converted<std::vector<std::uint8_t>>{std::move(*bytes), core.notes};
}

bool names_gltf(const std::filesystem::path& path) {
  const auto ext = lower_extension(path);
  return ext == ".glb" || ext == ".gltf";
}

namespace {

using conversion::animations_to_gltf;
using conversion::gltf_options;
using conversion::load_job_input;
using Bytes = std::vector<std::uint8_t>;

// A family with several file kinds (Volition: rigs and animations) learns which one to write from the
// output's name.
Options writing_options(const ConvertJob& job) {
  Options options = job.options;
  apply_tool_settings(options);
  options.placement.output = job.output;
  options.placement.output_extension = lower_extension(job.output);
  return options;
}

Result<Converted<Bytes>> write_scene(const Scene& scene, const FormatFamily& target, const ConvertJob& job,
                                     std::vector<std::string> notes, const FormatFamily* source = nullptr) {
  if (!target.from_core)
    return Error{target.title, "writing this format from glTF is not supported yet", {}, {}, {}};
  const FormatFamily* const read_by[] = {source};
  if (auto checked = check_settings(target, job.options, read_by); !checked) return checked.error();
  Options options = writing_options(job);
  if (auto companions = read_companions(target, options); !companions) return companions.error();
  if (auto unchanged = conversion::sealed_write_back(scene, target, options)) {
    notes.insert(notes.end(), unchanged->notes.begin(), unchanged->notes.end());
    return Converted<Bytes>{std::move(unchanged->value), std::move(notes)};
  }
  auto written = target.from_core(scene, options);
  if (!written) return written.error();
  notes.insert(notes.end(), written->notes.begin(), written->notes.end());
  return Converted<Bytes>{std::move(written->value), std::move(notes)};
}

// The interchange formats (not game families): glTF, and BVH motion capture.
enum class Interchange { kNone, kGltf, kBvh };

Interchange interchange_named(const std::filesystem::path& path) {
  if (names_gltf(path)) return Interchange::kGltf;
  return lower_extension(path) == ".bvh" ? Interchange::kBvh : Interchange::kNone;
}

// A job's input is glTF or BVH by its name, unless --format names a family.
Interchange input_interchange(const ConvertJob& job) {
  return job.format.empty() ? interchange_named(job.input) : Interchange::kNone;
}

Interchange output_interchange(const ConvertJob& job) {
  if (job.to.empty()) return interchange_named(job.output);
  if (job.to == "glb" || job.to == "gltf") return Interchange::kGltf;
  return job.to == "bvh" ? Interchange::kBvh : Interchange::kNone;
}

// A glTF or BVH input as a core scene (a BVH clip named after its file), from the caller's bytes or its
// address.
Result<Scene> read_interchange(const ConvertJob& job, Interchange kind) {
  std::optional<AddressedFile> file;
  if (!job.input_bytes) {
    auto read = read_address(job.input);
    if (!read) return read.error();
    file = std::move(*read);
  }
  const std::span<const std::uint8_t> bytes = job.input_bytes ? *job.input_bytes : file->bytes;
  auto scene = kind == Interchange::kGltf ? gltf::read(bytes) : bvh::read_bvh(bytes);
  if (!scene) return conversion::with_file(scene.error(), job.input);
  if (kind == Interchange::kBvh && !scene->clips.empty()) {
    const auto split = split_address(job.input);
    const std::string name = split && !split->entries.empty() ? split->entries.back() : job.input;
    scene->clips.front().name = std::filesystem::path(name).stem().string();
  }
  return scene;
}

// A core scene as glTF, or as BVH (its first clip: BVH holds one).
Result<Converted<Bytes>> interchange_bytes(const Scene& scene, Interchange kind, const ConvertJob& job) {
  if (kind == Interchange::kGltf) {
    auto bytes = gltf::write(scene, gltf_options(job));
    if (!bytes) return bytes.error();
    return Converted<Bytes>{std::move(*bytes), {}};
  }
  if (scene.clips.empty())
    return Error{"BVH",
                 "BVH is motion: this file has no animation (a model alone converts to glTF)",
                 {},
                 {},
                 job.output};
  auto written = bvh::write_bvh(scene, 0);
  if (written && scene.clips.size() > 1)
    written->notes.push_back(fmt::format("BVH holds one clip: '{}' written, {} more left out",
                                         scene.clips.front().name, scene.clips.size() - 1));
  return written;
}

// A core scene in the job's output format: glTF, BVH or a family's file.
Result<Converted<Bytes>> write_output(const Scene& scene, const FormatFamily* target, const ConvertJob& job,
                                      std::vector<std::string> notes, const FormatFamily* source = nullptr) {
  const Interchange kind = output_interchange(job);
  if (kind == Interchange::kNone) return write_scene(scene, *target, job, std::move(notes), source);
  auto written = interchange_bytes(scene, kind, job);
  if (!written) return written.error();
  notes.insert(notes.end(), written->notes.begin(), written->notes.end());
  written->notes = std::move(notes);
  return written;
}

}  // namespace

namespace conversion {

Result<Converted<Bytes>> write_job_output(const Scene& scene, const FormatFamily* target,
                                          const ConvertJob& job, std::vector<std::string> notes,
                                          const FormatFamily* source) {
  return write_output(scene, target, job, std::move(notes), source);
}

Options job_writing_options(const ConvertJob& job) {
  return writing_options(job);
}

bool writes_interchange(const ConvertJob& job) {
  return output_interchange(job) != Interchange::kNone;
}

}  // namespace conversion

namespace {

Result<Converted<Bytes>> from_interchange(const ConvertJob& job, Interchange kind,
                                          const FormatFamily* target) {
  if (output_interchange(job) == kind)
    return Error{"",
                 kind == Interchange::kGltf ? "the input is already glTF" : "the input is already BVH",
                 {},
                 {},
                 {}};
  auto scene = read_interchange(job, kind);
  if (!scene) return scene.error();
  return write_output(*scene, target, job, {});
}

Result<Converted<Bytes>> from_game_file(const ConvertJob& job, const FormatFamily* target) {
  const FormatFamily* const written_by[] = {target};
  auto input = load_job_input(job, job.input, written_by);
  if (!input) return input.error();
  const Interchange kind = output_interchange(job);
  if (kind == Interchange::kGltf) return export_gltf(*input, job.options, gltf_options(job));
  if (kind == Interchange::kNone && target == input->family) {
    auto bytes =
        target->transcode ? target->transcode(input->bytes, writing_options(job)) : input->document->encode();
    if (!bytes) return bytes.error();
    return Converted<Bytes>{std::move(*bytes), {}};
  }
  auto core = core_of(*input->document, job.options);
  if (!core) return core.error();
  return write_output(core->scene, target, job, std::move(core->notes), input->family);
}

}  // namespace

Result<Converted<Scene>> scene_of(const ConvertJob& job, std::span<const FormatFamily* const> elsewhere) {
  const Interchange kind = input_interchange(job);
  if (kind != Interchange::kNone) {
    auto scene = read_interchange(job, kind);
    if (!scene) return scene.error();
    return Converted<Scene>{std::move(*scene), {}};
  }
  auto input = load_job_input(job, job.input, elsewhere);
  if (!input) return input.error();
  auto core = core_of(*input->document, job.options);
  if (!core) return core.error();
  return Converted<Scene>{std::move(core->scene), std::move(core->notes)};
}

Result<Converted<Bytes>> convert_gltf(std::span<const std::uint8_t> gltf, const FormatFamily& target,
                                      const ConvertJob& job) {
  auto scene = gltf::read(gltf);
  if (!scene) return scene.error();
  return write_scene(*scene, target, job, {});
}

Result<Converted<Bytes>> convert(const ConvertJob& job) {
  auto retargeting = retarget_settings(job.options);
  if (!retargeting) return retargeting.error();
  if (retargeting->retarget) {
    auto retargeted = retarget_conversion(job);
    if (!retargeted) return retargeted.error();
    return Converted<Bytes>{std::move(retargeted->bytes), std::move(retargeted->notes)};
  }
  if (auto stray = std::find_if(job.options.values.begin(), job.options.values.end(),
                                [](const auto& named) { return is_retarget_setting(named.first); });
      stray != job.options.values.end() && stray->first != "skeleton" && stray->first != "character")
    return Error{kSettingsErrorFormat,
                 fmt::format("--{} is a setting of retargeting: add --retarget", stray->first),
                 {},
                 {},
                 {}};
  const FormatFamily* target =
      job.to.empty() ? find_family_by_extension(job.output) : find_family_by_id(job.to);
  const Interchange output = output_interchange(job);
  if (!job.more_inputs.empty() || !job.animation_names.empty()) {
    if (output != Interchange::kGltf)
      return Error{"",
                   fmt::format("several inputs make one glTF with every animation; '{}' is not .glb or .gltf "
                               "(or use --to glb or gltf)",
                               job.output),
                   {},
                   {},
                   {}};
    return animations_to_gltf(job);
  }
  if (output == Interchange::kNone && !target) {
    return Error{
        "",
        fmt::format("cannot tell the output format of '{}': use --to (glb, gltf, bvh or a family id)",
                    job.output),
        {},
        {},
        {}};
  }
  const Interchange input = input_interchange(job);
  if (input != Interchange::kNone) return from_interchange(job, input, target);
  return from_game_file(job, target);
}

}  // namespace bonebridge
