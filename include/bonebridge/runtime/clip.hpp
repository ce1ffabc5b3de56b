// SPDX-License-Identifier: MIT
#pragma once
// The runtime form of a core clip, as in ozz-animation: compiled once from a core Clip by ClipBuilder,
// immutable afterwards (share one between threads), played by the jobs of runtime/jobs.hpp.
//
// Layout. Every joint has three tracks (translation, rotation, scale), joints padded to SoA groups of four.
// A track is piecewise linear (lerp; normalised lerp for rotations): the builder turns STEP, slerp and
// CUBICSPLINE channels into such keys, inserting keys where lerp would leave the core curve by more than the
// track's share of the error bound. Keys are records in the order forward playback needs them: the first two
// keys of every track but the constants (below), then each key sorted by the time of the key before it in its
// track (the time at which it becomes the right end of the track's segment). A record is split in two
// streams: its track's number in `tracks()` (1 byte, or 2 in a clip of more than 256 tracks: a fixed stride,
// so that reading ahead does not wait on the size of the record before), and in `values()` the index of its
// time in the clip's float times (1, 2 or 4 bytes: as few as the clip's count of distinct times needs) then
// its value, quantised when the error stays inside the bound:
//  - translation and scale: 3 x 16 bits within the track's own [min, max] per component (6 bytes), or
//    3 floats (12 bytes) when 16 bits would leave the track's budget or the track has too few keys to pay
//    for its range (24 bytes);
//  - rotation: "smallest three" (the largest component dropped, recomputed from the unit norm), 2 bits for
//    its index and 3 x 20 bits in [-1/sqrt2, 1/sqrt2] (8 bytes, at most 2.4e-6 rad off), 3 x 26 bits
//    (10 bytes, 2e-7 rad) where the track's lever needs it, or 4 floats (16 bytes) below that. 16-bit
//    rotations (ozz's 15 bits) are up to 7.5e-5 rad off, which a long lever turns into more than 1e-5 of
//    the skeleton's extent.
// Codecs are shared: a clip holds each distinct codec once (rotations and float tracks have a handful) and
// per track its codec's index and its record size (3 bytes). A track of two equal keys (a joint the clip
// does not move, a padding lane) is a constant: its value is its codec, shared by every track holding it
// (identity rotations, unit scales), and it has no records.
// Memory per key is therefore 1-2 + 1-4 + 6 or 12 bytes (translation, scale) and 1-2 + 1-4 + 8, 10 or 16
// bytes (rotation), plus 4 bytes per distinct key time, 28 bytes per distinct codec (a quantised
// translation or scale track's range, a constant's value), 3 bytes per track, and per seek point 12 bytes
// and 8 per track with more than two keys (random access restarts from the seek point at or before the time
// instead of from the start; one is kept every seek_interval where at least 64 records, and four per such
// track, lie since the last: restarting from it costs about two records' reading per such track).
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
// Constant: a track of two equal keys, held over the whole clip, its value in its codec (offset, and a
// rotation's w in scale[0]) and no record in the streams.
enum class KeyFormat : std::uint8_t { Quantized = 0, Float = 1, Constant = 2 };

// Per track: how its keys are stored, and the range 16-bit components decode into.
struct TrackCodec {
  KeyFormat format = KeyFormat::Float;
  std::uint8_t value_bytes = 12;   // bytes after the record's header
  std::uint8_t rotation_bits = 0;  // a quantised rotation's bits per stored component: 20 or 26
  float offset[3] = {0, 0, 0};     // translation/scale: value = offset + q * scale
  float scale[3] = {0, 0, 0};
};

class RuntimeClip {
 public:
  float duration() const { return duration_; }
  std::size_t joint_count() const { return joints_; }
  std::size_t soa_count() const { return (joints_ + 3) / 4; }
  std::size_t track_count() const { return codec_index_.size(); }  // 3 x 4 x soa_count()
  std::size_t key_count() const { return keys_; }
  // Bytes of the clip's data: keys, key times, codecs and seek points.
  std::size_t size_bytes() const;

  // Per record, its track's number (track_bytes() each; one byte of padding at the end).
  std::span<const std::uint8_t> tracks() const { return tracks_; }
  std::size_t track_bytes() const { return track_bytes_; }
  // Per record, its time's index (time_bytes() each) and value.
  std::span<const std::uint8_t> values() const { return values_; }
  std::size_t time_bytes() const { return time_bytes_; }
  std::span<const float> times() const { return times_; }
  const TrackCodec& codec(std::size_t track) const { return codecs_[codec_index_[track]]; }
  std::span<const TrackCodec> codecs() const { return codecs_; }                // each distinct codec once
  std::span<const std::uint8_t> record_bytes() const { return record_bytes_; }  // per track, in values()

  // Seek points: every seek_interval seconds (none at 0), where the streams stand (record, value offset)
  // and the value offsets of the left and right keys there of each track in animated_tracks().
  std::span<const float> seek_times() const { return seek_times_; }
  std::span<const std::uint32_t> seek_cursors() const { return seek_cursors_; }  // 2 per point
  std::span<const std::uint32_t> seek_keys() const { return seek_keys_; }        // 2 per animated track
  // Tracks of more than two keys; the others hold one segment over the whole clip.
  std::span<const std::uint16_t> animated_tracks() const { return animated_; }

 private:
  friend class ClipBuilder;
  float duration_ = 0;
  std::size_t joints_ = 0;
  std::size_t keys_ = 0;
  std::uint8_t track_bytes_ = 1;
  std::uint8_t time_bytes_ = 1;
  std::vector<std::uint8_t> tracks_;
  std::vector<std::uint8_t> values_;
  std::vector<float> times_;  // every distinct key time, ascending
  std::vector<TrackCodec> codecs_;
  std::vector<std::uint16_t> codec_index_;
  std::vector<std::uint8_t> record_bytes_;
  std::vector<float> seek_times_;
  std::vector<std::uint32_t> seek_cursors_;
  std::vector<std::uint32_t> seek_keys_;
  std::vector<std::uint16_t> animated_;
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
  double seek_interval = 0.5;  // seconds between seek points (random access reads at most this much)

  // Empty when Build() can run, else why not.
  std::string Validate() const;
  // Requires Validate() to have returned empty.
  RuntimeClip Build() const;
};

}  // namespace bonebridge::runtime
