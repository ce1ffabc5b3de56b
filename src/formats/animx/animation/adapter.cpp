// SPDX-License-Identifier: MIT
// AnimX's registry Document (plugin/family.hpp): info, dump, check, the engine's pose, the bridge and the
// codecs, for a clip read from AnimX or AnimJ.
#include "adapter.hpp"

#include <fmt/format.h>
#include <algorithm>

#include "bonebridge/formats/animx/animation/animj.hpp"
#include "bonebridge/formats/animx/animation/bridge.hpp"
#include "bonebridge/formats/animx/animation/codec.hpp"
#include "bonebridge/formats/animx/animation/engine.hpp"
#include "bonebridge/formats/animx/animation/skeleton.hpp"
#include "bonebridge/formats/animx/elements.hpp"
#include "bonebridge/formats/animx/family.hpp"
#include "bonebridge/io/text.hpp"

namespace bonebridge::animx {
namespace {

constexpr const char* kTrackTypes[] = {"Raw", "Discrete", "Curve"};
constexpr const char* kEncodings[] = {"Plain", "LZ4", "LZMA"};

Diagnostic diagnostic(bool is_error, std::size_t track, const Track& native, std::string message) {
  return {is_error, Error{kFormatName,
                          fmt::format("track {} ({}.{}): {}", track, native.node, native.property, message),
                          {},
                          {},
                          {}}};
}

class AnimxDocument final : public bonebridge::Document {
 public:
  AnimxDocument(animation::Document document, bool animj, const BridgeOptions& options)
      : document_(std::move(document)),
        animj_(animj),
        skeleton_(clip_skeleton(document_, options.skeleton)) {}

  std::string format() const override { return animj_ ? "Resonite AnimJ" : "Resonite AnimX"; }
  std::size_t joint_count() const override { return joint_names(document_).size(); }
  nlohmann::json info() const override {
    nlohmann::json tracks = nlohmann::json::array();
    std::size_t properties = 0;
    for (const auto& track : document_.tracks) {
      properties += transform_part(track) ? 0 : 1;
      tracks.push_back({{"node", track.node},
                        {"property", track.property},
                        {"trackType", kTrackTypes[static_cast<int>(track.type)]},
                        {"valueType", element_info(track.element).name},
                        {"keys", value_count(track)},
                        {"duration", track_duration(track)},
                        {"drives", transform_part(track) ? "joint" : "property"}});
    }
    return {
        {"format", format()},
        {"version", document_.version},
        {"encoding", kEncodings[static_cast<int>(document_.encoding)]},
        {"name", document_.name},
        {"duration", duration()},
        {"globalDuration", document_.global_duration},
        {"maxTrackDuration", max_track_duration(document_)},
        {"trackCount", document_.tracks.size()},
        {"propertyTrackCount", properties},
        {"joints", joint_names(document_)},
        {"tracks", tracks},
        {"limits",
         {"AnimX has no hierarchy: without --skeleton, joints form a flat skeleton (one per animated node)",
          "Resonite's frame is converted by mirroring X (the Blender exporters' convention; the importer's "
          "own "
          "is not public)",
          "how Resonite's Animator maps clip time to Sample(t) (length, looping) is not public",
          "integer and color32 Linear sampling rounds to nearest even (assumed from MathX.Lerp)"}}};
  }

  nlohmann::json dump() const override {
    auto json = nlohmann::json::parse(animation::write_animj(document_));
    json["version"] = document_.version;
    json["encoding"] = kEncodings[static_cast<int>(document_.encoding)];
    json["trailingBytes"] = document_.trailing.size();
    for (std::size_t i = 0; i < document_.tracks.size(); ++i) {
      const Track& track = document_.tracks[i];
      auto& out = json["tracks"][i];
      out["elementIndex"] = static_cast<int>(track.element);
      if (track.type == TrackType::Curve) {
        out["flags"] = track.flags;
        if (track.flags & kCurvePerKeyInterpolation) {
          out["interpolationBytes"] = track.interpolations;
        } else {
          out["sharedInterpolation"] = track.shared_interpolation;
        }
      }
    }
    return json;
  }

  std::vector<Diagnostic> check(bool strict) const override {
    std::vector<Diagnostic> found;
    for (std::size_t i = 0; i < document_.tracks.size(); ++i) {
      const Track& track = document_.tracks[i];
      if (!std::is_sorted(track.times.begin(), track.times.end())) {
        found.push_back(
            diagnostic(true, i, track, "key times are not sorted (Resonite's key search assumes so)"));
      }
      if (std::any_of(track.times.begin(), track.times.end(), [](float t) { return !(t >= 0); })) {
        found.push_back(diagnostic(true, i, track, "negative or NaN key time (AnimJ import rejects these)"));
      }
      const auto sampled = animx::sample(track, 0);
      if (!sampled.ok()) found.push_back(diagnostic(true, i, track, sampled.error().message));
      for (std::size_t k = 0; track.type == TrackType::Curve && k < track.times.size(); ++k) {
        const std::uint8_t mode =
            (track.flags & kCurvePerKeyInterpolation) ? track.interpolations[k] : track.shared_interpolation;
        if (mode > 3)
          found.push_back(diagnostic(true, i, track, fmt::format("key {}: interpolation byte {}", k, mode)));
        const bool tangent = mode == 2 || mode == 3;
        if (tangent && (is_bool(track.element) || is_string(track.element))) {
          found.push_back(diagnostic(
              true, i, track,
              fmt::format("key {}: Tangent/CubicBezier on {} throws", k, element_info(track.element).name)));
        }
        if (tangent && !(track.flags & kCurveTangents)) {
          found.push_back(
              diagnostic(true, i, track, fmt::format("key {}: tangent mode without a tangent list", k)));
        }
      }
      if (track.flags > 3) found.push_back(diagnostic(strict, i, track, "unknown curve flag bits"));
      if (animj_ && is_matrix(track.element)) {
        found.push_back(diagnostic(false, i, track, "Resonite's AnimJ importer cannot parse matrix values"));
      }
      if (strict && track.type == TrackType::Curve) {
        Track expected = track;
        std::vector<Interpolation> modes;
        for (std::size_t k = 0; k < track.times.size(); ++k) {
          const std::uint8_t mode = (track.flags & kCurvePerKeyInterpolation) ? track.interpolations[k]
                                                                              : track.shared_interpolation;
          modes.push_back(static_cast<Interpolation>(std::min<std::uint8_t>(mode, 3)));
        }
        choose_curve_layout(expected, modes);
        if (expected.flags != track.flags) {
          found.push_back(diagnostic(false, i, track,
                                     fmt::format("curve flags {} differ from the {} Resonite's "
                                                 "InsertKeyFrame would leave",
                                                 track.flags, expected.flags)));
        }
      }
    }
    if (!document_.trailing.empty()) {
      found.push_back({false, Error{kFormatName,
                                    fmt::format("{} bytes after the last track", document_.trailing.size()),
                                    {},
                                    {},
                                    {}}});
    }
    if (strict && document_.version == 0) {
      found.push_back({false, Error{kFormatName, "version 0 file (Resonite writes version 1)", {}, {}, {}}});
    }
    return found;
  }

  double duration() const override {
    return document_.global_duration > 0 ? document_.global_duration : max_track_duration(document_);
  }

  double engine_tick() const override { return 0.001; }

  Status sample_into(double seconds, EnginePose& pose) const override {
    return animation::engine_pose(document_, skeleton_, seconds, pose);
  }

  Result<CoreConversion> to_core(const Options& options) const override {
    const auto settings = bridge_options(options);
    if (!settings) return settings.error();
    return animation::to_core(document_, *settings);
  }

  Result<std::vector<std::uint8_t>> encode() const override {
    if (!animj_) return animation::write(document_);
    const std::string text = animation::write_animj(document_);
    return std::vector<std::uint8_t>(text.begin(), text.end());
  }

 private:
  animation::Document document_;
  bool animj_;
  Skeleton skeleton_;
};

// A read clip and the family's settings (the --skeleton companion is read only for a clip that was).
Result<std::unique_ptr<bonebridge::Document>> opened(Result<animation::Document> document, bool animj,
                                                     const Options& options) {
  if (!document.ok()) return document.error();
  const auto settings = bridge_options(options);
  if (!settings) return settings.error();
  return std::unique_ptr<bonebridge::Document>(
      std::make_unique<AnimxDocument>(std::move(document).value(), animj, *settings));
}

}  // namespace

Result<std::unique_ptr<bonebridge::Document>> animation::open(std::span<const std::uint8_t> bytes,
                                                              const Options& options) {
  return opened(animation::read(bytes), false, options);
}

Result<std::unique_ptr<bonebridge::Document>> animation::open_animj(std::span<const std::uint8_t> bytes,
                                                                    const Options& options) {
  return opened(animation::read_animj(as_text(bytes)), true, options);
}

}  // namespace bonebridge::animx
