// SPDX-License-Identifier: MIT
#include "bonebridge/registry/pipeline.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <array>
#include <cctype>
#include <cmath>
#include <iostream>
#include <optional>
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

// Companion files (--model, --rig, --body, ...) may be archive entries too: read them here, by address. Files
// that a document names itself are looked for inside archives too.
Status read_companions(const FormatFamily& family, Options& options) {
  if (options.nearby == disk_files()) options.nearby = archive_files();
  for (const auto& key : companion_names(family)) {
    const auto address = options.get(key);
    if (!address || options.companions.contains(key)) continue;
    auto companion = read_address(*address, *options.nearby);
    if (!companion) return with_file(companion.error(), *address);
    options.companions[key] = std::move(companion->bytes);
  }
  return Ok{};
}

namespace {

// "-" is standard input, read whole (its format found from its bytes, or --format); anything else an address,
// read through the options' finder when it reaches into archives (a batch's, which keeps them open).
Result<AddressedFile> read_input(const std::string& path, const Options& options) {
  if (path != "-")
    return options.nearby == disk_files() ? read_address(path) : read_address(path, *options.nearby);
  std::vector<std::uint8_t> bytes;
  char buffer[1 << 16];
  while (std::cin.read(buffer, sizeof buffer) || std::cin.gcount() > 0)
    bytes.insert(bytes.end(), buffer, buffer + std::cin.gcount());
  if (std::cin.bad()) return Error{"", "cannot read standard input", {}, {}, "-"};
  return AddressedFile{std::move(bytes), "-", {}};
}

// Why no family opens a file: an unknown --format, a container (which holds files rather than being one), or
// nothing known.
std::string unrecognised(const std::filesystem::path& named, std::span<const std::uint8_t> bytes,
                         const std::string& format) {
  if (!format.empty()) return "unknown format '" + format + "' (see `bonebridge formats`)";
  if (const auto* kind = find_archive_kind(named, bytes)) {
    return "a " + kind->title +
           ": an archive holds files rather than being one: `bonebridge ls` lists its "
           "entries, ARCHIVE:ENTRY names one, `bonebridge characters` lists what it defines";
  }
  return "no format family recognises this file (see `bonebridge formats`)";
}

}  // namespace

Result<LoadedInput> load_input(const std::string& path, const Options& options, const std::string& format,
                               std::span<const FormatFamily* const> elsewhere) {
  LoadedInput input;
  auto file = read_input(path, options);
  if (!file) return with_file(file.error(), path);
  input.bytes = std::move(file->bytes);
  // An entry named without an extension (HQR entries are numbered) is found by its archive's extension.
  const bool named = !std::filesystem::path(file->name).extension().empty();
  const std::filesystem::path deciding = named || file->container.empty() ? file->name : file->container;
  std::tie(input.family, input.detected_by) = choose_family(deciding, input.bytes, format);
  if (!input.family) return Error{"", unrecognised(deciding, input.bytes, format), {}, {}, path};
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

nlohmann::json limits_json(const FormatFamily& family) {
  auto limits = nlohmann::json::array();
  for (const auto& limit : family.limits) {
    limits.push_back({{"what", limit.what},
                      {"maximum", limit.maximum},
                      {"note_only", limit.note_only},
                      {"source", limit.source}});
  }
  return limits;
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
                    {"settings", settings_json(family)},
                    {"limits", limits_json(family)}});
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

gltf::ExportOptions gltf_options(const ConvertJob& job) {
  const bool binary = job.to.empty() ? lower_extension(job.output) == ".glb" : job.to == "glb";
  return {.binary = binary, .generate_mesh = job.generate_mesh};
}

Result<Converted<Bytes>> from_game_file(const ConvertJob& job, const FormatFamily* target, bool to_gltf) {
  const FormatFamily* const written_by[] = {target};
  auto input = load_input(job.input, job.options, job.format, written_by);
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

// One input of a job of several, converted to the core model as a single input would be.
Result<CoreConversion> input_scene(const ConvertJob& job, const std::string& address) {
  if (names_gltf(address) && job.format.empty())
    return Error{"", "the input is already glTF", {}, {}, address};
  auto input = load_input(address, job.options, job.format);
  if (!input) return input.error();
  auto core = core_of(*input->document, job.options);
  if (!core) return with_file(core.error(), address);
  return core;
}

// A channel of `clip` that holds `value` from start to end.
template <class Value>
Channel<Value> constant_channel(const Value& value) {
  return Channel<Value>{Interpolation::Step, {0.0}, {value}};
}

// The clip's channels of joint j, made (empty) when the clip has none.
JointChannels& channels_of(Clip& clip, std::size_t j) {
  auto it = std::find_if(clip.joints.begin(), clip.joints.end(),
                         [&](const JointChannels& c) { return c.joint == static_cast<int>(j); });
  if (it == clip.joints.end()) {
    JointChannels channels;
    channels.joint = static_cast<int>(j);
    it = clip.joints.insert(it, std::move(channels));
  }
  return *it;
}

// A joint that a clip leaves alone shows the rest transform of the glTF node, which is the base's: where the
// clip's own skeleton rests otherwise, the clip holds its own rest value. Returns how many channels it took.
std::size_t hold_own_rest(Clip& clip, const Skeleton& own, const Skeleton& base) {
  std::size_t added = 0;
  for (std::size_t j = 0; j < own.joints.size(); ++j) {
    const Transform& mine = own.joints[j].rest;
    const Transform& shown = base.joints[j].rest;
    const bool translation = mine.translation != shown.translation;
    const bool rotation = mine.rotation != shown.rotation;
    const bool scale = mine.scale != shown.scale;
    if (!translation && !rotation && !scale) continue;
    JointChannels& channels = channels_of(clip, j);
    if (translation && !channels.translation)
      channels.translation = constant_channel(mine.translation), ++added;
    if (rotation && !channels.rotation) channels.rotation = constant_channel(mine.rotation), ++added;
    if (scale && !channels.scale) channels.scale = constant_channel(mine.scale), ++added;
  }
  return added;
}

// Each clip holds the rest value, by a constant channel, of every joint property that another clip of the
// glTF moves and it leaves alone: players differ on what such a property shows while the clip plays (three.js
// the node's own value, Blender the pose the previous action left). Returns how many channels it took.
std::size_t hold_rest_across_clips(Scene& scene) {
  if (scene.clips.size() < 2) return 0;
  const std::size_t joints = scene.skeleton.joints.size();
  std::vector<std::array<bool, 3>> moved(joints, {false, false, false});
  for (const Clip& clip : scene.clips) {
    for (const JointChannels& c : clip.joints) {
      if (c.joint < 0 || static_cast<std::size_t>(c.joint) >= joints) continue;
      auto& flags = moved[static_cast<std::size_t>(c.joint)];
      flags = {flags[0] || c.translation.has_value(), flags[1] || c.rotation.has_value(),
               flags[2] || c.scale.has_value()};
    }
  }
  std::size_t added = 0;
  for (Clip& clip : scene.clips) {
    for (std::size_t j = 0; j < joints; ++j) {
      const auto& flags = moved[j];
      if (!flags[0] && !flags[1] && !flags[2]) continue;
      JointChannels& channels = channels_of(clip, j);
      const Transform& rest = scene.skeleton.joints[j].rest;
      if (flags[0] && !channels.translation)
        channels.translation = constant_channel(rest.translation), ++added;
      if (flags[1] && !channels.rotation) channels.rotation = constant_channel(rest.rotation), ++added;
      if (flags[2] && !channels.scale) channels.scale = constant_channel(rest.scale), ++added;
    }
  }
  return added;
}

// What the notes say of an input left out of the glTF.
std::string left_out(const std::string& address, Error error) {
  if (error.file == address) error.file.clear();
  return fmt::format("{}: left out: {}", address, error.to_string());
}

// The input's clips under `name` (a second input of the same name gets " 2", and so on), with `metadata`
// added, appended to the scene.
void append_clips(Scene& scene, std::vector<Clip> clips, const std::string& name,
                  const std::map<std::string, std::string>& metadata) {
  const auto taken = [&](const std::string& candidate) {
    return std::any_of(scene.clips.begin(), scene.clips.end(), [&](const Clip& clip) {
      return clip.name == candidate || clip.name.starts_with(candidate + "/");
    });
  };
  std::string unique = name;
  for (int n = 2; taken(unique); ++n) unique = fmt::format("{} {}", name, n);
  for (std::size_t i = 0; i < clips.size(); ++i) {
    const std::string own = clips[i].name.empty() ? std::to_string(i) : clips[i].name;
    clips[i].name = clips.size() == 1 ? unique : unique + "/" + own;
    for (const auto& [key, value] : metadata) clips[i].metadata[key] = value;
    scene.clips.push_back(std::move(clips[i]));
  }
}

// The name and metadata of input `index` of a job ([input] then more_inputs).
std::string input_animation_name(const ConvertJob& job, std::size_t index, const std::string& address) {
  return index < job.animation_names.size() ? job.animation_names[index] : animation_name(address);
}
const std::map<std::string, std::string>& input_metadata(const ConvertJob& job, std::size_t index) {
  static const std::map<std::string, std::string> none;
  return index < job.animation_metadata.size() ? job.animation_metadata[index] : none;
}

void add_notes(std::vector<std::string>& notes, const std::string& address,
               const std::vector<std::string>& more) {
  for (const auto& note : more) notes.push_back(address + ": " + note);
}

// Each other input's clips, when its skeleton fits the base's; refusals and failures become notes.
void append_animation(Converted<Scene>& merged, const std::string& base, const ConvertJob& job,
                      std::size_t index, const std::string& address, Result<CoreConversion> core) {
  if (!core) {
    merged.notes.push_back(left_out(address, core.error()));
    return;
  }
  if (const auto difference = skeleton_difference(merged.value.skeleton, core->scene.skeleton)) {
    merged.notes.push_back(
        fmt::format("{}: left out: its skeleton does not fit that of {}: {}", address, base, *difference));
    return;
  }
  add_notes(merged.notes, address, core->notes);
  std::size_t held = 0;
  for (auto& clip : core->scene.clips)
    held += hold_own_rest(clip, core->scene.skeleton, merged.value.skeleton);
  if (held > 0)
    merged.notes.push_back(fmt::format(
        "{}: its own rest pose, which differs from {}'s, is held by {} constant channel{} on the joints it "
        "leaves alone",
        address, base, held, held == 1 ? "" : "s"));
  append_clips(merged.value, std::move(core->scene.clips), input_animation_name(job, index, address),
               input_metadata(job, index));
}

Result<Converted<Bytes>> animations_to_gltf(const ConvertJob& job) {
  std::vector<std::string> inputs{job.input};
  inputs.insert(inputs.end(), job.more_inputs.begin(), job.more_inputs.end());
  std::optional<Converted<Scene>> merged;
  std::string base;
  std::vector<Error> failures;
  for (std::size_t index = 0; index < inputs.size(); ++index) {
    const std::string& address = inputs[index];
    auto core = input_scene(job, address);
    if (merged) {
      append_animation(*merged, base, job, index, address, std::move(core));
    } else if (!core) {
      failures.push_back(core.error());
    } else {
      base = address;
      merged = Converted<Scene>{std::move(core->scene), {}};
      for (std::size_t i = 0; i < failures.size(); ++i)
        merged->notes.push_back(left_out(inputs[i], failures[i]));
      add_notes(merged->notes, address, core->notes);
      auto clips = std::move(merged->value.clips);
      merged->value.clips.clear();
      append_clips(merged->value, std::move(clips), input_animation_name(job, index, address),
                   input_metadata(job, index));
    }
  }
  if (!merged) {
    Error error = failures.front();
    for (std::size_t i = 1; i < failures.size(); ++i) error.message += "; " + failures[i].to_string();
    return error;
  }
  if (const std::size_t held = hold_rest_across_clips(merged->value); held > 0)
    merged->notes.push_back(
        fmt::format("{} constant channel{} the rest pose, in each animation, of the joints that only other "
                    "animations move",
                    held, held == 1 ? " holds" : "s hold"));
  std::vector<std::string> names;
  for (const auto& clip : merged->value.clips) names.push_back(clip.name);
  merged->notes.push_back(
      fmt::format("{} animation{}: {}", names.size(), names.size() == 1 ? "" : "s", fmt::join(names, ", ")));
  auto bytes = gltf::write(merged->value, gltf_options(job));
  if (!bytes) return bytes.error();
  return Converted<Bytes>{std::move(*bytes), std::move(merged->notes)};
}

}  // namespace

std::optional<std::string> skeleton_difference(const Skeleton& base, const Skeleton& other) {
  if (base.joints.size() != other.joints.size())
    return fmt::format("{} joints instead of {}", other.joints.size(), base.joints.size());
  for (std::size_t j = 0; j < base.joints.size(); ++j) {
    const Joint& want = base.joints[j];
    const Joint& have = other.joints[j];
    if (have.name != want.name)
      return fmt::format("joint {} is named \"{}\" instead of \"{}\"", j, have.name, want.name);
    if (have.parent != want.parent)
      return fmt::format("joint {} (\"{}\") has parent {} instead of {}", j, have.name, have.parent,
                         want.parent);
  }
  return std::nullopt;
}

std::string animation_name(const std::string& address) {
  const auto split = split_address(address);
  if (!split || split->entries.empty()) return std::filesystem::path(address).stem().string();
  const std::filesystem::path entry(split->entries.back());
  if (entry.has_extension()) return entry.stem().string();
  return std::filesystem::path(split->file).stem().string() + "_" + entry.string();
}

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
  const auto times = time_grid(document.duration(), tick);  // every tick, but at most kMaxGridTimes

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
  if (auto note = grid_note(document.duration(), tick); !note.empty())
    report.notes.push_back(std::move(note));
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
  const auto times = time_grid(duration, tick);  // every tick, but at most kMaxGridTimes
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
  if (auto note = grid_note(duration, tick); !note.empty()) report.notes.push_back(std::move(note));
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
