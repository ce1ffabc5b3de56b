// SPDX-License-Identifier: MIT
// The comparison half of the Blender check (blender_check.py):
//   bvh_blender_compare compare CLIP.bvh BLENDER.json   our model-space joint positions of CLIP at every
//   frame
//                                                       Blender wrote, vs Blender's bone heads; exit 1 when a
//                                                       joint is off by more than 1e-5 of the skeleton's
//                                                       extent
//   bvh_blender_compare write CLIP.bvh OUT.bvh          our read of CLIP written with ZXY rotations,
//   positions
//                                                       on the root only
// The extent is the diagonal of the rest pose's bounding box, End Sites included.
#include <fmt/format.h>

#include <algorithm>
#include <fstream>
#include <nlohmann/json.hpp>
#include <string>

#include "bonebridge/bvh/bvh.hpp"
#include "bonebridge/core/sampler.hpp"
#include "bonebridge/io/file.hpp"

namespace {

using namespace bonebridge;

double rest_extent(const Skeleton& skeleton) {
  Vec3 low{1e300, 1e300, 1e300}, high{-1e300, -1e300, -1e300};
  for (const Mat4& model : rest_model(skeleton)) {
    const Vec3 p = model.translation();
    low = {std::min(low.x, p.x), std::min(low.y, p.y), std::min(low.z, p.z)};
    high = {std::max(high.x, p.x), std::max(high.y, p.y), std::max(high.z, p.z)};
  }
  return distance(low, high);
}

int compare(const Scene& scene, const nlohmann::json& blender) {
  // Blender makes a bone of every joint but not of End Sites, which only place the tails.
  std::vector<std::size_t> joints;
  for (const auto& name : blender.at("bones")) {
    const auto at = std::find_if(scene.skeleton.joints.begin(), scene.skeleton.joints.end(),
                                 [&](const Joint& joint) { return joint.name == name.get<std::string>(); });
    if (at == scene.skeleton.joints.end()) {
      fmt::print("Blender's bone {} is no joint of ours\n", name.dump());
      return 1;
    }
    joints.push_back(static_cast<std::size_t>(at - scene.skeleton.joints.begin()));
  }
  const std::size_t end_sites = nlohmann::json::parse(scene.metadata.at(bvh::kEndSitesKey)).size();
  if (joints.size() + end_sites != scene.skeleton.joints.size()) {
    fmt::print("Blender has {} bones, we have {} joints and {} End Sites\n", joints.size(),
               scene.skeleton.joints.size(), end_sites);
    return 1;
  }
  const double frame_time = std::stod(scene.clips[0].metadata.at(bvh::kFrameTimeKey));
  ClipPoser poser(scene.skeleton, scene.clips[0]);
  double worst = 0;
  std::string where;
  for (const auto& frame : blender.at("frames")) {
    const int file_frame = frame.at("file_frame").get<int>();
    const auto& model = poser.model_at(file_frame * frame_time);
    const auto& heads = frame.at("heads");
    for (std::size_t b = 0; b < joints.size(); ++b) {
      const Vec3 theirs{heads[b][0].get<double>(), heads[b][1].get<double>(), heads[b][2].get<double>()};
      const double error = distance(model[joints[b]].translation(), theirs);
      if (error > worst) {
        worst = error;
        where = fmt::format("joint {} at file frame {}", scene.skeleton.joints[joints[b]].name, file_frame);
      }
    }
  }
  const double extent = rest_extent(scene.skeleton);
  fmt::print(
      "  {} joints, {} frames: max position error {:.3g} units ({}), extent {:.4g} units, {:.3g} of it\n",
      joints.size(), blender.at("frames").size(), worst, where, extent, worst / extent);
  return worst <= 1e-5 * extent ? 0 : 1;
}

int run(int argc, char** argv) {
  if (argc != 4) {
    fmt::print(stderr, "usage: {} compare CLIP.bvh BLENDER.json | write CLIP.bvh OUT.bvh\n", argv[0]);
    return 2;
  }
  const std::string mode = argv[1];
  const auto scene = bvh::read_bvh_file(argv[2]);
  if (!scene.ok()) {
    fmt::print(stderr, "{}\n", scene.error().to_string());
    return 1;
  }
  if (mode == "write") {
    const auto written = bvh::write_bvh(*scene, 0, {bvh::RotationOrder::ZXY, std::nullopt, false});
    if (!written.ok()) {
      fmt::print(stderr, "{}\n", written.error().to_string());
      return 1;
    }
    const auto status = write_file_atomic(argv[3], written->value);
    if (!status.ok()) fmt::print(stderr, "{}\n", status.error().to_string());
    return status.ok() ? 0 : 1;
  }
  std::ifstream in(argv[3]);
  return compare(*scene, nlohmann::json::parse(in));
}

}  // namespace

int main(int argc, char** argv) {
  try {
    return run(argc, argv);
  } catch (const std::exception& error) {  // a malformed JSON file from the Blender side
    fmt::print(stderr, "{}\n", error.what());
    return 1;
  }
}
