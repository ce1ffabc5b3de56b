#include "bonebridge/registry/pipeline.hpp"

#include <fmt/format.h>

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

// "ANIM.HQR:12" -> ("ANIM.HQR", 12) when the plain path does not exist.
std::optional<std::pair<std::string, std::size_t>> split_entry(const std::string& path) {
  if (std::filesystem::exists(path)) return std::nullopt;
  const auto colon = path.rfind(':');
  if (colon == std::string::npos || colon + 1 == path.size()) return std::nullopt;
  std::size_t index = 0;
  const auto* first = path.data() + colon + 1;
  const auto* last = path.data() + path.size();
  const auto [end, ec] = std::from_chars(first, last, index);
  if (ec != std::errc() || end != last) return std::nullopt;
  return std::pair{path.substr(0, colon), index};
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
  ClipSampler sampler(scene->skeleton, scene->clips[0]);
  std::vector<Transform> locals(scene->skeleton.joints.size());
  std::vector<Mat4> model;
  const PoseFunction exported = [&](double t, std::vector<Vec3>& positions) {
    sampler.sample(t, locals);
    local_to_model(scene->skeleton, locals, model);
    positions.clear();
    for (const int j : core_joint_of) {
      if (j >= 0) positions.push_back(to_game.point(model[static_cast<std::size_t>(j)].translation()));
    }
  };
  return bonebridge::measure_fidelity(times, engine, exported);
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
