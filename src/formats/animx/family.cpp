#include "bonebridge/formats/animx/family.hpp"

#include <fmt/format.h>
#include <algorithm>
#include <cmath>
#include <set>

#include "bonebridge/formats/animx/animj.hpp"
#include "bonebridge/formats/animx/bridge.hpp"
#include "bonebridge/formats/animx/codec.hpp"
#include "bonebridge/formats/animx/elements.hpp"
#include "bonebridge/formats/animx/engine.hpp"
#include "bonebridge/formats/animx/skeleton.hpp"

namespace bonebridge::animx {
namespace {

constexpr const char* kTrackTypes[] = {"Raw", "Discrete", "Curve"};
constexpr const char* kEncodings[] = {"Plain", "LZ4", "LZMA"};

bool is_animx(std::span<const std::uint8_t> bytes) {
  constexpr std::uint8_t kMagic[] = {5, 'A', 'n', 'i', 'm', 'X'};
  return bytes.size() >= sizeof kMagic && std::equal(std::begin(kMagic), std::end(kMagic), bytes.begin());
}

// AnimJ: a JSON object whose first 64 KiB mention "trackType".
bool looks_like_animj(std::span<const std::uint8_t> bytes) {
  const std::string_view text(reinterpret_cast<const char*>(bytes.data()),
                              std::min<std::size_t>(bytes.size(), 65536));
  const auto start = text.find_first_not_of(" \t\r\n\xEF\xBB\xBF");
  return start != std::string_view::npos && text[start] == '{' &&
         text.find("\"trackType\"") != std::string_view::npos;
}

Diagnostic diagnostic(bool is_error, std::size_t track, const Track& native, std::string message) {
  return {is_error, Error{kFormatName,
                          fmt::format("track {} ({}.{}): {}", track, native.node, native.property, message),
                          {},
                          {},
                          {}}};
}

class AnimxDocument final : public bonebridge::Document {
 public:
  AnimxDocument(animx::Document document, bool animj, Skeleton skeleton)
      : document_(std::move(document)), animj_(animj), skeleton_(std::move(skeleton)) {}

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
        {"format", animj_ ? "Resonite AnimJ" : "Resonite AnimX"},
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
    auto json = nlohmann::json::parse(write_animj(document_));
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

  // Local TRS of every joint node from the engine; a track Resonite cannot sample leaves its part at rest.
  // Rotations are normalized for the matrix (whether Resonite normalizes a Tangent result when driving a
  // slot is not public).
  Status sample_into(double seconds, EnginePose& pose) const override {
    pose = pose_at(seconds);
    return Ok{};
  }

  EnginePose pose_at(double seconds) const {
    EnginePose pose;
    pose.time = seconds;
    for (const auto& joint : skeleton_.joints)
      pose.joints.push_back({joint.name, joint.parent, joint.rest, {}});
    std::set<std::pair<std::string, char>> done;
    for (const auto& track : document_.tracks) {
      const char part = transform_part(track);
      if (!part || !done.insert({track.node, part}).second) continue;
      const auto value = animx::sample(track, static_cast<float>(seconds));
      if (!value.ok()) continue;
      const auto c = components(value->element, value->bytes);
      auto& local = pose.joints[static_cast<std::size_t>(joint_index(skeleton_, track.node))].local;
      if (part == 'T') local.translation = {c[0], c[1], c[2]};
      if (part == 'S') local.scale = {c[0], c[1], c[2]};
      if (part == 'R') local.rotation = normalize(Quat{c[0], c[1], c[2], c[3]});
    }
    // Parents come first, so each model matrix builds on its parent's (a flat skeleton has no parents).
    for (auto& joint : pose.joints) {
      const Mat4 local = joint.local.matrix();
      joint.model =
          joint.parent < 0 ? local : pose.joints[static_cast<std::size_t>(joint.parent)].model * local;
    }
    return pose;
  }

  Result<CoreConversion> to_core(const Options& options) const override {
    return animx::to_core(document_, options);
  }

  Result<std::vector<std::uint8_t>> encode() const override {
    if (!animj_) return write(document_);
    const std::string text = write_animj(document_);
    return std::vector<std::uint8_t>(text.begin(), text.end());
  }

 private:
  animx::Document document_;
  bool animj_;
  Skeleton skeleton_;
};

Result<std::unique_ptr<bonebridge::Document>> open(std::span<const std::uint8_t> bytes,
                                                   const Options& options) {
  const auto extension = options.extension();
  const bool animj =
      extension == ".animj" || (extension != ".animx" && !is_animx(bytes) && looks_like_animj(bytes));
  auto document =
      animj ? read_animj({reinterpret_cast<const char*>(bytes.data()), bytes.size()}) : read(bytes);
  if (!document.ok()) return document.error();
  auto skeleton = clip_skeleton(*document, options);
  if (!skeleton) return skeleton.error();
  return std::unique_ptr<bonebridge::Document>(
      std::make_unique<AnimxDocument>(std::move(document).value(), animj, std::move(skeleton).value()));
}

bool wants_animj(const Options& options) {
  const auto output = options.get("output").value_or("");
  const bool animj_path =
      output.size() >= 6 && std::equal(output.end() - 6, output.end(), ".animj",
                                       [](char a, char b) { return std::tolower(a) == b; });
  return animj_path || options.get("variant") == "animj";
}

Encoding wanted_encoding(const Options& options) {
  const auto encoding = options.get("encoding").value_or("plain");
  return encoding == "lzma" ? Encoding::Lzma : encoding == "lz4" ? Encoding::Lz4 : Encoding::Plain;
}

std::vector<std::uint8_t> encode_as_wanted(animx::Document document, const Options& options) {
  if (wants_animj(options)) {
    const std::string text = write_animj(document);
    return {text.begin(), text.end()};
  }
  document.encoding = wanted_encoding(options);
  return write(document);
}

Result<Converted<std::vector<std::uint8_t>>> from_scene(const Scene& scene, const Options& options) {
  auto converted = from_core(scene, options);
  if (!converted.ok()) return converted.error();
  return Converted<std::vector<std::uint8_t>>{encode_as_wanted(std::move(converted->document), options),
                                              std::move(converted->notes)};
}

}  // namespace

Result<std::vector<std::uint8_t>> transcode(std::span<const std::uint8_t> input, const Options& options) {
  const bool animj = !is_animx(input) && looks_like_animj(input);
  auto document =
      animj ? read_animj({reinterpret_cast<const char*>(input.data()), input.size()}) : read(input);
  if (!document.ok()) return document.error();
  return encode_as_wanted(std::move(document).value(), options);
}

FormatFamily family() {
  FormatFamily row;
  row.id = "animx";
  row.title = "Resonite AnimX / AnimJ";
  row.extensions = {".animx", ".animj"};
  row.capabilities = {
      {"read", true, "confirmed",
       "AnimX v0/v1, all 40 element types, Plain/LZ4/LZMA: checked against files written by Resonite's own "
       "encoder; "
       "AnimJ with the importer's rules (matrices use bonebridge's own array form, Resonite has none)"},
      {"write", true, "confirmed",
       "Plain output byte-identical to Resonite's; LZ4 and LZMA streams Resonite accepts (LZMA bytes differ "
       "from the "
       "C# SDK's); AnimJ"},
      {"evaluate", true, "confirmed",
       "Sample(t) reproduces all 156 golden values from Resonite's code; integer/color32 rounding and Raw "
       "integer "
       "lerp are assumed"},
      {"to glTF", true, "partial",
       "Position/Rotation/Scale tracks to joint TRS: on the hierarchy of a glTF given with --skeleton "
       "(matched by "
       "name), else a flat skeleton; X mirror assumed for handedness; rotations resampled with the error "
       "reported"},
      {"from glTF", true, "partial",
       "joint channels to Curve tracks by slot name; hierarchy, events and extra clips dropped"},
  };
  row.settings = {
      {"skeleton", SettingKind::Companion, "a glTF file whose hierarchy the clip animates", {}, 0, 0, {}, {}},
      {"variant",
       SettingKind::Choice,
       "write AnimJ (JSON) whatever the output's name",
       {"animj"},
       0,
       0,
       {},
       {}},
      {"encoding",
       SettingKind::Choice,
       "the compression of a written .animx",
       {"plain", "lz4", "lzma"},
       0,
       0,
       "plain",
       {}},
  };
  row.sniff = [](std::span<const std::uint8_t> bytes) { return is_animx(bytes) || looks_like_animj(bytes); };
  row.open = open;
  row.from_core = from_scene;
  row.transcode = transcode;
  return row;
}

}  // namespace bonebridge::animx
