// SPDX-License-Identifier: MIT
#include "bonebridge/core/reduce.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <cmath>

namespace bonebridge {
namespace {

constexpr char kAlphabet[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
constexpr std::string_view kHashPrefix = "fnv1a64:";
constexpr std::size_t kHashDigits = 16;

int sextet(char c) {
  if (c >= 'A' && c <= 'Z') return c - 'A';
  if (c >= 'a' && c <= 'z') return c - 'a' + 26;
  if (c >= '0' && c <= '9') return c - '0' + 52;
  if (c == '+') return 62;
  if (c == '/') return 63;
  return -1;
}

Vec3 column(const Mat4& m, int c) {
  return {m.at(0, c), m.at(1, c), m.at(2, c)};
}

}  // namespace

std::string base64_encode(std::span<const std::uint8_t> bytes) {
  std::string text;
  text.reserve((bytes.size() + 2) / 3 * 4);
  for (std::size_t i = 0; i < bytes.size(); i += 3) {
    const std::size_t n = std::min<std::size_t>(3, bytes.size() - i);
    std::uint32_t group = std::uint32_t{bytes[i]} << 16;
    if (n > 1) group |= std::uint32_t{bytes[i + 1]} << 8;
    if (n > 2) group |= bytes[i + 2];
    for (std::size_t k = 0; k < 4; ++k) text += k <= n ? kAlphabet[(group >> (18 - 6 * k)) & 0x3F] : '=';
  }
  return text;
}

std::optional<std::vector<std::uint8_t>> base64_decode(const std::string& text) {
  if (text.size() % 4 != 0) return std::nullopt;
  std::vector<std::uint8_t> bytes;
  bytes.reserve(text.size() / 4 * 3);
  for (std::size_t i = 0; i < text.size(); i += 4) {
    const bool last = i + 4 == text.size();
    const std::size_t padding =
        last ? static_cast<std::size_t>(std::count(text.end() - 2, text.end(), '=')) : 0;
    if (padding == 1 && text[i + 2] == '=') return std::nullopt;  // "x=y=" is not padding
    std::uint32_t group = 0;
    for (std::size_t k = 0; k < 4; ++k) {
      const int value = k >= 4 - padding ? 0 : sextet(text[i + k]);
      if (value < 0) return std::nullopt;
      group = (group << 6) | static_cast<std::uint32_t>(value);
    }
    for (std::size_t k = 0; k < 3 - padding; ++k)
      bytes.push_back(static_cast<std::uint8_t>((group >> (16 - 8 * k)) & 0xFF));
  }
  return bytes;
}

std::uint64_t fnv1a64(std::span<const std::uint8_t> bytes) {
  std::uint64_t hash = 0xcbf29ce484222325ULL;
  for (const std::uint8_t b : bytes) hash = (hash ^ b) * 0x100000001b3ULL;
  return hash;
}

void describe_source(Clip& clip, std::span<const std::uint8_t> bytes) {
  if (bytes.size() > kMaxDescribedSource) return;
  clip.metadata[kSourceMetadata] =
      fmt::format("{}{:016x}:{}", kHashPrefix, fnv1a64(bytes), base64_encode(bytes));
}

std::optional<std::vector<std::uint8_t>> described_source(const Clip& clip) {
  const auto it = clip.metadata.find(kSourceMetadata);
  if (it == clip.metadata.end()) return std::nullopt;
  const std::string& text = it->second;
  const std::size_t body = kHashPrefix.size() + kHashDigits + 1;
  if (text.size() < body || !text.starts_with(kHashPrefix) || text[body - 1] != ':') return std::nullopt;
  auto bytes = base64_decode(text.substr(body));
  if (!bytes) return std::nullopt;
  if (text.substr(kHashPrefix.size(), kHashDigits) != fmt::format("{:016x}", fnv1a64(*bytes)))
    return std::nullopt;
  return bytes;
}

std::vector<double> engine_instants(double end, double tick, std::size_t max_count) {
  if (!(end > 0) || !(tick > 0) || !std::isfinite(end)) return {0.0};
  max_count = std::max<std::size_t>(2, max_count);
  const double ticks = std::ceil(end / tick - 1e-9);  // after 0; the last one is clamped to the end
  std::vector<double> instants;
  if (ticks + 1 <= static_cast<double>(max_count)) {
    for (std::size_t i = 0; i <= static_cast<std::size_t>(ticks); ++i)
      instants.push_back(std::min(end, static_cast<double>(i) * tick));
  } else {
    for (std::size_t i = 0; i < max_count; ++i)
      instants.push_back(end * static_cast<double>(i) / static_cast<double>(max_count - 1));
  }
  return instants;
}

std::string unchanged_note(const MotionDifference& difference, const MotionTolerance& tolerance) {
  return fmt::format(
      "unchanged: the source file described in the clip's extras is written back byte for byte (the engine "
      "plays the glTF's motion within {:.3g} units and {:.3g} rad of it at {} instants; tolerance {:.3g} "
      "units, "
      "{:.3g} rad)",
      difference.position, difference.radians, difference.instants, tolerance.position, tolerance.radians);
}

std::string edited_note(const MotionDifference& difference, const MotionTolerance& tolerance) {
  if (!difference.comparable)
    return "edited: the clip's joints or timing differ from the source file its extras describe";
  return fmt::format(
      "edited: the engine plays the glTF's motion up to {:.3g} units and {:.3g} rad (at {:.6g} s) away from "
      "the source file its extras describe (tolerance {:.3g} units, {:.3g} rad), so the keys are written "
      "anew",
      difference.position, difference.radians, difference.time, tolerance.position, tolerance.radians);
}

Quat orientation_of(const Mat4& model) {
  Mat3 r;
  for (int c = 0; c < 3; ++c) {
    const Vec3 axis = column(model, c);
    const double size = length(axis);
    const Vec3 unit = size > 0 ? axis * (1.0 / size) : Vec3{};
    r.at(0, c) = unit.x;
    r.at(1, c) = unit.y;
    r.at(2, c) = unit.z;
  }
  return to_quat(r);
}

MotionDifference compare_motion(std::span<const double> instants, const ModelPoseAt& a,
                                const ModelPoseAt& b) {
  MotionComparison comparison;
  for (const double t : instants) {
    const auto pose_a = a(t);
    const auto pose_b = b(t);
    if (!pose_a || !pose_b || !comparison.add(t, *pose_a, *pose_b)) {
      MotionDifference failed = comparison.difference();
      failed.comparable = false;
      return failed;
    }
  }
  return comparison.difference();
}

bool MotionComparison::add(double time, std::span<const Mat4> a, std::span<const Mat4> b) {
  if (!difference_.comparable || a.size() != b.size()) {
    difference_.comparable = false;
    return false;
  }
  ++difference_.instants;
  for (std::size_t j = 0; j < a.size(); ++j) {
    // Equal matrices are 0 apart: their orientations need not be worked out.
    const bool same = a[j] == b[j];
    const double position = same ? 0.0 : distance(a[j].translation(), b[j].translation());
    const double radians = same ? 0.0 : angle_between(orientation_of(a[j]), orientation_of(b[j]));
    if (!std::isfinite(position) || !std::isfinite(radians)) {
      difference_.comparable = false;
      return false;
    }
    difference_.position = std::max(difference_.position, position);
    difference_.radians = std::max(difference_.radians, radians);
    if (position + radians > worst_) {
      worst_ = position + radians;
      difference_.time = time;
    }
  }
  return true;
}

void MotionComparison::add_same(double time) {
  ++difference_.instants;
  if (worst_ < 0) {
    worst_ = 0;
    difference_.time = time;
  }
}

bool within(const MotionDifference& difference, const MotionTolerance& tolerance) {
  return difference.comparable && difference.instants > 0 && difference.position <= tolerance.position &&
         difference.radians <= tolerance.radians;
}

}  // namespace bonebridge
