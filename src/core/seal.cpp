// SPDX-License-Identifier: MIT
#include "bonebridge/core/seal.hpp"

#include <fmt/format.h>

#include <charconv>
#include <sstream>

#include "bonebridge/io/bit_cast.hpp"

namespace bonebridge {
namespace {

constexpr std::string_view kSealVersion = "seal1";

// A 64-bit word at a time (a key is many doubles): each step is a bijection of the running value, so two
// streams of the same length that differ in one word never give the same digest.
class Digest {
 public:
  void word(std::uint64_t w) {
    value_ = (value_ ^ w) * 0x100000001b3ULL;
    value_ ^= value_ >> 29;
  }
  void number(double d) { word(bonebridge::bit_cast<std::uint64_t>(d)); }
  void count(std::size_t n) { word(static_cast<std::uint64_t>(n)); }
  // Signed, as 64 bits: a root's parent -1 cast to a 32-bit size_t (the page's WebAssembly) would give
  // another digest than on a 64-bit machine.
  void integer(std::int64_t n) { word(static_cast<std::uint64_t>(n)); }
  void text(std::string_view s) {
    count(s.size());
    for (const char c : s) word(static_cast<unsigned char>(c));
  }
  void vec(const Vec3& v) { number(v.x), number(v.y), number(v.z); }
  void quat(const Quat& q) { number(q.x), number(q.y), number(q.z), number(q.w); }
  void numbers(const std::vector<double>& values) {
    count(values.size());
    for (const double v : values) number(v);
  }
  void metadata(const std::map<std::string, std::string>& entries) {
    count(entries.size() - entries.count(kSealMetadata));
    for (const auto& [key, value] : entries) {
      if (key == kSealMetadata) continue;
      text(key), text(value);
    }
  }
  std::uint64_t value() const { return value_; }

 private:
  std::uint64_t value_ = 0xcbf29ce484222325ULL;
};

void add(Digest& digest, const Vec3& v) {
  digest.vec(v);
}
void add(Digest& digest, const Quat& q) {
  digest.quat(q);
}

template <class Value>
void add(Digest& digest, const std::optional<Channel<Value>>& channel) {
  digest.count(channel ? 1 : 0);
  if (!channel) return;
  digest.integer(static_cast<std::int64_t>(channel->interpolation));
  digest.numbers(channel->times);
  digest.count(channel->values.size());
  for (const auto& value : channel->values) add(digest, value);
}

void add(Digest& digest, const PropertyTrack& track) {
  digest.text(track.node), digest.text(track.property), digest.text(track.value_type);
  digest.integer(track.components);
  digest.integer(static_cast<std::int64_t>(track.interpolation));
  digest.numbers(track.times);
  digest.numbers(track.values);
  digest.count(track.strings.size());
  for (const auto& s : track.strings) digest.text(s);
}

void add(Digest& digest, const Clip& clip) {
  digest.text(clip.name);
  digest.number(clip.duration);
  digest.count(clip.joints.size());
  for (const auto& channels : clip.joints) {
    digest.integer(channels.joint);
    add(digest, channels.translation), add(digest, channels.rotation), add(digest, channels.scale);
  }
  digest.count(clip.visibility.size());
  for (const auto& track : clip.visibility) {
    digest.integer(track.joint);
    digest.numbers(track.times);
    digest.count(track.visible.size());
    for (const bool visible : track.visible) digest.count(visible ? 1 : 0);
  }
  digest.count(clip.events.size());
  for (const auto& event : clip.events)
    digest.number(event.time), digest.text(event.name), digest.text(event.type);
  digest.count(clip.properties.size());
  for (const auto& track : clip.properties) add(digest, track);
  digest.count(clip.root_motion ? 1 : 0);
  if (clip.root_motion) add(digest, clip.root_motion->translation), add(digest, clip.root_motion->rotation);
  digest.metadata(clip.metadata);
}

std::optional<std::uint64_t> hex_number(std::string_view text) {
  std::uint64_t value = 0;
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value, 16);
  if (error != std::errc{} || end != text.data() + text.size()) return std::nullopt;
  return value;
}

}  // namespace

std::string seal_text(const Seal& seal) {
  return fmt::format("{} {:016x} {:016x} {} {}", kSealVersion, seal.digest, seal.settings, seal.family,
                     seal.extension);
}

std::optional<Seal> seal_of(const Clip& clip) {
  const auto it = clip.metadata.find(kSealMetadata);
  if (it == clip.metadata.end()) return std::nullopt;
  std::istringstream words(it->second);
  std::string version, digest, settings;
  Seal seal;
  if (!(words >> version >> digest >> settings >> seal.family) || version != kSealVersion)
    return std::nullopt;
  words >> seal.extension;  // none when the source's name had no extension
  const auto digest_value = hex_number(digest), settings_value = hex_number(settings);
  if (!digest_value || !settings_value) return std::nullopt;
  seal.digest = *digest_value, seal.settings = *settings_value;
  return seal;
}

std::uint64_t motion_digest(const Scene& scene) {
  Digest digest;
  digest.count(scene.skeleton.joints.size());
  for (const auto& joint : scene.skeleton.joints) {
    digest.text(joint.name);
    digest.integer(joint.parent);
    digest.vec(joint.rest.translation), digest.quat(joint.rest.rotation), digest.vec(joint.rest.scale);
  }
  digest.count(scene.clips.size());
  for (const auto& clip : scene.clips) add(digest, clip);
  digest.metadata(scene.metadata);
  return digest.value();
}

}  // namespace bonebridge
