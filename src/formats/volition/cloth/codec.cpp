// SPDX-License-Identifier: MIT
#include "bonebridge/formats/volition/cloth/codec.hpp"

#include <fmt/format.h>

#include <algorithm>

#include "bonebridge/core/narrow.hpp"
#include "bonebridge/io/byte_reader.hpp"
#include "bonebridge/io/byte_writer.hpp"

namespace bonebridge::volition {
namespace {

ClothVec3 read_cloth_vec3(ByteReader& in, std::string_view what) {
  ClothVec3 v;
  v.x = in.f32(what);
  v.y = in.f32(what);
  v.z = in.f32(what);
  return v;
}

void write_cloth_vec3(ByteWriter& out, const ClothVec3& v) {
  out.f32(v.x);
  out.f32(v.y);
  out.f32(v.z);
}

std::size_t checked_count(ByteReader& in, std::int32_t value, std::size_t at, std::string_view what) {
  if (value < 0) in.fail_at(at, fmt::format("{}: expected a count >= 0, found {}", what, value));
  return static_cast<std::size_t>(value);
}

ClothNode read_node(ByteReader& in, ClothLayout layout) {
  ClothNode node;
  if (layout == ClothLayout::Node32) {
    node.bone_index = in.s32("node bone_index");
    node.parent_node_index = in.s32("node parent_node_index");
    node.gravity_link = in.s32("node gravity_link");
    node.anchor = in.s32("node anchor");
    node.wind_multiplier_bits = in.u32("node wind_multiplier");
    node.pos = read_cloth_vec3(in, "node pos");
    return node;
  }
  node.bone_index = in.s8("node bone_index");
  node.parent_node_index = in.s8("node parent_node_index");
  node.gravity_link = in.s8("node gravity_link");
  node.anchor = in.s8("node anchor");
  node.collide = in.u32("node collide");
  node.wind_multiplier_bits = in.u32("node wind_multiplier");
  node.pos = read_cloth_vec3(in, "node pos");
  node.local_space_pos = read_cloth_vec3(in, "node local_space_pos");
  return node;
}

ClothLink read_link(ByteReader& in, ClothLayout layout) {
  ClothLink link;
  if (layout == ClothLayout::Node32) {
    link.node_index_1 = in.u32("link node_index_1");
    link.node_index_2 = in.u32("link node_index_2");
    link.length = in.f32("link length");
    link.unknown = in.f32("link unknown float");
    link.collide = in.u32("link collide");
    return link;
  }
  link.node_index_1 = in.u16("link node_index_1");
  link.node_index_2 = in.u16("link node_index_2");
  link.collide = in.u32("link collide");
  link.length = in.f32("link length");
  link.unknown = in.f32("link unknown float");
  return link;
}

ClothCollider read_collider(ByteReader& in, ClothLayout layout) {
  ClothCollider c;
  c.bone_index = in.s32("collider bone_index");
  c.is_capsule = in.s16("collider is_capsule");
  c.do_scale = in.s16("collider do_scale");
  c.radius = in.f32("collider radius");
  c.height = in.f32("collider height");
  c.pos = read_cloth_vec3(in, "collider pos");
  c.axis = read_cloth_vec3(in, "collider axis");
  if (layout == ClothLayout::Node36) c.local_space_pos = read_cloth_vec3(in, "collider local_space_pos");
  return c;
}

struct RecordCounts {
  std::size_t nodes = 0, links = 0, colliders = 0;
};

std::uint64_t records_size(const RecordCounts& counts, ClothLayout layout) {
  const auto sizes = record_sizes(layout);
  return std::uint64_t{counts.nodes} * sizes.node + std::uint64_t{counts.links} * sizes.link +
         std::uint64_t{counts.colliders} * sizes.collider;
}

// Node32 when its records fill the rest of the file exactly and Node36's do not (plausibility is checked
// after reading).
ClothLayout layout_of(const RecordCounts& counts, std::size_t rest) {
  const bool node36 = records_size(counts, ClothLayout::Node36) == rest;
  const bool node32 = records_size(counts, ClothLayout::Node32) == rest;
  return node32 && !node36 ? ClothLayout::Node32 : ClothLayout::Node36;
}

void read_header(ByteReader& in, cloth::Document& doc) {
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
}

RecordCounts read_counts(ByteReader& in, cloth::Document& doc) {
  const std::size_t counts_at = in.offset();
  const std::int32_t anchors = in.s32("num_anchor_nodes");
  const std::int32_t simulated = in.s32("num_simulated_nodes");
  const std::int32_t links = in.s32("num_node_links");
  const std::int32_t colliders = in.s32("num_colliders");
  for (auto& word : doc.unknown_words) word = in.u32("unknown header word");
  doc.num_anchor_nodes = anchors;
  RecordCounts counts;
  counts.nodes = checked_count(in, anchors, counts_at, "num_anchor_nodes") +
                 checked_count(in, simulated, counts_at + 4, "num_simulated_nodes");
  counts.links = checked_count(in, links, counts_at + 8, "num_node_links");
  counts.colliders = checked_count(in, colliders, counts_at + 12, "num_colliders");
  return counts;
}

void read_records(ByteReader& in, const RecordCounts& wanted, cloth::Document& doc) {
  const auto sizes = record_sizes(doc.layout);
  const std::size_t num_nodes = in.count(wanted.nodes, sizes.node, "node count");
  doc.nodes.reserve(num_nodes);
  for (std::size_t i = 0; i < num_nodes; ++i) doc.nodes.push_back(read_node(in, doc.layout));
  const std::size_t num_links = in.count(wanted.links, sizes.link, "num_node_links");
  doc.links.reserve(num_links);
  for (std::size_t i = 0; i < num_links; ++i) doc.links.push_back(read_link(in, doc.layout));
  const std::size_t num_colliders = in.count(wanted.colliders, sizes.collider, "num_colliders");
  doc.colliders.reserve(num_colliders);
  for (std::size_t i = 0; i < num_colliders; ++i) doc.colliders.push_back(read_collider(in, doc.layout));
  auto rest = in.rest();
  doc.trailing.assign(rest.begin(), rest.end());
}

// Whether records read as node32 look like the four files that use it: anchors without parent or gravity
// link, simulated nodes hanging from an earlier node by a link, links between nodes, collide 0 or 1. A
// node36 file cut short can add up to a node32 size; its bytes read this way fail these checks.
bool plausible_node32(const cloth::Document& doc) {
  const auto nodes = doc.nodes.size();
  for (std::size_t i = 0; i < nodes; ++i) {
    const auto& n = doc.nodes[i];
    const bool anchor = i < static_cast<std::size_t>(doc.num_anchor_nodes);
    const bool linked =
        anchor ? n.parent_node_index == -1 && n.gravity_link == -1
               : n.parent_node_index >= 0 && static_cast<std::size_t>(n.parent_node_index) < i &&
                     n.gravity_link >= 0 && static_cast<std::size_t>(n.gravity_link) < doc.links.size();
    if (!linked || n.bone_index < -1 || n.bone_index > 255 || (n.anchor != 0 && n.anchor != 1)) return false;
  }
  return std::all_of(doc.links.begin(), doc.links.end(), [&](const ClothLink& l) {
    return l.node_index_1 < nodes && l.node_index_2 < nodes && l.collide <= 1;
  });
}

cloth::Document parse_cloth(ByteReader& in) {
  cloth::Document doc;
  read_header(in, doc);
  const RecordCounts wanted = read_counts(in, doc);
  if (layout_of(wanted, in.remaining()) == ClothLayout::Node32) {
    ByteReader node32_reader = in;
    cloth::Document node32 = doc;
    node32.layout = ClothLayout::Node32;
    read_records(node32_reader, wanted, node32);
    if (plausible_node32(node32)) return node32;
  }
  read_records(in, wanted, doc);
  return doc;
}

void write_header(ByteWriter& out, const cloth::Document& doc) {
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
}

void write_node(ByteWriter& out, const ClothNode& node, ClothLayout layout) {
  if (layout == ClothLayout::Node32) {
    out.s32(node.bone_index);
    out.s32(node.parent_node_index);
    out.s32(node.gravity_link);
    out.s32(node.anchor);
    out.u32(node.wind_multiplier_bits);
    write_cloth_vec3(out, node.pos);
    return;
  }
  out.s8(static_cast<std::int8_t>(node.bone_index));
  out.s8(static_cast<std::int8_t>(node.parent_node_index));
  out.s8(static_cast<std::int8_t>(node.gravity_link));
  out.s8(static_cast<std::int8_t>(node.anchor));
  out.u32(node.collide);
  out.u32(node.wind_multiplier_bits);
  write_cloth_vec3(out, node.pos);
  write_cloth_vec3(out, node.local_space_pos);
}

void write_link(ByteWriter& out, const ClothLink& link, ClothLayout layout) {
  if (layout == ClothLayout::Node32) {
    out.u32(link.node_index_1);
    out.u32(link.node_index_2);
    out.f32(link.length);
    out.f32(link.unknown);
    out.u32(link.collide);
    return;
  }
  out.u16(static_cast<std::uint16_t>(link.node_index_1));
  out.u16(static_cast<std::uint16_t>(link.node_index_2));
  out.u32(link.collide);
  out.f32(link.length);
  out.f32(link.unknown);
}

void write_collider(ByteWriter& out, const ClothCollider& c, ClothLayout layout) {
  out.s32(c.bone_index);
  out.s16(c.is_capsule);
  out.s16(c.do_scale);
  out.f32(c.radius);
  out.f32(c.height);
  write_cloth_vec3(out, c.pos);
  write_cloth_vec3(out, c.axis);
  if (layout == ClothLayout::Node36) write_cloth_vec3(out, c.local_space_pos);
}

}  // namespace

ClothRecordSizes record_sizes(ClothLayout layout) {
  return layout == ClothLayout::Node32 ? ClothRecordSizes{32, 20, 40} : ClothRecordSizes{36, 16, 52};
}

Result<cloth::Document> cloth::read(std::span<const std::uint8_t> bytes) {
  return capture(kClothFormat, [&] {
    ByteReader in(bytes, kClothFormat);
    return parse_cloth(in);
  });
}

// Node36 indices are s8/u16 in the file: values read from one always fit; others are cut to the field.
std::vector<std::uint8_t> cloth::write(const cloth::Document& doc) {
  ByteWriter out;
  const RecordCounts counts{doc.nodes.size(), doc.links.size(), doc.colliders.size()};
  // Only a hint: the records are in memory already, so their size fits unless the count is corrupt.
  const std::uint64_t size = kClothHeaderSize + records_size(counts, doc.layout) + doc.trailing.size();
  if (fits_size(size)) out.reserve(static_cast<std::size_t>(size));
  write_header(out, doc);
  for (const auto& node : doc.nodes) write_node(out, node, doc.layout);
  for (const auto& link : doc.links) write_link(out, link, doc.layout);
  for (const auto& c : doc.colliders) write_collider(out, c, doc.layout);
  out.bytes(doc.trailing);
  return std::move(out).take();
}

namespace {

std::uint32_t u32_at(std::span<const std::uint8_t> bytes, std::size_t at) {
  return static_cast<std::uint32_t>(bytes[at] | bytes[at + 1] << 8 | bytes[at + 2] << 16) |
         static_cast<std::uint32_t>(bytes[at + 3]) << 24;
}

}  // namespace

bool looks_like_cloth(std::span<const std::uint8_t> bytes) {
  if (bytes.size() < kClothHeaderSize || u32_at(bytes, 0) != 1) return false;
  std::uint64_t counts[4];
  for (std::size_t i = 0; i < 4; ++i) {
    const auto count = static_cast<std::int32_t>(u32_at(bytes, 0x38 + 4 * i));
    if (count < 0) return false;
    counts[i] = static_cast<std::uint64_t>(count);
  }
  for (const auto layout : {ClothLayout::Node36, ClothLayout::Node32}) {
    const auto size = record_sizes(layout);
    if (kClothHeaderSize + (counts[0] + counts[1]) * size.node + counts[2] * size.link +
            counts[3] * size.collider ==
        bytes.size())
      return true;
  }
  return false;
}

std::string cloth_name(const cloth::Document& doc) {
  const auto end = std::find(doc.name.begin(), doc.name.end(), std::uint8_t{0});
  return {doc.name.begin(), end};
}

}  // namespace bonebridge::volition
