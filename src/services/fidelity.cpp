// SPDX-License-Identifier: MIT
// How closely a conversion plays the game's motion: the engine's joint positions in model space against the
// glTF's (export) or the written file's engine against the glTF it came from (import).
#include "bonebridge/services/fidelity.hpp"

#include <fmt/format.h>

#include <algorithm>

#include "bonebridge/core/sampler.hpp"
#include "bonebridge/services/conversion.hpp"

namespace bonebridge {
namespace {

// The engine's ticks (or `step`): every one, but at most kMaxGridTimes (core/fidelity.hpp), with a note when
// the grid is wider than asked.
double sample_step(double step, const Document& engine) {
  return step > 0 ? step : engine.engine_tick();
}

// The engine's joint positions in model space, of the engine joints whose entry in `matched` is a joint
// (>= 0), in engine order. The first failure to sample stays in `sampled` and ends the positions.
PoseFunction engine_positions(const Document& engine, const std::vector<int>& matched, EnginePose& pose,
                              Status& sampled) {
  return [&engine, &matched, &pose, &sampled](double t, std::vector<Vec3>& positions) {
    positions.clear();
    if (sampled) sampled = engine.sample_into(t, pose);
    if (!sampled) return;
    for (std::size_t i = 0; i < pose.joints.size() && i < matched.size(); ++i) {
      if (matched[i] >= 0) positions.push_back(pose.joints[i].model.translation());
    }
  };
}

// The clip's joint positions in model space, of the joints `matched` names (in engine order), in the game's
// axes: comparable with engine_positions.
PoseFunction clip_positions(ClipPoser& poser, const std::vector<int>& matched,
                            const AxisConversion& to_game) {
  return [&poser, &matched, to_game](double t, std::vector<Vec3>& positions) {
    const auto& model = poser.model_at(t);
    positions.clear();
    for (const int j : matched) {
      if (j >= 0) positions.push_back(to_game.point(model[static_cast<std::size_t>(j)].translation()));
    }
  };
}

std::vector<std::string> joint_paths(const Skeleton& skeleton) {
  std::vector<std::string> paths;
  for (const auto& joint : skeleton.joints) {
    paths.push_back(joint.parent < 0 ? joint.name
                                     : paths[static_cast<std::size_t>(joint.parent)] + "/" + joint.name);
  }
  return paths;
}

// Engine joint i -> the joint of `original` with the same path of names as the written scene's joint that
// engine joint i became; -1 where none.
std::vector<int> match_by_path(const CoreConversion& written, const Skeleton& original) {
  const auto original_paths = joint_paths(original);
  const auto written_paths = joint_paths(written.scene.skeleton);
  std::vector<int> matched(written.core_joint_of.size(), -1);
  for (std::size_t i = 0; i < written.core_joint_of.size(); ++i) {
    const int joint = written.core_joint_of[i];
    if (joint < 0) continue;
    const auto it = std::find(original_paths.begin(), original_paths.end(),
                              written_paths[static_cast<std::size_t>(joint)]);
    if (it != original_paths.end()) matched[i] = static_cast<int>(it - original_paths.begin());
  }
  return matched;
}

Result<Scene> exported_and_read_back(const Scene& scene) {
  const auto bytes = gltf::write(scene, {.binary = true, .generate_mesh = false});
  if (!bytes) return bytes.error();
  auto read = gltf::read(*bytes);
  if (!read) return read.error();
  if (read->clips.empty()) return Error{"fidelity", "the glTF export holds no animation", {}, {}, {}};
  if (read->skeleton.joints.size() != scene.skeleton.joints.size()) {
    return Error{"fidelity",
                 fmt::format("the glTF export read back {} joints, but {} were written",
                             read->skeleton.joints.size(), scene.skeleton.joints.size()),
                 {},
                 {},
                 {}};
  }
  return read;
}

}  // namespace

Result<FidelityReport> measure_fidelity(const Document& document, const Options& options, double step) {
  auto core = core_of(document, options);
  if (!core) return core.error();
  auto scene = exported_and_read_back(core->scene);
  if (!scene) return scene.error();
  const double tick = sample_step(step, document);
  const auto times = time_grid(document.duration(), tick);
  EnginePose pose;  // reused by every sample
  Status sampled = Ok{};
  ClipPoser poser(scene->skeleton, scene->clips[0]);
  auto report =
      bonebridge::measure_fidelity(times, engine_positions(document, core->core_joint_of, pose, sampled),
                                   clip_positions(poser, core->core_joint_of, core->conversion.inverse()));
  if (!sampled) return sampled.error();
  if (auto note = grid_note(document.duration(), tick); !note.empty())
    report.notes.push_back(std::move(note));
  return report;
}

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
  const auto matched = match_by_path(*core, scene.skeleton);
  if (std::all_of(matched.begin(), matched.end(), [](int j) { return j < 0; })) {
    return Error{
        family.title, "no joint of the written file matches a joint of the glTF by name", {}, {}, {}};
  }
  const Document& written = **document;
  const double duration = std::max(scene.clips[0].duration, written.duration());
  const double tick = sample_step(step, written);
  const auto times = time_grid(duration, tick);
  EnginePose pose;  // reused by every sample
  Status sampled = Ok{};
  ClipPoser poser(scene.skeleton, scene.clips[0]);
  auto report =
      bonebridge::measure_fidelity(times, clip_positions(poser, matched, core->conversion.inverse()),
                                   engine_positions(written, matched, pose, sampled));
  if (!sampled) return sampled.error();
  if (auto note = grid_note(duration, tick); !note.empty()) report.notes.push_back(std::move(note));
  return report;
}

}  // namespace bonebridge
