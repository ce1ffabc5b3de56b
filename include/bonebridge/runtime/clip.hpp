// SPDX-License-Identifier: MIT
#pragma once
// The runtime form of a core clip, as in ozz-animation: compiled once from a core Clip by ClipBuilder,
// immutable afterwards (share one between threads), played by the jobs of runtime/jobs.hpp.
//
// Layout. Every joint has three tracks (translation, rotation, scale), joints padded to SoA groups of four.
// A track is piecewise linear (lerp; normalised lerp for rotations): the builder turns STEP, slerp and
// CUBICSPLINE channels into such keys, inserting keys where lerp would leave the core curve by more than the
// track's share of the error bound. Keys are one byte stream in the order forward playback needs them: the
// first two keys of every track, then each key sorted by the time of the key before it in its track (the
// time at which it becomes the right end of the track's segment). A key is a 4-byte header (the track's
// number, the index of its time in the clip's float times; 6 bytes in a clip with more than 65,535 distinct
// key times) and its value, quantised when the error stays inside the bound:
//  - translation and scale: 3 x 16 bits within the track's own [min, max] per component (6 bytes), or
//    3 floats (12 bytes) when 16 bits would leave the track's budget;
//  - rotation: "smallest three" (the largest component dropped, recomputed from the unit norm), 2 bits for
//    its index and 3 x 20 bits in [-1/sqrt2, 1/sqrt2] (8 bytes, at most 2.4e-6 rad off), 3 x 26 bits
//    (10 bytes, 2e-7 rad) where the track's lever needs it, or 4 floats (16 bytes) below that. 16-bit
//    rotations (ozz's 15 bits) are up to 7.5e-5 rad off, which a long lever turns into more than 1e-5 of
//    the skeleton's extent.
// Memory per key is therefore 10 or 16 bytes (translation, scale) and 12, 14 or 20 bytes (rotation), plus 4
// bytes per distinct key time, 8 bytes per track per seek point (random access restarts from the seek point
// before the time instead of from the start) and 28 bytes per track for its codec.
#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "bonebridge/core/clip.hpp"
#include "bonebridge/core/skeleton.hpp"

namespace bonebridge::runtime {

// Four joints' local transforms, one float per lane (structure of arrays).
struct alignas(16) SoaTransform {
  float tx[4], ty[4], tz[4];
  float qx[4], qy[4], qz[4], qw[4];
  float sx[4], sy[4], sz[4];
};

// A column-major 4x4 float matrix (translation in m[12..14]), as core's Mat4.
struct alignas(16) Float4x4 {
  float m[16];
};

enum class TrackKind : std::uint8_t { Translation = 0, Rotation = 1, Scale = 2 };
enum class KeyFormat : std::uint8_t { Quantized = 0, Float = 1 };

// Per track: how its keys are stored, and the range 16-bit components decode into.
struct TrackCodec {
  KeyFormat format = KeyFormat::Float;
  std::uint8_t value_bytes = 12;   // bytes after the record's header
  std::uint8_t rotation_bits = 0;  // a quantised rotation's bits per stored component: 20 or 26
  float offset[3] = {0, 0, 0};     // translation/scale: value = offset + q * scale
  float scale[3] = {0, 0, 0};
};

// Where random access restarts: the stream position and, per track, the positions of its segment's keys.
struct SeekPoint {
  float time = 0;
  std::uint32_t next = 0;               // first key not yet read at `time`
  std::vector<std::uint32_t> segments;  // per track: left key's offset, right key's offset
};

class RuntimeClip {
 public:
  float duration() const { return duration_; }
  std::size_t joint_count() const { return joints_; }
  std::size_t soa_count() const { return (joints_ + 3) / 4; }
  std::size_t track_count() const { return codecs_.size(); }  // 3 x 4 x soa_count()
  std::size_t key_count() const { return keys_; }
  // Bytes of the clip's data: keys, key times, codecs and seek points.
  std::size_t size_bytes() const;

  std::span<const std::uint8_t> stream() const { return stream_; }
  std::span<const float> times() const { return times_; }
  std::size_t header_bytes() const { return header_bytes_; }
  std::span<const TrackCodec> codecs() const { return codecs_; }
  std::span<const SeekPoint> seek_points() const { return seek_points_; }

 private:
  friend class ClipBuilder;
  float duration_ = 0;
  std::size_t joints_ = 0;
  std::size_t keys_ = 0;
  std::size_t header_bytes_ = 4;
  std::vector<std::uint8_t> stream_;
  std::vector<float> times_;  // every distinct key time, ascending
  std::vector<TrackCodec> codecs_;
  std::vector<SeekPoint> seek_points_;
};

// The hierarchy the local-to-model job walks, and the rest pose in SoA form for blending.
struct RuntimeSkeleton {
  std::vector<std::int32_t> parents;  // per joint, an earlier joint or -1
  std::vector<SoaTransform> rest;     // soa_count() groups, padding lanes identity
  std::size_t joint_count() const { return parents.size(); }
  std::size_t soa_count() const { return rest.size(); }
};

RuntimeSkeleton make_runtime_skeleton(const Skeleton& skeleton);

// The offline builder: set the inputs, Validate(), then Build().
class ClipBuilder {
 public:
  const Skeleton* skeleton = nullptr;  // rest pose of joints with no channel, and the levers of rotations
  const Clip* clip = nullptr;
  // Largest model-space joint position error allowed, in the clip's units; 0 picks 5e-6 of the
  // skeleton's estimated extent (half the 1e-5 the runtime is held to).
  double tolerance = 0;
  double seek_interval = 1.0;  // seconds between seek points (random access reads at most this much)

  // Empty when Build() can run, else why not.
  std::string Validate() const;
  // Requires Validate() to have returned empty.
  RuntimeClip Build() const;
};

}  // namespace bonebridge::runtime
