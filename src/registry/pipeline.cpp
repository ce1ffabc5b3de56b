#include "bonebridge/registry/pipeline.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <charconv>
#include <cmath>

#include "bonebridge/core/sampler.hpp"
#include "bonebridge/io/file.hpp"
#include "bonebridge/registry/registry.hpp"

namespace bonebridge {
namespace {

Error with_file(Error error, const std::string& path) {
  if (error.file.empty()) error.file = path;
  return error;
}

Result<std::vector<std::uint8_t>> read_entry(const std::string& archive, std::size_t index) {
  auto bytes = read_file(archive);
  if (!bytes) return bytes.error();
  for (const auto& family : format_families()) {
    if (family.container_entry && family.sniff && family.sniff(*bytes))
      return family.container_entry(*bytes, index);
  }
  if (const auto* family = find_family_by_extension(archive); family && family->container_entry) {
    return family->container_entry(*bytes, index);
  }
  return Error{"archive", "no format family holds entries in this file", {}, {}, archive};
}

}  // namespace

std::optional<std::pair<std::string, std::size_t>> split_entry(const std::string& path) {
  std::error_code ec;
  if (std::filesystem::exists(path, ec)) return std::nullopt;
  const auto colon = path.rfind(':');
  if (colon == std::string::npos || colon + 1 == path.size()) return std::nullopt;
  std::size_t index = 0;
  const auto* first = path.data() + colon + 1;
  const auto* last = path.data() + path.size();
  const auto [end, parsed] = std::from_chars(first, last, index);
  if (parsed != std::errc() || end != last) return std::nullopt;
  return std::pair{path.substr(0, colon), index};
}

Result<LoadedInput> load_input(const std::string& path, const Options& options, const std::string& format) {
  LoadedInput input;
  const auto entry = split_entry(path);
  auto bytes = entry ? read_entry(entry->first, entry->second) : read_file(path);
  if (!bytes) return with_file(bytes.error(), path);
  input.bytes = std::move(bytes).value();
  input.family = format.empty()
                     ? find_family(entry ? std::filesystem::path(entry->first) : std::filesystem::path(path),
                                   input.bytes)
                     : find_family_by_id(format);
  if (!input.family) {
    return Error{"",
                 format.empty() ? "no format family recognises this file (see `bonebridge formats`)"
                                : "unknown format '" + format + "' (see `bonebridge formats`)",
                 {},
                 {},
                 path};
  }
  auto document = input.family->open(input.bytes, options);
  if (!document) return with_file(document.error(), path);
  input.document = std::move(document).value();
  return input;
}

nlohmann::json input_info(const LoadedInput& input) {
  auto info = input.document->info();
  info["family"] = input.family->id;
  return info;
}

Result<std::vector<std::uint8_t>> export_gltf(const Document& document, const Options& options,
                                              const gltf::ExportOptions& export_options) {
  auto core = document.to_core(options);
  if (!core) return core.error();
  return gltf::write(core->scene, export_options);
}

Result<FidelityReport> measure_fidelity(const Document& document, const Options& options, double step) {
  auto core = document.to_core(options);
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
  const PoseFunction engine = [&](double t, std::vector<Vec3>& positions) {
    const EnginePose pose = document.sample(t);
    positions.clear();
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
  return bonebridge::measure_fidelity(times, engine, exported);
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
  auto document = family.open(*bytes, options);
  if (!document) return document.error();
  auto core = (*document)->to_core(options);
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
  const PoseFunction engine = [&](double t, std::vector<Vec3>& positions) {
    const EnginePose pose = written_document.sample(t);
    positions.clear();
    for (std::size_t i = 0; i < pose.joints.size() && i < original_of_engine.size(); ++i) {
      if (original_of_engine[i] >= 0) positions.push_back(pose.joints[i].model.translation());
    }
  };
  return bonebridge::measure_fidelity(times, gltf_pose, engine);
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
