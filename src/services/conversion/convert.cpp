// SPDX-License-Identifier: MIT
// What `convert` does, without the files: one input in the output's format (glTF, the same family
// re-encoded or transcoded, or another family through the core model).
#include <fmt/format.h>

#include "bonebridge/io/file.hpp"
#include "bonebridge/registry/registry.hpp"
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

Result<Converted<std::vector<std::uint8_t>>> export_gltf(const Document& document, const Options& options,
                                                         const gltf::ExportOptions& export_options) {
  auto core = core_of(document, options);
  if (!core) return core.error();
  auto bytes = gltf::write(core->scene, export_options);
  if (!bytes) return bytes.error();
  return Converted<std::vector<std::uint8_t>>{std::move(*bytes), std::move(core->notes)};
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
  auto written = target.from_core(scene, options);
  if (!written) return written.error();
  notes.insert(notes.end(), written->notes.begin(), written->notes.end());
  return Converted<Bytes>{std::move(written->value), std::move(notes)};
}

Result<Converted<Bytes>> from_gltf(const ConvertJob& job, const FormatFamily& target) {
  auto bytes = read_file(job.input);
  if (!bytes) return bytes.error();
  auto scene = gltf::read(*bytes);
  if (!scene) return scene.error();
  return write_scene(*scene, target, job, {});
}

Result<Converted<Bytes>> from_game_file(const ConvertJob& job, const FormatFamily* target, bool to_gltf) {
  const FormatFamily* const written_by[] = {target};
  auto input = load_job_input(job, job.input, written_by);
  if (!input) return input.error();
  if (to_gltf) return export_gltf(*input->document, job.options, gltf_options(job));
  if (target == input->family) {
    auto bytes =
        target->transcode ? target->transcode(input->bytes, writing_options(job)) : input->document->encode();
    if (!bytes) return bytes.error();
    return Converted<Bytes>{std::move(*bytes), {}};
  }
  auto core = core_of(*input->document, job.options);
  if (!core) return core.error();
  return write_scene(core->scene, *target, job, std::move(core->notes), input->family);
}

}  // namespace

Result<Converted<Bytes>> convert(const ConvertJob& job) {
  const FormatFamily* target =
      job.to.empty() ? find_family_by_extension(job.output) : find_family_by_id(job.to);
  const bool to_gltf = job.to.empty() ? names_gltf(job.output) : (job.to == "glb" || job.to == "gltf");
  if (!job.more_inputs.empty() || !job.animation_names.empty()) {
    if (!to_gltf)
      return Error{"",
                   fmt::format("several inputs make one glTF with every animation; '{}' is not .glb or .gltf "
                               "(or use --to glb or gltf)",
                               job.output),
                   {},
                   {},
                   {}};
    return animations_to_gltf(job);
  }
  if (!to_gltf && !target) {
    return Error{
        "",
        fmt::format("cannot tell the output format of '{}': use --to (glb, gltf or a family id)", job.output),
        {},
        {},
        {}};
  }
  if (names_gltf(job.input) && job.format.empty()) {
    if (to_gltf) return Error{"", "the input is already glTF", {}, {}, {}};
    return from_gltf(job, *target);
  }
  return from_game_file(job, target, to_gltf);
}

}  // namespace bonebridge
