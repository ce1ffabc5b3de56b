// SPDX-License-Identifier: MIT
// The BVH reader: the hierarchy with an explicit stack of open joints (no recursion, so a 10,000-deep chain
// is only memory), then the frames line by line. Nothing is allocated from a count the file states: the
// frame values grow with the lines actually present, and "Frames:" is only compared with them.
#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <charconv>
#include <cmath>
#include <map>
#include <nlohmann/json.hpp>
#include <set>
#include <string>

#include "bonebridge/bvh/bvh.hpp"
#include "bonebridge/core/text.hpp"
#include "bonebridge/io/file.hpp"
#include "bonebridge/io/text.hpp"
#include "lexer.hpp"

namespace bonebridge::bvh {
namespace {

using detail::kChannelNames;
using detail::keyword_is;
using detail::Lexer;
using detail::Token;

struct ParsedJoint {
  std::string name;
  int parent = -1;
  std::uint64_t line = 0;  // where it opens
  bool end_site = false;
  std::optional<Vec3> offset;
  std::optional<std::vector<int>> channels;  // indices into kChannelNames, as listed
  std::size_t first_value = 0;               // its first value's index within a frame
};

[[noreturn]] void fail(std::uint64_t line, std::string message) {
  throw FormatError(Error{std::string(kFormat), std::move(message), std::nullopt, line, {}});
}

std::string joint_label(const ParsedJoint& joint) {
  return fmt::format("{} '{}' (opened at line {})", joint.end_site ? "the End Site of" : "joint", joint.name,
                     joint.line);
}

class HierarchyParser {
 public:
  explicit HierarchyParser(Lexer& lexer) : lexer_(lexer) {}

  // Reads from after "HIERARCHY" up to and including "MOTION".
  std::vector<ParsedJoint> parse();
  std::size_t channel_count() const { return channel_count_; }
  std::uint64_t motion_line() const { return motion_line_; }

 private:
  ParsedJoint& top() { return joints_[static_cast<std::size_t>(open_.back())]; }
  std::string where() { return open_.empty() ? "outside any joint" : "in " + joint_label(top()); }
  void open_joint(const Token& keyword);
  void read_offset(const Token& keyword);
  void read_channels(const Token& keyword);
  void close_joint(const Token& brace);
  Token expect_word(std::string_view what, std::uint64_t line);

  Lexer& lexer_;
  std::vector<ParsedJoint> joints_;
  std::vector<int> open_;
  std::set<std::string> names_;
  std::size_t channel_count_ = 0;
  std::uint64_t motion_line_ = 0;
};

Token HierarchyParser::expect_word(std::string_view what, std::uint64_t line) {
  const auto word = lexer_.word();
  if (!word) fail(std::max(line, lexer_.line()), fmt::format("the file ends {}; expected {}", where(), what));
  return *word;
}

std::vector<ParsedJoint> HierarchyParser::parse() {
  while (true) {
    const auto word = lexer_.word();
    if (!word) {
      if (open_.empty()) fail(lexer_.line(), "the file ends after the hierarchy; expected a MOTION block");
      fail(lexer_.line(), fmt::format("the file ends {}; expected '}}'", where()));
    }
    if (keyword_is(word->text, "ROOT") || keyword_is(word->text, "JOINT") || keyword_is(word->text, "End")) {
      open_joint(*word);
    } else if (keyword_is(word->text, "OFFSET")) {
      read_offset(*word);
    } else if (keyword_is(word->text, "CHANNELS")) {
      read_channels(*word);
    } else if (word->text == "}") {
      close_joint(*word);
    } else if (keyword_is(word->text, "MOTION") && open_.empty()) {
      if (joints_.empty()) fail(word->line, "MOTION before any ROOT; expected a joint hierarchy");
      motion_line_ = word->line;
      return std::move(joints_);
    } else {
      fail(word->line, fmt::format("unknown keyword '{}' {}; expected ROOT, JOINT, End Site, OFFSET, "
                                   "CHANNELS, '}}' or MOTION",
                                   word->text, where()));
    }
  }
}

void HierarchyParser::open_joint(const Token& keyword) {
  const bool root = keyword_is(keyword.text, "ROOT");
  const bool end_site = keyword_is(keyword.text, "End");
  if (root != open_.empty()) {
    fail(keyword.line, fmt::format("'{}' {}; ROOT opens a hierarchy, JOINT and End Site sit inside a joint",
                                   keyword.text, where()));
  }
  if (!open_.empty() && top().end_site) fail(keyword.line, fmt::format("'{}' {}", keyword.text, where()));
  if (joints_.size() >= kMaxJoints) {
    fail(keyword.line, fmt::format("more than {} joints; this reader stops there", kMaxJoints));
  }
  if (end_site) {
    const Token site = expect_word("'Site' after 'End'", keyword.line);
    if (!keyword_is(site.text, "Site"))
      fail(site.line, fmt::format("expected 'End Site', found 'End {}'", site.text));
  }
  // The rest of the line is the name (it may hold spaces); an End Site's name, when written, is ignored.
  std::string_view rest = lexer_.rest_of_line().value_or(Token{}).text;
  const bool brace_here = !rest.empty() && rest.back() == '{';
  if (brace_here) rest = detail::trim(rest.substr(0, rest.size() - 1));
  // Names are bytes; JSON and glTF need UTF-8 (core/text.hpp).
  ParsedJoint joint;
  joint.name = to_utf8(rest);
  joint.parent = open_.empty() ? -1 : open_.back();
  joint.line = keyword.line;
  joint.end_site = end_site;
  if (end_site) joint.name = joints_[static_cast<std::size_t>(joint.parent)].name;
  if (!end_site && joint.name.empty()) fail(keyword.line, fmt::format("'{}' without a name", keyword.text));
  if (!end_site && !names_.insert(joint.name).second) {
    fail(keyword.line, fmt::format("a second joint named '{}'; joint names must be unique", joint.name));
  }
  if (!brace_here) {
    const Token brace = expect_word("'{'", keyword.line);
    if (brace.text != "{") {
      fail(brace.line,
           fmt::format("expected '{{' to open {} '{}', found '{}'", keyword.text, joint.name, brace.text));
    }
  }
  open_.push_back(static_cast<int>(joints_.size()));
  joints_.push_back(std::move(joint));
}

void HierarchyParser::read_offset(const Token& keyword) {
  if (open_.empty()) fail(keyword.line, "OFFSET outside any joint");
  if (top().offset) fail(keyword.line, fmt::format("a second OFFSET {}", where()));
  std::array<double, 3> xyz{};
  for (double& value : xyz) {
    const Token word = expect_word("three OFFSET numbers", keyword.line);
    const auto number = detail::parse_number(word.text);
    if (!number || word.line != keyword.line) {
      fail(keyword.line, fmt::format("OFFSET {}: expected three finite numbers on its line, found '{}'",
                                     where(), word.line != keyword.line ? "a line end" : word.text));
    }
    value = *number;
  }
  top().offset = Vec3{xyz[0], xyz[1], xyz[2]};
}

void HierarchyParser::read_channels(const Token& keyword) {
  if (open_.empty() || top().end_site) fail(keyword.line, fmt::format("CHANNELS {}", where()));
  if (top().channels) fail(keyword.line, fmt::format("a second CHANNELS {}", where()));
  const Token count_word = expect_word("a channel count", keyword.line);
  unsigned count = 0;
  const auto [end, error] = std::from_chars(count_word.text.data(), count_word.text.end(), count);
  if (error != std::errc() || end != count_word.text.end() || count > kChannelNames.size()) {
    fail(count_word.line,
         fmt::format("CHANNELS {}: expected a count from 0 to 6, found '{}'", where(), count_word.text));
  }
  std::vector<int> channels;
  for (unsigned n = 0; n < count; ++n) {
    const Token word = expect_word("a channel name", keyword.line);
    int kind = 0;
    while (kind < 6 && !keyword_is(word.text, kChannelNames[static_cast<std::size_t>(kind)])) ++kind;
    if (kind == 6 || word.line != keyword.line) {
      fail(word.line,
           fmt::format("CHANNELS {} says {} channels; channel {} is '{}', expected one of "
                       "Xposition, Yposition, Zposition, Xrotation, Yrotation, Zrotation",
                       where(), count, n + 1, word.line != keyword.line ? "a line end" : word.text));
    }
    if (std::find(channels.begin(), channels.end(), kind) != channels.end()) {
      fail(word.line, fmt::format("CHANNELS {} lists {} twice", where(), word.text));
    }
    channels.push_back(kind);
  }
  top().first_value = channel_count_;
  channel_count_ += channels.size();
  top().channels = std::move(channels);
}

void HierarchyParser::close_joint(const Token& brace) {
  if (open_.empty()) fail(brace.line, "'}' closes no joint");
  if (!top().offset) fail(brace.line, fmt::format("{} closes without an OFFSET", joint_label(top())));
  open_.pop_back();
}

struct ParsedMotion {
  std::uint64_t frames = 0;
  double frame_time = 0;
  std::size_t stride = 0;      // values per frame: every joint's channels
  std::vector<double> values;  // frames × stride
};

// Names the joint and channel of value `index` within a frame.
std::string value_label(const std::vector<ParsedJoint>& joints, std::size_t index) {
  for (const auto& joint : joints) {
    if (joint.channels && index >= joint.first_value && index < joint.first_value + joint.channels->size()) {
      const int kind = (*joint.channels)[index - joint.first_value];
      return fmt::format("value {} (joint '{}', {})", index + 1, joint.name,
                         kChannelNames[static_cast<std::size_t>(kind)]);
    }
  }
  return fmt::format("value {}", index + 1);
}

void read_motion_header(Lexer& lexer, std::uint64_t motion_line, ParsedMotion& motion) {
  const auto frames_word = lexer.word();
  if (!frames_word || !keyword_is(frames_word->text, "Frames:")) {
    fail(frames_word ? frames_word->line : motion_line, "expected 'Frames:' after MOTION");
  }
  const auto count = lexer.word();
  const std::string_view digits = count && count->line == frames_word->line ? count->text : "";
  const auto [end, error] = std::from_chars(digits.data(), digits.data() + digits.size(), motion.frames);
  if (digits.empty() || error != std::errc() || end != digits.data() + digits.size()) {
    fail(frames_word->line,
         fmt::format("expected a whole number of frames after 'Frames:', found '{}'", digits));
  }
  const auto frame = lexer.word();
  const auto time = lexer.word();
  if (!frame || !time || !keyword_is(frame->text, "Frame") || !keyword_is(time->text, "Time:")) {
    fail(frame ? frame->line : frames_word->line, "expected 'Frame Time:' after the frame count");
  }
  const auto seconds = lexer.rest_of_line();
  const auto value = detail::parse_number(seconds ? seconds->text : std::string_view{});
  if (!value || *value <= 0) {
    fail(time->line, fmt::format("expected a positive, finite Frame Time in seconds, found '{}'",
                                 seconds ? seconds->text : ""));
  }
  motion.frame_time = *value;
}

// One frame line into `values`; errors name the joint and channel of the offending value.
void read_frame(const Token& line, const std::vector<ParsedJoint>& joints, std::size_t channels,
                std::uint64_t frame, std::vector<double>& values) {
  std::string_view rest = line.text;
  std::size_t count = 0;
  while (!(rest = detail::trim(rest)).empty()) {
    std::size_t length = 0;
    while (length < rest.size() && !detail::is_blank(rest[length])) ++length;
    const std::string_view word = rest.substr(0, length);
    rest.remove_prefix(length);
    if (count == channels) {
      fail(line.line, fmt::format("frame {} has more than the {} values the CHANNELS take", frame, channels));
    }
    const auto number = detail::parse_number(word);
    if (!number) {
      fail(line.line, fmt::format("frame {}: {} is '{}', expected a finite number", frame,
                                  value_label(joints, count), word));
    }
    values.push_back(*number);
    ++count;
  }
  if (count < channels) {
    fail(line.line, fmt::format("frame {} has {} values, the CHANNELS take {}: {} is missing", frame, count,
                                channels, value_label(joints, count)));
  }
}

ParsedMotion read_motion(Lexer& lexer, std::uint64_t motion_line, const std::vector<ParsedJoint>& joints,
                         std::size_t channels) {
  ParsedMotion motion;
  motion.stride = channels;
  read_motion_header(lexer, motion_line, motion);
  std::uint64_t seen = 0;
  std::uint64_t last_line = motion_line;
  while (const auto line = lexer.rest_of_line()) {
    if (line->text.empty()) continue;
    if (seen == motion.frames) {
      fail(line->line, fmt::format("more frame lines than 'Frames: {}'", motion.frames));
    }
    read_frame(*line, joints, channels, seen, motion.values);
    ++seen;
    last_line = line->line;
  }
  if (channels == 0) {
    // Frames without values are blank lines, which cannot be counted: a hierarchy without channels has no
    // motion, whatever "Frames:" says.
    motion.frames = 0;
    return motion;
  }
  if (seen != motion.frames) {
    fail(last_line, fmt::format("'Frames: {}' but the file ends after {} frame lines", motion.frames, seen));
  }
  if (!std::isfinite(static_cast<double>(seen) * motion.frame_time)) {
    fail(motion_line, fmt::format("{} frames of {} s overflow a time in seconds", seen, motion.frame_time));
  }
  return motion;
}

// End Sites are named after their parent plus "_End", made unique against every name of the file.
std::vector<std::string> joint_names(const std::vector<ParsedJoint>& joints) {
  std::set<std::string> used;
  for (const auto& joint : joints) {
    if (!joint.end_site) used.insert(joint.name);
  }
  std::map<std::string, int> next_suffix;
  std::vector<std::string> names;
  for (const auto& joint : joints) {
    std::string name = joint.name;
    if (joint.end_site) {
      name += "_End";
      int& suffix = next_suffix[name];
      const std::string base = name;
      while (used.count(name)) name = fmt::format("{}{}", base, suffix++ + 2);
      used.insert(name);
    }
    names.push_back(std::move(name));
  }
  return names;
}

// A joint's channels over every frame: the rotation channels composed in listed order (intrinsic, so
// "Zrotation Xrotation Yrotation" gives Rz·Rx·Ry, euler.hpp), degrees to radians; a position channel in
// place of that component of the OFFSET.
JointChannels joint_channels(const ParsedJoint& joint, int index, const ParsedMotion& motion) {
  JointChannels out{index, {}, {}, {}};
  const auto& kinds = *joint.channels;
  const bool moves = std::any_of(kinds.begin(), kinds.end(), [](int kind) { return kind < 3; });
  const bool turns = std::any_of(kinds.begin(), kinds.end(), [](int kind) { return kind >= 3; });
  if (moves) out.translation.emplace();
  if (turns) out.rotation.emplace();
  for (std::uint64_t frame = 0; frame < motion.frames; ++frame) {
    const double time = static_cast<double>(frame) * motion.frame_time;
    const double* values = motion.values.data() + frame * motion.stride + joint.first_value;
    std::array<double, 3> position{joint.offset->x, joint.offset->y, joint.offset->z};
    Quat rotation;
    for (std::size_t n = 0; n < kinds.size(); ++n) {
      const auto kind = static_cast<std::size_t>(kinds[n]);
      if (kind < 3) {
        position[kind] = values[n];
      } else {
        Vec3 axis;
        (kind == 3 ? axis.x : kind == 4 ? axis.y : axis.z) = 1;
        rotation = rotation * axis_angle(axis, values[n] * kPi / 180.0);
      }
    }
    if (moves) {
      out.translation->times.push_back(time);
      out.translation->values.push_back({position[0], position[1], position[2]});
    }
    if (turns) {
      rotation = normalize(rotation);
      // The same rotation on the previous key's side, so that players without glTF's shortest-path rule
      // also turn the short way.
      if (!out.rotation->values.empty() && dot(rotation, out.rotation->values.back()) < 0)
        rotation = -rotation;
      out.rotation->times.push_back(time);
      out.rotation->values.push_back(rotation);
    }
  }
  return out;
}

Scene to_scene(const std::vector<ParsedJoint>& joints, const ParsedMotion& motion) {
  Scene scene;
  const auto names = joint_names(joints);
  Clip clip;
  clip.duration = motion.frames == 0 ? 0.0 : static_cast<double>(motion.frames - 1) * motion.frame_time;
  clip.metadata[kFrameTimeKey] = fmt::format("{}", motion.frame_time);
  nlohmann::json end_sites = nlohmann::json::array();
  nlohmann::json channels = nlohmann::json::object();
  for (std::size_t i = 0; i < joints.size(); ++i) {
    const ParsedJoint& joint = joints[i];
    scene.skeleton.joints.push_back({names[i], joint.parent, Transform{*joint.offset, {}, {1, 1, 1}}});
    if (joint.end_site) end_sites.push_back(names[i]);
    if (joint.end_site) continue;
    auto& listed = channels[names[i]] = nlohmann::json::array();
    if (!joint.channels) continue;
    for (const int kind : *joint.channels) listed.push_back(kChannelNames[static_cast<std::size_t>(kind)]);
    if (!joint.channels->empty() && motion.frames > 0) {
      clip.joints.push_back(joint_channels(joint, static_cast<int>(i), motion));
    }
  }
  scene.metadata[kEndSitesKey] = end_sites.dump();
  scene.metadata[kChannelsKey] = channels.dump();
  scene.clips.push_back(std::move(clip));
  return scene;
}

}  // namespace

Result<Scene> read_bvh(std::span<const std::uint8_t> bytes) {
  return capture(kFormat, [&] {
    const std::string_view text = as_text(bytes);
    Lexer lexer(text);
    const auto first = lexer.word();
    if (!first || !keyword_is(first->text, "HIERARCHY")) {
      fail(first ? first->line : 1, fmt::format("expected HIERARCHY, found '{}'", first ? first->text : ""));
    }
    HierarchyParser hierarchy(lexer);
    const auto joints = hierarchy.parse();
    const ParsedMotion motion =
        read_motion(lexer, hierarchy.motion_line(), joints, hierarchy.channel_count());
    return to_scene(joints, motion);
  });
}

Result<Scene> read_bvh_file(const std::filesystem::path& path) {
  auto bytes = read_file(path);
  if (!bytes.ok()) return bytes.error();
  auto scene = read_bvh(*bytes);
  if (!scene.ok()) {
    Error error = scene.error();
    error.file = path.string();
    return error;
  }
  scene->clips.front().name = path.stem().string();
  return scene;
}

}  // namespace bonebridge::bvh
