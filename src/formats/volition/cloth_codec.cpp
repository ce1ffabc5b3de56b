#include "bonebridge/formats/volition/cloth_codec.hpp"

#include <fmt/format.h>

#include <algorithm>

#include "bonebridge/io/byte_reader.hpp"
#include "bonebridge/io/byte_writer.hpp"

namespace bonebridge::volition {
namespace {

constexpr std::size_t kNodeSize = 36;
constexpr std::size_t kLinkSize = 16;
constexpr std::size_t kColliderSize = 52;

ClothVec3 read_vec3(ByteReader& in, std::string_view what) {
  ClothVec3 v;
  v.x = in.f32(what);
  v.y = in.f32(what);
  v.z = in.f32(what);
  return v;
}

void write_vec3(ByteWriter& out, const ClothVec3& v) {
  out.f32(v.x);
  out.f32(v.y);
  out.f32(v.z);
}

std::size_t checked_count(ByteReader& in, std::int32_t value, std::size_t at, std::string_view what) {
  if (value < 0) in.fail_at(at, fmt::format("{}: expected a count >= 0, found {}", what, value));
  return static_cast<std::size_t>(value);
}

ClothNode read_node(ByteReader& in) {
  ClothNode node;
  node.bone_index = in.s8("node bone_index");
  node.parent_node_index = in.s8("node parent_node_index");
  node.gravity_link = in.s8("node gravity_link");
  node.anchor = in.s8("node anchor");
  node.collide = in.u32("node collide");
  node.wind_multiplier_bits = in.u32("node wind_multiplier");
  node.pos = read_vec3(in, "node pos");
  node.local_space_pos = read_vec3(in, "node local_space_pos");
  return node;
}

ClothLink read_link(ByteReader& in) {
  ClothLink link;
  link.node_index_1 = in.u16("link node_index_1");
  link.node_index_2 = in.u16("link node_index_2");
  link.collide = in.u32("link collide");
  link.length = in.f32("link length");
  link.unknown = in.f32("link unknown float");
  return link;
}

ClothCollider read_collider(ByteReader& in) {
  ClothCollider c;
  c.bone_index = in.s32("collider bone_index");
  c.is_capsule = in.s16("collider is_capsule");
  c.do_scale = in.s16("collider do_scale");
  c.radius = in.f32("collider radius");
  c.height = in.f32("collider height");
  c.pos = read_vec3(in, "collider pos");
  c.axis = read_vec3(in, "collider axis");
  c.local_space_pos = read_vec3(in, "collider local_space_pos");
  return c;
}

ClothDocument parse(ByteReader& in) {
  ClothDocument doc;
  doc.version = in.s32("version");
  if (doc.version != 1) {
    in.fail_at(0, fmt::format("expected version 1 (the Red Faction Guerrilla layout, the only one with "
                              "public samples), found {}",
                              doc.version));
  }
  auto name = in.bytes(doc.name.size(), "name");
  std::copy(name.begin(), name.end(), doc.name.begin());
  doc.num_passes = in.s32("num_passes");
  doc.air_resistance = in.f32("air_resistance");
  doc.wind_multiplier = in.f32("wind_multiplier");
  doc.wind_const = in.f32("wind_const");
  doc.gravity_multiplier = in.f32("gravity_multiplier");
  doc.object_velocity_inheritance = in.f32("object_velocity_inheritance");
  const std::size_t counts_at = in.offset();
  const std::int32_t anchors = in.s32("num_anchor_nodes");
  const std::int32_t simulated = in.s32("num_simulated_nodes");
  const std::int32_t links = in.s32("num_node_links");
  const std::int32_t colliders = in.s32("num_colliders");
  for (auto& word : doc.unknown_words) word = in.u32("unknown header word");

  const std::size_t num_anchors = checked_count(in, anchors, counts_at, "num_anchor_nodes");
  const std::size_t num_simulated = checked_count(in, simulated, counts_at + 4, "num_simulated_nodes");
  doc.num_anchor_nodes = anchors;
  const std::size_t num_nodes = in.count(std::uint64_t{num_anchors} + num_simulated, kNodeSize, "node count");
  doc.nodes.reserve(num_nodes);
  for (std::size_t i = 0; i < num_nodes; ++i) doc.nodes.push_back(read_node(in));

  const std::size_t num_links =
      in.count(checked_count(in, links, counts_at + 8, "num_node_links"), kLinkSize, "num_node_links");
  doc.links.reserve(num_links);
  for (std::size_t i = 0; i < num_links; ++i) doc.links.push_back(read_link(in));

  const std::size_t num_colliders =
      in.count(checked_count(in, colliders, counts_at + 12, "num_colliders"), kColliderSize, "num_colliders");
  doc.colliders.reserve(num_colliders);
  for (std::size_t i = 0; i < num_colliders; ++i) doc.colliders.push_back(read_collider(in));

  auto rest = in.rest();
  doc.trailing.assign(rest.begin(), rest.end());
  return doc;
}

}  // namespace

Result<ClothDocument> read_cloth(std::span<const std::uint8_t> bytes) {
  return capture(kClothFormat, [&] {
    ByteReader in(bytes, kClothFormat);
    return parse(in);
  });
}

std::vector<std::uint8_t> write_cloth(const ClothDocument& doc) {
  ByteWriter out;
  out.reserve(kClothHeaderSize + doc.nodes.size() * kNodeSize + doc.links.size() * kLinkSize +
              doc.colliders.size() * kColliderSize + doc.trailing.size());
  out.s32(doc.version);
  out.bytes(doc.name);
  out.s32(doc.num_passes);
  out.f32(doc.air_resistance);
  out.f32(doc.wind_multiplier);
  out.f32(doc.wind_const);
  out.f32(doc.gravity_multiplier);
  out.f32(doc.object_velocity_inheritance);
  out.s32(doc.num_anchor_nodes);
  out.s32(static_cast<std::int32_t>(doc.nodes.size()) - doc.num_anchor_nodes);
  out.s32(static_cast<std::int32_t>(doc.links.size()));
  out.s32(static_cast<std::int32_t>(doc.colliders.size()));
  for (auto word : doc.unknown_words) out.u32(word);
  for (const auto& node : doc.nodes) {
    out.s8(node.bone_index);
    out.s8(node.parent_node_index);
    out.s8(node.gravity_link);
    out.s8(node.anchor);
    out.u32(node.collide);
    out.u32(node.wind_multiplier_bits);
    write_vec3(out, node.pos);
    write_vec3(out, node.local_space_pos);
  }
  for (const auto& link : doc.links) {
    out.u16(link.node_index_1);
    out.u16(link.node_index_2);
    out.u32(link.collide);
    out.f32(link.length);
    out.f32(link.unknown);
  }
  for (const auto& c : doc.colliders) {
    out.s32(c.bone_index);
    out.s16(c.is_capsule);
    out.s16(c.do_scale);
    out.f32(c.radius);
    out.f32(c.height);
    write_vec3(out, c.pos);
    write_vec3(out, c.axis);
    write_vec3(out, c.local_space_pos);
  }
  out.bytes(doc.trailing);
  return std::move(out).take();
}

std::string cloth_name(const ClothDocument& doc) {
  const auto end = std::find(doc.name.begin(), doc.name.end(), std::uint8_t{0});
  return {doc.name.begin(), end};
}

}  // namespace bonebridge::volition
