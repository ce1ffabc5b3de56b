// SPDX-License-Identifier: MIT
#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdlib>
#include <limits>
#include <optional>
#include <set>

#include "bonebridge/core/bake.hpp"
#include "bonebridge/core/reduce.hpp"
#include "bonebridge/core/sampler.hpp"
#include "bonebridge/core/text.hpp"
#include "bonebridge/formats/sith/key/bridge.hpp"
#include "bonebridge/formats/sith/key/codec.hpp"

namespace bonebridge::sith {
namespace {

constexpr double kPositionTolerance = 1e-5;  // game units, for curved (cubic) translation channels
constexpr int kMaxWriteSplitDepth = 12;
constexpr std::size_t kMaxReducedSpan = 4096;  // a kept entry is at most this many samples after the last
// Entries are dropped while the engine plays the path within this share of the bake's tolerances. Not less
// than all of it: an exported KEY's glTF path is itself up to that far from the KEY's Euler-linear entries
// (slerp pieces), so a smaller share keeps the pieces (measured: 0.5 writes 1.3 to 2.8 times the samples'
// bytes, 1.0 gives 1.0 to 1.2 times, sed_dieselgenerator 2.1).
constexpr double kReductionShare = 1.0;
constexpr double kDefaultFps = 30;

struct Sample {
  double frame = 0;
  Vec3 position;
  Quat rotation;
  std::array<double, 3> pyr{};
};

// Samples one joint's channels as a glTF runtime would, in game axes and units.
class JointPath {
 public:
  JointPath(const JointChannels& channels, const Joint& joint, double fps)
      : channels_(channels), joint_(joint), fps_(fps) {}

  Sample at(double frame) const {
    const double t = frame / fps_;
    Sample s;
    s.frame = frame;
    s.position = channels_.translation ? sample_channel(*channels_.translation, t) : joint_.rest.translation;
    s.rotation = channels_.rotation ? sample_channel(*channels_.rotation, t) : joint_.rest.rotation;
    s.pyr = pitch_yaw_roll(s.rotation);
    return s;
  }
  bool position_steps() const { return steps(channels_.translation); }
  bool rotation_steps() const { return steps(channels_.rotation); }

 private:
  template <class C>
  static bool steps(const std::optional<C>& channel) {
    return channel && channel->interpolation == Interpolation::Step;
  }

  const JointChannels& channels_;
  const Joint& joint_;
  double fps_;
};

// The Euler angles of `pyr`'s rotation nearest `previous`: pyr itself or (180 - p, y + 180, r + 180) (the
// same rotation: Rz(180)·Rx(180) = Ry(180), which turns Rx(-p) into Rx(p)), each angle moved by whole turns.
// An Euler-linear path through rotations sampled closely is one continuous curve of angles only so: the
// principal angles jump where the pitch passes ±90 degrees (yaw and roll flip by 180) or an angle passes
// ±180. Issue 28: sed_dieselgenerator spins its pitch 78 -> 258 -> 438 degrees at yaw -90; from principal
// angles the writer needed 8 entries per node for the original's 3, most of them 1e-4 frames apart around the
// flip.
std::array<double, 3> nearest_pyr(const std::array<double, 3>& pyr, const std::array<double, 3>& previous) {
  const auto unwrapped = [&previous](std::array<double, 3> angles) {
    for (std::size_t i = 0; i < 3; ++i) angles[i] += 360.0 * std::round((previous[i] - angles[i]) / 360.0);
    return angles;
  };
  const auto apart = [&previous](const std::array<double, 3>& angles) {
    return std::abs(angles[0] - previous[0]) + std::abs(angles[1] - previous[1]) +
           std::abs(angles[2] - previous[2]);
  };
  const auto same = unwrapped(pyr);
  const auto flipped = unwrapped({180.0 - pyr[0], pyr[1] + 180.0, pyr[2] + 180.0});
  return apart(flipped) < apart(same) ? flipped : same;
}

// Each sample's angles made continuous with the one before (nearest_pyr): the samples are close enough along
// the path (the export's slerp pieces, at most 15 degrees) that the nearest angles follow it.
void make_continuous(std::vector<Sample>& samples) {
  for (std::size_t i = 1; i < samples.size(); ++i)
    samples[i].pyr = nearest_pyr(samples[i].pyr, samples[i - 1].pyr);
}

// What the engine plays between two entries written from samples a and b, whose angles are continuous (the
// engine follows the file's rates as they are, across 0/360 too, so the written rate is b - a).
Sample engine_between(const Sample& a, const Sample& b, double frame, const JointPath& path) {
  const double u = (frame - a.frame) / (b.frame - a.frame);
  Sample s;
  s.frame = frame;
  s.position = path.position_steps() ? a.position : lerp(a.position, b.position, u);
  std::array<float, 3> pyr{};
  for (std::size_t i = 0; i < 3; ++i) {
    const double rate = path.rotation_steps() ? 0.0 : b.pyr[i] - a.pyr[i];
    pyr[i] = static_cast<float>(a.pyr[i] + rate * u);
  }
  s.rotation = rotation_quat(pyr);
  s.pyr = {pyr[0], pyr[1], pyr[2]};
  return s;
}

// Whether the entries written from samples a and b play the path within tolerance at a quarter, half and
// three quarters of the way.
bool engine_follows(const JointPath& path, const Sample& a, const Sample& b, const BridgeOptions& options) {
  for (double u : {0.25, 0.5, 0.75}) {
    const double f = a.frame + (b.frame - a.frame) * u;
    const Sample truth = path.at(f);
    const Sample played = engine_between(a, b, f, path);
    if (angle_between(truth.rotation, played.rotation) >
            options.rotation_tolerance_degrees * kRadiansPerDegree ||
        distance(truth.position, played.position) > kPositionTolerance) {
      return false;
    }
  }
  return true;
}

// Samples from a to b (b included, a not) where the engine's playback follows the path within tolerance.
void refine(const JointPath& path, const Sample& a, Sample b, const BridgeOptions& options,
            std::vector<Sample>& out) {
  b.pyr = nearest_pyr(b.pyr, a.pyr);
  const auto split = [&](const Knot<Sample>& from, const Knot<Sample>& to) -> std::optional<Knot<Sample>> {
    if (engine_follows(path, from.value, to.value, options)) return std::nullopt;
    Sample mid = path.at((from.value.frame + to.value.frame) / 2);
    mid.pyr = nearest_pyr(mid.pyr, from.value.pyr);
    return Knot<Sample>{mid.frame, mid};
  };
  // Spans of 1e-4 frames or less are not split.
  const BisectionLimits limits{kMaxWriteSplitDepth, std::nextafter(1e-4, 1.0), 0};
  std::size_t tests_left = limits.max_tests;
  std::vector<Knot<Sample>> middles;
  bisect(Knot<Sample>{a.frame, a}, Knot<Sample>{b.frame, b}, split, limits, tests_left, middles);
  for (const Knot<Sample>& middle : middles) out.push_back(middle.value);
  out.push_back(b);
}

float as_frame(double frame) {
  const double nearest = std::round(frame);
  return static_cast<float>(std::abs(frame - nearest) < 1e-4 ? nearest : frame);
}

// The samples the engine's own Euler-linear playback between the kept ones reproduces within the bake's
// tolerance (the larger of angle / rotation tolerance and distance / kPositionTolerance) are dropped (issue
// 28): the glTF's baked keys (slerp pieces, refinement) become one entry where the engine needs one. The
// path is also checked at the quarter points between the samples, where `refine` checked it: a kept span
// must follow the path there too.
std::vector<Sample> engine_needed(const JointPath& path, const std::vector<Sample>& samples,
                                  const BridgeOptions& options, KeyReductionReport& report) {
  std::vector<Sample> checked;
  for (std::size_t i = 0; i < samples.size(); ++i) {
    if (i > 0 && !path.position_steps() && !path.rotation_steps()) {
      for (const double u : {0.25, 0.5, 0.75})
        checked.push_back(path.at(samples[i - 1].frame + (samples[i].frame - samples[i - 1].frame) * u));
    }
    checked.push_back(samples[i]);
  }
  make_continuous(checked);
  const auto error = [&](const Sample& played, const Sample& truth) {
    return std::max(angle_between(truth.rotation, played.rotation) /
                        (options.rotation_tolerance_degrees * kRadiansPerDegree),
                    distance(truth.position, played.position) / kPositionTolerance) /
           kReductionShare;
  };
  KeyReductionReport checked_report;
  std::vector<Sample> kept = reduce_keys(
      checked, [](const Sample& s) { return s.frame; },
      [&](const Sample& a, const Sample& b, double frame) { return engine_between(a, b, frame, path); },
      error, 1.0, kMaxReducedSpan, checked_report);
  report.before += samples.size();
  report.after += kept.size();
  report.largest_error = std::max(report.largest_error, checked_report.largest_error);
  return kept;
}

// The engine carries the last entry's rates on up to FRAMES (rdKeyframe, section 2.4 of the notes), so the
// entry a clip's end would take is the last kept entry's rate instead (issue 28: one entry per node fewer,
// what took pdgo and pdstand 13 entries, zip_mount 26, over their originals).
// A STEP channel's rates are 0 (the engine holds), so its end, which a clip clamped at FRAMES shows, keeps
// its entry.
bool end_is_extrapolated(const JointPath& path, const std::vector<Sample>& samples, double frames) {
  return samples.size() >= 2 && std::abs(samples.back().frame - frames) < 1e-4 && !path.position_steps() &&
         !path.rotation_steps();
}

// The KEY text's own precision, 8 decimals (what its columns and the Blender exporter's files show): a value
// computed from a glTF's floats reads back exactly only with more digits, which cost bytes (sed_pdgo 5 % of
// its size) and change nothing the engine shows (5e-9 units or degrees).
double in_key_decimals(double value) {
  return std::round(value * 1e8) / 1e8;
}

// A rate in the KEY's decimals when the engine's path over the `frames` it carries the entry stays within
// `allowed` of the exact rate's; the exact rate otherwise (a slow move over thousands of frames).
float rate_in_key_decimals(double rate, double frames, double allowed) {
  const double rounded = in_key_decimals(rate);
  return static_cast<float>(std::abs(rounded - rate) * frames <= allowed ? rounded : rate);
}

// A tenth of the tolerances is left to the rates' rounding.
constexpr double kRoundingShare = 0.1;

KeyNode node_from_path(const JointPath& path, const std::vector<double>& frames, double end_frame, int index,
                       std::string name, const BridgeOptions& options, KeyReductionReport& report) {
  std::vector<Sample> samples{path.at(frames.front())};
  for (std::size_t i = 1; i < frames.size(); ++i)
    refine(path, samples.back(), path.at(frames[i]), options, samples);
  samples = engine_needed(path, samples, options, report);
  const std::size_t written = samples.size() - (end_is_extrapolated(path, samples, end_frame) ? 1 : 0);
  report.after -= samples.size() - written;
  const double position_allowed = kPositionTolerance * kRoundingShare;
  const double angle_allowed = options.rotation_tolerance_degrees * kRoundingShare;
  KeyNode node{index, std::move(name), {}};
  for (std::size_t i = 0; i < written; ++i) {
    const Sample& s = samples[i];
    KeyEntry entry;
    entry.num = static_cast<std::int32_t>(i);
    entry.frame = as_frame(s.frame);
    entry.position = {static_cast<float>(in_key_decimals(s.position.x)),
                      static_cast<float>(in_key_decimals(s.position.y)),
                      static_cast<float>(in_key_decimals(s.position.z))};
    for (std::size_t c = 0; c < 3; ++c) entry.rotation[c] = static_cast<float>(in_key_decimals(s.pyr[c]));
    if (i + 1 < samples.size()) {
      const Sample& next = samples[i + 1];
      const double df = next.frame - s.frame;  // the last written entry's next is the end, at FRAMES
      const Vec3 dp = (next.position - s.position) * (1.0 / df);
      if (!path.position_steps()) {
        entry.position_rate = {rate_in_key_decimals(dp.x, df, position_allowed),
                               rate_in_key_decimals(dp.y, df, position_allowed),
                               rate_in_key_decimals(dp.z, df, position_allowed)};
      }
      for (std::size_t c = 0; c < 3 && !path.rotation_steps(); ++c) {
        // Continuous angles: the rate is the difference as it is.
        entry.rotation_rate[c] = rate_in_key_decimals((next.pyr[c] - s.pyr[c]) / df, df, angle_allowed);
      }
    }
    const auto nonzero = [](const std::array<float, 3>& v) { return v[0] != 0 || v[1] != 0 || v[2] != 0; };
    entry.flags = (nonzero(entry.position_rate) ? 1u : 0u) | (nonzero(entry.rotation_rate) ? 2u : 0u);
    node.entries.push_back(entry);
  }
  return node;
}

std::vector<double> key_frames(const JointChannels& channels, double duration, double fps) {
  std::set<double> times{0.0, duration};
  const auto add = [&](const auto& channel) {
    if (!channel) return;
    for (double t : channel->times) times.insert(std::clamp(t, 0.0, duration));
    if (channel->interpolation == Interpolation::CubicSpline) {
      for (double t = 0; t < duration; t += 1.0 / fps) times.insert(t);
    }
  };
  add(channels.translation);
  add(channels.rotation);
  std::vector<double> frames;
  for (double t : times) frames.push_back(t * fps);
  return frames;
}

std::string one_word(const std::string& name, std::size_t joint) {
  std::string word = name;
  for (char& c : word) {
    if (std::isspace(static_cast<unsigned char>(c)) || c == '#') c = '_';
  }
  return word.empty() ? fmt::format("node{}", joint) : word;
}

double metadata_number(const Clip& clip, const std::string& key, double fallback, int base) {
  const auto it = clip.metadata.find(key);
  if (it == clip.metadata.end()) return fallback;
  char* end = nullptr;
  const double value = base == 16 ? static_cast<double>(std::strtoul(it->second.c_str(), &end, 16))
                                  : std::strtod(it->second.c_str(), &end);
  return end == it->second.c_str() ? fallback : value;
}

std::vector<long> listed_nodes(const Clip& clip) {
  std::vector<long> nodes;
  const auto it = clip.metadata.find(kNodesMetadata);
  if (it == clip.metadata.end()) return nodes;
  const char* at = it->second.c_str();
  while (*at) {
    char* end = nullptr;
    nodes.push_back(std::strtol(at, &end, 10));
    if (end == at) return {};
    at = *end == ',' ? end + 1 : end;
  }
  return nodes;
}

// The KEY node index of a core joint: its .3do hierarchy row when a model names it, else the node the clip's
// metadata lists for it, else its core index. None for the root added above flat joints.
std::optional<std::int32_t> node_index(const Scene& scene, std::size_t joint, const model::Document* model,
                                       const std::vector<long>& listed) {
  if (!model) {
    if (listed.size() != scene.skeleton.joints.size()) return static_cast<std::int32_t>(joint);
    if (listed[joint] < 0 || listed[joint] > std::numeric_limits<std::int32_t>::max()) return std::nullopt;
    return static_cast<std::int32_t>(listed[joint]);
  }
  const auto& rows = model->content.hierarchy;
  for (std::size_t row = 0; row < rows.size(); ++row) {
    if (equal_folded(rows[row].name, scene.skeleton.joints[joint].name))
      return static_cast<std::int32_t>(row);
  }
  return std::nullopt;
}

// What the round trip through glTF and the writer's bake (within options.rotation_tolerance_degrees, 0.01
// degrees by default, and kPositionTolerance) moves a node by, twice over: the KEY's own entries and the
// writer's entries may each be that far from the path (game units; a character is ~0.3 units tall in IJIM).
MotionTolerance unchanged_tolerance(const BridgeOptions& options) {
  return {2 * kPositionTolerance + 1e-6, 2 * options.rotation_tolerance_degrees * kRadiansPerDegree + 1e-6};
}

// Every KEY node's local matrix (the flat layout: no model, zero base pose, so pose joint i is NODE i) at a
// time, as the engine computes it.
ModelPoseAt node_matrices(const key::Engine& engine, const PoseLayout& layout) {
  return [&engine, &layout](double seconds) -> std::optional<std::vector<Mat4>> {
    std::vector<Mat4> models;
    for (const EngineJoint& joint : engine_pose(engine, layout, seconds).joints)
      models.push_back(joint.model);
    return models;
  };
}

bool same_markers(const KeyContent& a, const KeyContent& b) {
  if (a.markers.size() != b.markers.size()) return false;
  for (std::size_t i = 0; i < a.markers.size(); ++i) {
    if (a.markers[i].type != b.markers[i].type || std::abs(a.markers[i].frame - b.markers[i].frame) > 1e-3f)
      return false;
  }
  return true;
}

// The KEY the clip's extras describe replaces what was written when the engine plays both alike at every
// half frame: same header, markers and nodes, poses within the rounding of a round trip through glTF.
void keep_unchanged_source(const Clip& clip, const BridgeOptions& options, Converted<key::Document>& result) {
  const Dialect dialect = options.dialect;
  const MotionTolerance tolerance = unchanged_tolerance(options);
  const auto bytes = described_source(clip);
  if (!bytes) return;
  auto source = key::read(*bytes);
  if (!source) return;
  const KeyContent& written = result.value.content;
  const KeyContent& original = source->content;
  if (written.header.frames != original.header.frames || written.header.fps != original.header.fps ||
      written.header.joints != original.header.joints || written.header.flags != original.header.flags ||
      written.header.type != original.header.type || !(original.header.fps > 0) ||
      !same_markers(written, original)) {
    result.notes.push_back(edited_note(MotionDifference{false}, tolerance));
    return;
  }
  const key::Engine written_engine(written, flat_nodes(written), dialect);
  const key::Engine original_engine(original, flat_nodes(original), dialect);
  const PoseLayout written_layout = flat_layout(written_engine, written.header.joints);
  const PoseLayout original_layout = flat_layout(original_engine, original.header.joints);
  const auto instants = engine_instants(original.header.frames / static_cast<double>(original.header.fps),
                                        0.5 / original.header.fps, kMaxComparedInstants);
  const MotionDifference difference = compare_motion(instants, node_matrices(written_engine, written_layout),
                                                     node_matrices(original_engine, original_layout));
  if (!within(difference, tolerance)) {
    result.notes.push_back(edited_note(difference, tolerance));
    return;
  }
  result.notes = {unchanged_note(difference, tolerance)};
  result.value = std::move(*source);
}

// The header's fields: from the model (joints) and the clip's metadata (flags, type, fps as read).
void write_header(const Scene& scene, const Clip& clip, double fps, const model::Document* model,
                  Converted<key::Document>& result) {
  KeyHeader& header = result.value.content.header;
  header.fps = static_cast<float>(fps);
  header.frames = static_cast<std::int32_t>(std::llround(clip.duration * fps));
  const double joints =
      model ? static_cast<double>(model->content.hierarchy.size())
            : metadata_number(clip, "sith.joints", static_cast<double>(scene.skeleton.joints.size()), 10);
  header.joints = static_cast<std::int32_t>(joints);
  header.flags = static_cast<std::uint32_t>(metadata_number(clip, "sith.flags", 0, 16));
  header.flags_decimal = 0;
  header.type = static_cast<std::uint32_t>(metadata_number(clip, "sith.type", 0xFFFF, 16));
  if (std::abs(header.frames - clip.duration * fps) > 1e-3) {
    result.notes.push_back(fmt::format("duration {} s at {} fps is not a whole number of frames: FRAMES {}",
                                       clip.duration, fps, header.frames));
  }
}

// One KEY node per joint that moves and that the model (or the clip's metadata) knows.
KeyReductionReport write_nodes(const Scene& scene, const Clip& clip, double fps, const model::Document* model,
                               const std::vector<long>& listed, const BridgeOptions& options,
                               Converted<key::Document>& result) {
  KeyContent& key = result.value.content;
  KeyReductionReport reduction;
  for (const JointChannels& channels : clip.joints) {
    if (channels.joint < 0 || static_cast<std::size_t>(channels.joint) >= scene.skeleton.joints.size())
      continue;
    const auto joint = static_cast<std::size_t>(channels.joint);
    if (channels.scale)
      result.notes.push_back(fmt::format("joint {}: scale channel dropped (KEY has none)", joint));
    if (!channels.translation && !channels.rotation) continue;
    const auto index = node_index(scene, joint, model, listed);
    if (!index) {
      result.notes.push_back(fmt::format("joint \"{}\" is not a KEY node: its motion is dropped",
                                         scene.skeleton.joints[joint].name));
      continue;
    }
    const JointPath path(channels, scene.skeleton.joints[joint], fps);
    key.nodes.push_back(node_from_path(path, key_frames(channels, clip.duration, fps), key.header.frames,
                                       *index, one_word(scene.skeleton.joints[joint].name, joint), options,
                                       reduction));
  }
  return reduction;
}

// The clip's events as markers, in time order (a type that is not a number is written as 0, with a note).
void write_markers(const Clip& clip, double fps, Converted<key::Document>& result) {
  KeyContent& key = result.value.content;
  std::vector<Event> events = clip.events;
  std::stable_sort(events.begin(), events.end(),
                   [](const Event& a, const Event& b) { return a.time < b.time; });
  for (const Event& event : events) {
    char* end = nullptr;
    const long type = std::strtol(event.type.c_str(), &end, 10);
    if (end == event.type.c_str()) {
      result.notes.push_back(
          fmt::format("event \"{}\" of type \"{}\" written as marker type 0", event.name, event.type));
    }
    key.markers.push_back(KeyMarker{static_cast<float>(event.time * fps), static_cast<std::int32_t>(type)});
  }
  key.has_markers_section = !key.markers.empty();
}

}  // namespace

Result<Converted<key::Document>> key::from_core(const Scene& scene_in, const BridgeOptions& options,
                                                const model::Document* model) {
  if (scene_in.clips.empty()) {
    return Error{std::string(kKeyFormat), "the scene has no animation clip to write as a KEY", {}, {}, {}};
  }
  Scene scene = scene_in;
  AxisConversion::z_up_to_y_up(options.unit_scale).inverse().apply(scene);
  const Clip& clip = scene.clips.front();
  const double fps = options.fps > 0 ? options.fps : metadata_number(clip, "sith.fps", kDefaultFps, 10);
  if (!(fps > 0) || !std::isfinite(fps) || !(clip.duration >= 0)) {
    return Error{std::string(kKeyFormat),
                 fmt::format("cannot write FPS {} / duration {}", fps, clip.duration),
                 {},
                 {},
                 {}};
  }
  Converted<key::Document> result;
  write_header(scene, clip, fps, model, result);
  const std::vector<long> listed = listed_nodes(clip);
  const KeyReductionReport reduction = write_nodes(scene, clip, fps, model, listed, options, result);
  write_markers(clip, fps, result);
  if (!clip.visibility.empty() || !clip.properties.empty() || clip.root_motion) {
    result.notes.push_back("visibility, property tracks and root motion dropped (KEY has none)");
  }
  result.notes.push_back(model ? "KEY nodes matched to the model's hierarchy rows by name"
                         : !listed.empty()
                             ? "KEY nodes taken from the clip's sith.nodes metadata"
                             : "no model: KEY NODE n = core joint n, which must be the .3do's order");
  result.notes.push_back("joints without channels keep the model's base pose");
  result.notes.push_back(fmt::format(
      "entries reduced by the engine's own Euler-linear playback: {} samples -> {} entries, the "
      "largest error at "
      "a dropped sample {:.3g} of the tolerance ({} degrees, {} units)",
      reduction.before, reduction.after, reduction.largest_error,
      options.rotation_tolerance_degrees * kReductionShare, kPositionTolerance * kReductionShare));
  keep_unchanged_source(clip, options, result);
  return result;
}

}  // namespace bonebridge::sith
