#include "bonebridge/registry/pipeline.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <cmath>
#include <tuple>

#include "bonebridge/core/sampler.hpp"
#include "bonebridge/io/file.hpp"
#include "bonebridge/registry/archives.hpp"
#include "bonebridge/registry/registry.hpp"

namespace bonebridge {
namespace {

Error with_file(Error error, const std::string& path) {
  if (error.file.empty()) error.file = path;
  return error;
}

}  // namespace

namespace {

// The family named by `format`, else by the file's extension, else by the bytes; with how it was chosen.
std::pair<const FormatFamily*, std::string> choose_family(const std::filesystem::path& named,
                                                          std::span<const std::uint8_t> bytes,
                                                          const std::string& format) {
  if (!format.empty()) return {find_family_by_id(format), "format option"};
  if (const auto* family = find_family_by_extension(named)) return {family, "extension"};
  return {find_family(named, bytes), "content"};
}

}  // namespace

// Companion files (--model, --rig, --body, ...) may be archive entries too: read them here, by address.
Status read_companions(const FormatFamily& family, Options& options) {
  for (const auto& key : companion_names(family)) {
    const auto address = options.get(key);
    if (!address || options.companions.contains(key)) continue;
    auto companion = read_address(*address);
    if (!companion) return with_file(companion.error(), *address);
    options.companions[key] = std::move(companion->bytes);
  }
  return Ok{};
}

Result<LoadedInput> load_input(const std::string& path, const Options& options, const std::string& format,
                               std::span<const FormatFamily* const> elsewhere) {
  LoadedInput input;
  auto file = read_address(path);
  if (!file) return with_file(file.error(), path);
  input.bytes = std::move(file->bytes);
  // An entry named without an extension (HQR entries are numbered) is found by its archive's extension.
  const bool named = !std::filesystem::path(file->name).extension().empty();
  const std::filesystem::path deciding = named || file->container.empty() ? file->name : file->container;
  std::tie(input.family, input.detected_by) = choose_family(deciding, input.bytes, format);
  if (!input.family) {
    return Error{"",
                 format.empty() ? "no format family recognises this file (see `bonebridge formats`)"
                                : "unknown format '" + format + "' (see `bonebridge formats`)",
                 {},
                 {},
                 path};
  }
  if (auto checked = check_settings(*input.family, options, elsewhere); !checked)
    return with_file(checked.error(), path);
  Options opening = options;
  if (named && !opening.get("extension")) opening.values["extension"] = lower_extension(file->name);
  if (!opening.get("input")) opening.values["input"] = path;
  if (auto companions = read_companions(*input.family, opening); !companions) return companions.error();
  auto document = input.family->open(input.bytes, opening);
  if (!document) return with_file(document.error(), path);
  input.document = std::move(document).value();
  return input;
}

namespace {

const char* kind_name(SettingKind kind) {
  switch (kind) {
    case SettingKind::Companion:
      return "file";
    case SettingKind::Choice:
      return "choice";
    case SettingKind::Number:
      return "number";
    case SettingKind::Integer:
      return "integer";
    case SettingKind::Flag:
      return "flag";
    case SettingKind::Text:
      return "text";
  }
  return "text";
}

nlohmann::json settings_json(const FormatFamily& family) {
  auto settings = nlohmann::json::array();
  for (const auto& setting : family.settings) {
    nlohmann::json entry{{"name", setting.name}, {"kind", kind_name(setting.kind)}, {"help", setting.help}};
    if (!setting.choices.empty()) entry["choices"] = setting.choices;
    if (setting.maximum > setting.minimum) entry["range"] = {setting.minimum, setting.maximum};
    if (!setting.fallback.empty()) entry["default"] = setting.fallback;
    if (!setting.form.empty()) entry["form"] = setting.form;
    settings.push_back(std::move(entry));
  }
  return settings;
}

}  // namespace

nlohmann::json formats_json() {
  auto list = nlohmann::json::array();
  for (const auto& family : format_families()) {
    auto capabilities = nlohmann::json::array();
    for (const auto& c : family.capabilities) {
      capabilities.push_back(
          {{"what", c.what}, {"supported", c.supported}, {"confidence", c.confidence}, {"note", c.note}});
    }
    list.push_back({{"id", family.id},
                    {"title", family.title},
                    {"extensions", family.extensions},
                    {"capabilities", capabilities},
                    {"companions", companion_names(family)},
                    {"settings", settings_json(family)}});
  }
  for (const auto* kind : archive_kinds()) {
    list.push_back({{"id", kind->id},
                    {"title", kind->title},
                    {"extensions", kind->extensions},
                    {"container", true},
                    {"writes", static_cast<bool>(kind->write)},
                    {"support", kind->support}});
  }
  return list;
}

nlohmann::json input_info(const LoadedInput& input) {
  auto info = input.document->info();
  info["family"] = input.family->id;
  if (!input.detected_by.empty()) info["detected_by"] = input.detected_by;
  return info;
}

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

using Bytes = std::vector<std::uint8_t>;

// A family with several file kinds (Volition: rigs and animations) learns which one to write from the
// output's name.
Options writing_options(const ConvertJob& job) {
  Options options = job.options;
  options.values["output"] = job.output;
  options.values["output-extension"] = lower_extension(job.output);
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
  auto input = load_input(job.input, job.options, job.format, written_by);
  if (!input) return input.error();
  if (to_gltf) {
    const bool binary = job.to.empty() ? lower_extension(job.output) == ".glb" : job.to == "glb";
    return export_gltf(*input->document, job.options, {.binary = binary, .generate_mesh = job.generate_mesh});
  }
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

Result<FidelityReport> measure_fidelity(const Document& document, const Options& options, double step) {
  auto core = core_of(document, options);
  if (!core) return core.error();
  const auto bytes = gltf::write(core->scene, {.binary = true, .generate_mesh = false});
  if (!bytes) return bytes.error();
  auto scene = gltf::read(*bytes);
  if (!scene) return scene.error();
  if (scene->clips.empty()) return Error{"fidelity", "the glTF export holds no animation", {}, {}, {}};
  if (scene->skeleton.joints.size() != core->scene.skeleton.joints.size()) {
    return Error{"fidelity",
                 fmt::format("the glTF export read back {} joints, but {} were written",
                             scene->skeleton.joints.size(), core->scene.skeleton.joints.size()),
                 {},
                 {},
                 {}};
  }
  const double tick = step > 0 ? step : document.engine_tick();
  // A dense grid, but bounded: at most two million poses.
  const double grid_step = std::max(tick, document.duration() / 2e6);
  const auto times = time_grid(document.duration(), grid_step);

  const auto& core_joint_of = core->core_joint_of;
  const AxisConversion to_game = core->conversion.inverse();
  EnginePose pose;  // reused by every sample
  Status sampled = Ok{};
  const PoseFunction engine = [&](double t, std::vector<Vec3>& positions) {
    positions.clear();
    if (sampled) sampled = document.sample_into(t, pose);
    if (!sampled) return;
    for (std::size_t i = 0; i < pose.joints.size() && i < core_joint_of.size(); ++i) {
      if (core_joint_of[i] >= 0) positions.push_back(pose.joints[i].model.translation());
    }
  };
  ClipPoser poser(scene->skeleton, scene->clips[0]);
  const PoseFunction exported = [&](double t, std::vector<Vec3>& positions) {
    const auto& model = poser.model_at(t);
    positions.clear();
    for (const int j : core_joint_of) {
      if (j >= 0) positions.push_back(to_game.point(model[static_cast<std::size_t>(j)].translation()));
    }
  };
  auto report = bonebridge::measure_fidelity(times, engine, exported);
  if (!sampled) return sampled.error();
  return report;
}

namespace {

std::vector<std::string> joint_paths(const Skeleton& skeleton) {
  std::vector<std::string> paths;
  for (const auto& joint : skeleton.joints) {
    paths.push_back(joint.parent < 0 ? joint.name
                                     : paths[static_cast<std::size_t>(joint.parent)] + "/" + joint.name);
  }
  return paths;
}

}  // namespace

Result<FidelityReport> measure_import_fidelity(const Scene& scene, const FormatFamily& family,
                                               const Options& options, double step) {
  if (!family.from_core)
    return Error{family.title, "writing this format from glTF is not supported", {}, {}, {}};
  if (scene.clips.empty()) return Error{"fidelity", "the scene holds no animation", {}, {}, {}};
  const auto bytes = family.from_core(scene, options);
  if (!bytes) return bytes.error();
  auto document = family.open(bytes->value, options);
  if (!document) return document.error();
  auto core = core_of(**document, options);
  if (!core) return core.error();

  // Engine joint i -> joint of the original scene with the same path of names.
  const auto original_paths = joint_paths(scene.skeleton);
  const auto written_paths = joint_paths(core->scene.skeleton);
  std::vector<int> original_of_engine(core->core_joint_of.size(), -1);
  for (std::size_t i = 0; i < core->core_joint_of.size(); ++i) {
    const int written = core->core_joint_of[i];
    if (written < 0) continue;
    const auto it = std::find(original_paths.begin(), original_paths.end(),
                              written_paths[static_cast<std::size_t>(written)]);
    if (it != original_paths.end()) original_of_engine[i] = static_cast<int>(it - original_paths.begin());
  }
  if (std::all_of(original_of_engine.begin(), original_of_engine.end(), [](int j) { return j < 0; })) {
    return Error{
        family.title, "no joint of the written file matches a joint of the glTF by name", {}, {}, {}};
  }

  const Document& written_document = **document;
  const double tick = step > 0 ? step : written_document.engine_tick();
  const double duration = std::max(scene.clips[0].duration, written_document.duration());
  const auto times = time_grid(duration, std::max(tick, duration / 2e6));
  const AxisConversion to_game = core->conversion.inverse();
  ClipPoser poser(scene.skeleton, scene.clips[0]);
  const PoseFunction gltf_pose = [&](double t, std::vector<Vec3>& positions) {
    const auto& model = poser.model_at(t);
    positions.clear();
    for (const int j : original_of_engine) {
      if (j >= 0) positions.push_back(to_game.point(model[static_cast<std::size_t>(j)].translation()));
    }
  };
  EnginePose pose;  // reused by every sample
  Status sampled = Ok{};
  const PoseFunction engine = [&](double t, std::vector<Vec3>& positions) {
    positions.clear();
    if (sampled) sampled = written_document.sample_into(t, pose);
    if (!sampled) return;
    for (std::size_t i = 0; i < pose.joints.size() && i < original_of_engine.size(); ++i) {
      if (original_of_engine[i] >= 0) positions.push_back(pose.joints[i].model.translation());
    }
  };
  auto report = bonebridge::measure_fidelity(times, gltf_pose, engine);
  if (!sampled) return sampled.error();
  return report;
}

nlohmann::json pose_json(const EnginePose& pose) {
  auto joints = nlohmann::json::array();
  for (std::size_t i = 0; i < pose.joints.size(); ++i) {
    const auto& joint = pose.joints[i];
    const auto& t = joint.local;
    joints.push_back({{"index", i},
                      {"name", joint.name},
                      {"parent", joint.parent},
                      {"translation", {t.translation.x, t.translation.y, t.translation.z}},
                      {"rotation", {t.rotation.x, t.rotation.y, t.rotation.z, t.rotation.w}},
                      {"scale", {t.scale.x, t.scale.y, t.scale.z}},
                      {"model", joint.model.m}});
  }
  return {{"time", pose.time}, {"joints", joints}};
}

}  // namespace bonebridge
