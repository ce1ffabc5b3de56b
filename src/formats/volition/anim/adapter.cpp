// SPDX-License-Identifier: MIT
#include <fmt/format.h>

#include <cmath>

#include "../adapters.hpp"
#include "bonebridge/formats/volition/anim/bridge.hpp"
#include "bonebridge/formats/volition/anim/codec.hpp"
#include "bonebridge/formats/volition/rig/codec.hpp"
#include "bonebridge/formats/volition/settings.hpp"

namespace bonebridge::volition {
namespace {

class AnimFile : public bonebridge::Document {
 public:
  AnimFile(anim::Document anim, std::optional<rig::Document> rig, AnimSettings settings, std::string axes)
      : anim_(std::move(anim)),
        rig_(std::move(rig)),
        settings_(settings),
        axes_(std::move(axes)),
        engine_(anim_, rig_ ? &*rig_ : nullptr, settings_) {}
  std::string format() const override { return "Volition .anim_pc (crunched animation)"; }
  std::size_t joint_count() const override { return rig_ ? rig_->bones.size() : 0; }  // info's joints
  nlohmann::json info() const override;
  nlohmann::json dump() const override;
  std::vector<Diagnostic> check(bool strict) const override;
  double duration() const override;
  double engine_tick() const override;
  Status sample_into(double seconds, EnginePose& pose) const override;
  Result<CoreConversion> to_core(const Options& options) const override;
  Result<std::vector<std::uint8_t>> encode() const override;

 private:
  anim::Document anim_;
  std::optional<rig::Document> rig_;
  AnimSettings settings_;
  std::string axes_;
  anim::Engine engine_;  // decodes the tracks once; refers to anim_ and rig_ above
};

nlohmann::json flag_names(std::uint8_t flags) {
  static constexpr std::pair<std::uint8_t, const char*> kNames[] = {
      {kPackedKeys, "AFF_PACKED_KEYS"},
      {kTimeAsShorts, "AFF_TIME_AS_SHORTS"},
      {kDeltaTimes, "AFF_DELTA_TIMES"},
      {kHasMotion, "AFF_HAS_MOTION"},
      {kHasMorph, "AFF_HAS_MORPH"},
      {kLongTranslations, "AFF_LONG_TRANSLATIONS"},
      {kHasWeightKeys, "AFF_HAS_WEIGHT_KEYS"},
      {kShortCounts, "AFF_SHORT_COUNTS"}};
  nlohmann::json names = nlohmann::json::array();
  for (const auto& [bit, name] : kNames) {
    if (flags & bit) names.push_back(name);
  }
  return names;
}

nlohmann::json dump_track(const AnimTrack& track) {
  nlohmann::json records = nlohmann::json::array();
  for (const auto& raw : track.rotation_records) {
    const auto r = unpack_rotation_record(raw);
    records.push_back(
        {{"raw", raw}, {"base", r.base}, {"scaler", r.scaler}, {"count", r.count}, {"largest", r.largest}});
  }
  nlohmann::json keys = nlohmann::json::array();
  for (const auto& raw : track.rotation_keys) {
    const auto k = unpack_rotation_key(raw);
    keys.push_back({{"raw", raw}, {"delta", k.delta}, {"time", k.time}});
  }
  nlohmann::json translation_records = nlohmann::json::array();
  for (const auto& r : track.translation_records) {
    translation_records.push_back({{"num_keys", r.num_keys}, {"base", r.base}});
  }
  return {{"rotation_records", records},
          {"rotation_keys", keys},
          {"unpacked_rotation_extra", track.unpacked_rotation_extra},
          {"translation_records", translation_records},
          {"translation_keys", track.translation_keys},
          {"translation_times", track.translation_times},
          {"pads", {{"count", track.count_pad}, {"rotation", track.rotation_pad}}}};
}

nlohmann::json AnimFile::info() const {
  std::size_t rotation_keys = 0, translation_keys = 0;
  for (const auto& t : anim_.tracks) {
    rotation_keys += t.rotation_keys.size();
    translation_keys += t.translation_keys.size();
  }
  const std::size_t walk_end = anim_walk_end(anim_);
  nlohmann::json joints = nlohmann::json::array();
  if (rig_) {
    for (std::size_t i = 0; i < rig_->bones.size(); ++i) joints.push_back(printable(rig_bone_name(*rig_, i)));
  }
  return {
      {"format", format()},
      {"pointer_width", static_cast<int>(anim_.width)},
      {"version", anim_.version},
      {"flags", fmt::format("0x{:02X}", anim_.flags)},
      {"flag_names", flag_names(anim_.flags)},
      {"end_frame", anim_.end_frame},
      {"duration", duration()},
      {"tracks", anim_.tracks.size()},
      {"num_rig_bones", anim_.num_rig_bones},
      {"rotation_keys", rotation_keys},
      {"translation_keys", translation_keys},
      {"identity_mapping", anim_.bone_mapping_offset.value == 0},
      {"walk_end", walk_end},
      {"root_controller_bone", anim_.root_controller_bone.value},
      {"walk_ends_at_root_controller", walk_end == anim_.root_controller_bone.value},
      {"rig", rig_ ? "given" : "none (pass --rig for the hierarchy and rest offsets)"},
      {"joints", joints},
      {"assumptions", assumptions(settings_)},
  };
}

nlohmann::json AnimFile::dump() const {
  nlohmann::json tracks = nlohmann::json::array();
  for (const auto& t : anim_.tracks) tracks.push_back(dump_track(t));
  nlohmann::json weights = nullptr;
  if (anim_.weights) {
    weights = {{"counts", anim_.weights->counts},
               {"values", anim_.weights->values},
               {"times", anim_.weights->times}};
  }
  auto slot = [](const FilePointer& p) { return nlohmann::json{{"value", p.value}, {"high", p.high}}; };
  return {{"pointer_width", static_cast<int>(anim_.width)},
          {"id", anim_.id},
          {"version", anim_.version},
          {"flags", fmt::format("0x{:02X}", anim_.flags)},
          {"flag_names", flag_names(anim_.flags)},
          {"end_frame", anim_.end_frame},
          {"ramp_in", anim_.ramp_in},
          {"ramp_out", anim_.ramp_out},
          {"num_bones", anim_.tracks.size()},
          {"num_rig_bones", anim_.num_rig_bones},
          {"total_rotation", anim_.total_rotation},
          {"total_translation", anim_.total_translation},
          {"anim_to_rig_bone_mapping", slot(anim_.bone_mapping_offset)},
          {"root_controller_bone", slot(anim_.root_controller_bone)},
          {"morph_unknown", anim_.morph_unknown},
          {"morph_offset", slot(anim_.morph_offset)},
          {"bone_mapping", anim_.bone_mapping},
          {"weights", weights},
          {"tracks", tracks},
          {"tail", anim_.tail}};
}

std::vector<Diagnostic> AnimFile::check(bool strict) const {
  std::vector<Diagnostic> out;
  const std::size_t walk_end = anim_walk_end(anim_);
  if (walk_end != anim_.root_controller_bone.value) {
    out.push_back(
        diagnostic(true, kAnimFormat, walk_end,
                   fmt::format("the walk over {} tracks stopped at byte {}, but root_controller_bone is {}",
                               anim_.tracks.size(), walk_end, anim_.root_controller_bone.value)));
  }
  if (anim_.width == PointerWidth::Eight && anim_.version != 14) {
    out.push_back(diagnostic(strict, kAnimFormat, 4,
                             fmt::format("version {}: the SR:TT loader accepts only 14", anim_.version)));
  }
  const double norm = std::sqrt(double(anim_.total_rotation[0]) * anim_.total_rotation[0] +
                                double(anim_.total_rotation[1]) * anim_.total_rotation[1] +
                                double(anim_.total_rotation[2]) * anim_.total_rotation[2] +
                                double(anim_.total_rotation[3]) * anim_.total_rotation[3]);
  if (std::abs(norm - 1.0) > 1e-3) {
    out.push_back(diagnostic(false, kAnimFormat, 0x0C,
                             fmt::format("total_rotation has length {} (unit in every SR:TT clip)", norm)));
  }
  if (anim_.tracks.size() > anim_.num_rig_bones) {
    out.push_back(
        diagnostic(false, kAnimFormat, 0x0A,
                   fmt::format("{} tracks for {} rig bones", anim_.tracks.size(), anim_.num_rig_bones)));
  }
  if (rig_ && rig_->bones.size() != anim_.num_rig_bones) {
    out.push_back(diagnostic(strict, kAnimFormat, 0x0B,
                             fmt::format("num_rig_bones is {}, the given rig has {} bones",
                                         anim_.num_rig_bones, rig_->bones.size())));
  }
  static constexpr std::pair<std::uint8_t, const char*> kUnshipped[] = {
      {kTimeAsShorts, "TIME_AS_SHORTS (never seen in shipped SR:TT clips; layout untested)"},
      {kLongTranslations, "LONG_TRANSLATIONS (none shipped; layout from disassembly only)"}};
  for (const auto& [bit, text] : kUnshipped) {
    if (anim_.flags & bit) out.push_back(diagnostic(false, kAnimFormat, 5, std::string("flag ") + text));
  }
  if (!(anim_.flags & kPackedKeys)) {
    out.push_back(
        diagnostic(false, kAnimFormat, 5,
                   "PACKED_KEYS clear: unpacked rotation keys are read as 3 bytes + 1 byte each, but "
                   "their values cannot be decoded (layout unknown)"));
  }
  for (std::size_t i = 0; i < anim_.bone_mapping.size(); ++i) {
    const auto bone = anim_.bone_mapping[i];
    if (bone != 255 && bone >= anim_.num_rig_bones) {
      out.push_back(diagnostic(
          true, kAnimFormat, anim_.bone_mapping_offset.value + i,
          fmt::format("track {} maps to bone {}, past num_rig_bones {}", i, bone, anim_.num_rig_bones)));
    }
  }
  return out;
}

double AnimFile::duration() const {
  return anim_.end_frame / settings_.frames_per_second;
}

double AnimFile::engine_tick() const {
  return 1.0 / settings_.frames_per_second;
}

Status AnimFile::sample_into(double seconds, EnginePose& pose) const {
  pose = engine_pose(engine_, seconds);
  return Ok{};
}

Result<CoreConversion> AnimFile::to_core(const Options& options) const {
  auto settings = family_settings(options);
  if (!settings) return settings.error();
  return anim::to_core(anim_, rig_ ? &*rig_ : nullptr, settings_,
                       volition_axes(settings->axes.value_or(axes_)), settings->name);
}

Result<std::vector<std::uint8_t>> AnimFile::encode() const {
  return anim::write(anim_);
}

}  // namespace

std::unique_ptr<bonebridge::Document> anim::open(anim::Document anim, std::optional<rig::Document> rig,
                                                 AnimSettings settings, std::string axes) {
  return std::make_unique<AnimFile>(std::move(anim), std::move(rig), settings, std::move(axes));
}

}  // namespace bonebridge::volition
