// SPDX-License-Identifier: MIT
#include "bonebridge/formats/lego/ani/codec.hpp"

#include <fmt/format.h>

#include <cstring>

#include "bonebridge/io/byte_reader.hpp"
#include "bonebridge/io/byte_writer.hpp"

namespace bonebridge::lego {
namespace {

constexpr std::size_t kKeyHeaderSize = 4;
constexpr std::size_t kVectorKeySize = kKeyHeaderSize + 12;
constexpr std::size_t kRotationKeySize = kKeyHeaderSize + 16;
constexpr std::size_t kMorphKeySize = kKeyHeaderSize + 1;
constexpr std::size_t kRollKeySize = kKeyHeaderSize + 4;
// name length + four key counts + child count, with an empty name and no keys.
constexpr std::size_t kMinNodeSize = 4 + 4 * 2 + 4;
constexpr std::size_t kMinActorSize = 4;

// Keys are decoded from a span whose length was checked once for the whole channel.
float f32_at(const std::uint8_t* p) {
  float value;
  std::memcpy(&value, p, sizeof value);
  return value;
}

template <class Key>
void decode_key_header(const std::uint8_t* p, Key& key) {
  std::uint32_t packed;
  std::memcpy(&packed, p, sizeof packed);
  key.time = packed & kMaxKeyTime;
  key.flags = static_cast<std::uint8_t>(packed >> 24);
}

void decode_key(const std::uint8_t* p, VectorKey& key) {
  decode_key_header(p, key);
  key.x = f32_at(p + 4);
  key.y = f32_at(p + 8);
  key.z = f32_at(p + 12);
}

void decode_key(const std::uint8_t* p, RotationKey& key) {
  decode_key_header(p, key);
  key.w = f32_at(p + 4);
  key.x = f32_at(p + 8);
  key.y = f32_at(p + 12);
  key.z = f32_at(p + 16);
}

void decode_key(const std::uint8_t* p, MorphKey& key) {
  decode_key_header(p, key);
  key.visible = p[4];
}

void decode_key(const std::uint8_t* p, RollKey& key) {
  decode_key_header(p, key);
  key.roll = f32_at(p + 4);
}

template <class Key>
std::vector<Key> read_keys(ByteReader& reader, std::size_t key_size, std::string_view what) {
  const std::size_t count = reader.count(reader.u16(what), key_size, what);
  const auto raw = reader.bytes(count * key_size, what);
  std::vector<Key> keys(count);
  for (std::size_t i = 0; i < count; ++i) decode_key(raw.data() + i * key_size, keys[i]);
  return keys;
}

std::string read_name(ByteReader& reader, std::string_view what) {
  const std::size_t length = reader.count(reader.u32(what), 1, what);
  return reader.string(length, what);
}

Node read_node(ByteReader& reader, std::size_t depth) {
  if (depth > kMaxTreeDepth) {
    reader.fail(fmt::format("node tree deeper than {} levels; refusing to recurse further", kMaxTreeDepth));
  }
  Node node;
  node.name = read_name(reader, "node name length");
  node.translation = read_keys<VectorKey>(reader, kVectorKeySize, "translation key count");
  node.rotation = read_keys<RotationKey>(reader, kRotationKeySize, "rotation key count");
  node.scale = read_keys<VectorKey>(reader, kVectorKeySize, "scale key count");
  node.morph = read_keys<MorphKey>(reader, kMorphKeySize, "morph key count");
  const std::size_t children = reader.count(reader.u32("child count"), kMinNodeSize, "child count");
  node.children.reserve(children);
  for (std::size_t i = 0; i < children; ++i) node.children.push_back(read_node(reader, depth + 1));
  return node;
}

Header read_header(ByteReader& reader) {
  Header header;
  header.magic = reader.s32("magic");
  if (header.magic != kMagic) {
    reader.fail_at(
        0, fmt::format("expected magic 0x11, found 0x{:x}", static_cast<std::uint32_t>(header.magic)));
  }
  header.radius = reader.f32("bounding radius");
  for (float& c : header.center) c = reader.f32("bounding center");
  header.parse_scene = reader.s32("camera flag");
  header.unused = reader.s32("unused header field");
  return header;
}

std::vector<Actor> read_actors(ByteReader& reader) {
  const std::size_t count = reader.count(reader.u32("actor count"), kMinActorSize, "actor count");
  std::vector<Actor> actors(count);
  for (auto& actor : actors) {
    actor.name = read_name(reader, "actor name length");
    if (!actor.name.empty()) actor.type = reader.u32("actor type");
  }
  return actors;
}

CameraScene read_camera(ByteReader& reader) {
  CameraScene camera;
  camera.position = read_keys<VectorKey>(reader, kVectorKeySize, "camera position key count");
  camera.target = read_keys<VectorKey>(reader, kVectorKeySize, "camera target key count");
  camera.roll = read_keys<RollKey>(reader, kRollKeySize, "camera roll key count");
  return camera;
}

void write_key_header(ByteWriter& out, std::uint32_t time, std::uint8_t flags) {
  out.u32((time & kMaxKeyTime) | (std::uint32_t{flags} << 24));
}

void write_key(ByteWriter& out, const VectorKey& key) {
  write_key_header(out, key.time, key.flags);
  out.f32(key.x);
  out.f32(key.y);
  out.f32(key.z);
}

void write_key(ByteWriter& out, const RotationKey& key) {
  write_key_header(out, key.time, key.flags);
  out.f32(key.w);
  out.f32(key.x);
  out.f32(key.y);
  out.f32(key.z);
}

void write_key(ByteWriter& out, const MorphKey& key) {
  write_key_header(out, key.time, key.flags);
  out.u8(key.visible);
}

void write_key(ByteWriter& out, const RollKey& key) {
  write_key_header(out, key.time, key.flags);
  out.f32(key.roll);
}

template <class Key>
void write_keys(ByteWriter& out, const std::vector<Key>& keys) {
  out.u16(static_cast<std::uint16_t>(keys.size()));
  for (const auto& key : keys) write_key(out, key);
}

void write_name(ByteWriter& out, const std::string& name) {
  out.u32(static_cast<std::uint32_t>(name.size()));
  out.string(name);
}

void write_node(ByteWriter& out, const Node& node) {
  write_name(out, node.name);
  write_keys(out, node.translation);
  write_keys(out, node.rotation);
  write_keys(out, node.scale);
  write_keys(out, node.morph);
  out.u32(static_cast<std::uint32_t>(node.children.size()));
  for (const auto& child : node.children) write_node(out, child);
}

std::size_t encoded_size(const Node& node) {
  std::size_t size = 4 + node.name.size() + 4 * 2 + 4 + node.translation.size() * kVectorKeySize +
                     node.rotation.size() * kRotationKeySize + node.scale.size() * kVectorKeySize +
                     node.morph.size() * kMorphKeySize;
  for (const auto& child : node.children) size += encoded_size(child);
  return size;
}

std::size_t encoded_size(const ani::Document& document) {
  std::size_t size = 0x20 + 4 + encoded_size(document.root) + document.trailing.size();
  for (const auto& actor : document.actors) size += 4 + actor.name.size() + (actor.name.empty() ? 0 : 4);
  if (document.camera) {
    size += 3 * 2 + (document.camera->position.size() + document.camera->target.size()) * kVectorKeySize +
            document.camera->roll.size() * kRollKeySize;
  }
  return size;
}

std::int32_t camera_flag(const ani::Document& document) {
  const bool stored = document.header.parse_scene != 0;
  if (stored == document.camera.has_value()) return document.header.parse_scene;
  return document.camera ? 1 : 0;
}

template <class Key>
void check_keys(const std::vector<Key>& keys, const std::string& where, std::vector<std::string>& problems) {
  if (keys.size() > 0xFFFF)
    problems.push_back(fmt::format("{}: {} keys, at most 65535 fit", where, keys.size()));
  for (const auto& key : keys) {
    if (key.time > kMaxKeyTime) {
      problems.push_back(fmt::format("{}: key time {} ms does not fit in 24 bits", where, key.time));
      return;
    }
  }
}

void check_node(const Node& node, std::size_t depth, std::vector<std::string>& problems) {
  const std::string where = fmt::format("node \"{}\"", name_to_utf8(node.name));
  if (depth > kMaxTreeDepth) {
    problems.push_back(fmt::format("{}: deeper than {} levels", where, kMaxTreeDepth));
    return;
  }
  check_keys(node.translation, where + " translation", problems);
  check_keys(node.rotation, where + " rotation", problems);
  check_keys(node.scale, where + " scale", problems);
  check_keys(node.morph, where + " morph", problems);
  for (const auto& child : node.children) check_node(child, depth + 1, problems);
}

}  // namespace

Result<ani::Document> ani::read(std::span<const std::uint8_t> bytes) {
  return capture(kFormatName, [&] {
    ByteReader reader(bytes, kFormatName);
    Document document;
    document.header = read_header(reader);
    document.actors = read_actors(reader);
    document.duration = reader.s32("duration");
    if (document.header.parse_scene != 0) document.camera = read_camera(reader);
    document.root = read_node(reader, 0);
    const auto rest = reader.rest();
    document.trailing.assign(rest.begin(), rest.end());
    return document;
  });
}

std::vector<std::uint8_t> ani::write(const Document& document) {
  ByteWriter out;
  out.reserve(encoded_size(document));
  out.s32(document.header.magic);
  out.f32(document.header.radius);
  for (const float c : document.header.center) out.f32(c);
  out.s32(camera_flag(document));
  out.s32(document.header.unused);
  out.u32(static_cast<std::uint32_t>(document.actors.size()));
  for (const auto& actor : document.actors) {
    write_name(out, actor.name);
    if (!actor.name.empty()) out.u32(actor.type);
  }
  out.s32(document.duration);
  if (document.camera) {
    write_keys(out, document.camera->position);
    write_keys(out, document.camera->target);
    write_keys(out, document.camera->roll);
  }
  write_node(out, document.root);
  out.bytes(document.trailing);
  return std::move(out).take();
}

std::vector<std::string> ani::writable(const Document& document) {
  std::vector<std::string> problems;
  for (std::size_t i = 0; i < document.actors.size(); ++i) {
    if (document.actors[i].name.empty()) {
      problems.push_back(fmt::format("actor {} has an empty name; the game would read garbage for it", i));
    }
  }
  if (document.camera) {
    check_keys(document.camera->position, "camera position", problems);
    check_keys(document.camera->target, "camera target", problems);
    check_keys(document.camera->roll, "camera roll", problems);
  }
  check_node(document.root, 0, problems);
  return problems;
}

std::string name_to_utf8(std::string_view name) {
  std::string text;
  for (const char c : name) {
    const auto byte = static_cast<unsigned char>(c);
    if (byte < 0x80) {
      text += c;
    } else {
      text += static_cast<char>(0xC0 | (byte >> 6));
      text += static_cast<char>(0x80 | (byte & 0x3F));
    }
  }
  return text;
}

std::optional<std::string> name_from_utf8(std::string_view text) {
  std::string name;
  for (std::size_t i = 0; i < text.size(); ++i) {
    const auto lead = static_cast<unsigned char>(text[i]);
    if (lead < 0x80) {
      name += static_cast<char>(lead);
      continue;
    }
    // Only two-byte sequences for U+0080..U+00FF (lead byte 0xC2 or 0xC3) map back to one byte.
    if ((lead != 0xC2 && lead != 0xC3) || i + 1 >= text.size()) return std::nullopt;
    const auto next = static_cast<unsigned char>(text[++i]);
    if ((next & 0xC0) != 0x80) return std::nullopt;
    name += static_cast<char>(((lead & 0x03) << 6) | (next & 0x3F));
  }
  return name;
}

}  // namespace bonebridge::lego
